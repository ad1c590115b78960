/**
 * The forms of e-mail communications (issue 22 §2.5), zod mini: the template (subject, body), the test's user, the
 * message to users (its filter, then the confirmation of its recipient count). The upstream checks the
 * placeholders (422 at the field). Pure: no I/O.
 */
import * as z from "zod/mini";
import { required, singleLine } from "~/domain/validation";

const subject = singleLine("Enter the subject").check(z.maxLength(200, { error: "At most 200 characters" }));
const body = required("Enter the text of the e-mail").check(
  z.maxLength(10_000, { error: "At most 10,000 characters" }),
);

/** The most users one message may go to (the upstream's EMAIL_MESSAGE_CAP). */
export const MESSAGE_CAP = 500;

export const templateSchema = z.object({ subject, body });

function optionalId(message: string) {
  return z.pipe(
    z.optional(
      z.string().check(
        z.trim(),
        z.refine((v) => /^(\d{1,9})?$/.test(v), message),
      ),
    ),
    z.transform((v: string | undefined) => (v ? Number(v) : null)),
  );
}

function optionalOf<const T extends readonly string[]>(values: T, message: string) {
  return z.pipe(
    z.optional(z.string().check(z.refine((v) => v === "" || values.includes(v), message))),
    z.transform((v: string | undefined) => (v ? (v as T[number]) : null)),
  );
}

export const DOCUMENT_CHOICES = [
  { value: "awaiting_review", label: "An upload awaits review" },
  { value: "notifications", label: "A document was rejected or ran out" },
] as const;

export const CONTRACT_CHOICES = [
  { value: "pending", label: "A contract request is pending" },
  { value: "approved", label: "A contract request is approved" },
  { value: "denied", label: "A contract request was denied" },
  { value: "active", label: "A contract is active" },
  { value: "none", label: "No contract request" },
] as const;

export const messageFilterFields = {
  roleId: optionalId("Choose a role from the list"),
  agencyId: optionalId("Choose an agency from the list"),
  documents: optionalOf(
    DOCUMENT_CHOICES.map((c) => c.value),
    "Choose a documents state from the list",
  ),
  contracts: optionalOf(
    CONTRACT_CHOICES.map((c) => c.value),
    "Choose a contracts state from the list",
  ),
};

/**
 * The composer: the message and its filter. `recipients` is the count the administrator was shown and confirms
 * (absent on the first submit, which only counts).
 */
export const messageSchema = z.object({
  subject,
  body,
  ...messageFilterFields,
  recipients: z.pipe(
    z.optional(z.string().check(z.refine((v) => /^\d{0,6}$/.test(v), "Count the recipients again"))),
    z.transform((v: string | undefined) => (v ? Number(v) : null)),
  ),
});

export const testSchema = z.object({ userId: optionalId("Choose a user from the list") });
