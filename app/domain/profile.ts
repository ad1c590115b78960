import * as z from "zod/mini";
import { digitsOf, isValidPhone } from "./masked-values";
import { isEmptyFile, uploadProblem } from "./uploads";
import { invalid, noControlCharacters, required, singleLine, usDate } from "./validation";

/**
 * The profile page (issue 12): the personal details an agent or agency may change, and the rules its
 * licenses table shows. Shared by the browser (conform) and the server; the upstream checks again.
 */

export const MAX_ADDRESS_LENGTH = 200;
export const MAX_CITY_LENGTH = 100;

function limited(message: string, max: number, tooLong: string) {
  return singleLine(message).check(z.maxLength(max, tooLong));
}

const detailsFields = z.object({
  phone: required("Enter your phone number").check(
    z.refine(isValidPhone, "Enter a 10-digit phone number (an extension may follow)"),
  ),
  addressLine1: limited("Enter your street address", MAX_ADDRESS_LENGTH, "Keep the address under 200 characters"),
  addressLine2: z.optional(
    z
      .string()
      .check(z.trim(), z.maxLength(MAX_ADDRESS_LENGTH, "Keep the address under 200 characters"), noControlCharacters()),
  ),
  city: limited("Enter your city", MAX_CITY_LENGTH, "Keep the city under 100 characters"),
  state: z
    .pipe(
      required("Enter your state"),
      z.transform((v: string) => v.toUpperCase()),
    )
    .check(z.refine((v) => /^[A-Z]{2}$/.test(v), "Use the 2-letter state code")),
  zip: required("Enter your ZIP code").check(z.refine((v) => /^\d{5}$/.test(v), "Enter a 5-digit ZIP code")),
});

/**
 * The details the upstream lets a broker change: phone and address (name, e-mail and NPN come from the
 * licensing record, agency and upline from the hierarchy). Output: the phone's digits, no blank line 2.
 */
export const profileDetailsSchema = z.pipe(
  detailsFields,
  z.transform((value: z.output<typeof detailsFields>) => ({
    ...value,
    phone: digitsOf(value.phone),
    addressLine2: value.addressLine2 ? value.addressLine2 : null,
  })),
);
export type ProfileDetailsInput = z.output<typeof profileDetailsSchema>;

export const CHOOSE_THE_FILE = "Choose the file to upload (image or PDF)";
export const ENTER_EXPIRY_DATE = "Enter the expiry date as MM/DD/YYYY";

/**
 * A compliance document's upload (issue 12): the file, under the upload rules, and for a certificate that
 * runs out its expiry date, today or later (an expired certificate is no valid replacement).
 */
export function documentUploadSchema(options: { expires: boolean; today: string }) {
  return z.object({
    // Required: "no file chosen" (absent, or the empty file a browser sends) is refused, then the upload rules.
    file: z.pipe(
      z.optional(z.instanceof(File)),
      z.transform((file: File | undefined, ctx) => {
        if (!file || isEmptyFile(file)) return invalid(ctx, CHOOSE_THE_FILE);
        const problem = uploadProblem(file);
        return problem ? invalid(ctx, problem) : file;
      }),
    ),
    expiresOn: options.expires ? usDate(ENTER_EXPIRY_DATE, { min: options.today }) : z.optional(z.string()),
  });
}
