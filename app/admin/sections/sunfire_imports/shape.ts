import type { SectionShape } from "~/domain/admin/shapes";

/**
 * The quote tool's enrollment exports imported (issue 24 §5; ADR 034): the history of imports; the upload at
 * sunfire_imports/new, an import's page at sunfire_imports/:id (preview, progress, results) and an unmatched row's
 * reconciliation at sunfire_imports/:id/rows/:line are their own route modules.
 */
export const shape = {
  sortable: ["file", "status", "createdAt"],
  filters: {
    status: { values: ["reading", "ready", "importing", "imported", "failed", "discarded"] },
  },
  recordUrl: "id",
  creatable: false,
} as const satisfies SectionShape;
