import type { SectionShape } from "~/domain/admin/shapes";

/**
 * The tickets queue (issue 22): every support ticket and commission inquiry; a conversation's page is tickets/:id
 * (its own route module, routes/admin.conversation.tsx). Awaiting staff first, the longest waiting first.
 */
export const shape = {
  sortable: ["waiting", "updatedAt", "createdAt", "subject", "owner"],
  filters: {
    kind: { values: ["support", "commission_inquiry"] },
    status: { values: ["open", "answered", "closed"] },
    carrierId: "id",
    assigneeId: { values: ["none"], orId: true },
    age: { values: ["0-7", "8-30", "31-90", "91+"] },
  },
  recordUrl: "id",
  creatable: false,
  defaultSort: { sort: "waiting", order: "DESC" },
} as const satisfies SectionShape;
