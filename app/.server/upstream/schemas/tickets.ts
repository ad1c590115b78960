import { z } from "zod";
import {
  ConversationCategoriesResponseSchema,
  ConversationMessageSchema,
  ConversationSummarySchema,
} from "./conversations";
import { PagingMetaSchema } from "./paging";

/* ---- Tickets (issue 4): support tickets and commission inquiries, conversations of the one model (conversations.ts) ---- */

export const TICKET_KINDS = ["support", "commission_inquiry"] as const;

export const TicketMessageSchema = ConversationMessageSchema;

export const TicketSummarySchema = ConversationSummarySchema.extend({
  kind: z.enum(TICKET_KINDS),
  status: z.enum(["Open", "Answered", "Closed"]),
  /** Commission inquiries: the statement or policy asked about, and the carrier that answers. */
  reference: z.string().nullable(),
  carrierName: z.string().nullable(),
  ownerName: z.string(),
});
export type TicketSummary = z.infer<typeof TicketSummarySchema>;

export const TicketSchema = TicketSummarySchema.extend({ messages: z.array(TicketMessageSchema) });
export type Ticket = z.infer<typeof TicketSchema>;

/** GET /api/tickets?kind=&page&perPage&search&sort&order */
export const TicketsResponseSchema = z.object({ tickets: z.array(TicketSummarySchema), meta: PagingMetaSchema });
/** GET /api/tickets/{id}, POST /api/tickets (201), POST /api/tickets/{id}/messages */
export const TicketResponseSchema = z.object({ ticket: TicketSchema });
/** GET /api/tickets/categories */
export const TicketCategoriesResponseSchema = ConversationCategoriesResponseSchema;
