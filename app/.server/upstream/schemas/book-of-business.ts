import { z } from "zod";
import { PagingMetaSchema } from "./paging";

/* ---- Book of business (issue 4): the caller's policies, and their export ---- */

export const PolicySchema = z.object({
  id: z.number().int(),
  memberName: z.string(),
  status: z.string(),
  productName: z.string(),
  productId: z.number().int(),
  carrierName: z.string(),
  carrierId: z.number().int(),
  effectiveDate: z.string(),
  policyNumber: z.string(),
});
export type Policy = z.infer<typeof PolicySchema>;

/** GET /api/book_of_business */
export const BookOfBusinessResponseSchema = z.object({
  policies: z.array(PolicySchema),
  meta: PagingMetaSchema,
  filters: z.object({
    statuses: z.array(z.string()),
    products: z.array(z.object({ id: z.number().int(), name: z.string() })),
    carriers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
});

/** POST /api/book_of_business/export: spec §8 'Download was sent to your email'. */
export const ExportResponseSchema = z.object({ message: z.string() });
