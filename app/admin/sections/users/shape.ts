import type { SectionShape } from "~/domain/admin/shapes";

/** The users list: search, filters and the record URLs (users/:id is the user's own page, users/:id/edit its form). */
export const shape = {
  sortable: ["lastName", "email", "role", "status", "createdAt", "lastSignInAt", "licenses", "appointments"],
  filters: {
    roleId: "id",
    status: { values: ["active", "pending", "unverified", "disabled"] },
    agencyId: "id",
    documents: { values: ["awaiting_review"] },
  },
  recordUrl: "id/edit",
  viewPage: true,
  creatable: true,
} as const satisfies SectionShape;
