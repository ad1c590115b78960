import type { SectionShape } from "~/domain/admin/shapes";

/**
 * The admin_support inbox (issue 22): the staff's side of the brokers' feedback conversations, unanswered first; a
 * conversation's page is admin_support/:id (routes/admin.conversation.tsx, as a ticket's).
 */
export const shape = {
  sortable: ["waiting", "updatedAt", "createdAt", "subject", "owner"],
  filters: {
    status: { values: ["open", "answered", "closed"] },
    assigneeId: { values: ["none"], orId: true },
    age: { values: ["0-7", "8-30", "31-90", "91+"] },
  },
  recordUrl: "id",
  creatable: false,
  defaultSort: { sort: "waiting", order: "DESC" },
} as const satisfies SectionShape;
