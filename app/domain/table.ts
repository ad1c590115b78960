/**
 * Shared data table rules (spec §2 "Shared data table", §3 "Table paging meta",
 * §4 "Table sort", §9 constants). The table keeps its state in the URL:
 * `?page=&perPage=&search=&sort=&order=`. Pure functions only; the reference API reads its list requests and
 * builds their paging meta with the same functions.
 */

/** Spec §9: page size options 5, 10, 25, 50. */
export const PAGE_SIZES = [5, 10, 25, 50] as const;
/** Spec §3/§9: default page size 25. */
export const DEFAULT_PER_PAGE = 25;
export type SortOrder = "ASC" | "DESC";
/** Spec §3/§9: default order ASC. */
export const DEFAULT_ORDER: SortOrder = "ASC";
/** Spec §2/§9: search box debounce. */
export const SEARCH_DEBOUNCE_MS = 500;
/** Spec §2/§9: the loading animation shows only if loading lasts beyond this. */
export const LOADING_DELAY_MS = 300;
/** Spec §9: minimum fetch delay. */
export const MIN_LOADING_MS = 200;

/** Longest search text kept (from the portal's URL, and by the reference API from a list request). */
export const MAX_SEARCH_LENGTH = 100;

/** The URL parameters owned by the table, in the order they are written. */
const TABLE_KEYS = ["page", "perPage", "search", "sort", "order"] as const;

export interface TableQuery {
  page: number;
  perPage: number;
  search: string;
  sort: string | null;
  order: SortOrder;
}

function parsePage(raw: string | null): number {
  if (raw === null || !/^\d+$/.test(raw.trim())) return 1;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

function parsePerPage(raw: string | null): number {
  if (raw === null || !/^\d+$/.test(raw.trim())) return DEFAULT_PER_PAGE;
  const n = Number(raw.trim());
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PER_PAGE;
}

function cleanSearch(raw: string | null | undefined): string {
  if (!raw) return "";
  return raw.trim().slice(0, MAX_SEARCH_LENGTH).trim();
}

function parseOrder(raw: string | null | undefined): SortOrder {
  const upper = (raw ?? "").trim().toUpperCase();
  return upper === "DESC" ? "DESC" : upper === "ASC" ? "ASC" : DEFAULT_ORDER;
}

function cleanSort(raw: string | null | undefined, sortable: readonly string[]): string | null {
  return raw != null && sortable.includes(raw) ? raw : null;
}

/** The table state read from the URL; anything invalid falls back to its default. */
export function tableQueryFrom(params: URLSearchParams, sortable: readonly string[]): TableQuery {
  return {
    page: parsePage(params.get("page")),
    perPage: parsePerPage(params.get("perPage")),
    search: cleanSearch(params.get("search")),
    sort: cleanSort(params.get("sort"), sortable),
    order: parseOrder(params.get("order")),
  };
}

/** The same rules applied to an in-memory query (e.g. after a change). */
function normalize(query: TableQuery, sortable: readonly string[]): TableQuery {
  return tableQueryFrom(tableQueryParams(query), sortable);
}

/**
 * URL parameters for a query, only the non-default values, in the order
 * page, perPage, search, sort, order. When a sort is set its order is always written.
 */
export function tableQueryParams(query: TableQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page !== 1) params.set("page", String(query.page));
  if (query.perPage !== DEFAULT_PER_PAGE) params.set("perPage", String(query.perPage));
  if (query.search !== "") params.set("search", query.search);
  if (query.sort !== null) params.set("sort", query.sort);
  if (query.sort !== null || query.order !== DEFAULT_ORDER) params.set("order", query.order);
  return params;
}

/** Spec §4: a new column sorts descending first; the same column toggles ASC ↔ DESC. */
export function nextSort(
  current: { sort: string | null; order: SortOrder },
  column: string,
): { sort: string; order: SortOrder } {
  if (current.sort === column) return { sort: column, order: current.order === "ASC" ? "DESC" : "ASC" };
  return { sort: column, order: "DESC" };
}

/**
 * The search string ("?…" or "") for the current URL changed by `change`.
 * A change to anything but the page sends the table back to page 1 (unless the
 * change names a page itself). Other parameters (filters) keep their place; the
 * table's own parameters are written as one block where the first of them stood,
 * or at the end when there was none.
 */
export function withQuery(base: URLSearchParams, change: Partial<TableQuery>, sortable: readonly string[]): string {
  const current = tableQueryFrom(base, sortable);
  const next: TableQuery = { ...current };
  let resetPage = false;
  for (const key of TABLE_KEYS) {
    if (!(key in change) || change[key] === undefined) continue;
    const value = change[key] as never;
    if (key !== "page" && value !== current[key]) resetPage = true;
    (next as unknown as Record<string, unknown>)[key] = value;
  }
  if (resetPage && change.page === undefined) next.page = 1;

  const tableParams = tableQueryParams(normalize(next, sortable));
  const out = new URLSearchParams();
  let written = false;
  const writeTable = () => {
    if (written) return;
    written = true;
    tableParams.forEach((value, key) => out.append(key, value));
  };
  base.forEach((value, key) => {
    if ((TABLE_KEYS as readonly string[]).includes(key)) writeTable();
    else out.append(key, value);
  });
  writeTable();
  const text = out.toString();
  return text ? `?${text}` : "";
}

export interface PagingMeta {
  page: number;
  currentPage: number;
  perPage: number;
  totalCount: number;
  totalPages: number;
  search: string;
  sort: string | null;
  order: SortOrder;
  pageNumbers: number[];
}

/**
 * Spec §3 paging meta. totalPages is at least 1; currentPage is the requested page
 * clamped to the last page; pageNumbers are up to `window` numbers centred on the
 * current page and kept within 1..totalPages.
 */
export function pagingMeta(query: TableQuery, totalCount: number, window = 5): PagingMeta {
  const count = Number.isFinite(totalCount) && totalCount > 0 ? Math.floor(totalCount) : 0;
  const perPage = query.perPage > 0 ? query.perPage : DEFAULT_PER_PAGE;
  const page = Number.isSafeInteger(query.page) && query.page >= 1 ? query.page : 1;
  const totalPages = Math.max(1, Math.ceil(count / perPage));
  const currentPage = Math.min(page, totalPages);
  const size = Math.min(Math.max(1, Math.floor(Number.isFinite(window) ? window : 5)), totalPages);
  let start = currentPage - Math.floor((size - 1) / 2);
  start = Math.max(1, Math.min(start, totalPages - size + 1));
  const pageNumbers = Array.from({ length: size }, (_, i) => start + i);
  return {
    page,
    currentPage,
    perPage,
    totalCount: count,
    totalPages,
    search: query.search,
    sort: query.sort,
    order: query.order,
    pageNumbers,
  };
}

/** Spec §2: First and Last buttons appear only if there is more than one page. */
export function showFirstLast(meta: Pick<PagingMeta, "totalPages">): boolean {
  return meta.totalPages > 1;
}

/** "1–25 of 312" (en dash) for the rows on the current page; "none" when empty ("Policies: none", issue 11). */
export function rangeLabel(meta: PagingMeta): string {
  if (meta.totalCount <= 0) return "none";
  const from = (meta.currentPage - 1) * meta.perPage + 1;
  const to = Math.min(meta.currentPage * meta.perPage, meta.totalCount);
  return `${from}–${to} of ${meta.totalCount}`;
}

/** The aria-sort value for a column header. */
export function ariaSort(
  column: string,
  query: Pick<TableQuery, "sort" | "order">,
): "ascending" | "descending" | "none" {
  if (query.sort !== column) return "none";
  return query.order === "DESC" ? "descending" : "ascending";
}

/**
 * Which empty state a table shows (issue 11): null while it has rows; 'noMatch' when the URL narrows the list
 * (a search, or one of the page's filters set), so clearing them is the next step; otherwise 'empty': there is
 * nothing at all yet, and the page says what to do to get some.
 */
export type EmptyState = "empty" | "noMatch";

export function emptyStateOf(
  rowCount: number,
  params: URLSearchParams,
  filterNames: readonly string[],
): EmptyState | null {
  if (rowCount > 0) return null;
  return listNarrowed(params, filterNames) ? "noMatch" : "empty";
}

/** A search (as the table reads it: trimmed) or one of the filters has a value in the URL. */
export function listNarrowed(params: URLSearchParams, filterNames: readonly string[]): boolean {
  if (cleanSearch(params.get("search")) !== "") return true;
  return filterNames.some((name) => params.getAll(name).some((value) => value.trim() !== ""));
}

/**
 * The search string ("?…" or "") of the same list without its search and filters: sort, order, per page and
 * any other parameter are kept; the page goes back to 1.
 */
export function withoutSearchAndFilters(
  params: URLSearchParams,
  filterNames: readonly string[],
  sortable: readonly string[],
): string {
  const rest = new URLSearchParams();
  params.forEach((value, key) => {
    if (!filterNames.includes(key)) rest.append(key, value);
  });
  return withQuery(rest, { search: "", page: 1 }, sortable);
}

/** With no rows at all there is nothing to page through: no page links, no per-page choice (issue 11). */
export function showPaging(meta: Pick<PagingMeta, "totalCount">, rowCount: number): boolean {
  return rowCount > 0 || meta.totalCount > 0;
}

/** Issue 37 §2: the page links only when there is more than one page (a lone "1" is nothing to choose). */
export function showPager(meta: Pick<PagingMeta, "totalPages">): boolean {
  return meta.totalPages > 1;
}

/**
 * Issue 37 §2: the per-page choice only when it can change what the table shows: more rows than the smallest page
 * size (so a list of 30 shown 50 a page can still go back to 25, and a list of 3 has no choice to offer).
 */
export function showPerPage(meta: Pick<PagingMeta, "totalCount">): boolean {
  return meta.totalCount > PAGE_SIZES[0];
}

/** The path of a link, without its query or fragment ("/admin/roles/3?back=…" → "/admin/roles/3"). */
function pathOf(href: string): string {
  return href.replace(/[?#].*$/, "");
}

/**
 * Issue 37 §2: whether a row gets its menu. Not when it would hold nothing, nor when its only entry is the record link
 * the row already is (its first cell links to the same page): a menu that repeats the row's own link is a click
 * and a column for nothing.
 */
export function rowMenuShown(entries: {
  editHref: string | null;
  deleteHref: string | null;
  /** The row's other actions are there (not null). */
  more: boolean;
  /** The link the row itself is (its first cell's), if any. */
  rowHref: string | null;
}): boolean {
  const { editHref, deleteHref, more, rowHref } = entries;
  if (deleteHref || more) return true;
  if (!editHref) return false;
  return rowHref === null || pathOf(rowHref) !== pathOf(editHref);
}
