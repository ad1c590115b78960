/**
 * The forms of the commission statements' pages (issue 23 §1), zod mini: the import (carrier, period, the carrier's
 * statement date, the file), a carrier's column mapping, and a line's reconciliation (match to a policy, to an agent,
 * or set aside with a note). The browser and the portal's server parse with these. Pure.
 */
import * as z from "zod/mini";
import { recordVersion } from "~/domain/record-version";
import { required, usDate, usMonth } from "~/domain/validation";

export const CHOOSE_STATEMENT_FILE = "Choose the carrier's statement file (CSV)";
export const MAX_STATEMENT_MB = 50;

// A refinement rather than z.regex, and a shared shape rather than z.extend: the zod mini parts every form page
// already loads (the form layer's chunk holds what any page's schema uses).
const pattern = (re: RegExp, message: string) => required(message).check(z.refine((v: string) => re.test(v), message));

/**
 * The import's facts: the carrier, the period (typed MM/YYYY, read as YYYY-MM) and the carrier's statement date
 * (typed MM/DD/YYYY, read as YYYY-MM-DD), as the shared month and date fields take them (issue 37 §4).
 */
const FACTS = {
  carrierId: pattern(/^\d{1,9}$/, "Choose the carrier"),
  period: usMonth("Enter the period as MM/YYYY"),
  carrierStatementDate: usDate("Enter the date as MM/DD/YYYY"),
};

/** The import's facts, as the server reads them (the file streams apart). */
export const importFactsSchema = z.object(FACTS);

/** The import form in the browser: the facts and a file. */
export const importSchema = z.object({
  ...FACTS,
  file: z.pipe(
    z.optional(z.custom<File>((v) => typeof File === "undefined" || v instanceof File)),
    z.transform((file: File | undefined, ctx) => {
      if (!file || file.size === 0) {
        ctx.issues.push({ code: "custom", message: CHOOSE_STATEMENT_FILE, input: file });
        return z.NEVER;
      }
      if (file.size > MAX_STATEMENT_MB * 1024 * 1024) {
        ctx.issues.push({ code: "custom", message: `The file is larger than ${MAX_STATEMENT_MB} MB`, input: file });
        return z.NEVER;
      }
      return file;
    }),
  ),
});

const column = required("Choose the column");
export const mappingSchema = z.object({ policyNumber: column, memberName: column, kind: column, amount: column });

export const policyMatchSchema = z.object({ policyNumber: required("Enter the policy number") });
export const agentMatchSchema = z.object({ agentUserId: pattern(/^\d{1,9}$/, "Choose the agent") });
export const setAsideSchema = z.object({ note: required("Say why the line is set aside") });

export const RECONCILE_INTENTS = ["policy", "agent", "set_aside"] as const;
export type ReconcileIntent = (typeof RECONCILE_INTENTS)[number];
export const RECONCILE_SCHEMAS = { policy: policyMatchSchema, agent: agentMatchSchema, set_aside: setAsideSchema };

/** The lock: the statement's version the page showed (issue 35 §2: a statement changed since is refused, 409). */
export const lockSchema = z.object({ version: recordVersion });
