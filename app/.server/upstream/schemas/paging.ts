import { z } from "zod";

/* ---- Tables (issue 4): the paging meta every list answers with ---- */

/** Spec §3 table paging meta. */
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
});
