import * as z from "zod/mini";
import { digitsOf, isValidEin, isValidPhone, isValidSsn } from "./masked-values";
import { SignatureSchema } from "./signature";
import { isEmptyFile } from "./uploads";
import { optionalUpload, required, singleLine, usDate } from "./validation";

/**
 * The forms of the onboarding steps (issue 3), shared by the client (conform, instant validation) and
 * the server (the same parse before anything is sent upstream).
 */

/** The same calendar day `years` earlier (date-of-birth bound: adults only). */
export function isoYearsAgo(today: string, years: number): string {
  return `${Number(today.slice(0, 4)) - years}${today.slice(4, 10)}`;
}

export const TAX_ID_REQUIRED = "Enter your SSN (###-##-####) or your agency's EIN (##-#######)";

/** A 2-letter state code, upper-cased. */
function stateCode(message: string) {
  return z
    .pipe(
      required(message),
      z.transform((v: string) => v.toUpperCase()),
    )
    .check(z.refine((v) => /^[A-Z]{2}$/.test(v), "Use the 2-letter state code"));
}

/** Personal details; the SSN/TIN is asked when the role requires it and none is on file yet. */
export function personalSchema(options: { today: string; taxIdRequired: boolean }) {
  const fields = z
    .object({
      firstName: singleLine("Enter your first name"),
      lastName: singleLine("Enter your last name"),
      phone: required("Enter your phone number").check(z.refine(isValidPhone, "Enter a 10-digit phone number")),
      dateOfBirth: usDate("Enter your date of birth as MM/DD/YYYY", {
        min: "1900-01-01",
        max: isoYearsAgo(options.today, 18),
      }),
      addressLine1: singleLine("Enter your street address"),
      city: singleLine("Enter your city"),
      state: stateCode("Enter your state"),
      zip: required("Enter your ZIP code").check(z.refine((v) => /^\d{5}$/.test(v), "Enter a 5-digit ZIP code")),
      taxIdType: z.optional(z.enum(["ssn", "ein"])),
      taxId: z.optional(z.string().check(z.trim())),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (!value.taxId) {
          if (options.taxIdRequired) ctx.addIssue({ code: "custom", path: ["taxId"], message: TAX_ID_REQUIRED });
          return;
        }
        const type = value.taxIdType ?? "ssn";
        const valid = type === "ssn" ? isValidSsn(value.taxId) : isValidEin(value.taxId);
        if (!valid) {
          ctx.addIssue({
            code: "custom",
            path: ["taxId"],
            message: type === "ssn" ? "Enter the SSN as ###-##-####" : "Enter the EIN as ##-#######",
          });
        }
      }),
    );
  return z.pipe(
    fields,
    z.transform((value: z.output<typeof fields>) => ({
      ...value,
      phone: digitsOf(value.phone),
      taxId: value.taxId ? digitsOf(value.taxId) : undefined,
    })),
  );
}

function isoNextDay(today: string): string {
  const date = new Date(`${today.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A license to add: its expiry must be in the future. */
export function licenseSchema(options: { today: string }) {
  return z.object({
    state: stateCode("Enter the state"),
    licenseNumber: singleLine("Enter the license number"),
    licenseType: singleLine("Enter the license type"),
    expiresOn: usDate("Enter the expiry date as MM/DD/YYYY", { min: isoNextDay(options.today) }),
  });
}

export const bankingSchema = z.object({
  accountHolder: singleLine("Enter the account holder's name"),
  accountType: z.enum(["checking", "savings"], { error: "Choose checking or savings" }),
  routingNumber: required("Enter the routing number").check(
    z.refine((v) => /^\d{9}$/.test(digitsOf(v)), "A routing number has 9 digits"),
  ),
  accountNumber: required("Enter the account number").check(
    z.refine((v) => /^\d{4,17}$/.test(digitsOf(v)), "An account number has 4 to 17 digits"),
  ),
});

export const DOCUMENT_KINDS = [
  { kind: "w9", label: "W-9 form" },
  { kind: "eo", label: "E&O certificate" },
] as const;

/** Each document is required unless one of that kind is already stored. */
export function documentsSchema(stored: ReadonlyArray<"w9" | "eo">) {
  return z.object({ w9: optionalUpload, eo: optionalUpload }).check(
    z.superRefine((value, ctx) => {
      for (const { kind, label } of DOCUMENT_KINDS) {
        const file = value[kind];
        if (!stored.includes(kind) && (!file || isEmptyFile(file))) {
          ctx.addIssue({ code: "custom", path: [kind], message: `Attach your ${label} (image or PDF)` });
        }
      }
    }),
  );
}

export const signatureFormSchema = z.object({ signature: SignatureSchema });

const checkbox = z.pipe(
  z.optional(z.string()),
  z.transform((v: string | undefined) => v === "on" || v === "true"),
);
export const optoutSchema = z.object({ marketingEmails: checkbox, leadPrograms: checkbox });
