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
    return this.read.element(region);
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

/* ---- Reading a page's landmarks (issue 36, the page sweep's HTTP tier): where a page marks the current section
 * and step, which links a navigation holds, and what a control or element carries, read from the server's HTML. */

/** An element of a page's parsed HTML (htmlparser2's). */
export type HtmlElement = Element;

/** Where to look: a whole page, or one element of it (and what is inside). */
type Scope = NoJsPage | HtmlElement;
const childrenOf = (scope: Scope) => (scope instanceof NoJsPage ? scope.document.children : scope.children);

/** An element's text as the reader sees it (whitespace runs as one space). */
export function textIn(element: HtmlElement): string {
  return textOf(element);
}

/** An attribute's value of an element, or undefined. */
export function attributeOf(element: HtmlElement, name: string): string | undefined {
  return attr(element, name);
}

/** Every element in `scope` (in document order) that has the class `className` among its classes. */
export function withClass(scope: Scope, className: string): HtmlElement[] {
  return DomUtils.findAll((e) => (attr(e, "class") ?? "").split(/\s+/).includes(className), childrenOf(scope));
}

/** Every element in `scope` that `matches`, in document order. */
export function elementsWhere(scope: Scope, matches: (element: HtmlElement) => boolean): HtmlElement[] {
  return DomUtils.findAll(matches, childrenOf(scope));
}

/**
 * Every element in `scope` named `name` as a screen reader announces a landmark: its aria-label, or the text of the
 * element its aria-labelledby names. Every one is returned, in document order.
 */
export function labelledElements(scope: Scope, name: string): HtmlElement[] {
  const document = scope instanceof NoJsPage ? scope.document : null;
  return DomUtils.findAll((e) => {
    if (attr(e, "aria-label") === name) return true;
    const by = attr(e, "aria-labelledby");
    const label = by && document ? DomUtils.getElementById(by, document.children) : null;
    return label ? textOf(label) === name : false;
  }, childrenOf(scope));
}

/** The texts of the elements marked `aria-current="page"` in `scope` (a navigation: its current section or step). */
export function currentItems(scope: Scope): string[] {
  return DomUtils.findAll((e) => attr(e, "aria-current") === "page", childrenOf(scope)).map((e) => textOf(e));
}

/** A link as a reader meets it: its text, its accessible name (aria-label, else its text), its href as written. */
export interface HtmlLink {
  text: string;
  name: string;
  href: string | undefined;
  element: HtmlElement;
}

/** Every link (`<a>`) in `scope`, in document order. */
export function linksIn(scope: Scope): HtmlLink[] {
  return DomUtils.findAll((e) => e.name === "a", childrenOf(scope)).map((element) => ({
    text: textOf(element),
    name: attr(element, "aria-label") ?? textOf(element),
    href: attr(element, "href"),
    element,
  }));
}

/**
 * The form control a label names in `scope` (the `<label>`'s text without its required mark, exactly): by the
 * label's `for`, or the control inside it. Throws if there is none: a renamed label fails the test that reads it.
 */
export function controlLabelled(scope: Scope, label: string): HtmlElement {
  const labels = DomUtils.findAll(
    (e) => e.name === "label" && textOf(e).replace(/\s*\*$/, "") === label,
    childrenOf(scope),
  );
  for (const found of labels) {
    const id = attr(found, "for");
    const isControl = (e: Element) => ["input", "select", "textarea"].includes(e.name);
    const control = id
      ? DomUtils.findOne((e) => isControl(e) && attr(e, "id") === id, childrenOf(scope))
      : DomUtils.findOne(isControl, found.children);
    if (control) return control;
  }
  throw new Error(`No control labelled "${label}"`);
}

/** The options of a `<select>`: each option's value (its text when it has no value attribute) and its text. */
export function optionsOf(select: HtmlElement): Array<{ value: string; label: string; selected: boolean }> {
  return DomUtils.findAll((e) => e.name === "option", select.children).map((o) => ({
    value: attr(o, "value") ?? textOf(o),
    label: textOf(o),
    selected: DomUtils.hasAttrib(o, "selected"),
  }));
}

/** An element's text as the reader sees it, without the text of its `<style>`, `<script>` and `<template>` elements. */
export function readableText(element: HtmlElement): string {
  const parts: string[] = [];
  const walk = (nodes: ReadonlyArray<HtmlElement["children"][number]>) => {
    for (const node of nodes) {
      if (node.type === "text") parts.push((node as { data: string }).data);
      else if ("children" in node && !["style", "script", "template"].includes((node as HtmlElement).name))
        walk((node as HtmlElement).children);
    }
  };
  walk(element.children);
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** `email` signed in through the sign-in form (`NoJsBrowser.signedIn`) for the duration of `use`, then closed. */
export async function signedInAs(email: string, use: (user: NoJsBrowser) => Promise<void>): Promise<void> {
  const user = await NoJsBrowser.signedIn(email);
  try {
    await use(user);
  } finally {
    await user.close();
  }
}
