/**
 * A Commission Inquiry pre-filled from the reconciliation (issue 25 §3: "one click opens Commission Inquiry
 * pre-filled with the policy, the carrier, the period and the difference"; docs/decisions/037-commission-reconciliation.md).
 * Read by the inquiry's loader from the URL `inquiryHrefFor` (commission-reconciliation.ts) writes.
 */
import * as z from "zod/mini";
import { formatCents } from "./cents";
import { PERIOD_PATTERN, periodLabel } from "./commission-reconciliation";

/** The longest policy number a pre-filled inquiry takes (the form's reference is one line). */
const MAX_PREFILL_POLICY = 40;

/** Each value of the URL on its own: text as the URL has it, read into what the form takes. */
const PrefillSchema = {
  carrierId: z.pipe(
    z.string().check(z.regex(/^[1-9]\d{0,8}$/)),
    z.transform((v) => Number(v)),
  ),
  policy: z.string().check(z.maxLength(MAX_PREFILL_POLICY), z.regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/)),
  period: z.string().check(z.regex(PERIOD_PATTERN)),
  /** Whole cents, at most ±$99,999,999,999.99 (13 digits: always a safe integer). */
  difference: z.pipe(
    z.string().check(z.regex(/^-?\d{1,13}$/)),
    z.transform((v) => Number(v)),
  ),
};

/** What a pre-filled Commission Inquiry starts with. */
export interface InquiryPrefill {
  carrierId?: number;
  reference?: string;
  subject?: string;
  message?: string;
}

/**
 * The new inquiry's starting values from its URL (`inquiryHrefFor`): `carrierId`, `policy`, `period`, `difference`
 * (whole cents, received − expected). Each is read on its own and a missing, repeated or malformed one is left out
 * (never an error: the form is still there to fill in). The carrier must be one of `carrierIds` (the carriers the
 * form offers). Subject and message are written only when the policy and the period are both known.
 */
export function inquiryPrefillOf(params: URLSearchParams, carrierIds: readonly number[]): InquiryPrefill {
  const one = <T>(name: keyof typeof PrefillSchema, schema: z.ZodMiniType<T, string>): T | undefined => {
    const values = params.getAll(name);
    if (values.length !== 1) return undefined;
    const parsed = schema.safeParse(values[0]);
    return parsed.success ? parsed.data : undefined;
  };
  const carrierId = one("carrierId", PrefillSchema.carrierId);
  const policy = one("policy", PrefillSchema.policy);
  const period = one("period", PrefillSchema.period);
  const difference = one("difference", PrefillSchema.difference);
  const prefill: InquiryPrefill = {};
  if (carrierId !== undefined && carrierIds.includes(carrierId)) prefill.carrierId = carrierId;
  if (policy !== undefined) prefill.reference = policy;
  if (policy !== undefined && period !== undefined) {
    const month = periodLabel(period);
    const owed = difference !== undefined && difference < 0;
    prefill.subject = `Commission for policy ${policy}, ${month}`;
    prefill.message =
      difference === undefined || difference === 0
        ? `Please check the commission for policy ${policy} in the ${month} statement.`
        : `The ${month} statement pays policy ${policy} ${formatCents(Math.abs(difference))} ${
            owed ? "less" : "more"
          } than the commission schedule (difference ${formatCents(difference)}). Please check it and ${
            owed ? "pay the difference or tell me why it is not due" : "tell me whether it is right"
          }.`;
  }
  return prefill;
}
