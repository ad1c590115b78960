import type { SectionShape } from "~/domain/admin/shapes";

/**
 * The carriers' files imported (issue 24 §1): the history of imports; an import's page at carrier_imports/:id (its
 * own route module: mapping, preview, progress, results) and the upload at carrier_imports/upload.
 */
export const shape = {
  sortable: ["carrier", "kind", "file", "status", "createdAt"],
  filters: {
    carrier: "id",
    kind: { values: ["rts", "appointments", "policies", "enrollments"] },
    status: { values: ["reading", "ready", "importing", "imported", "failed", "discarded"] },
  },
  recordUrl: "id",
  creatable: false,
} as const satisfies SectionShape;
