/**
 * The fields of the carrier's record page (carriers/:id, issue 22 §2.1): one form (issue 37: it was two, each with
 * its Save) of the carrier's own fields and the chosen carrier product's resource (contacts and links first, then the
 * rich-text tabs in Contract Now's order).
 */
import type { FieldDef } from "~/components/admin/section-view";
import { type CARRIER_RESOURCE_HTML_FIELDS, type CarrierResourceField } from "./records";

/** The carrier's own fields, short ones (a status select, not a checkbox after the editors), first in the form. */
export const carrierFields: readonly FieldDef[] = [
  { name: "name", label: "Name", kind: "text" },
  {
    name: "active",
    label: "Status",
    kind: "select",
    options: [
      { value: "on", label: "Active" },
      { value: "off", label: "Inactive" },
    ],
    description: "Inactive: gone from Contract Now and the Learning Center. Its agents' contracts stay as they are.",
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
