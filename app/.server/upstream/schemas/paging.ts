import { z } from "zod";
import type { PagingMeta } from "~/domain/table";

/* ---- Tables (issue 4): the paging meta every list answers with ---- */

/** Spec §3 table paging meta: the shape of `PagingMeta` (app/domain/table.ts), which the reference API builds. */
export const PagingMetaSchema = z.object({
  page: z.number().int(),
  currentPage: z.number().int(),
  perPage: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  search: z.string(),
  sort: z.string().nullable(),
  order: z.enum(["ASC", "DESC"]),
  pageNumbers: z.array(z.number().int()),
}) satisfies z.ZodType<PagingMeta>;
