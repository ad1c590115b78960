import type { SectionShape } from "~/domain/admin/shapes";

/** The quote tool providers list and a provider's form at quote_tool_providers/:id (issue 22 §2.4). */
export const shape = {
  sortable: ["name", "enabled", "updatedAt"],
  filters: {
    enabled: { values: ["yes", "no"] },
    role: { values: ["Agent", "Agency", "Admin", "Carrier"] },
  },
  recordUrl: "id",
  creatable: true,
} as const satisfies SectionShape;
