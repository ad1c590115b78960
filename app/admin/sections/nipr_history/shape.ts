import type { SectionShape } from "~/domain/admin/shapes";

/**
 * NIPR history (issue 24 §8): every sync, the newest first; read only (a report: each row says everything, no record
 * page). "Sync now" for one producer is on the broker's admin page (routes/admin.brokers.$id._index.tsx).
 */
export const shape = {
  sortable: ["at", "trigger", "producers", "changes"],
  filters: {
    trigger: { values: ["daily", "weekly", "monthly", "manual"] },
    status: { values: ["succeeded", "partial", "failed"] },
    period: "period",
  },
  recordUrl: "id",
  creatable: false,
  report: true,
} as const satisfies SectionShape;
