import type { SectionView } from "~/components/admin/section-view";

/**
 * The settings page is its own route module (routes/admin.nipr_license_config.tsx); this view gives the section its
 * title and intro (the navigation, the breadcrumbs) and has no list.
 */
export const view: SectionView<{ id: number }> = {
  key: "nipr_license_config",
  title: "NIPR license settings",
  singular: "setting",
  intro:
    "The connection to NIPR's Producer Database, which agents are tracked (NIPR bills each one per month), the fallback scans and the warning window before a license expires.",
  columns: [],
  filters: [],
  rowLabel: (r) => String(r.id),
  empty: "",
  noMatch: "",
  recordTitle: () => "NIPR license settings",
};
