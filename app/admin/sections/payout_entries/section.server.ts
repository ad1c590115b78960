/**
 * The payout entries section's server half (issue 23 §3; contract.server.ts): the list and export (the shared list
 * page), and for the section's own new and record pages (routes/admin.payout_entries.*.tsx) the choices of broker,
 * the writes, Approve and Reject.
 */
import { centsText } from "~/domain/cents";
import { type SectionServer, text } from "~/.server/admin/section-server";
import { adminCall, adminResource } from "~/.server/upstream/admin";
import type { z } from "zod";
import {
  AdminPayoutChoicesSchema,
  type AdminPayoutDecisionSchema,
  type AdminPayoutEntryBody,
  AdminPayoutEntryBodySchema,
  AdminPayoutEntryResponseSchema,
  AdminPayoutEntriesResponseSchema,
} from "./contract.server";
import { type AdminPayoutEntry, DEFAULT_DIRECTION } from "./records";
import { type EntryFormValue, entryBody } from "./schemas";
import { hasControlCharacters, toUsMonth } from "~/domain/validation";

const api = adminResource("payout_entries", {
  list: AdminPayoutEntriesResponseSchema,
  one: AdminPayoutEntryResponseSchema,
  body: AdminPayoutEntryBodySchema,
});

const RecordSchema = AdminPayoutEntryResponseSchema.pick({ record: true });

export const payoutChoices = async (token: string) =>
  adminCall(token, "GET", "payout_entries/choices", AdminPayoutChoicesSchema);

export const createPayoutEntry = async (token: string, value: EntryFormValue) =>
  api.create(token, entryBody(value) satisfies AdminPayoutEntryBody);

export const updatePayoutEntry = async (token: string, id: number, value: EntryFormValue) =>
  api.update(token, id, entryBody(value));

export const deletePayoutEntry = async (token: string, id: number) => api.remove(token, id);

/** Approve or Reject, with the entry's version the page showed (another one: the upstream's 409 "stale"). */
export async function decidePayoutEntry(
  token: string,
  id: number,
  verdict: "approve" | "reject",
  decision: { note: string | null; version: number },
): Promise<AdminPayoutEntry> {
  const body = { note: decision.note, version: decision.version } satisfies z.input<typeof AdminPayoutDecisionSchema>;
  return (await adminCall(token, "POST", `payout_entries/${id}/${verdict}`, RecordSchema, { body })).record;
}

export const payoutEntryRecord = async (token: string, id: number) => api.record(token, id);

/** An entry as the form's values: the amount positive, its sign as the direction. */
export function entryFormValues(e: AdminPayoutEntry) {
  const cents = Math.abs(e.amountCents);
  return {
    userId: String(e.agent.id),
    kind: e.kind,
    direction: e.amountCents < 0 ? "deduction" : "payment",
    amount: centsText(cents),
    period: toUsMonth(e.period),
    policyNumber: text(e.policy?.policyNumber),
    memo: e.memo,
  };
}

/** The new page's values from its URL (the statements page links "record a correcting entry" here). */
export function prefillOf(query: URLSearchParams): Record<string, string | undefined> {
  const pick = (name: string, max: number) => {
    const v = query.get(name);
    return v && v.length <= max && !hasControlCharacters(v, { multiline: true }) ? v : undefined;
  };
  const kinds = Object.keys(DEFAULT_DIRECTION) as Array<keyof typeof DEFAULT_DIRECTION>;
  const kind = kinds.find((k) => k === query.get("kind"));
  const direction = query.get("direction");
  const userId = pick("userId", 9);
  const period = pick("period", 7);
  return {
    userId: userId && /^\d+$/.test(userId) ? userId : undefined,
    kind,
    direction:
      direction === "payment" || direction === "deduction" ? direction : kind ? DEFAULT_DIRECTION[kind] : undefined,
    amount: pick("amount", 20),
    period: period && /^\d{4}-\d\d$/.test(period) ? toUsMonth(period) : undefined,
    policyNumber: pick("policy", 40),
    memo: pick("memo", 500),
  };
}

export const server: SectionServer<AdminPayoutEntry> = {
  list: async (token, params) => api.list(token, params),
  record: async (token, id) => api.record(token, id),
  exportCsv: async (token, params) => api.exportCsv(token, params),
  form: {
    create: async (token, value) => createPayoutEntry(token, value as EntryFormValue),
    update: async (token, id, value) => updatePayoutEntry(token, id, value as EntryFormValue),
    formValues: entryFormValues,
  },
};
