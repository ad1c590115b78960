/**
 * What every list of the reference API shares: reading the table's query (forgiving: a bad value falls
 * back to its default, as the portal's table sends whatever is in the URL) and building the paging meta.
 */
export const PER_PAGE_OPTIONS = [5, 10, 25, 50] as const;
export const DEFAULT_PER_PAGE = 25;
/** The page numbers offered around the current page. */
const PAGE_NUMBER_COUNT = 5;

export function scalar(value: unknown): string | undefined {
  if (Array.isArray(value)) return scalar(value[0]);
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

export function positiveInt(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

export function pageNumbers(current: number, totalPages: number): number[] {
  const count = Math.min(PAGE_NUMBER_COUNT, totalPages);
  const start = Math.max(1, Math.min(current - Math.floor(PAGE_NUMBER_COUNT / 2), totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

export interface TableQuery<Sort extends string> {
  page: number;
  perPage: number;
  search: string;
  sort: Sort | null;
  order: "ASC" | "DESC";
}

/** page, perPage (5/10/25/50), search, sort (one of `sortColumns`' keys) and order of a list request. */
export function parseTableQuery<Sort extends string>(
  source: Record<string, unknown>,
  sortColumns: Readonly<Record<Sort, unknown>>,
): TableQuery<Sort> {
  const perPage = positiveInt(scalar(source.perPage));
  const sort = scalar(source.sort);
  return {
    page: positiveInt(scalar(source.page)) ?? 1,
    perPage: PER_PAGE_OPTIONS.find((n) => n === perPage) ?? DEFAULT_PER_PAGE,
    search: (scalar(source.search) ?? "").slice(0, 200),
    sort: sort && Object.hasOwn(sortColumns, sort) ? (sort as Sort) : null,
    order: scalar(source.order)?.toUpperCase() === "DESC" ? "DESC" : "ASC",
  };
}

/** Spec §3 table paging meta for a query and the page actually returned. */
export function pagingMetaOf<Sort extends string>(
  q: TableQuery<Sort>,
  currentPage: number,
  totalCount: number,
  totalPages: number,
) {
  return {
    page: q.page,
    currentPage,
    perPage: q.perPage,
    totalCount,
    totalPages,
    search: q.search,
    sort: q.sort as string | null,
    order: q.order,
    pageNumbers: pageNumbers(currentPage, totalPages),
  };
}
