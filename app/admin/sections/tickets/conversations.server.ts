/**
 * The support desk's upstream calls (issue 22; contract.server.ts): the tickets queue and the admin_support inbox
 * are one conversation model on two resources. Every call is an administrator's (requireAdmin first).
 */
import type { z } from "zod";
import { adminResource, adminCall } from "~/.server/upstream/admin";
import {
  AdminConversationResponseSchema,
  AdminConversationsResponseSchema,
  AdminConversationWriteSchema,
  ConversationBulkResultSchema,
  type ConversationPatchBodySchema,
} from "./contract.server";

/** The upstream resource of a section: tickets (the queue) or feedback_conversations (admin_support). */
export type ConversationResource = "tickets" | "feedback_conversations";

const resources = {
  tickets: adminResource("tickets", { list: AdminConversationsResponseSchema, one: AdminConversationResponseSchema }),
  feedback_conversations: adminResource("feedback_conversations", {
    list: AdminConversationsResponseSchema,
    one: AdminConversationResponseSchema,
  }),
};

export const conversationList = async (token: string, resource: ConversationResource, params: URLSearchParams) =>
  resources[resource].list(token, params);

export const conversationRecord = async (token: string, resource: ConversationResource, id: number) =>
  resources[resource].record(token, id);

export const conversationExport = async (token: string, resource: ConversationResource, params: URLSearchParams) =>
  resources[resource].exportCsv(token, params);

export const answerConversation = async (token: string, resource: ConversationResource, id: number, message: string) =>
  adminCall(token, "POST", `${resource}/${id}/messages`, AdminConversationWriteSchema, { body: { message } });

export const addConversationNote = async (token: string, resource: ConversationResource, id: number, note: string) =>
  adminCall(token, "POST", `${resource}/${id}/notes`, AdminConversationWriteSchema, { body: { note } });

export const updateConversation = async (
  token: string,
  resource: ConversationResource,
  id: number,
  body: z.infer<typeof ConversationPatchBodySchema>,
) => adminCall(token, "PATCH", `${resource}/${id}`, AdminConversationWriteSchema, { body });

export const bulkAssignConversations = async (
  token: string,
  resource: ConversationResource,
  ids: number[],
  assigneeId: number | null,
) => adminCall(token, "POST", `${resource}/bulk_assign`, ConversationBulkResultSchema, { body: { ids, assigneeId } });
