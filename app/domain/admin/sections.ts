/**
 * The admin area's sections (spec §2 "/admin has these children"), grouped by job for the side navigation
 * (issue 14). `built` sections have pages; the others are listed in the navigation without a link until the
 * admin issue that builds them. Pure: no I/O.
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

/** Every child of /admin in spec §2 but `index` (the admin home, above the groups). */
export const ADMIN_SECTIONS: readonly AdminSectionEntry[] = [
  { key: "users", label: "Users", group: "People", built: true },
  { key: "roles", label: "Roles", group: "People", built: true },
  { key: "contracting", label: "Contracting desk", group: "Contracting", built: true },
  { key: "rts_statuses", label: "RTS statuses", group: "Contracting", built: true },
  { key: "carriers", label: "Carriers", group: "Carriers & content", built: false },
  { key: "learning_center_resources", label: "Learning Center resources", group: "Carriers & content", built: false },
  { key: "quote_tool_providers", label: "Quote tool providers", group: "Carriers & content", built: false },
  { key: "carrier_notifications", label: "Carrier notifications", group: "Carriers & content", built: false },
  { key: "system_notifications", label: "System notifications", group: "Carriers & content", built: false },
  { key: "tickets", label: "Tickets", group: "Support", built: false },
  { key: "admin_support", label: "Admin support", group: "Support", built: false },
  { key: "email_communications", label: "E-mail communications", group: "Support", built: true },
  { key: "commission_statements", label: "Commission statements", group: "Money", built: false },
  { key: "commission_totals", label: "Commission totals", group: "Money", built: false },
  { key: "payout_entries", label: "Payout entries", group: "Money", built: false },
  { key: "policy_production", label: "Policy production", group: "Money", built: false },
  { key: "carrier_imports", label: "Carrier imports", group: "Data in/out", built: false },
  { key: "carrier_exports", label: "Carrier exports", group: "Data in/out", built: false },
  { key: "carrier_enrollments", label: "Carrier enrollments", group: "Data in/out", built: false },
  { key: "sunfire_imports", label: "Sunfire imports", group: "Data in/out", built: false },
  { key: "nipr_license_config", label: "NIPR license settings", group: "Compliance", built: false },
  { key: "nipr_pdb_alerts", label: "NIPR PDB alerts", group: "Compliance", built: false },
  { key: "nipr_history", label: "NIPR history", group: "Compliance", built: false },
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
