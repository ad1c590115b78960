import type { SectionShape } from "~/domain/admin/shapes";

/** The carriers list and a carrier's page at carriers/:id (its own route module: one form per carrier product). */
export const shape = {
  sortable: ["name", "products", "activeContracts", "updatedAt"],
  filters: { active: { values: ["active", "inactive"] }, productId: "id" },
  recordUrl: "id",
  creatable: false,
} as const satisfies SectionShape;
