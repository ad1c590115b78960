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

  /**
   * The part of the page inside the element whose `data-testid` is `name`, or else the region `name` names
   * (aria-label, or the text of its aria-labelledby element), as a page of its own: its forms, links, test ids,
   * toasts and alerts are only those inside it, and its `text()` is the part's text. Throws when there is none.
   */
  within(name: string): NoJsPage {
    const named = (e: Element) => {
      if (attr(e, "aria-label") === name) return true;
      const by = attr(e, "aria-labelledby");
      const label = by ? DomUtils.getElementById(by, this.document.children) : null;
      return label ? textOf(label) === name : false;
    };
    const el =
      DomUtils.findOne((e) => attr(e, "data-testid") === name, this.document.children) ??
      DomUtils.findOne(named, this.document.children);
    if (!el) throw new Error(`No data-testid or region "${name}" at ${this.url}`);
    return this.part(DomUtils.getOuterHTML(el));
  }

  /** A part of this page's HTML as a page of its own, drawn as its `<main>` (so `text()` reads the part). */
  private part(html: string): NoJsPage {
    return new NoJsPage(this.status, this.url, `<html><body><main>${html}</main></body></html>`, { ...this.headers });
  }

  /** The value of attribute `name` of the first element whose `data-testid` is `testId` (undefined without it). */
  testIdAttribute(testId: string, name: string): string | undefined {
    const el = DomUtils.findOne((e) => attr(e, "data-testid") === testId, this.document.children);
    if (!el) throw new Error(`No data-testid "${testId}" at ${this.url}`);
    return attr(el, name);
  }

  /**
   * The first table row that holds an element labelled `name` (its aria-label: a row's checkbox or menu) or, failing
   * that, whose text contains `name`, as a page of its own (see `within`: its forms and links are the row's). Throws
   * when no row does.
   */
  row(name: string): NoJsPage {
    const rows = DomUtils.findAll((e) => e.name === "tr", this.document.children);
    const found =
      rows.find((tr) => DomUtils.findOne((e) => attr(e, "aria-label") === name, tr.children) !== null) ??
      rows.find((tr) => textOf(tr).includes(name));
    if (!found) throw new Error(`No table row with "${name}" at ${this.url}`);
    return this.part(`<table><tbody>${DomUtils.getOuterHTML(found)}</tbody></table>`);
  }

  /**
   * The texts of the items (`li`) of the list whose aria-label is `label`, or of the first list in `<main>` when left
   * out (in a part from `within`: the part's first list); its own items, not nested lists'.
   */
  listItems(label?: string): string[] {
    const main = DomUtils.findOne((e) => e.name === "main", this.document.children);
    const list = DomUtils.findOne(
      (e) => (e.name === "ol" || e.name === "ul") && (label === undefined || attr(e, "aria-label") === label),
      label === undefined && main ? main.children : this.document.children,
    );
    if (!list) throw new Error(`No list "${label ?? ""}" at ${this.url}`);
    return (list.children as Element[]).filter((c) => c.name === "li").map((li) => textOf(li));
  }

  /** Whether the page has a form whose submit button reads `button` (what `form(button)` would look for). */
  hasForm(button: string): boolean {
    return DomUtils.findAll((e) => e.name === "form", this.document.children).some((form) =>
      DomUtils.findAll(
        (e) =>
          (e.name === "button" && (attr(e, "type") ?? "submit").toLowerCase() === "submit") ||
          (e.name === "input" && ["submit", "image"].includes((attr(e, "type") ?? "").toLowerCase())),
        form.children,
      ).some((b) => textOf(b) === button),
    );
  }

  /** The text of the first table's `<caption>` in `<main>` ("" without one): a list's "Users: 1–25 of 40". */
  get tableCaption(): string {
    const main = DomUtils.findOne((e) => e.name === "main", this.document.children);
    const caption = main ? DomUtils.findOne((e) => e.name === "caption", main.children) : null;
    return caption ? textOf(caption) : "";
  }

  /**
   * The part of the page inside the first element whose attribute `name` is `value` (e.g. `data-step="contract"`),
   * as a page of its own (see `within`). Throws when there is none.
   */
  withAttribute(name: string, value: string): NoJsPage {
    const el = DomUtils.findOne((e) => attr(e, name) === value, this.document.children);
    if (!el) throw new Error(`No element with ${name}="${value}" at ${this.url}`);
    return this.part(DomUtils.getOuterHTML(el));
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
