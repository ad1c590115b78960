/**
 * The forms of a conversation's admin page (issue 22), zod mini: a public answer, an internal note, the assignee,
 * close / reopen. Each is a plain form posting its `intent`; the browser and the portal's server parse with these.
 * Pure: no I/O.
 */
import * as z from "zod/mini";
import { chosenIds } from "~/domain/admin/forms";
import { required } from "~/domain/validation";

/**
 * A message's most characters: the upstream's (MAX_TICKET_MESSAGE, app/domain/tickets.ts; forms.test.ts checks they
 * agree), written here so that the conversation page does not load the brokers' ticket forms for one number.
 */
export const MAX_MESSAGE = 5000;

export const CONVERSATION_INTENTS = ["answer", "note", "assign", "close", "reopen"] as const;
export type ConversationIntent = (typeof CONVERSATION_INTENTS)[number];

const longText = (blank: string) =>
  z.pipe(required(blank), z.string().check(z.maxLength(MAX_MESSAGE, `Keep it under ${MAX_MESSAGE} characters`)));

export const answerSchema = z.object({ message: longText("Write the answer") });
export const noteSchema = z.object({ note: longText("Write the note") });
/** "" = not assigned. */
export const assignSchema = z.object({
  assigneeId: z.pipe(
    z.optional(
      z.string().check(
        z.trim(),
        z.refine((v) => /^(\d{1,9})?$/.test(v), "Choose an administrator"),
      ),
    ),
    z.transform((v: string | undefined) => (v ? Number(v) : null)),
  ),
});
/** Close and reopen: nothing but the intent. */
export const statusSchema = z.object({});

export const CONVERSATION_SCHEMAS = {
  answer: answerSchema,
  note: noteSchema,
  assign: assignSchema,
  close: statusSchema,
  reopen: statusSchema,
} as const;

/** The list's bulk assign: the chosen rows (hidden fields) and an administrator, or `none` to unassign them. */
export const bulkAssignSchema = z.object({
  id: chosenIds,
  assigneeId: z.pipe(
    required("Choose an administrator, or Unassigned").check(
      z.refine((v) => v === "none" || /^\d{1,9}$/.test(v), "Choose an administrator, or Unassigned"),
    ),
    z.transform((v: string) => (v === "none" ? null : Number(v))),
  ),
});
