/**
 * The support desk's upstream calls (issue 22; contract.server.ts): the tickets queue and the admin_support inbox
 * are one conversation model on two resources. Every call is an administrator's (requireAdmin first).
 */
import type { z } from "zod";
import { call, callFile } from "~/.server/upstream/client";
import {
  AdminConversationResponseSchema,
  AdminConversationsResponseSchema,
  AdminConversationWriteSchema,
  ConversationBulkResultSchema,
  type ConversationPatchBodySchema,
} from "./contract.server";

/** The upstream resource of a section: tickets (the queue) or feedback_conversations (admin_support). */
export type ConversationResource = "tickets" | "feedback_conversations";

const path = (resource: ConversationResource, rest = "", params?: URLSearchParams) => {
  const query = params?.toString() ?? "";
  return `/api/admin/${resource}${rest}${query ? `?${query}` : ""}`;
};

export const conversationList = (token: string, resource: ConversationResource, params: URLSearchParams) =>
  call("GET", path(resource, "", params), AdminConversationsResponseSchema, { token });

export const conversationRecord = (token: string, resource: ConversationResource, id: number) =>
  call("GET", path(resource, `/${id}`), AdminConversationResponseSchema, { token });

export const conversationExport = (token: string, resource: ConversationResource, params: URLSearchParams) =>
  callFile(path(resource, "/export", params), { token });

export const answerConversation = (token: string, resource: ConversationResource, id: number, message: string) =>
  call("POST", path(resource, `/${id}/messages`), AdminConversationWriteSchema, { token, body: { message } });

export const addConversationNote = (token: string, resource: ConversationResource, id: number, note: string) =>
  call("POST", path(resource, `/${id}/notes`), AdminConversationWriteSchema, { token, body: { note } });

export const updateConversation = (
  token: string,
  resource: ConversationResource,
  id: number,
  body: z.infer<typeof ConversationPatchBodySchema>,
) => call("PATCH", path(resource, `/${id}`), AdminConversationWriteSchema, { token, body });

export const bulkAssignConversations = (
  token: string,
  resource: ConversationResource,
  ids: number[],
  assigneeId: number | null,
) => call("POST", path(resource, "/bulk_assign"), ConversationBulkResultSchema, { token, body: { ids, assigneeId } });
