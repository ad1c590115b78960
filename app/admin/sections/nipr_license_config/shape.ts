import type { SectionShape } from "~/domain/admin/shapes";

/**
 * NIPR license settings (issue 24 §6): one settings page, not a list (its own route module,
 * routes/admin.nipr_license_config.tsx); no record pages, no export.
 */
export const shape = {
  sortable: [],
  filters: {},
  recordUrl: "id",
  creatable: false,
  report: true,
} as const satisfies SectionShape;
