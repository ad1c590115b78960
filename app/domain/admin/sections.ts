/**
 * The admin area's sections (spec §2 "/admin has these children"), grouped by job for the side navigation
 * (issue 14). Each has its pages: a folder under app/admin/sections/ and its shape in SECTION_SHAPES (since issue 24
 * every section of spec §2 is built, so the navigation links every one). Pure: no I/O.
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
}

/**
 * Every child of /admin in spec §2 but `index` (the admin home, above the groups), each with its folder
 * (admin-sections.test.ts holds these to the shapes' catalogue; not read from it, so that the admin frame every admin
 * page carries does not carry every section's sort keys and filter rules).
 */
export const ADMIN_SECTIONS: readonly AdminSectionEntry[] = [
  { key: "users", label: "Users", group: "People" },
  { key: "roles", label: "Roles", group: "People" },
  { key: "contracting", label: "Contracting desk", group: "Contracting" },
  { key: "rts_statuses", label: "RTS statuses", group: "Contracting" },
  { key: "carriers", label: "Carriers", group: "Carriers & content" },
  { key: "learning_center_resources", label: "Learning Center resources", group: "Carriers & content" },
  { key: "quote_tool_providers", label: "Quote tool providers", group: "Carriers & content" },
  { key: "carrier_notifications", label: "Carrier notifications", group: "Carriers & content" },
  { key: "system_notifications", label: "System notifications", group: "Carriers & content" },
  { key: "tickets", label: "Tickets", group: "Support" },
  { key: "admin_support", label: "Feedback", group: "Support" },
  { key: "email_communications", label: "E-mail communications", group: "Support" },
  { key: "commission_statements", label: "Commission statements", group: "Money" },
  { key: "commission_totals", label: "Commission totals", group: "Money" },
  { key: "payout_entries", label: "Payout entries", group: "Money" },
  { key: "policy_production", label: "Policy production", group: "Money" },
  { key: "carrier_imports", label: "Carrier imports", group: "Data in/out" },
  { key: "carrier_exports", label: "Carrier exports", group: "Data in/out" },
  { key: "carrier_enrollments", label: "Carrier enrollments", group: "Data in/out" },
  { key: "sunfire_imports", label: "Sunfire imports", group: "Data in/out" },
  { key: "nipr_license_config", label: "NIPR license settings", group: "Compliance" },
  { key: "nipr_pdb_alerts", label: "NIPR PDB alerts", group: "Compliance" },
  { key: "nipr_history", label: "NIPR history", group: "Compliance" },
];

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
