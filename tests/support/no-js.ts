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
import { type HtmlForm, HtmlPage, formWithButton, formWithButtonIn } from "./html-forms";

export const PORTAL = `http://localhost:${PORTAL_PORT}`;
const PASSWORD = "demo-pass-123";

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];
const attr = (el: Element, name: string) => DomUtils.getAttributeValue(el, name);
const textOf = (node: Element | Element[]) => DomUtils.textContent(node).replace(/\s+/g, " ").trim();
/** An element's accessible name as a link has it: its aria-label, else its text. */
const accessibleName = (el: Element) => attr(el, "aria-label") ?? textOf(el);

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

  /** The text of the element with `data-testid=id` (whitespace collapsed); throws when there is none. */
  testIdText(id: string): string {
    const el = DomUtils.findOne((e) => attr(e, "data-testid") === id, this.document.children);
    if (!el) throw new Error(`No data-testid="${id}" at ${this.url}`);
    return textOf(el);
  }

  /**
   * The href (absolute) of the first link whose name (its aria-label, else its text) matches `pattern`, within the region
   * named `region` (aria-label / aria-labelledby, as `text(region)`) when given: a link whose text holds an id
   * ("Open import #12"), or one of several links of the same text ("Contract Now" in a carrier's region).
   */
  linkMatching(pattern: RegExp, region?: string): string {
    const scope = region === undefined ? this.document.children : [this.region(region)];
    const found = DomUtils.findAll((e) => e.name === "a" && pattern.test(accessibleName(e)), scope);
    if (found.length === 0)
      throw new Error(`No link matching ${String(pattern)}${region ? ` in "${region}"` : ""} at ${this.url}`);
    return new URL(attr(found[0]!, "href") ?? "", this.url).toString();
  }

  /**
   * The form inside the element named `region` (aria-label / aria-labelledby) whose submit button reads `button`:
   * one of several forms with the same button on the page (a document's "Upload" on the profile).
   */
  formIn(region: string, button: string): HtmlForm {
    return formWithButtonIn(this.region(region), this.document, this.url, button);
  }

  /**
   * The href (absolute) of the first link in the first table row whose text holds `row`, its name (aria-label, else
   * text) matching `pattern` (any link of the row when left out): a record opened from its row in a list.
   */
  linkInRow(row: string, pattern = /./): string {
    const tr = DomUtils.findOne((e) => e.name === "tr" && textOf(e).includes(row), this.document.children);
    if (!tr) throw new Error(`No table row holding "${row}" at ${this.url}`);
    const link = DomUtils.findOne((e) => e.name === "a" && pattern.test(accessibleName(e)), tr.children);
    if (!link) throw new Error(`No link matching ${String(pattern)} in the row holding "${row}" at ${this.url}`);
    return new URL(attr(link, "href") ?? "", this.url).toString();
  }

  /**
   * The rows of the first table in the element named `region` (aria-label / aria-labelledby, the table itself or a
   * section around it), each a list of its cells' texts: `tableRows` for a table named by its heading.
   */
  tableRowsIn(region: string): string[][] {
    const tbody = DomUtils.findOne((e) => e.name === "tbody", [this.region(region)]);
    if (!tbody) throw new Error(`No table body in "${region}" at ${this.url}`);
    return DomUtils.findAll((e) => e.name === "tr", tbody.children).map((tr) =>
      DomUtils.findAll((e) => e.name === "td" || e.name === "th", tr.children).map((c) => textOf(c)),
    );
  }

  /** The element named `region` (its aria-label, or the text of the element its aria-labelledby names). */
  private region(region: string): Element {
    const named = (e: Element) => {
      if (attr(e, "aria-label") === region) return true;
      const by = attr(e, "aria-labelledby");
      const label = by ? DomUtils.getElementById(by, this.document.children) : null;
      return label ? textOf(label) === region : false;
    };
    const el = DomUtils.findOne(named, this.document.children);
    if (!el) throw new Error(`No element labelled "${region}" at ${this.url}`);
    return el;
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
   * GETs `path` again and again (expect.poll, no fixed sleeps) until `ready` holds for the page, and returns that
   * page: a page that follows a background job (an import being read or written refreshes itself, without
   * JavaScript, by a refresh meta), as its reader waits for it.
   */
  async openUntil(path: string, ready: (page: NoJsPage) => boolean, timeout = 30_000): Promise<NoJsPage> {
    let page: NoJsPage | undefined;
    await expect
      .poll(
        async () => {
          page = await this.open(path);
          return ready(page);
        },
        { timeout, message: `${path} never showed what the test waits for` },
      )
      .toBe(true);
    return page!;
  }
}
