/**
 * The forms of the carrier imports' pages (issue 24 §1), zod mini: the upload (carrier, kind, the file) and a carrier's
 * column mapping for a kind. The browser and the portal's server parse with these. Pure.
 */
import * as z from "zod/mini";
import { required } from "~/domain/validation";
import type { CarrierImportKind } from "./records";

export const CHOOSE_CARRIER_FILE = "Choose the carrier's file (CSV)";
export const MAX_CARRIER_FILE_MB = 50;

const pattern = (re: RegExp, message: string) => required(message).check(z.refine((v: string) => re.test(v), message));

const FACTS = {
  carrierId: pattern(/^\d{1,9}$/, "Choose the carrier"),
  kind: pattern(/^(rts|appointments|policies|enrollments)$/, "Choose what the file holds"),
};

/** The upload's facts, as the server reads them (the file streams apart). */
export const uploadFactsSchema = z.object(FACTS);

/** The upload form in the browser: the facts and a file. */
export const uploadSchema = z.object({
  ...FACTS,
  file: z.pipe(
    z.optional(z.custom<File>((v) => typeof File === "undefined" || v instanceof File)),
    z.transform((file: File | undefined, ctx) => {
      if (!file || file.size === 0) {
        ctx.issues.push({ code: "custom", message: CHOOSE_CARRIER_FILE, input: file });
        return z.NEVER;
      }
      if (file.size > MAX_CARRIER_FILE_MB * 1024 * 1024) {
        ctx.issues.push({ code: "custom", message: `The file is larger than ${MAX_CARRIER_FILE_MB} MB`, input: file });
        return z.NEVER;
      }
      return file;
    }),
  ),
});

const column = required("Choose the column");

/** The mapping form of each kind: a column for each of its fields. */
export const MAPPING_SCHEMAS = {
  rts: z.object({ npn: column, statusCode: column }),
  appointments: z.object({
    npn: column,
    state: column,
    appointmentStatus: column,
    effectiveDate: column,
    terminationReason: column,
  }),
  policies: z.object({
    policyNumber: column,
    agentNpn: column,
    memberName: column,
    product: column,
    status: column,
    effectiveDate: column,
  }),
  enrollments: z.object({
    confirmationNumber: column,
    agentNpn: column,
    memberName: column,
    medicareId: column,
    birthDate: column,
    planName: column,
    planType: column,
    contractPbp: column,
    county: column,
    state: column,
    enrollmentStatus: column,
    submittedDate: column,
    effectiveDate: column,
    terminationDate: column,
    terminationReason: column,
  }),
} satisfies Record<CarrierImportKind, z.ZodMiniObject>;

/** A form of one button (confirm, discard): its intent alone. */
