import type { SectionShape } from "~/domain/admin/shapes";

/**
 * The carrier enrollments list (issue 24 §3): read only, newest first — the latest submitted day (the list's date
 * column), the same day's latest received first (issue 37); filters status, carrier, agent
 * and the submitted dates' range (from, to). A record's page is carrier_enrollments/:id (its own route module), its
 * raw payload carrier_enrollments/modal/json_viewer?id=N (spec §2).
 */
export const shape = {
  sortable: ["receivedAt", "submittedOn", "effectiveOn", "client", "agent", "carrier", "status"],
  filters: {
    status: { values: ["submitted", "pending", "rfi", "enrolled", "rejected", "terminated"] },
    carrierId: "id",
    userId: "id",
    from: "day",
    to: "day",
  },
  recordUrl: "id",
  creatable: false,
  defaultSort: { sort: "submittedOn", order: "DESC" },
} as const satisfies SectionShape;
