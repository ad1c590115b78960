import { z } from "zod";
import { LEARNING_LIBRARIES } from "../../../domain/learning-center";
import { PagingMetaSchema } from "./paging";

/* ---- Learning Center (issue 12): the three libraries of resources and their attachments ---- */

/** Which library a resource belongs to (the portal's routes agent_resources, documentation_resources, …). */
export const LearningLibrarySchema = z.enum(LEARNING_LIBRARIES);

/** Who may see a resource (the upstream decides; the portal never filters): everyone, or agencies only. */
export const LearningAudienceSchema = z.enum(["all", "agencies"]);

/** A resource in a list: what a row shows. carrier and product are null for a resource of every carrier. */
export const LearningResourceSummarySchema = z.object({
  id: z.number().int(),
  library: LearningLibrarySchema,
  title: z.string(),
  category: z.string(),
  carrierId: z.number().int().nullable(),
  carrierName: z.string().nullable(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  /** Plain text, one or two sentences. */
  description: z.string(),
  audience: LearningAudienceSchema,
  attachmentCount: z.number().int(),
  /** ISO timestamp. */
  updatedAt: z.string(),
});
export type LearningResourceSummary = z.infer<typeof LearningResourceSummarySchema>;

/** An attachment's metadata; its bytes: GET /api/learning_center/resources/{id}/attachments/{attachmentId}. */
export const LearningAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type LearningAttachment = z.infer<typeof LearningAttachmentSchema>;

export const LearningLinkSchema = z.object({ title: z.string(), url: z.string() });
export type LearningLink = z.infer<typeof LearningLinkSchema>;

/** One resource: the summary, its body (HTML from the upstream: sanitise before rendering), attachments, links. */
export const LearningResourceSchema = LearningResourceSummarySchema.extend({
  body: z.string().nullable(),
  attachments: z.array(LearningAttachmentSchema),
  links: z.array(LearningLinkSchema),
});
export type LearningResource = z.infer<typeof LearningResourceSchema>;

const Choice = z.object({ id: z.number().int(), name: z.string() });

/** GET /api/learning_center/resources */
export const LearningResourcesResponseSchema = z.object({
  resources: z.array(LearningResourceSummarySchema),
  meta: PagingMetaSchema,
  /** The carriers and products the caller's resources of this library name (the filter's choices). */
  filters: z.object({ carriers: z.array(Choice), products: z.array(Choice) }),
});
export type LearningResourcesResponse = z.infer<typeof LearningResourcesResponseSchema>;

/** GET /api/learning_center/resources/{id} */
export const LearningResourceResponseSchema = z.object({ resource: LearningResourceSchema });
