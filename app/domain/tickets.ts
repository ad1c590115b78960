import * as z from "zod/mini";
import { optionalUpload, required, singleLine } from "./validation";

/** The longest subject and message of a ticket (the reference API refuses longer ones too). */
export const MAX_TICKET_SUBJECT = 120;
export const MAX_TICKET_MESSAGE = 5000;

/** Contact support (issue 4): subject, category, message, optional attachment. */
export function supportTicketSchema(categories: readonly string[]) {
  return z.object({
    subject: z.pipe(
      singleLine("Enter a subject"),
      z.string().check(z.maxLength(MAX_TICKET_SUBJECT, "Keep the subject under 120 characters")),
    ),
    category: z
      .string({ error: "Choose a category" })
      .check(z.refine((v) => categories.includes(v), "Choose a category")),
    message: z.pipe(
      required("Write your message"),
      z.string().check(z.maxLength(MAX_TICKET_MESSAGE, "Keep the message under 5000 characters")),
    ),
    attachment: optionalUpload,
  });
}

/** A reply in a ticket's conversation. */
export const ticketReplySchema = z.object({
  message: z.pipe(
    required("Write your reply"),
    z.string().check(z.maxLength(MAX_TICKET_MESSAGE, "Keep the reply under 5000 characters")),
  ),
  attachment: optionalUpload,
});

/** The entries of the multipart body the upstream takes (the attachment only when one was chosen). */
export function ticketEntries(fields: Record<string, string | File | undefined>): Array<[string, string | Blob]> {
  return Object.entries(fields).flatMap(([key, value]): Array<[string, string | Blob]> => {
    if (value === undefined) return [];
    if (value instanceof File) return value.size > 0 ? [[key, value]] : [];
    return [[key, value]];
  });
}

/** A commission inquiry (issue 4): about a statement or a policy, addressed to a carrier. */
export function commissionInquirySchema(carrierIds: readonly number[]) {
  return z.object({
    carrierId: z.coerce
      .number({ error: "Choose the carrier" })
      .check(z.refine((id) => carrierIds.includes(id), "Choose the carrier")),
    reference: singleLine("Enter the statement or policy number"),
    subject: z.pipe(
      singleLine("Enter a subject"),
      z.string().check(z.maxLength(MAX_TICKET_SUBJECT, "Keep the subject under 120 characters")),
    ),
    message: z.pipe(
      required("Write your question"),
      z.string().check(z.maxLength(MAX_TICKET_MESSAGE, "Keep the message under 5000 characters")),
    ),
    attachment: optionalUpload,
  });
}
