import { call } from "./client";
import { UnreadMessagesSchema, UnrespondedMessagesSchema } from "./schemas/feedback";

export async function unreadMessages(token: string) {
  return (await call("GET", "/api/feedback_conversations/show_unread_messages", UnreadMessagesSchema, { token }))
    .unread_messages;
}

export async function unrespondedMessages(token: string) {
  return (
    await call("GET", "/api/feedback_conversations/show_unresponded_messages", UnrespondedMessagesSchema, { token })
  ).unresponded_messages;
}
