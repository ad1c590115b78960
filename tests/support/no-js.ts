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
 * element its aria-labelledby names. The admin frame draws its "Admin sections" navigation twice (beside the page,
 * and folded above it on a phone): both are returned, in document order.
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
