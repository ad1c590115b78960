import { z } from "zod";

/* ---- Feedback conversations: unread and unresponded message counts ---- */

/** GET /api/feedback_conversations/show_unread_messages */
export const UnreadMessagesSchema = z.object({ unread_messages: z.number().int().min(0) });
/** GET /api/feedback_conversations/show_unresponded_messages */
export const UnrespondedMessagesSchema = z.object({ unresponded_messages: z.number().int().min(0) });
