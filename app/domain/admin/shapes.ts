/**
 * What the admin sections' list URLs may carry and where their records live (issue 14): the sort keys and filter
 * rules the list page checks before the upstream is asked (list-query.ts, ADR 020), and the record URLs spec §2
 * names (users/:id/edit, roles/:id, rts_statuses/:id). Read by the section pages on the server and in the browser.
 * Pure: no I/O.
 */
import type { FilterRule } from "../list-query";
import { shape as carriers } from "../../admin/sections/carriers/shape";
import { shape as contracting } from "../../admin/sections/contracting/shape";
import { shape as email_communications } from "../../admin/sections/email_communications/shape";
import { shape as learning_center_resources } from "../../admin/sections/learning_center_resources/shape";
import { shape as roles } from "../../admin/sections/roles/shape";
import { shape as rts_statuses } from "../../admin/sections/rts_statuses/shape";
import { shape as users } from "../../admin/sections/users/shape";
import { shape as tickets } from "../../admin/sections/tickets/shape";
import { shape as admin_support } from "../../admin/sections/admin_support/shape";
import { shape as system_notifications } from "../../admin/sections/system_notifications/shape";
import { shape as quote_tool_providers } from "../../admin/sections/quote_tool_providers/shape";
import { shape as policy_production } from "../../admin/sections/policy_production/shape";
import { shape as payout_entries } from "../../admin/sections/payout_entries/shape";
import { shape as commission_totals } from "../../admin/sections/commission_totals/shape";
import { shape as commission_statements } from "../../admin/sections/commission_statements/shape";
// Issue 24 §1.
import { shape as carrier_imports } from "../../admin/sections/carrier_imports/shape";

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

/**
 * The catalogue of built sections: each one's shape, from its folder (app/admin/sections/<key>/, ADR 024). Adding a
 * section is its folder and its line here.
 */
export const SECTION_SHAPES = {
  users,
  roles,
  rts_statuses,
  contracting,
  system_notifications,
  quote_tool_providers,
  email_communications,
  tickets,
  admin_support,
  carriers,
  learning_center_resources,
  policy_production,
  payout_entries,
  commission_totals,
  commission_statements,
  // Issue 24 §1.
  carrier_imports,
} as const satisfies Record<string, SectionShape>;

export type SectionKey = keyof typeof SECTION_SHAPES;

export function isSectionKey(key: string | undefined): key is SectionKey {
  return key !== undefined && Object.hasOwn(SECTION_SHAPES, key);
}

export function sectionPath(key: SectionKey): string {
  return `/admin/${key}`;
}

/** A record's page (spec §2): /admin/users/12/edit, /admin/roles/3. */
export function recordPath(key: SectionKey, id: number): string {
  const url = SECTION_SHAPES[key].recordUrl;
  return url === "id/edit"
    ? `/admin/${key}/${id}/edit`
    : url === "edit/id"
      ? `/admin/${key}/edit/${id}`
      : `/admin/${key}/${id}`;
}

/** A record's own page: /admin/users/12 (its facts and history), else its form (recordPath). */
export function viewPath(key: SectionKey, id: number): string {
  const shape: SectionShape = SECTION_SHAPES[key];
  return shape.viewPage ? `/admin/${key}/${id}` : recordPath(key, id);
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

/** The list's query with the section's default order when the URL names no sort. */
export function withDefaultSort(key: SectionKey, query: URLSearchParams): URLSearchParams {
  const shape: SectionShape = SECTION_SHAPES[key];
  if (query.has("sort") || !shape.defaultSort) return query;
  const sorted = new URLSearchParams(query);
  sorted.set("sort", shape.defaultSort.sort);
  sorted.set("order", shape.defaultSort.order);
  return sorted;
}
