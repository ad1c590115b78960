import type { SectionShape } from "~/domain/admin/shapes";

/**
 * The files sent to carriers (issue 24 §2): the history list, "Build now" as the new page, a file's own page at
 * carrier_exports/:id (its facts, first rows, download; its own route module) and the schedules at
 * carrier_exports/schedules.
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
  creatable: true,
  defaultSort: { sort: "builtAt", order: "DESC" },
} as const satisfies SectionShape;
