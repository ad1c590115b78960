import { z } from "zod";
import {
  ConversationCategoriesResponseSchema,
  ConversationMessageSchema,
  ConversationSummarySchema,
} from "./conversations";
import { PagingMetaSchema } from "./paging";

/*
 * ---- Feedback conversations (issue 12): the user's conversations with the organization's staff, conversations of
 * the one model (conversations.ts) ----
 */

/** GET /api/feedback_conversations/show_unread_messages: the staff messages the user has not read. */
export const UnreadMessagesSchema = z.object({ unread_messages: z.number().int().min(0) });
/** GET /api/feedback_conversations/show_unresponded_messages: the conversations whose last message is staff's. */
export const UnrespondedMessagesSchema = z.object({ unresponded_messages: z.number().int().min(0) });

export const FEEDBACK_LIST_FILTERS = ["unread", "unresponded"] as const;

export const FeedbackMessageSchema = ConversationMessageSchema.extend({
  /** A staff message the owner has opened; the owner's own messages are always read. */
  read: z.boolean(),
});
export type FeedbackMessage = z.infer<typeof FeedbackMessageSchema>;

export const FeedbackConversationSummarySchema = ConversationSummarySchema.extend({
  /** The owner's optional rating, 1 (poor) to 5 (excellent). */
  rating: z.number().int().min(1).max(5).nullable(),
  /** Staff messages of this conversation the owner has not read. */
  unreadCount: z.number().int().min(0),
  /** The last message is staff's and it is not closed: the conversation waits for the owner's reply. */
  awaitingReply: z.boolean(),
  /** When staff closed it (issue 22), null while open; the owner's reply opens it again. */
  closedAt: z.string().nullable(),
  lastMessage: z.object({
    author: z.string(),
    fromStaff: z.boolean(),
    /** The start of its text, at most 140 characters (cut at a word, with "…"). */
    excerpt: z.string(),
    createdAt: z.string(),
  }),
});
export type FeedbackConversationSummary = z.infer<typeof FeedbackConversationSummarySchema>;

export const FeedbackConversationSchema = FeedbackConversationSummarySchema.extend({
  /** Oldest first. */
  messages: z.array(FeedbackMessageSchema),
});
export type FeedbackConversation = z.infer<typeof FeedbackConversationSchema>;

/** GET /api/feedback_conversations?filter=unread|unresponded&page&perPage&search&sort&order */
export const FeedbackConversationsResponseSchema = z.object({
  feedbackConversations: z.array(FeedbackConversationSummarySchema),
  meta: PagingMetaSchema,
});
/** GET /api/feedback_conversations/{id}, POST /api/feedback_conversations (201), POST …/{id}/messages */
export const FeedbackConversationResponseSchema = z.object({ feedbackConversation: FeedbackConversationSchema });
/** POST /api/feedback_conversations/{id}/read: the conversation, and the staff messages this call marked read. */
export const FeedbackConversationReadSchema = FeedbackConversationResponseSchema.extend({
  markedRead: z.array(z.number().int()),
});
/** GET /api/feedback_conversations/categories */
export const FeedbackCategoriesResponseSchema = ConversationCategoriesResponseSchema;
