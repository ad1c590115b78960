/**
 * The carriers section's form schemas (issue 22 §2.1), zod mini: the carrier's own (name, active) and, per carrier
 * product, its resource (spec §3: nine HTML fields, the contacts, links, certification date and package code). The
 * browser and the server check with them; each one's output is the upstream's PATCH body. Pure.
 */
import * as z from "zod/mini";
import { noControlCharacters, parseUsDate, singleLine } from "~/domain/validation";

/** The status select's "on" (active), or a checkbox's: true; "off" or nothing: false. */
const checkbox = z.pipe(
  z.optional(z.string()),
  z.transform((v: string | undefined) => v === "on" || v === "true"),
);

export const carrierSchema = z.object({
  name: singleLine("Enter the carrier's name").check(z.maxLength(80, { error: "At most 80 characters" })),
  active: checkbox,
});

/** An optional text checked by `ok` when given: "" → null. */
function optional(max: number, ok: (v: string) => boolean, message: string, multiline = false) {
  return z.pipe(
    z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(max, { error: `At most ${max.toLocaleString("en-US")} characters` }),
        noControlCharacters({ multiline }),
        z.refine((v) => v === "" || ok(v), message),
      ),
    ),
    z.transform((v: string | undefined) => (v ? v : null)),
  );
}

const anything = () => true;
const html = optional(20_000, anything, "", true);
const link = optional(500, (v) => /^https?:\/\/[^\s<>"]+$/i.test(v), "Enter a link starting with https://");

export const resourceSchema = z.object({
  description: html,
  agentGuide: html,
  certification: html,
  commissions: html,
  transferPolicy: html,
  technology: html,
  commissionPayments: html,
  orderingSupplies: html,
  additionalInfo: html,
  brokerServicesNumber: optional(40, (v) => /^[0-9()+\-.\s extEXT]{7,40}$/.test(v), "Enter a phone number"),
  brokerSupportedEmail: optional(
    120,
    (v) => /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(v),
    "Enter an e-mail address such as support@carrier.com",
  ),
  carrierPortalLink: link,
  certificationLink: link,
  certificationDate: z.pipe(
    optional(10, (v) => parseUsDate(v) !== null, "Enter a date as MM/DD/YYYY"),
    z.transform((v: string | null) => (v ? parseUsDate(v) : null)),
  ),
  packageCode: optional(40, anything, ""),
});

/** The carrier's record page: one form, the carrier's own fields and the chosen product's resource (issue 37). */
export const carrierRecordSchema = z.extend(carrierSchema, resourceSchema.shape);
