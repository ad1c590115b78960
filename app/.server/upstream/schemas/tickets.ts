import { z } from "zod";
import { StoredFileSchema } from "./files";
import { PagingMetaSchema } from "./paging";

/* ---- Tickets (issue 4): support tickets and commission inquiries, with their conversations ---- */

export const TICKET_KINDS = ["support", "commission_inquiry"] as const;

export const TicketMessageSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  /** Written by support staff or the carrier (not the ticket's owner). */
  fromStaff: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  attachment: StoredFileSchema.nullable(),
});

export const TicketSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_KINDS),
  subject: z.string(),
  category: z.string(),
  status: z.enum(["Open", "Answered", "Closed"]),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.number().int(),
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
export const TicketCategoriesResponseSchema = z.object({ categories: z.array(z.string()) });
