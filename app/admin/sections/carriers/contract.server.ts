/**
 * The carriers section's upstream contract (issue 22 §2.1, docs/upstream-api.md "Admin area: carriers"):
 * - GET   /api/admin/carriers?page&perPage&search&sort&order&active&productId → { records, meta, facets }
 *         search: name; sorts: name, products, activeContracts, updatedAt; facets: active, productId
 * - GET   /api/admin/carriers/export?<the same> → text/csv
 * - GET   /api/admin/carriers/:id → { record, products, history } (products: each carrier product and its resource)
 * - PATCH /api/admin/carriers/:id { name?, active? } → { record }
 * - PATCH /api/admin/carriers/:id/products/:carrierProductId { <resource fields> } → { record, product }
 * The upstream stores the HTML fields sanitised (the rules the agent pages display with); a link must be http(s),
 * an e-mail an e-mail, a date YYYY-MM-DD; "" is null. Every write is in the audit (resource "carriers").
 * Pure: the reference API imports it too.
 */
import { z } from "zod";
import { AuditEntrySchema, FacetSchema } from "~/.server/upstream/schemas/admin";
import { PagingMetaSchema } from "~/.server/upstream/schemas/paging";
import { oneLine } from "~/.server/upstream/schemas/text";
import type * as Records from "./records";

export const AdminCarrierProductSchema = z.object({
  carrierProductId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  activeContracts: z.number().int(),
}) satisfies z.ZodType<Records.AdminCarrierProduct>;

export const AdminCarrierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  products: z.array(AdminCarrierProductSchema),
  activeContracts: z.number().int(),
  updatedAt: z.string().nullable(),
}) satisfies z.ZodType<Records.AdminCarrier>;

const stored = z.string().nullable();
export const CarrierResourceFieldsSchema = z.object({
  description: stored,
  agentGuide: stored,
  certification: stored,
  commissions: stored,
  transferPolicy: stored,
  technology: stored,
  brokerServicesNumber: stored,
  brokerSupportedEmail: stored,
  carrierPortalLink: stored,
  certificationLink: stored,
  certificationDate: stored,
  packageCode: stored,
  commissionPayments: stored,
  orderingSupplies: stored,
  additionalInfo: stored,
}) satisfies z.ZodType<Records.CarrierResourceFields>;

export const AdminCarrierProductResourceSchema = AdminCarrierProductSchema.extend({
  resource: CarrierResourceFieldsSchema,
}) satisfies z.ZodType<Records.AdminCarrierProductResource>;

export const AdminCarriersResponseSchema = z.object({
  records: z.array(AdminCarrierSchema),
  meta: PagingMetaSchema,
  facets: z.object({ active: FacetSchema, productId: FacetSchema }),
});
export const AdminCarrierResponseSchema = z.object({
  record: AdminCarrierSchema,
  products: z.array(AdminCarrierProductResourceSchema),
  history: z.array(AuditEntrySchema),
});
export const AdminCarrierSavedSchema = z.object({ record: AdminCarrierSchema });
export const AdminCarrierProductSavedSchema = z.object({
  record: AdminCarrierSchema,
  product: AdminCarrierProductResourceSchema,
});

export const CARRIER_NAME_MAX = 80;
export const CARRIER_HTML_MAX = 20_000;

/** PATCH /api/admin/carriers/:id */
export const AdminCarrierPatchSchema = z
  .object({
    name: oneLine(z.string().trim().min(1).max(CARRIER_NAME_MAX)),
    active: z.boolean(),
  })
  .partial();

const nullIfEmpty = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const html = z.preprocess(nullIfEmpty, z.string().max(CARRIER_HTML_MAX).nullable());
const line = (max: number) => z.preprocess(nullIfEmpty, oneLine(z.string().trim().max(max)).nullable());
const link = z.preprocess(
  nullIfEmpty,
  z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/[^\s<>"]+$/i, { error: "Enter a link starting with https://" })
    .nullable(),
);

/** PATCH /api/admin/carriers/:id/products/:carrierProductId: any of the resource fields. */
export const AdminCarrierResourcePatchSchema = z
  .object({
    description: html,
    agentGuide: html,
    certification: html,
    commissions: html,
    transferPolicy: html,
    technology: html,
    brokerServicesNumber: line(40),
    brokerSupportedEmail: z.preprocess(
      nullIfEmpty,
      z.email({ error: "Enter an e-mail address such as support@carrier.com" }).max(120).nullable(),
    ),
    carrierPortalLink: link,
    certificationLink: link,
    certificationDate: z.preprocess(nullIfEmpty, z.iso.date({ error: "Enter a date as YYYY-MM-DD" }).nullable()),
    packageCode: line(40),
    commissionPayments: html,
    orderingSupplies: html,
    additionalInfo: html,
  })
  .partial();
