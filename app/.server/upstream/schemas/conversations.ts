import { z } from "zod";
import { StoredFileSchema } from "./files";

/*
 * ---- Conversations (issues 4, 12 and 22): one model of a broker's conversation with the organization, of two
 * kinds — a ticket (a support ticket or a commission inquiry, tickets.ts) and a feedback conversation
 * (feedback.ts). What every kind holds is here; each kind's schema adds its own fields.
 */

/** One message of a conversation, oldest first in its thread. */
export const ConversationMessageSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  /** Written by staff (support, the carrier that answers an inquiry, the organization), not the owner. */
  fromStaff: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  attachment: StoredFileSchema.nullable(),
});

/** What a conversation's summary holds whatever its kind. */
export const ConversationSummarySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  category: z.string(),
  createdAt: z.string(),
  /** The last message's time. */
  updatedAt: z.string(),
  messageCount: z.number().int().min(1),
});

/** GET /api/tickets/categories, GET /api/feedback_conversations/categories */
export const ConversationCategoriesResponseSchema = z.object({ categories: z.array(z.string()) });
