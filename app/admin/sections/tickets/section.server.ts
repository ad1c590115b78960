import type { SectionServer } from "~/.server/admin/section-server";
import {
  bulkAssignConversations,
  conversationExport,
  conversationList,
  conversationRecord,
} from "./conversations.server";
import { bulkAssignSchema } from "./forms";
import type { AdminConversation } from "./records";

/**
 * A support desk section's server half on one of the two resources of the conversation model: the tickets queue
 * (tickets) and the admin_support inbox (feedback_conversations). A conversation's page is its own route module.
 */
export function conversationServer(resource: "tickets" | "feedback_conversations"): SectionServer<AdminConversation> {
  return {
    list: async (token, params) => conversationList(token, resource, params),
    // What the list draws: not the excerpt, the e-mail, the reference nor the rating.
    listRow: (r) => ({
      id: r.id,
      kind: r.kind,
      subject: r.subject,
      status: r.status,
      waitingDays: r.waitingDays,
      owner: { id: r.owner.id, name: r.owner.name },
      carrier: r.carrier,
      assignee: r.assignee,
      lastMessage: { fromStaff: r.lastMessage.fromStaff, createdAt: r.lastMessage.createdAt },
    }),
    record: async (token, id) => {
      const found = await conversationRecord(token, resource, id);
      return { record: found.record, history: found.history };
    },
    bulkSchema: bulkAssignSchema,
    bulk: async (token, value) => {
      const { id, assigneeId } = value as { id: number[]; assigneeId: number | null };
      const { done } = await bulkAssignConversations(token, resource, id, assigneeId);
      return { done, refusals: [] };
    },
    exportCsv: async (token, params) => conversationExport(token, resource, params),
  };
}

export const server = conversationServer("tickets");
