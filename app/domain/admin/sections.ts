/**
 * The admin area's sections (spec §2 "/admin has these children"), grouped by job for the side navigation
 * (issue 14). `built` sections have pages (a folder under app/admin/sections/ and its shape in SECTION_SHAPES); the
 * others are listed in the navigation without a link until the admin issue that builds them. Pure: no I/O.
 */

export const ADMIN_GROUPS = [
  "People",
  "Contracting",
  "Carriers & content",
  "Support",
  "Money",
  "Data in/out",
  "Compliance",
] as const;
export type AdminGroup = (typeof ADMIN_GROUPS)[number];

export interface AdminSectionEntry {
  /** Spec §2's child name (the URL segment under /admin). */
  key: string;
  label: string;
  group: AdminGroup;
  /** Has pages now. */
  built: boolean;
}

/**
 * Every child of /admin in spec §2 but `index` (the admin home, above the groups), `built: true` once the section's
 * folder is there (admin-sections.test.ts holds these to the shapes' catalogue; not read from it, so that the admin
 * frame every admin page carries does not carry every section's sort keys and filter rules).
 */
const CATALOGUE: ReadonlyArray<Omit<AdminSectionEntry, "built"> & { built?: true }> = [
  { key: "users", label: "Users", group: "People", built: true },
  { key: "roles", label: "Roles", group: "People", built: true },
  { key: "contracting", label: "Contracting desk", group: "Contracting", built: true },
  { key: "rts_statuses", label: "RTS statuses", group: "Contracting", built: true },
  { key: "carriers", label: "Carriers", group: "Carriers & content", built: true },
  { key: "learning_center_resources", label: "Learning Center resources", group: "Carriers & content", built: true },
  { key: "quote_tool_providers", label: "Quote tool providers", group: "Carriers & content", built: true },
  { key: "carrier_notifications", label: "Carrier notifications", group: "Carriers & content", built: true },
  { key: "system_notifications", label: "System notifications", group: "Carriers & content", built: true },
  { key: "tickets", label: "Tickets", group: "Support", built: true },
  { key: "admin_support", label: "Admin support", group: "Support", built: true },
  { key: "email_communications", label: "E-mail communications", group: "Support", built: true },
  { key: "commission_statements", label: "Commission statements", group: "Money", built: true },
  { key: "commission_totals", label: "Commission totals", group: "Money", built: true },
  { key: "payout_entries", label: "Payout entries", group: "Money", built: true },
  { key: "policy_production", label: "Policy production", group: "Money", built: true },
  { key: "carrier_imports", label: "Carrier imports", group: "Data in/out", built: true },
  { key: "carrier_exports", label: "Carrier exports", group: "Data in/out", built: true },
  { key: "carrier_enrollments", label: "Carrier enrollments", group: "Data in/out", built: true },
  { key: "sunfire_imports", label: "Sunfire imports", group: "Data in/out", built: true },
  { key: "nipr_license_config", label: "NIPR license settings", group: "Compliance", built: true },
  { key: "nipr_pdb_alerts", label: "NIPR PDB alerts", group: "Compliance", built: true },
  { key: "nipr_history", label: "NIPR history", group: "Compliance", built: true },
];

/** Every section; `built` once its folder is there (app/admin/sections/<key>/, ADR 024). */
export const ADMIN_SECTIONS: readonly AdminSectionEntry[] = CATALOGUE.map((s) => ({ ...s, built: s.built === true }));

/** The sections of a group, in catalogue order. */
export function sectionsOf(group: AdminGroup): AdminSectionEntry[] {
  return ADMIN_SECTIONS.filter((s) => s.group === group);
}

/** The section a path under /admin belongs to (its first segment), or null (the admin home, an unknown one). */
export function sectionOfPath(pathname: string): AdminSectionEntry | null {
  const match = /^\/admin\/([^/]+)/.exec(pathname);
  if (!match) return null;
  // A broker's pages belong to the people they are about.
  const key = match[1] === "brokers" ? "users" : match[1];
  return ADMIN_SECTIONS.find((s) => s.key === key) ?? null;
}
