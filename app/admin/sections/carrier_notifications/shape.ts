import type { SectionShape } from "~/domain/admin/shapes";

/**
 * The carrier notifications queue (issue 24 §4): the newest first; filters handled, kind, carrier, agent; Mark
 * handled on the selected rows (bulk). A notification's page is carrier_notifications/:id (its own route module).
 */
export const shape = {
  sortable: ["receivedAt", "kind", "carrier", "agent", "handled"],
  filters: {
    handled: { values: ["no", "yes"] },
    kind: { values: ["rfi", "termination", "chargeback", "certification"] },
    carrierId: "id",
    userId: "id",
  },
  recordUrl: "id",
  creatable: false,
  defaultSort: { sort: "receivedAt", order: "DESC" },
} as const satisfies SectionShape;
