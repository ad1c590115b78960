/**
 * A section's shape (issue 14, ADR 020/024): the sort keys and filter rules its list URL may carry, where its records
 * live, and what pages it has; and the paths drawn from it. Each section's folder holds its own (shape.ts); the
 * catalogue of them all is app/domain/admin/shapes.ts, which the browser does not load: a page is given its own
 * section's shape. Pure: no I/O.
 */
import type { FilterRule } from "../list-query";
import type { SectionKey } from "./shapes";

export interface SectionShape {
  sortable: readonly string[];
  filters: Readonly<Record<string, FilterRule>>;
  /** The record's form: `<base>/<id>`, `<base>/<id>/edit` or `<base>/edit/<id>` (spec §2). */
  recordUrl: "id" | "id/edit" | "edit/id";
  /**
   * With recordUrl `id/edit`: `<base>/<id>` is the record's own page (its facts, history and actions, a link to the
   * form), so the record's address opens it (users, issue 20).
   */
  viewPage?: boolean;
  /** Has a `new` page. */
  creatable: boolean;
  /**
   * A report (policy production, issue 23): read-only rows without a record page of their own (`<base>/<id>` is a
   * 404) and without a row menu; `recordUrl` is then unused.
   */
  report?: boolean;
  /** The order of a list whose URL names none (the desk: the longest waiting first). */
  defaultSort?: { sort: string; order: "ASC" | "DESC" };
}

/** The part of a shape a list page draws with (its filter rules stay on the server, which checks the URL). */
export type ListPageShape = Pick<SectionShape, "sortable" | "recordUrl" | "viewPage" | "creatable" | "report">;

export function listPageShape({ sortable, recordUrl, viewPage, creatable, report }: SectionShape): ListPageShape {
  return { sortable, recordUrl, viewPage, creatable, report };
}

export function sectionPath(key: SectionKey): string {
  return `/admin/${key}`;
}

/** A record's page (spec §2): /admin/users/12/edit, /admin/roles/3, as its section's shape says. */
export function recordPathOf(key: SectionKey, shape: Pick<SectionShape, "recordUrl">, id: number): string {
  const url = shape.recordUrl;
  return url === "id/edit"
    ? `/admin/${key}/${id}/edit`
    : url === "edit/id"
      ? `/admin/${key}/edit/${id}`
      : `/admin/${key}/${id}`;
}

/** A record's own page: /admin/users/12 (its facts and history), else its form (recordPathOf). */
export function viewPathOf(key: SectionKey, shape: Pick<SectionShape, "recordUrl" | "viewPage">, id: number): string {
  return shape.viewPage ? `/admin/${key}/${id}` : recordPathOf(key, shape, id);
}

/** A record id of a URL: a positive integer, or null. */
export function recordIdOf(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The list URL a form goes back to: the `back` it was opened from when it is this section's list, else the list. */
export function backToList(key: SectionKey, back: string | null | undefined): string {
  const base = sectionPath(key);
  if (back && (back === base || back.startsWith(`${base}?`)) && !/[\\\r\n]/.test(back)) return back;
  return base;
}
