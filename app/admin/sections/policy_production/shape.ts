import type { SectionShape } from "~/domain/admin/shapes";

/**
 * Policy production (issue 23 §4): a report, one level of the hierarchy at a time (`agencyId`: an opened agency),
 * over a range of months (`from`, `to`), by carrier and product; the most policies first.
 */
export const shape = {
  sortable: ["name", "newCount", "planChangeCount", "renewalCount", "total"],
  filters: {
    from: "period",
    to: "period",
    carrierId: "id",
    productId: "id",
    agencyId: "id",
  },
  recordUrl: "id",
  creatable: false,
  report: true,
  defaultSort: { sort: "total", order: "DESC" },
} as const satisfies SectionShape;
