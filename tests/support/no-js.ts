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
import { type HtmlForm, HtmlPage, formWithButton } from "./html-forms";

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

  /** The texts of the page's headings (`<h1>`–`<h6>`), in order. */
  headings(): string[] {
    return DomUtils.findAll((e) => /^h[1-6]$/.test(e.name), this.document.children).map((e) => textOf(e));
  }

  /**
   * The href (absolute) of the first link inside `<main>` (or the element named `region`, as `text` finds it) whose
   * accessible name is `name`: its `aria-label`, else its text; a string matches it exactly, a RegExp tests it.
   */
  linkNamed(name: string | RegExp, region?: string): string {
    const nameOf = (a: Element) => attr(a, "aria-label") ?? textOf(a);
    const matches = (a: Element) => (typeof name === "string" ? nameOf(a) === name : name.test(nameOf(a)));
    const link = DomUtils.findOne((e) => e.name === "a" && matches(e), this.read.element(region).children);
    if (!link) throw new Error(`No link ${String(name)} in ${region ?? "<main>"} at ${this.url}`);
    return new URL(attr(link, "href") ?? "", this.url).toString();
  }

  /**
   * Every table inside `<main>` (or the element named `region`, as `text` finds it), in order: its caption, its
   * header cells' texts and its body rows (each a list of its cells' texts, th and td).
   */
  tables(region?: string): Array<{ caption: string; headers: string[]; rows: string[][] }> {
    return DomUtils.findAll((e) => e.name === "table", this.read.element(region).children).map((table) => {
      const caption = DomUtils.findOne((e) => e.name === "caption", table.children);
      const thead = DomUtils.findOne((e) => e.name === "thead", table.children);
      const tbody = DomUtils.findOne((e) => e.name === "tbody", table.children);
      return {
        caption: caption ? textOf(caption) : "",
        headers: thead ? DomUtils.findAll((e) => e.name === "th", thead.children).map((c) => textOf(c)) : [],
        rows: tbody
          ? DomUtils.findAll((e) => e.name === "tr", tbody.children).map((tr) =>
              DomUtils.findAll((e) => e.name === "td" || e.name === "th", tr.children).map((c) => textOf(c)),
            )
          : [],
      };
    });
  }

  /** The text of the element with `data-testid=id` (the first; throws if none). */
  testIdText(id: string): string {
    const el = DomUtils.findOne((e) => attr(e, "data-testid") === id, this.document.children);
    if (!el) throw new Error(`No [data-testid=${id}] at ${this.url}`);
    return textOf(el);
  }

  /**
   * For each file input (`input[type=file]`) inside `<main>` (or the element named `region`), in order, the class
   * of the element around it: the box of the portal's shared file field (issue 20) reads "file-field".
   */
  fileInputBoxes(region?: string): string[] {
    return DomUtils.findAll(
      (e) => e.name === "input" && attr(e, "type") === "file",
      this.read.element(region).children,
    ).map((input) => (input.parent && "attribs" in input.parent ? (attr(input.parent as Element, "class") ?? "") : ""));
  }

  /** Whether the server drew `<html>` with the attribute `name` (`data-hydrated` is only ever set by the client). */
  htmlHas(name: string): boolean {
    const html = DomUtils.findOne((e) => e.name === "html", this.document.children);
    return html !== null && DomUtils.hasAttrib(html, name);
  }

  /** The `role` of the element named `region` (as `text` finds it): "dialog" for a dialog drawn by the server. */
  roleOf(region: string): string | undefined {
    return attr(this.read.element(region), "role");
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
}
