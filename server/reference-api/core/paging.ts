/**
 * What every list of the reference API shares: the portal's table rules (`app/domain/table.ts`) read from a list
 * request's query or JSON body. Forgiving, as the portal's table is: a bad value falls back to its default, the
 * search is trimmed and cut at the same length. The paging meta is the portal's `pagingMeta`.
 */
import { tableQueryFrom, type TableQuery as PortalTableQuery } from "../../../app/domain/table.ts";

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

export interface TableQuery<Sort extends string> extends PortalTableQuery {
  sort: Sort | null;
}

const TABLE_KEYS = ["page", "perPage", "search", "sort", "order"] as const;

/** page, perPage (5/10/25/50), search, sort (one of `sortColumns`' keys) and order of a list request. */
export function parseTableQuery<Sort extends string>(
  source: Record<string, unknown>,
  sortColumns: Readonly<Record<Sort, unknown>>,
): TableQuery<Sort> {
  const params = new URLSearchParams();
  for (const key of TABLE_KEYS) {
    const value = scalar(source[key]);
    if (value !== undefined) params.set(key, value);
  }
  // tableQueryFrom keeps a sort only when it is one of these keys.
  return tableQueryFrom(params, Object.keys(sortColumns)) as TableQuery<Sort>;
}
