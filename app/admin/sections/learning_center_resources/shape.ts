import type { SectionShape } from "~/domain/admin/shapes";

/** The Learning Center resources list, a resource's form at learning_center_resources/:id, and the new page. */
export const shape = {
  sortable: ["title", "library", "carrier", "publishOn", "updatedAt"],
  filters: {
    library: { values: ["agent", "documentation", "enrollment"] },
    carrierId: "id",
    productId: "id",
    audience: { values: ["all", "agencies"] },
    state: { values: ["draft", "scheduled", "published"] },
  },
  recordUrl: "id",
  creatable: true,
} as const satisfies SectionShape;
