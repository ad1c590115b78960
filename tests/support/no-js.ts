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
    const main = DomUtils.findOne(
      (e) => (region ? attr(e, "aria-label") === region : e.name === "main"),
      this.document.children,
    );
    const tbody = main ? DomUtils.findOne((e) => e.name === "tbody", main.children) : null;
    if (!tbody) return [];
    return DomUtils.findAll((e) => e.name === "tr", tbody.children).map((tr) =>
      DomUtils.findAll((e) => e.name === "td" || e.name === "th", tr.children).map((c) => textOf(c)),
    );
  }

  /**
   * The elements of the page that are `wanted` (see `Wanted`), in document order: to read what a test would read with
   * a locator (an attribute, a region's rows, a list's items). `find` is the first (it throws when there is none).
   */
  findAll(wanted: Wanted): NoJsElement[] {
    return findIn(this.document.children as Element[], wanted, this.document).map(
      (e) => new NoJsElement(e, this.url, this.document),
    );
  }

  find(wanted: Wanted): NoJsElement {
    const [first] = this.findAll(wanted);
    if (!first) throw new Error(`Nothing ${described(wanted)} at ${this.url}`);
    return first;
  }

  /** The element with `data-testid=id` (the first; it throws when there is none). */
  testId(id: string): NoJsElement {
    return this.find({ attrs: { "data-testid": id } });
  }

  /**
   * The labels of the main menu (the navigation named "Main menu"), in order, children included, then the user
   * menu's entries (Logout): what the e2e fixtures' `menuLabels` reads in a browser.
   */
  menu(): string[] {
    const nav = this.find({ tag: "nav", name: "Main menu" });
    const userMenu = this.findAll({ attrs: { class: /(^|\s)user-menu(\s|$)/ } });
    return [nav, ...userMenu].flatMap((scope) =>
      scope.findAll({ attrs: { "data-menu-item": true } }).map((e) => e.text),
    );
  }

  /** The hrefs of the main menu's links, in order, as written in the page (entries with children have none). */
  menuLinks(): string[] {
    return this.find({ tag: "nav", name: "Main menu" })
      .findAll({ tag: "a", attrs: { "data-menu-item": true, href: true } })
      .map((a) => a.attr("href")!);
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

  /** A browser of its own for the portal at `baseURL`: another portal than the suite's (one behind a fault proxy). */
  static async openAt(baseURL: string): Promise<NoJsBrowser> {
    return new NoJsBrowser(await requests.newContext({ baseURL }));
  }

  /** What `signedIn` does, on the portal at `baseURL`: signed in as `email` through its sign-in page's form. */
  static async signedInAt(baseURL: string, email: string, password = PASSWORD): Promise<NoJsBrowser> {
    const browser = await NoJsBrowser.openAt(baseURL);
    const home = await browser.open("/");
    const landed = await browser.submit(
      home.form("Sign in").fill("E-mail", email).fill("Password", password),
      "Sign in",
    );
    expect(landed.status, `sign-in of ${email} at ${baseURL}`).toBe(200);
    expect(landed.hasTestId("signed-in-as"), `${email} is signed in at ${baseURL}`).toBe(true);
    return browser;
  }
}

/**
 * What `NoJsPage.findAll` and `NoJsElement.findAll` look for; every part given must hold. `tag`: the element's tag;
 * `attrs`: attributes with their exact value, a pattern their value matches, or `true` (present); `text`: the
 * element's text (whitespace collapsed), exactly or by a pattern; `name`: its name as a reader hears it — its
 * `aria-label`, the text of the element its `aria-labelledby` names, a table's caption, else its text.
 */
export interface Wanted {
  tag?: string;
  attrs?: Record<string, string | RegExp | true>;
  text?: string | RegExp;
  name?: string | RegExp;
}

type Document = ReturnType<typeof parseDocument>;

const matchesText = (value: string | undefined, wanted: string | RegExp | true) =>
  value !== undefined && (wanted === true || (typeof wanted === "string" ? value === wanted : wanted.test(value)));

function nameOf(el: Element, document: Document): string {
  const label = attr(el, "aria-label");
  if (label !== undefined) return label.replace(/\s+/g, " ").trim();
  const by = attr(el, "aria-labelledby");
  if (by) {
    const named = by.split(/\s+/).map((id) => DomUtils.getElementById(id, document.children));
    return named
      .map((n) => (n ? textOf(n) : ""))
      .join(" ")
      .trim();
  }
  if (el.name === "table") {
    const caption = DomUtils.findOne((e) => e.name === "caption", el.children);
    if (caption) return textOf(caption);
  }
  return textOf(el);
}

function findIn(nodes: Element[], wanted: Wanted, document: Document): Element[] {
  return DomUtils.findAll(
    (el) =>
      (wanted.tag === undefined || el.name === wanted.tag) &&
      Object.entries(wanted.attrs ?? {}).every(([name, value]) => matchesText(attr(el, name), value)) &&
      (wanted.text === undefined || matchesText(textOf(el), wanted.text)) &&
      (wanted.name === undefined || matchesText(nameOf(el, document), wanted.name)),
    nodes,
  );
}

const described = (wanted: Wanted) =>
  JSON.stringify(wanted, (_key, value: unknown) => (value instanceof RegExp ? String(value) : value));

/** One element of a page the server drew: its text, attributes and the elements inside it. */
export class NoJsElement {
  constructor(
    readonly element: Element,
    /** The address of the page it is in (links resolve against it). */
    readonly pageUrl: string,
    private readonly document: Document,
  ) {}

  /** Its text, whitespace collapsed. */
  get text(): string {
    return textOf(this.element);
  }

  /** Its name as a reader hears it (see `Wanted.name`). */
  get name(): string {
    return nameOf(this.element, this.document);
  }

  attr(name: string): string | undefined {
    return attr(this.element, name);
  }

  /** Its `href` as an absolute URL (it throws when it has none). */
  get href(): string {
    const href = this.attr("href");
    if (href === undefined) throw new Error(`<${this.element.name}> "${this.text}" has no href`);
    return new URL(href, this.pageUrl).toString();
  }

  /** The elements inside it that are `wanted`, in document order. */
  findAll(wanted: Wanted): NoJsElement[] {
    return findIn(this.element.children as Element[], wanted, this.document).map(
      (e) => new NoJsElement(e, this.pageUrl, this.document),
    );
  }

  /** The first element inside it that is `wanted` (it throws when there is none). */
  find(wanted: Wanted): NoJsElement {
    const [first] = this.findAll(wanted);
    if (!first) throw new Error(`Nothing ${described(wanted)} in <${this.element.name}> "${this.text.slice(0, 60)}"`);
    return first;
  }

  /** Whether anything inside it is `wanted`. */
  has(wanted: Wanted): boolean {
    return this.findAll(wanted).length > 0;
  }

  /** The element right after it (its next element sibling: a `<dt>`'s `<dd>`); it throws when there is none. */
  get next(): NoJsElement {
    const next = DomUtils.nextElementSibling(this.element);
    if (!next) throw new Error(`Nothing after <${this.element.name}> "${this.text.slice(0, 60)}"`);
    return new NoJsElement(next, this.pageUrl, this.document);
  }
}
