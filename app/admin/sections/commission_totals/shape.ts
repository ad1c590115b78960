import type { SectionShape } from "~/domain/admin/shapes";

/**
 * Commission totals (issue 23 §2): per agent or agency and published period, read only; the newest period first
 * unless a sort is chosen. A row's lines and entries are commission_totals/<userId>-<YYYY-MM> (its own route module,
 * routes/admin.commission_totals.$id.tsx; the row menu's link by the row's number lands there too).
 */
export const shape = {
  sortable: ["name", "period", "street", "overrides", "entries", "payout", "carriedForward"],
  filters: {
    period: "period",
    carrierId: "id",
    agencyId: "id",
  },
  recordUrl: "id",
  creatable: false,
} as const satisfies SectionShape;
