import type { SectionShape } from "~/domain/admin/shapes";

/**
 * NIPR PDB alerts (issue 24 §7): the newest first unless a sort is chosen; filters by category, producer, month and
 * handled. An alert's page is nipr_pdb_alerts/:id (its own route module, routes/admin.nipr_pdb_alerts.$id.tsx).
 */
export const shape = {
  sortable: ["day", "producer", "category", "state", "handled"],
  filters: {
    category: { values: ["licenses", "appointments", "regulatory_actions", "demographics"] },
    userId: "id",
    period: "period",
    handled: { values: ["no", "yes"] },
  },
  recordUrl: "id",
  creatable: false,
  defaultSort: { sort: "day", order: "DESC" },
} as const satisfies SectionShape;
