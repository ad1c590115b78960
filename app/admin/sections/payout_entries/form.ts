import type { SectionFormDef } from "~/components/admin/section-view";
import {
  type AdminPayoutEntry,
  PAYOUT_DIRECTIONS,
  PAYOUT_DIRECTION_LABELS,
  PAYOUT_KINDS,
  PAYOUT_KIND_LABELS,
} from "./records";
import { entrySchema } from "./schemas";

/**
 * The entry's fields (issue 23 §3): drawn by the section's own form (entry-form.tsx, on the new and record pages:
 * the period is a month input there), and naming the fields in the record's history.
 */
export const form: SectionFormDef<AdminPayoutEntry> = {
  newSchema: entrySchema,
  editSchema: entrySchema,
  fields: [
    { name: "userId", label: "Agent or agency", kind: "select", options: { facet: "brokers" } },
    {
      name: "kind",
      label: "Kind",
      kind: "select",
      options: PAYOUT_KINDS.map((value) => ({ value, label: PAYOUT_KIND_LABELS[value] })),
    },
    {
      name: "direction",
      label: "Direction",
      kind: "select",
      options: PAYOUT_DIRECTIONS.map((value) => ({ value, label: PAYOUT_DIRECTION_LABELS[value] })),
      description: "Fees and chargeback recoveries are deductions; bonuses and advances payments",
    },
    { name: "amount", label: "Amount", kind: "text", description: "In dollars, e.g. $1,234.50 (always positive)" },
    { name: "period", label: "Period", kind: "text", description: "The month it is paid with (MM/YYYY)" },
    { name: "policyNumber", label: "Policy number", kind: "text", description: "Optional: the policy it is about" },
    { name: "memo", label: "Memo", kind: "textarea", description: "What it is for, at most 500 characters" },
  ],
  newIntro:
    "A one-time payment or deduction outside the carriers' statements. It waits for another administrator's approval; only approved entries reach the totals.",
  createdText: () => "Payout entry created: another administrator must approve it.",
};
