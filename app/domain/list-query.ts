/**
 * What a list page asks the upstream for, read from its URL (issue 11 point 8, ADR 020). The portal checks
 * what it can itself (paging, sort, order, known enum values, the shape of an id or a period) before the
 * upstream is asked: a value it does not know is left out, and the page says so (ignoredNoteText). Values
 * only the upstream can judge (does product 999 exist?) are passed on; its refusal is the page's 400.
 * Pure: no I/O.
 */
import { MAX_SEARCH_LENGTH, PAGE_SIZES } from "./table";

/** A page number beyond this is not a page anyone reached by paging: the list starts at page 1. */
export const MAX_PAGE = 100_000;

/** The policy statuses the book of business filters by (the upstream's contract). */
export const POLICY_STATUSES = ["Active", "Pending", "Terminated", "Canceled"] as const;

/**
 * How a filter's value is checked: one of `values` (with `orId`, or a positive integer id: an assignee or
 * "none"), a positive integer id (whether it exists is the upstream's to say), or a statement period YYYY-MM.
 */
/** "day": a YYYY-MM-DD day (a date range's ends: carrier enrollments, issue 24). */
export type FilterRule = { values: readonly string[]; orId?: boolean } | "id" | "period" | "day";

export interface ListShape {
  sortable: readonly string[];
  filters?: Readonly<Record<string, FilterRule>>;
}

export interface ListQuery {
  /** The values to send upstream: only checked ones, table state first, then the filters. */
  params: URLSearchParams;
  /** The URL parameters that were present but left out, in the order page, perPage, sort, order, filters. */
  ignored: string[];
}

// Control characters (a %00 in the URL) never reach the upstream.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;
const ID = /^\d{1,15}$/;
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The one value of a parameter; "absent" when missing or empty, "invalid" when repeated with different values. */
function single(params: URLSearchParams, key: string): string | "absent" | { invalid: true } {
  const values = [...new Set(params.getAll(key).map((v) => v.trim()))].filter((v) => v !== "");
  const [first] = values;
  if (first === undefined) return "absent";
  return values.length > 1 ? { invalid: true } : first;
}

function checkPage(raw: string): string | null {
  if (!/^\d{1,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= MAX_PAGE ? String(n) : null;
}

function checkPerPage(raw: string): string | null {
  if (!/^\d{1,2}$/.test(raw)) return null;
  const n = Number(raw);
  return (PAGE_SIZES as readonly number[]).includes(n) ? String(n) : null;
}

function checkOrder(raw: string): string | null {
  const upper = raw.toUpperCase();
  return upper === "ASC" || upper === "DESC" ? upper : null;
}

function checkFilter(rule: FilterRule, raw: string): string | null {
  if (rule === "id") return ID.test(raw) && Number(raw) > 0 ? String(Number(raw)) : null;
  if (rule === "period") return PERIOD.test(raw) ? raw : null;
  if (rule === "day") return DAY.test(raw) && new Date(`${raw}T00:00:00Z`).toISOString().startsWith(raw) ? raw : null;
  if (rule.orId && ID.test(raw) && Number(raw) > 0) return String(Number(raw));
  return rule.values.includes(raw) ? raw : null;
}

/**
 * One filter of a page that is not a shared table (downlines): its checked value, or null; `ignored` when
 * the URL had a value the rule refuses (ignoredNoteText names it).
 */
export function filterValue(
  params: URLSearchParams,
  key: string,
  rule: FilterRule,
): { value: string | null; ignored: boolean } {
  const raw = single(params, key);
  if (raw === "absent") return { value: null, ignored: false };
  const value = typeof raw === "string" ? checkFilter(rule, raw) : null;
  return { value, ignored: value === null };
}

/** The search as the upstream gets it: no control characters, trimmed, at most MAX_SEARCH_LENGTH. */
export function cleanListSearch(raw: string): string {
  return raw.replace(CONTROL, "").trim().slice(0, MAX_SEARCH_LENGTH).trim();
}

/** The list's query from the URL: every value checked, anything the list does not know left out and named. */
export function listQueryFrom(params: URLSearchParams, shape: ListShape): ListQuery {
  const out = new URLSearchParams();
  const ignored: string[] = [];
  const take = (key: string, check: (raw: string) => string | null) => {
    const value = single(params, key);
    if (value === "absent") return;
    const checked = typeof value === "string" ? check(value) : null;
    if (checked === null) ignored.push(key);
    else out.set(key, checked);
  };
  take("page", checkPage);
  take("perPage", checkPerPage);
  // A search is free text: cleaned, never refused (several different ones: the first).
  const search = cleanListSearch(params.get("search") ?? "");
  if (search) out.set("search", search);
  take("sort", (raw) => (shape.sortable.includes(raw) ? raw : null));
  take("order", checkOrder);
  for (const [key, rule] of Object.entries(shape.filters ?? {})) take(key, (raw) => checkFilter(rule, raw));
  return { params: out, ignored };
}

/** How the note names a URL parameter. */
const LABELS: Record<string, string> = {
  page: "page",
  perPage: "rows per page",
  sort: "sort column",
  order: "sort order",
  status: "status",
  productId: "product",
  carrierId: "carrier",
  period: "statement period",
  roleId: "role",
  agencyId: "agency",
  from: "first month",
  to: "last month",
  kind: "kind",
  state: "state",
  age: "waiting time",
  documents: "documents",
};

/** The note a list shows when it left values of its URL out; null when it left none out. */
export function ignoredNoteText(ignored: readonly string[]): string | null {
  if (ignored.length === 0) return null;
  const names = ignored.map((key) => LABELS[key] ?? key);
  return `Some values in the link were not valid and were ignored: ${names.join(", ")}.`;
}

/**
 * A filter id the upstream's own list of choices does not offer (an unknown or foreign product): the
 * upstream judged it, so it is refused like an id the upstream answered 404 for.
 */
export function notOffered(value: string | null, offered: ReadonlyArray<{ id: number }>): boolean {
  return value !== null && !offered.some((o) => String(o.id) === value);
}

/** The 400 page of a list whose filters the upstream refused (ADR 020). */
export const FILTERS_REFUSED_TITLE = "These filters cannot be shown";
export const FILTERS_REFUSED_TEXT = "The list does not know a filter in this link.";
export const RESET_FILTERS = "Show the list without filters";

/** The reset link a list's 400 carries: a same-site path only (never //host or /\host), else null. */
export function resetHrefOf(data: unknown): string | null {
  if (!data || typeof data !== "object" || !("resetHref" in data)) return null;
  const href = (data as { resetHref: unknown }).resetHref;
  return typeof href === "string" && /^\/(?![/\\])/.test(href) ? href : null;
}
