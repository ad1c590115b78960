import type { SectionShape } from "~/domain/admin/shapes";

/**
 * The carriers' commission statements (issue 23 §1) and a statement's page at commission_statements/:id (its own
 * route module: lines, reconciliation, lock); the import pages at commission_statements/import and imports/:id.
 */
export const shape = {
  sortable: ["carrier", "period", "status", "lines", "total", "unmatched", "importedAt", "lockedAt"],
  filters: { carrier: "id", period: "period", status: { values: ["draft", "locked"] } },
  recordUrl: "id",
  creatable: false,
} as const satisfies SectionShape;
