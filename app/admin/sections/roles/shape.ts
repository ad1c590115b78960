import type { SectionShape } from "~/domain/admin/shapes";

/** The roles list and the role's form at roles/:id. */
export const shape = {
  sortable: ["name", "kind", "userCount"],
  filters: { kind: { values: ["Agent", "Agency", "Admin", "Carrier"] } },
  recordUrl: "id",
  creatable: true,
} as const satisfies SectionShape;
