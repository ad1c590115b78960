/** The templates list of e-mail communications (issue 22 §2.5): its sorts; a template's page is :id. Pure. */
import type { SectionShape } from "~/domain/admin/shapes";

export const shape = {
  sortable: ["name", "sentLast30Days", "updatedAt"],
  filters: {},
  recordUrl: "id",
  creatable: false,
} as const satisfies SectionShape;
