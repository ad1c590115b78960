/**
 * A browser without JavaScript, for the HTTP tier (testing.md): it GETs pages, follows their links and posts their
 * forms, nothing else, so that is all this does. A page's forms are read from its HTML (tests/support/html-forms.ts:
 * action, method, enctype, fields by their labels), filled and posted with the cookies this client keeps, redirects
 * followed, as the browser would. A wrong `name`, `action` or `enctype` in the markup fails the test that posts it.
 * Playwright's APIRequestContext (no browser started), so it runs in the e2e suite beside the browser tests, against
 * the same production build and its reference API, with the fixtures' resets, locks and outbox.
 *
 *   const agent = await NoJsBrowser.signedIn("agent@demo.test");
 *   const page = await agent.open("/support/new");
 *   const sent = await agent.submit(page.form("Send").fill("Subject", "Help"), "Send");
 *   expect(sent.toast("success")).toContain("Ticket sent");
 */
import { type APIRequestContext, type APIResponse, expect, request as requests } from "@playwright/test";
import { DomUtils, parseDocument } from "htmlparser2";
import { PORTAL_PORT } from "../../playwright.config";
import { type HtmlForm, HtmlPage, formInRegion, formWithButton, formWithButtonNamed } from "./html-forms";

export const PORTAL = `http://localhost:${PORTAL_PORT}`;
const PASSWORD = "demo-pass-123";

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];
const attr = (el: Element, name: string) => DomUtils.getAttributeValue(el, name);
const textOf = (node: Element | Element[]) => DomUtils.textContent(node).replace(/\s+/g, " ").trim();

/** One page as the server answered it: its status, address (after redirects), HTML and what a reader sees in it. */
export class NoJsPage {
  readonly document: ReturnType<typeof parseDocument>;
  readonly read: HtmlPage;

  constructor(
    readonly status: number,
    readonly url: string,
    readonly html: string,
    readonly headers: Record<string, string>,
  ) {
    this.document = parseDocument(html);
    this.read = new HtmlPage(this.document);
  }

  static async from(answer: APIResponse): Promise<NoJsPage> {
    return new NoJsPage(answer.status(), answer.url(), await answer.text(), answer.headers());
  }

  /** The path (and query) of the page's address. */
  get path(): string {
    const url = new URL(this.url);
    return url.pathname + url.search;
  }

  /** The text of `<main>`, or of the region named `region` (aria-label / aria-labelledby). */
  text(region?: string): string {
    return this.read.text(region);
  }

  /** The whole document's visible text (title and scripts aside). */
  get allText(): string {
    const body = DomUtils.findOne((e) => e.name === "body", this.document.children);
    const strip = (nodes: Element[]) => nodes.filter((n) => !["script", "style", "template"].includes(n.name));
    return body ? textOf(strip(body.children as Element[])) : "";
  }

  /** The `<h1>`'s text. */
  get heading(): string {
    const h1 = DomUtils.findOne((e) => e.name === "h1", this.document.children);
    return h1 ? textOf(h1) : "";
  }

  /** The texts of the toasts the server drew (`[data-toast=type]`; every type when left out). */
  toasts(type?: string): string[] {
    return DomUtils.findAll(
      (e) => attr(e, "data-toast") !== undefined && (type === undefined || attr(e, "data-toast") === type),
      this.document.children,
    ).map((e) => textOf(e));
  }

  /** The texts of the page's alerts (`role="alert"`: form errors, error pages' messages). */
  alerts(): string[] {
    return DomUtils.findAll((e) => attr(e, "role") === "alert", this.document.children).map((e) => textOf(e));
  }

  /** The form whose submit button reads `button` (exactly one, else it throws). */
  form(button: string): HtmlForm {
    return formWithButton(this.html, this.url, button);
  }

  /** The href of the link whose text is `text` (exactly, whitespace collapsed), as an absolute URL. */
  link(text: string): string {
    const links = DomUtils.findAll((e) => e.name === "a" && textOf(e) === text, this.document.children);
    if (links.length === 0) throw new Error(`No link "${text}" at ${this.url}`);
    return new URL(attr(links[0]!, "href") ?? "", this.url).toString();
  }

  /** Whether an element with `data-testid=id` is in the page. */
  hasTestId(id: string): boolean {
    return DomUtils.findOne((e) => attr(e, "data-testid") === id, this.document.children) !== null;
  }

  /** The rows of the first table in `<main>` (or in `region`), each a list of its cells' texts (th and td). */
  tableRows(region?: string): string[][] {
    const main = DomUtils.findOne((e) => (region ? attr(e, "aria-label") === region : e.name === "main"), this.document.children);
    const tbody = main ? DomUtils.findOne((e) => e.name === "tbody", main.children) : null;
    if (!tbody) return [];
    return DomUtils.findAll((e) => e.name === "tr", tbody.children).map((tr) =>
      DomUtils.findAll((e) => e.name === "td" || e.name === "th", tr.children).map((c) => textOf(c)),
    );
  }

  /** The text of the first element with `data-testid=id` (it throws when there is none). */
  testIdText(id: string): string {
    const el = DomUtils.findOne((e) => attr(e, "data-testid") === id, this.document.children);
    if (!el) throw new Error(`No data-testid="${id}" at ${this.url}`);
    return textOf(el);
  }

  /** The links whose text matches `text` (a pattern, or the exact text), in order: their text and absolute href. */
  links(text: RegExp | string): { text: string; href: string }[] {
    const matches = (t: string) => (typeof text === "string" ? t === text : text.test(t));
    return DomUtils.findAll((e) => e.name === "a" && matches(textOf(e)), this.document.children).map((a) => ({
      text: textOf(a),
      href: new URL(attr(a, "href") ?? "", this.url).toString(),
    }));
  }

  /** The form inside the region named `region` (a dialog, a card) whose submit button reads `button`. */
  formIn(region: string, button: string): HtmlForm {
    return formInRegion(this.html, this.url, region, button);
  }

  /** The form whose submit button is named `name` (its `aria-label`, else its text; exactly one, else it throws). */
  formByButtonName(name: string): HtmlForm {
    return formWithButtonNamed(this.html, this.url, name);
  }

  /** The texts of the `<tag>` elements inside `<main>`, or inside the region named `region` (as `text` finds it). */
  tagTexts(tag: string, region?: string): string[] {
    return this.read.tagTexts(tag, region);
  }

  /**
   * The page's `<meta http-equiv="refresh">`: after how many seconds a browser loads it again, and which address
   * (this one unless the meta names another); null when the page does not refresh.
   */
  get refresh(): { seconds: number; url: string } | null {
    const meta = DomUtils.findOne(
      (e) => e.name === "meta" && (attr(e, "http-equiv") ?? "").toLowerCase() === "refresh",
      this.document.children,
    );
    const content = meta ? attr(meta, "content") : undefined;
    const m = content ? /^\s*(\d+(?:\.\d+)?)\s*(?:[;,]\s*(?:url\s*=\s*)?(.+))?$/i.exec(content) : null;
    if (!m) return null;
    return {
      seconds: Number(m[1]),
      url: new URL(m[2]?.trim().replace(/^['"]|['"]$/g, "") ?? this.url, this.url).toString(),
    };
  }
}

/** A browser without JavaScript: its own cookies, pages fetched and forms posted as HTML says. */
export class NoJsBrowser {
  private constructor(readonly client: APIRequestContext) {}

  static async open(): Promise<NoJsBrowser> {
    return new NoJsBrowser(await requests.newContext({ baseURL: PORTAL }));
  }

  /** A browser of its own, signed in as `email` through the sign-in page's form (landing on `path`'s page). */
  static async signedIn(email: string, password = PASSWORD): Promise<NoJsBrowser> {
    const browser = await NoJsBrowser.open();
    const home = await browser.open("/");
    const landed = await browser.submit(
      home.form("Sign in").fill("E-mail", email).fill("Password", password),
      "Sign in",
    );
    expect(landed.status, `sign-in of ${email}`).toBe(200);
    expect(landed.hasTestId("signed-in-as"), `${email} is signed in`).toBe(true);
    return browser;
  }

  /** GETs a page (redirects followed). Any status: the test says which it expects. */
  async open(path: string): Promise<NoJsPage> {
    return NoJsPage.from(await this.client.get(path));
  }

  /** Follows the link whose text is `text` on `page`. */
  async follow(page: NoJsPage, text: string): Promise<NoJsPage> {
    return this.open(page.link(text));
  }

  /**
   * Submits a form read from a page, `button` pressed (its first submit button when left out), by the form's own
   * method and enctype, as the browser would; redirects followed. A GET form's fields become the query.
   */
  async submit(form: HtmlForm, button?: string): Promise<NoJsPage> {
    if (form.method === "get") {
      const url = new URL(form.action);
      url.search = form.body(button).toString();
      return this.open(url.toString());
    }
    expect(form.method, `the form at ${form.action} posts`).toBe("post");
    if (form.enctype === "multipart/form-data")
      return NoJsPage.from(await this.client.post(form.action, { multipart: form.formData(button) }));
    expect(form.enctype).toBe("application/x-www-form-urlencoded");
    return NoJsPage.from(
      await this.client.post(form.action, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        data: form.body(button).toString(),
      }),
    );
  }

  /** GETs a file the page links to (an export): status, headers and body. */
  async download(url: string): Promise<APIResponse> {
    return this.client.get(url);
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  /**
   * What a browser without JavaScript shows once `page` stops refreshing itself: while the page has a
   * `<meta http-equiv="refresh">` (an import still running), it waits the seconds the page asks for and loads the
   * address again, as the browser does, until a page without one (or `timeoutMs` has passed: it throws).
   */
  async settled(page: NoJsPage, timeoutMs = 60_000): Promise<NoJsPage> {
    const deadline = Date.now() + timeoutMs;
    let current = page;
    for (let refresh = current.refresh; refresh; refresh = current.refresh) {
      if (Date.now() > deadline) throw new Error(`${current.url} still refreshes after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, refresh.seconds * 1000));
      current = await this.open(refresh.url);
    }
    return current;
  }
}
