/**
 * The learning_center_resources section's upstream contract (issue 22 §2.2, docs/upstream-api.md "Admin area:
 * Learning Center resources"):
 * - GET    /api/admin/learning_center_resources?page&perPage&search&sort&order&library&carrierId&productId&audience&state
 *          → { records, meta, facets }; search: title, description, category; sorts: title, library, carrier,
 *          publishOn, updatedAt; facets: library, carrierId, productId, audience, state
 * - GET    /api/admin/learning_center_resources/export?<the same> → text/csv
 * - GET    /api/admin/learning_center_resources/:id → { record, history }
 * - POST   /api/admin/learning_center_resources → 201 { record };  PATCH …/:id → { record };  DELETE …/:id → 204
 * - POST   …/:id/attachments (multipart: file, replaces?) → 201 { record } (replaces: that attachment goes)
 * - DELETE …/:id/attachments/:attachmentId → 204;  GET …/:id/attachments/:attachmentId → the bytes
 * The body is stored cleaned by the portal's HTML rules. Agents get a resource only when it is published, its
 * publish date has come, its audience includes them and its carrier is active. Every write is audited.
 * Pure: the reference API imports it too.
 */
import { z } from "zod";
import { AuditEntrySchema, FacetSchema } from "~/.server/upstream/schemas/admin";
import { PagingMetaSchema } from "~/.server/upstream/schemas/paging";
import { oneLine } from "~/.server/upstream/schemas/text";
import { LEARNING_LIBRARIES } from "~/domain/learning-center";
import type * as Records from "./records";

export const LEARNING_AUDIENCES = ["all", "agencies"] as const;
export const LEARNING_STATUSES = ["draft", "published"] as const;
export const LEARNING_STATES = ["draft", "scheduled", "published"] as const;

const named = z.object({ id: z.number().int(), name: z.string() });
export const AdminLearningResourceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  library: z.enum(LEARNING_LIBRARIES),
  category: z.string(),
  carrier: named.nullable(),
  product: named.nullable(),
  description: z.string(),
  body: z.string().nullable(),
  links: z.array(z.object({ title: z.string(), url: z.string() })),
  attachments: z.array(
    z.object({ id: z.number().int(), name: z.string(), contentType: z.string(), size: z.number().int() }),
  ),
  audience: z.enum(LEARNING_AUDIENCES),
  status: z.enum(LEARNING_STATUSES),
  publishOn: z.string().nullable(),
  state: z.enum(LEARNING_STATES),
  updatedAt: z.string(),
}) satisfies z.ZodType<Records.AdminLearningResource>;

export const AdminLearningResourcesResponseSchema = z.object({
  records: z.array(AdminLearningResourceSchema),
  meta: PagingMetaSchema,
  facets: z.object({
    library: FacetSchema,
    carrierId: FacetSchema,
    productId: FacetSchema,
    audience: FacetSchema,
    state: FacetSchema,
  }),
});
export const AdminLearningResourceResponseSchema = z.object({
  record: AdminLearningResourceSchema,
  history: z.array(AuditEntrySchema),
});
export const AdminLearningResourceSavedSchema = z.object({ record: AdminLearningResourceSchema });

export const LEARNING_BODY_MAX = 50_000;
export const LEARNING_LINKS_MAX = 10;

/** POST (all but the optional ones) and PATCH (any) bodies. 422 names an unknown carrier or product. */
export const AdminLearningResourceBodySchema = z.object({
  title: oneLine(z.string().trim().min(1).max(120)),
  library: z.enum(LEARNING_LIBRARIES),
  category: oneLine(z.string().trim().min(1).max(60)),
  carrierId: z.number().int().positive().nullable(),
  productId: z.number().int().positive().nullable(),
  description: oneLine(z.string().trim().min(1).max(300)),
  body: z.string().max(LEARNING_BODY_MAX).nullable(),
  links: z
    .array(
      z.object({
        title: oneLine(z.string().trim().min(1).max(120)),
        url: z
          .string()
          .trim()
          .max(500)
          .regex(/^https?:\/\/[^\s<>"]+$/i, { error: "A link must start with https://" }),
      }),
    )
    .max(LEARNING_LINKS_MAX),
  audience: z.enum(LEARNING_AUDIENCES),
  status: z.enum(LEARNING_STATUSES),
  /** Required when published. */
  publishOn: z.iso.date().nullable(),
});
export const AdminLearningResourcePatchSchema = AdminLearningResourceBodySchema.partial();
