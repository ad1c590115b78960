/**
 * What the admin sections' list URLs may carry and where their records live (issue 14): the sort keys and filter
 * rules the list page checks before the upstream is asked (list-query.ts, ADR 020), and the record URLs spec §2
 * names (users/:id/edit, roles/:id, rts_statuses/:id). Read by the section pages' loaders and actions: a page in the
 * browser is given its own section's shape (the catalogue's filter rules stay out of the admin frame's script).
 * Pure: no I/O.
 */
import { type SectionShape, recordPathOf, viewPathOf } from "./section-shape";
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
import { shape as carrier_exports } from "../../admin/sections/carrier_exports/shape";
import { shape as carrier_enrollments } from "../../admin/sections/carrier_enrollments/shape";
import { shape as carrier_notifications } from "../../admin/sections/carrier_notifications/shape";
import { shape as nipr_license_config } from "../../admin/sections/nipr_license_config/shape";
import { shape as nipr_pdb_alerts } from "../../admin/sections/nipr_pdb_alerts/shape";
import { shape as nipr_history } from "../../admin/sections/nipr_history/shape";
// Issue 24 §1.
import { shape as carrier_imports } from "../../admin/sections/carrier_imports/shape";
import { shape as sunfire_imports } from "../../admin/sections/sunfire_imports/shape";

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
  carrier_exports,
  carrier_enrollments,
  carrier_notifications,
  nipr_license_config,
  nipr_pdb_alerts,
  nipr_history,
  // Issue 24 §1.
  carrier_imports,
  // Issue 24 §5.
  sunfire_imports,
} as const satisfies Record<string, SectionShape>;

export type SectionKey = keyof typeof SECTION_SHAPES;
export { type SectionShape, backToList, recordIdOf, sectionPath } from "./section-shape";

export function isSectionKey(key: string | undefined): key is SectionKey {
  return key !== undefined && Object.hasOwn(SECTION_SHAPES, key);
}

/** A record's page (spec §2): /admin/users/12/edit, /admin/roles/3. */
export function recordPath(key: SectionKey, id: number): string {
  return recordPathOf(key, SECTION_SHAPES[key], id);
}

/** A record's own page: /admin/users/12 (its facts and history), else its form (recordPath). */
export function viewPath(key: SectionKey, id: number): string {
  return viewPathOf(key, SECTION_SHAPES[key], id);
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
