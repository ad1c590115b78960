/**
 * The payout entries section's forms, zod mini (issue 23 §3, ADR 015/024): the entry (new and edit), Approve (a note
 * optional) and Reject (a note required). The browser and the portal's server check with them; the upstream checks
 * again. The amount is typed positive with spec §5's currency cleaning (parseCents: "$1,234.50" → 123450 cents) and
 * the direction says whether it is paid or taken back (a deduction is sent negative).
 */
import * as z from "zod/mini";
import { CENTS_PROBLEM_TEXT, parseCents } from "~/domain/cents";
import { optionalText, requiredId } from "~/domain/admin/forms";
import { recordVersion } from "~/domain/record-version";
import { invalid, noControlCharacters, required, usMonth } from "~/domain/validation";
import { DEFAULT_DIRECTION, MAX_MEMO, PAYOUT_DIRECTIONS, PAYOUT_KINDS, type PayoutDirection } from "./records";

export const AMOUNT_POSITIVE = "Enter a positive amount: choose Deduction to take money back.";
export const AMOUNT_ZERO = "The amount cannot be zero.";

/** An amount typed as currency → whole cents, above zero. */
export const positiveCents = z.pipe(
  required("Enter the amount"),
  z.transform((v: string, ctx) => {
    const parsed = parseCents(v);
    if ("problem" in parsed) return invalid(ctx, CENTS_PROBLEM_TEXT[parsed.problem]);
    if (parsed.cents < 0) return invalid(ctx, AMOUNT_POSITIVE);
    if (parsed.cents === 0) return invalid(ctx, AMOUNT_ZERO);
    return parsed.cents;
  }),
);

export const entrySchema = z.object({
  userId: requiredId("Choose the agent or agency"),
  kind: z.enum(PAYOUT_KINDS, { error: "Choose the kind" }),
  /** Left empty: the kind's usual direction (DEFAULT_DIRECTION). */
  direction: z.pipe(
    z.optional(z.union([z.enum(PAYOUT_DIRECTIONS), z.literal("")], { error: "Choose payment or deduction" })),
    z.transform((v: "" | PayoutDirection | undefined) => (v ? v : null)),
  ),
  amount: positiveCents,
  period: usMonth("Enter the period as a month: MM/YYYY"),
  policyNumber: optionalText(40, "At most 40 characters"),
  memo: required("Enter a memo").check(z.maxLength(MAX_MEMO, { error: `At most ${MAX_MEMO} characters` })),
});
export type EntryFormValue = z.output<typeof entrySchema>;

/** The upstream's body of a form's value: the amount signed by its direction. */
export function entryBody(v: EntryFormValue) {
  return {
    userId: v.userId,
    kind: v.kind,
    amountCents: (v.direction ?? DEFAULT_DIRECTION[v.kind]) === "deduction" ? -v.amount : v.amount,
    period: v.period,
    policyNumber: v.policyNumber,
    memo: v.memo,
  };
}

/** Approve and Reject carry the entry's version the page showed (issue 35 §2: a changed entry is refused, 409). */
export const approveSchema = z.object({
  version: recordVersion,
  note: optionalText(MAX_MEMO, `At most ${MAX_MEMO} characters`),
});
export const rejectSchema = z.object({
  version: recordVersion,
  note: required("Say why the entry is rejected").check(
    z.maxLength(MAX_MEMO, { error: `At most ${MAX_MEMO} characters` }),
    noControlCharacters({ multiline: true }),
  ),
});

/** Delete: its intent alone (the creator's own pending entry). */
export const deleteSchema = z.object({});
