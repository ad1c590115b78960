/**
 * The carriers section's forms (issue 22 §2.1), zod mini: the carrier's own (name, active) and, per carrier product,
 * its resource (spec §3: nine HTML fields edited as rich text, the contacts, links, certification date and package
 * code). Loaded only by the carrier's record page. Each schema's output is the upstream's PATCH body.
 */
import * as z from "zod/mini";
import type { FieldDef } from "~/components/admin/section-view";
import { noControlCharacters, parseUsDate, singleLine } from "~/domain/validation";
import { CARRIER_RESOURCE_HTML_FIELDS, type CarrierResourceField } from "./records";

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

export const carrierFields: readonly FieldDef[] = [
  { name: "name", label: "Name", kind: "text" },
  {
    name: "active",
    label: "Active",
    kind: "checkbox",
    description: "Inactive: gone from Contract Now and the Learning Center. Its brokers' contracts stay as they are.",
  },
];

const HTML_LABELS: Record<(typeof CARRIER_RESOURCE_HTML_FIELDS)[number], string> = {
  description: "Description",
  transferPolicy: "Transfer policy",
  agentGuide: "Agent guide",
  certification: "Certification",
  commissions: "Commissions",
  commissionPayments: "Commission payments",
  technology: "Technology",
  orderingSupplies: "Ordering supplies",
  additionalInfo: "Additional info",
};

/** The resource form's fields: contacts and links first (short), then the rich-text tabs in Contract Now's order. */
export const resourceFields: readonly FieldDef[] = [
  { name: "brokerServicesNumber", label: "Broker services number", kind: "text" },
  { name: "brokerSupportedEmail", label: "Broker support e-mail", kind: "email" },
  { name: "carrierPortalLink", label: "Carrier portal link", kind: "text", description: "https://…" },
  { name: "certificationLink", label: "Certification link", kind: "text", description: "https://…" },
  {
    name: "certificationDate",
    label: "Certification date",
    kind: "date",
    description: "MM/DD/YYYY. Empty: agents see TBA",
  },
  { name: "packageCode", label: "Package code", kind: "text", description: "Empty: agents see TBA" },
  ...(
    [
      "description",
      "transferPolicy",
      "agentGuide",
      "certification",
      "commissions",
      "commissionPayments",
      "technology",
      "orderingSupplies",
      "additionalInfo",
    ] as const satisfies readonly CarrierResourceField[]
  ).map((name): FieldDef => ({ name, label: HTML_LABELS[name], kind: "richtext" })),
];
