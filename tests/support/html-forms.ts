/**
 * A page's forms read from the server's HTML as a browser without JavaScript reads them (testing.md: "a no-JavaScript
 * browser is an HTTP client"), for HTTP-tier tests: the form chosen by its submit button's text, its action, method and
 * enctype from its attributes, its fields filled by their labels, and its body built from its successful controls plus
 * the button pressed. A wrong `name`, `action` or hidden field on the page therefore fails the test that posts it.
 * htmlparser2, the parser scripts/lib/page-figures.ts uses; no browser.
 */
import { DomUtils, parseDocument } from "htmlparser2";

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

const attr = (el: Element, name: string) => DomUtils.getAttributeValue(el, name);
/** An element's text as the user reads it: whitespace runs as one space. */
const textOf = (node: Element | Element[]) => DomUtils.textContent(node).replace(/\s+/g, " ").trim();

export interface Control {
  element: Element;
  name: string;
  /** input type, "select" or "textarea". */
  type: string;
  value: string;
  checked: boolean;
}

/** A file chosen for a file input, as the browser sends it. */
export interface ChosenFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export class HtmlForm {
  readonly action: string;
  readonly method: string;
  readonly enctype: string;
  private readonly controls: Control[];
  private readonly files = new Map<Control, ChosenFile[]>();

  constructor(
    readonly element: Element,
    private readonly document: ReturnType<typeof parseDocument>,
    pageUrl: string,
  ) {
    const url = new URL(pageUrl);
    // No action attribute: the document's own address, as a browser posts it.
    this.action = attr(element, "action") !== undefined ? new URL(attr(element, "action")!, url).toString() : url.href;
    this.method = (attr(element, "method") ?? "get").toLowerCase();
    this.enctype = attr(element, "enctype") ?? "application/x-www-form-urlencoded";
    this.controls = ownControls(element, document).map((el) => {
      const type = el.name === "input" ? (attr(el, "type") ?? "text").toLowerCase() : el.name;
      const value =
        el.name === "textarea"
          ? textareaValue(el)
          : el.name === "select"
            ? selectedValue(el)
            : (attr(el, "value") ?? (type === "checkbox" || type === "radio" ? "on" : ""));
      return { element: el, name: attr(el, "name")!, type, value, checked: DomUtils.hasAttrib(el, "checked") };
    });
  }

  /** The form's text (its labels, buttons, alerts), as read. */
  get text(): string {
    return textOf(this.scope ?? this.element);
  }

  /** The value a control of that name has now (the first of the name). */
  value(name: string): string | undefined {
    return this.controls.find((c) => c.name === name)?.value;
  }

  /**
   * Sets the field a label names (exact text of the `<label>` without its required mark, or its start): by the
   * label's `for`, or the control inside it. A select takes the value of the option whose text or value is `value`.
   */
  fill(label: string, value: string): this {
    const control = this.labelled(label);
    if (control.type === "select") {
      const option = DomUtils.findAll((el) => el.name === "option", control.element.children).find(
        (o) => textOf(o) === value || attr(o, "value") === value,
      );
      if (!option) throw new Error(`No option "${value}" in the select labelled "${label}"`);
      control.value = attr(option, "value") ?? textOf(option);
    } else control.value = value;
    return this;
  }

  /** Ticks (or clears) the checkbox or radio a label names, as a click on it would. */
  check(label: string, checked = true): this {
    const control = this.labelled(label);
    if (control.type !== "checkbox" && control.type !== "radio")
      throw new Error(`The label "${label}" names a ${control.type}, not a checkbox or radio`);
    if (control.type === "radio" && checked)
      for (const other of this.controls) if (other.name === control.name) other.checked = false;
    control.checked = checked;
    return this;
  }

  /** Chooses files for the file input a label names (what `setInputFiles` does in a browser). */
  attach(label: string, ...files: ChosenFile[]): this {
    const control = this.labelled(label);
    if (control.type !== "file") throw new Error(`The label "${label}" names a ${control.type}, not a file input`);
    this.files.set(control, files);
    return this;
  }

  /**
   * The multipart body a browser sends for an `enctype="multipart/form-data"` form: the fields of `body` plus each
   * file input's chosen files (an input left empty sends an empty file part, as a browser does).
   */
  formData(button?: string): FormData {
    const data = new FormData();
    for (const [name, value] of this.body(button)) data.append(name, value);
    for (const c of this.controls) {
      if (c.type !== "file" || DomUtils.hasAttrib(c.element, "disabled")) continue;
      const chosen = this.files.get(c) ?? [];
      if (chosen.length === 0) data.append(c.name, new File([], "", { type: "application/octet-stream" }));
      for (const f of chosen) data.append(c.name, new File([new Uint8Array(f.buffer)], f.name, { type: f.mimeType }));
    }
    return data;
  }

  private labelled(label: string): Control {
    const labels = DomUtils.findAll((el) => el.name === "label", (this.scope ?? this.element).children);
    const wanted = (l: Element) => {
      const text = textOf(l).replace(/\s*\*$/, "");
      return text === label || text.startsWith(label);
    };
    const found = labels.find(wanted);
    // A control named by its own aria-label (a row's "Select …" checkbox), when no <label> reads so.
    const byAriaLabel = found
      ? undefined
      : this.controls.find((c) => (attr(c.element, "aria-label") ?? "").startsWith(label));
    if (byAriaLabel) return byAriaLabel;
    if (!found) throw new Error(`No label "${label}" in the form (labels: ${labels.map((l) => textOf(l)).join(", ")})`);
    const id = attr(found, "for");
    const control = this.controls.find((c) =>
      id ? attr(c.element, "id") === id : DomUtils.findAll((el) => el === c.element, found.children).length > 0,
    );
    if (!control) throw new Error(`The label "${label}" names no control of the form`);
    return control;
  }

  /**
   * The body a browser sends when `button` (a submit button's text; the first one when left out) is pressed: every
   * named control that is not disabled (checkboxes and radios only when checked; no file inputs) and the button's own
   * name and value.
   */
  body(button?: string): URLSearchParams {
    const body = new URLSearchParams();
    for (const c of this.controls) {
      if (DomUtils.hasAttrib(c.element, "disabled")) continue;
      if (["submit", "button", "image", "reset", "file"].includes(c.type)) continue;
      if ((c.type === "checkbox" || c.type === "radio") && !c.checked) continue;
      body.append(c.name, c.value);
    }
    const pressed = this.button(button);
    const name = attr(pressed, "name");
    if (name) body.append(name, attr(pressed, "value") ?? "");
    return body;
  }

  private button(text?: string): Element {
    const buttons = submitButtons(this.element);
    const found = text === undefined ? buttons[0] : buttons.find((b) => textOf(b) === text);
    if (!found) throw new Error(`No submit button "${text ?? ""}" in the form`);
    return found;
  }

  /** Elements of the form with `role="alert"`: its errors. */
  alerts(): string[] {
    return DomUtils.findAll((el) => attr(el, "role") === "alert", (this.scope ?? this.element).children).map((el) =>
      textOf(el),
    );
  }

  /** Whether this form is inside the page's `<main>`: drawn within the layout. */
  get insideMain(): boolean {
    for (let node = this.element.parent; node; node = node.parent)
      if ("name" in node && (node as Element).name === "main") return true;
    return false;
  }

  /** The document the form belongs to (to read the rest of the page). */
  get page(): HtmlPage {
    return new HtmlPage(this.document);
  }

  /** An attribute of the `<form>` element itself (`target`, `id`…), as written. */
  attribute(name: string): string | undefined {
    return attr(this.element, name);
  }

  /** The texts of the options of the select a label names, in order (to choose one the page offers). */
  options(label: string): string[] {
    const control = this.labelled(label);
    if (control.type !== "select") throw new Error(`The label "${label}" names a ${control.type}, not a select`);
    return DomUtils.findAll((el) => el.name === "option", control.element.children).map((o) => textOf(o));
  }

  /**
   * Ticks (or clears) a checkbox that belongs to this form through its `form` attribute though drawn outside it (a
   * data table's row checkbox and its bulk form), named by its `aria-label` (exactly): the browser sends it with the
   * form. The controls inside the form are read when the form is; this adds the one it ticks.
   */
  checkOwned(ariaLabel: string, checked = true): this {
    const id = attr(this.element, "id");
    if (!id) throw new Error(`The form at ${this.action} has no id: no control outside it can belong to it`);
    const el = DomUtils.findOne(
      (e) => e.name === "input" && attr(e, "form") === id && attr(e, "aria-label") === ariaLabel,
      this.document.children,
    );
    if (!el) throw new Error(`No control of the form "${id}" labelled "${ariaLabel}"`);
    const type = (attr(el, "type") ?? "text").toLowerCase();
    if (type !== "checkbox") throw new Error(`"${ariaLabel}" is a ${type}, not a checkbox`);
    let control = this.controls.find((c) => c.element === el);
    if (!control && attr(el, "name") !== undefined) {
      control = { element: el, name: attr(el, "name")!, type, value: attr(el, "value") ?? "on", checked: false };
      this.controls.push(control);
    }
    if (!control) throw new Error(`"${ariaLabel}" has no name: the browser sends nothing for it`);
    control.checked = checked;
    return this;
  }

  /**
   * The value the field a label names has now (as `fill` finds it: throws when no label names a control), or, for
   * an input without a name (read-only, never sent: an invitation's e-mail address), the value the page drew.
   */
  valueOf(label: string): string {
    const found = DomUtils.findAll((el) => el.name === "label", this.element.children).find((l) => {
      const text = textOf(l).replace(/\s*\*$/, "");
      return text === label || text.startsWith(label);
    });
    const id = found ? attr(found, "for") : undefined;
    const unnamed = id
      ? DomUtils.findOne(
          (el) => el.name === "input" && attr(el, "id") === id && attr(el, "name") === undefined,
          this.element.children,
        )
      : null;
    return unnamed ? (attr(unnamed, "value") ?? "") : this.labelled(label).value;
  }

  /**
   * Ticks (or clears) the checkbox whose aria-label is `label` and that belongs to this form: inside it, or anywhere
   * in the page with a `form` attribute naming the form's id (a table's row checkboxes beside its bulk form), as a
   * click on it would. Throws when no such checkbox is in the page.
   */
  tick(label: string, checked = true): this {
    const id = attr(this.element, "id");
    const inside = (el: Element) => {
      for (let node = el.parent; node; node = node.parent) if (node === this.element) return true;
      return false;
    };
    const box = DomUtils.findOne(
      (el) =>
        el.name === "input" &&
        (attr(el, "type") ?? "").toLowerCase() === "checkbox" &&
        attr(el, "aria-label") === label &&
        attr(el, "name") !== undefined &&
        (inside(el) || (id !== undefined && attr(el, "form") === id)),
      this.document.children,
    );
    if (!box) throw new Error(`No checkbox "${label}" of the form`);
    let control = this.controls.find((c) => c.element === box);
    if (!control) {
      control = {
        element: box,
        name: attr(box, "name")!,
        type: "checkbox",
        value: attr(box, "value") ?? "on",
        checked: DomUtils.hasAttrib(box, "checked"),
      };
      this.controls.push(control);
    }
    control.checked = checked;
    return this;
  }

  /**
   * What the page says at the field a label names: the texts of the elements its `aria-describedby` names (its
   * description, and its error when the server refused it), joined by a space; and whether it is `aria-invalid`.
   */
  said(label: string): { text: string; invalid: boolean } {
    const control = this.labelled(label);
    const ids = (attr(control.element, "aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    const text = ids
      .map((id) => DomUtils.getElementById(id, this.document.children))
      .filter((el): el is Element => el !== null)
      .map((el) => textOf(el))
      .join(" ");
    return { text, invalid: attr(control.element, "aria-invalid") === "true" };
  }

  /** The value of the field a label names (as `fill` finds it): what the re-drawn form kept. */
  fieldValue(label: string): string {
    return this.labelled(label).value;
  }

  /** The kind of control a label names: an input's type ("text", "checkbox" …), "select" or "textarea". */
  fieldType(label: string): string {
    return this.labelled(label).type;
  }

  /** Whether the checkbox or radio a label names is ticked. */
  isChecked(label: string): boolean {
    return this.labelled(label).checked;
  }

  /**
   * The error the server drew at the field a label names: undefined when the control is not `aria-invalid="true"`,
   * else the text of the elements its `aria-describedby` names (its description and its error message).
   */
  fieldError(label: string): string | undefined {
    const control = this.labelled(label).element;
    if (attr(control, "aria-invalid") !== "true") return undefined;
    const ids = (attr(control, "aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    return ids
      .map((id) => DomUtils.getElementById(id, this.document.children))
      .map((el) => (el ? textOf(el) : ""))
      .join(" ")
      .trim();
  }

  /** The fieldset `within` narrowed labels and alerts to (none: the whole form). */
  private scope?: Element;

  /**
   * The same form, its labels (fill, check, attach, valueOf, isChecked), text and alerts looked for only inside the
   * `<fieldset>` whose `<legend>` reads `legend` (or contains it; a RegExp tests it): a group of the form such as
   * one legal question, whose "Yes", "No" and "Explanation" labels repeat in every group. What it fills is the
   * form's, so the form itself (or this) is then submitted whole.
   */
  within(legend: string | RegExp): this {
    const matches = (text: string) => (typeof legend === "string" ? text.includes(legend) : legend.test(text));
    const fieldsets = DomUtils.findAll((el) => el.name === "fieldset", this.element.children).filter((f) => {
      const caption = DomUtils.findOne((el) => el.name === "legend", f.children);
      return caption !== null && matches(textOf(caption));
    });
    if (fieldsets.length !== 1)
      throw new Error(`${fieldsets.length} fieldsets of the form with a legend ${String(legend)}`);
    const scoped = Object.create(this) as this;
    scoped.scope = fieldsets[0];
    return scoped;
  }

  /** Whether the control a label names is marked invalid (`aria-invalid="true"`: the server refused its value). */
  isInvalid(label: string): boolean {
    return attr(this.labelled(label).element, "aria-invalid") === "true";
  }

  /** The value of attribute `name` (e.g. `aria-invalid`) of the control a label names, as the page drew it. */
  fieldAttribute(label: string, name: string): string | undefined {
    return attr(this.labelled(label).element, name);
  }
}

/**
 * The named controls of a form, in document order, as a browser's form owns them: those inside it (less any whose
 * `form` attribute names another form) and those anywhere in the document whose `form` attribute names its id (a
 * table's row checkboxes posted by a form below the table).
 */
function ownControls(form: Element, document: ReturnType<typeof parseDocument>): Element[] {
  const id = attr(form, "id");
  const inside = (el: Element) => {
    for (let node = el.parent; node; node = node.parent) if (node === form) return true;
    return false;
  };
  return DomUtils.findAll((el) => {
    if (!["input", "select", "textarea"].includes(el.name) || attr(el, "name") === undefined) return false;
    const owner = attr(el, "form");
    return owner === undefined ? inside(el) : owner === id || (inside(el) && id === undefined);
  }, document.children);
}

/**
 * A textarea's value as a browser reads it: its text less one leading line break, character references decoded.
 * htmlparser2 leaves the references of a textarea's text as written (`&lt;p&gt;`; it decodes them in a `<title>`
 * only), so the text is read again as a title's.
 */
function textareaValue(textarea: Element): string {
  const raw = DomUtils.textContent(textarea).replace(/^\n/, "");
  if (!raw.includes("&")) return raw;
  return DomUtils.textContent(parseDocument(`<title>${raw.replace(/<\/title/gi, "&lt;/title")}</title>`));
}

function selectedValue(select: Element): string {
  const options = DomUtils.findAll((el) => el.name === "option", select.children);
  const chosen = options.find((o) => DomUtils.hasAttrib(o, "selected")) ?? options[0];
  return chosen ? (attr(chosen, "value") ?? textOf(chosen)) : "";
}

function submitButtons(form: Element): Element[] {
  return DomUtils.findAll(
    (el) =>
      (el.name === "button" && (attr(el, "type") ?? "submit").toLowerCase() === "submit") ||
      (el.name === "input" && ["submit", "image"].includes((attr(el, "type") ?? "").toLowerCase())),
    form.children,
  );
}

/** A page's HTML, parsed: its forms by their buttons and the text of its landmarks. */
export class HtmlPage {
  constructor(private readonly document: ReturnType<typeof parseDocument>) {}

  /**
   * The text of the element named `region` (its `aria-label`, or the text of the element its `aria-labelledby`
   * names: a region such as "Summary" or "History"), or of `main` when left out.
   */
  text(region?: string): string {
    return textOf(this.element(region));
  }

  /**
   * The texts of the `<tag>` elements inside the element named `region` (as `text` finds it), or inside `main` when
   * left out, in order: which links a navigation holds, that a `<strong>` was kept or a `<script>` dropped.
   */
  tagTexts(tag: string, region?: string): string[] {
    return DomUtils.findAll((e) => e.name === tag, this.element(region).children).map((e) => textOf(e));
  }

  /** The element named `region` as `text` finds it (`<main>` when left out), to read more of it; throws if none. */
  element(region?: string): Element {
    const named = (e: Element) => {
      if (attr(e, "aria-label") === region) return true;
      const by = attr(e, "aria-labelledby");
      const label = by ? DomUtils.getElementById(by, this.document.children) : null;
      return label ? textOf(label) === region : false;
    };
    const el = DomUtils.findOne((e) => (region === undefined ? e.name === "main" : named(e)), this.document.children);
    if (!el) throw new Error(region === undefined ? "No <main> in the page" : `No element labelled "${region}"`);
    return el;
  }
}

/** A page's HTML, parsed. */
export function readPage(html: string): HtmlPage {
  return new HtmlPage(parseDocument(html));
}

/** The form of the page whose submit button reads `button` (exactly one such form, else it throws). */
export function formWithButton(html: string, pageUrl: string, button: string): HtmlForm {
  const document = parseDocument(html);
  const forms = DomUtils.getElementsByTagName("form", document.children).filter((form) =>
    submitButtons(form).some((b) => textOf(b) === button),
  );
  if (forms.length !== 1) throw new Error(`${forms.length} forms with a "${button}" button at ${pageUrl}`);
  return new HtmlForm(forms[0]!, document, pageUrl);
}

/**
 * The form of the page whose submit button's name, as a reader hears it, is `name`: its `aria-label` (a "Dismiss"
 * button labelled `Dismiss “Title”`), else its text. Exactly one such form, else it throws.
 */
export function formWithButtonNamed(html: string, pageUrl: string, name: string): HtmlForm {
  const document = parseDocument(html);
  const forms = DomUtils.getElementsByTagName("form", document.children).filter((form) =>
    submitButtons(form).some((b) => (attr(b, "aria-label") ?? textOf(b)) === name),
  );
  if (forms.length !== 1) throw new Error(`${forms.length} forms with a button named "${name}" at ${pageUrl}`);
  return new HtmlForm(forms[0]!, document, pageUrl);
}

/**
 * The form inside the element named `region` (its `aria-label`, or the text of the element its `aria-labelledby`
 * names: a dialog, a document's card) whose submit button reads `button`: for a page where forms with the same
 * button stand in several regions. Exactly one such form, else it throws.
 */
export function formInRegion(html: string, pageUrl: string, region: string, button: string): HtmlForm {
  const document = parseDocument(html);
  const named = (e: Element) => {
    if (attr(e, "aria-label") === region) return true;
    const by = attr(e, "aria-labelledby");
    const label = by ? DomUtils.getElementById(by, document.children) : null;
    return label ? textOf(label) === region : false;
  };
  const regions = DomUtils.findAll(named, document.children);
  const forms = regions.flatMap((r) =>
    DomUtils.findAll((e) => e.name === "form" && submitButtons(e).some((b) => textOf(b) === button), r.children),
  );
  if (forms.length !== 1)
    throw new Error(`${forms.length} forms with a "${button}" button in "${region}" at ${pageUrl}`);
  return new HtmlForm(forms[0]!, document, pageUrl);
}
