import type { SectionShape } from "~/domain/admin/shapes";

/**
 * The files sent to carriers (issue 24 §2): the history list (shared); its own route modules for "Build now" at
 * carrier_exports/new, a file's page at carrier_exports/:id (its facts, first rows, download), its CSV at :id/file and
 * the schedules at carrier_exports/schedules.
 */
export const shape = {
  sortable: ["builtAt", "carrier", "kind", "rows"],
  filters: {
    carrier: "id",
    kind: { values: ["new_contracts", "terminations", "address_changes"] },
    trigger: { values: ["manual", "schedule"] },
    month: "period",
  },
  recordUrl: "id",
  creatable: false,
  defaultSort: { sort: "builtAt", order: "DESC" },
} as const satisfies SectionShape;
