/**
 * The upstream contract of the quote tool providers section (issue 22 §2.4; docs/upstream-api.md "Quote tool
 * providers"): GET/POST /api/admin/quote_tool_providers, GET/PATCH/DELETE /api/admin/quote_tool_providers/:id,
 * /export. The secret is write-only: bodies may carry it, answers never do (`hasSecret`). Pure: the reference API
 * imports it too.
 */
import { z } from "zod";
import { ROLES } from "../../../domain/user";
import { AuditEntrySchema, FacetSchema } from "../../../.server/upstream/schemas/admin-common";
import { PagingMetaSchema } from "../../../.server/upstream/schemas/paging";
import { type AdminQuoteToolProvider, isProviderAddress } from "./records";

export const AdminQuoteToolProviderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  signOnUrl: z.string(),
  testSiteUrl: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  enabled: z.boolean(),
  hasSecret: z.boolean(),
  updatedAt: z.string(),
}) satisfies z.ZodType<AdminQuoteToolProvider>;

export const AdminQuoteToolProvidersResponseSchema = z.object({
  records: z.array(AdminQuoteToolProviderSchema),
  meta: PagingMetaSchema,
  facets: z.object({ enabled: FacetSchema, role: FacetSchema }),
});

export const AdminQuoteToolProviderResponseSchema = z.object({
  record: AdminQuoteToolProviderSchema,
  history: z.array(AuditEntrySchema),
});

export const PROVIDER_ADDRESS = "An https:// address, or a path on the upstream such as /partners/sunfire/sign_on";

const address = z
  .string()
  .trim()
  .min(1, "Enter the address")
  .max(500, "At most 500 characters")
  .refine(isProviderAddress, PROVIDER_ADDRESS);

/**
 * POST's body (PATCH: any part of it). `secret`: absent or null keeps the current one; a string replaces it.
 */
export const AdminQuoteToolProviderBodySchema = z.object({
  name: z.string().trim().min(1, "Enter the name").max(80, "At most 80 characters"),
  signOnUrl: address,
  testSiteUrl: address.nullable().default(null),
  roles: z.array(z.enum(ROLES)).max(ROLES.length).default([]),
  enabled: z.boolean(),
  secret: z.string().min(8, "At least 8 characters").max(500, "At most 500 characters").nullable().optional(),
});
export type AdminQuoteToolProviderBody = z.infer<typeof AdminQuoteToolProviderBodySchema>;
