import { call, callMultipart } from "./client";
import {
  type FEEDBACK_LIST_FILTERS,
  FeedbackCategoriesResponseSchema,
  FeedbackConversationReadSchema,
  FeedbackConversationResponseSchema,
  FeedbackConversationsResponseSchema,
  UnreadMessagesSchema,
  UnrespondedMessagesSchema,
} from "./schemas/feedback";
import { sharedList } from "./shared-lists";

export type FeedbackFilter = (typeof FEEDBACK_LIST_FILTERS)[number];

/** Spec §7: the staff messages the user has not read. */
export async function unreadMessages(token: string) {
  return (await call("GET", "/api/feedback_conversations/show_unread_messages", UnreadMessagesSchema, { token }))
    .unread_messages;
}

/** Spec §7: the conversations waiting for the user's reply. */
export async function unrespondedMessages(token: string) {
  return (
    await call("GET", "/api/feedback_conversations/show_unresponded_messages", UnrespondedMessagesSchema, { token })
  ).unresponded_messages;
}

/** The user's conversations (all, or only those with unread staff messages, or waiting for a reply). */
export async function feedbackConversations(token: string, filter: FeedbackFilter | null, listParams: URLSearchParams) {
  // listParams: the list's checked table values (listQueryFrom), nothing else from the URL.
  const query = new URLSearchParams(listParams);
  if (filter) query.set("filter", filter);
  const search = query.size > 0 ? `?${query.toString()}` : "";
  return call("GET", `/api/feedback_conversations${search}`, FeedbackConversationsResponseSchema, { token });
}

export async function feedbackConversation(token: string, id: number) {
  return (await call("GET", `/api/feedback_conversations/${id}`, FeedbackConversationResponseSchema, { token }))
    .feedbackConversation;
}

/** Marks the conversation's staff messages read (opening it, spec §7's unread count falls). */
export async function markFeedbackRead(token: string, id: number) {
  return call("POST", `/api/feedback_conversations/${id}/read`, FeedbackConversationReadSchema, { token });
}

/** A shared list (the same for every caller): kept for SHARED_LIST_TTL_SECONDS (ADR 017). Read-only. */
export async function feedbackCategories(token: string) {
  const path = "/api/feedback_conversations/categories";
  return sharedList(
    path,
    async () => (await call("GET", path, FeedbackCategoriesResponseSchema, { token })).categories,
  );
}

export async function startFeedbackConversation(
  token: string,
  entries: Array<[string, string | Blob]>,
  idempotencyKey: string,
) {
  return (
    await callMultipart("POST", "/api/feedback_conversations", FeedbackConversationResponseSchema, {
      token,
      entries,
      headers: { "idempotency-key": idempotencyKey },
    })
  ).feedbackConversation;
}

export async function replyToFeedback(token: string, id: number, entries: Array<[string, string | Blob]>) {
  return (
    await callMultipart("POST", `/api/feedback_conversations/${id}/messages`, FeedbackConversationResponseSchema, {
      token,
      entries,
    })
  ).feedbackConversation;
}
