import type { SectionShape } from "~/domain/admin/shapes";

/** The system notifications list and a notice's form at system_notifications/:id (issue 22 §2.3). */
export const shape = {
  sortable: ["title", "severity", "startsAt", "endsAt", "dismissals"],
  filters: {
    severity: { values: ["info", "warning", "critical"] },
    audience: { values: ["everyone", "roles", "agency"] },
    status: { values: ["scheduled", "current", "ended"] },
  },
  recordUrl: "id",
  creatable: true,
} as const satisfies SectionShape;
