import type { SectionShape } from "~/domain/admin/shapes";

/** The contracting desk: every contract request in one queue; a request's page is contracting/edit/:id. */
export const shape = {
  sortable: ["waiting", "requestedAt", "broker", "carrier"],
  filters: {
    state: { values: ["pending", "approved", "denied", "active"] },
    carrierId: "id",
    productId: "id",
    age: { values: ["0-7", "8-30", "31-90", "91+"] },
    brokerId: "id",
  },
  recordUrl: "edit/id",
  creatable: false,
  defaultSort: { sort: "waiting", order: "DESC" },
} as const satisfies SectionShape;
