import type { SectionShape } from "~/domain/admin/shapes";

/** The payout entries list, the new page and an entry's own page at payout_entries/:id (issue 23 §3). */
export const shape = {
  sortable: ["period", "agent", "kind", "amount", "status", "createdAt"],
  filters: {
    kind: { values: ["bonus", "fee", "advance", "chargeback_recovery", "correction"] },
    status: { values: ["pending", "approved", "rejected"] },
    period: "period",
    userId: "id",
  },
  recordUrl: "id",
  creatable: true,
  defaultSort: { sort: "createdAt", order: "DESC" },
} as const satisfies SectionShape;
