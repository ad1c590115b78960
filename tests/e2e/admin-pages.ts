/**
 * Every admin page (issue 14 and on), one record of each kind, and what its frame must show: shared by the HTTP
 * tier's check of what the server draws (admin.spec.ts: status, heading, the sections' navigation, the breadcrumb)
 * and the browser sweep (pages.spec.ts: axe, the 390 and 1280 px fit), each page loaded once there.
 */
export interface AdminPage {
  path: string;
  /** The section the navigation marks (null: the admin home's Overview). */
  section: string | null;
  heading: string | RegExp;
  /** The breadcrumb trail's current step (Admin › …; none on the admin home). */
  crumb?: string | RegExp;
}

const EMAIL = "E-mail communications";

/** Every admin page, one record of each kind: records the mutation specs do not touch (broker 110, request 1010). */
export const PAGES: AdminPage[] = [
  { path: "/admin", section: null, heading: "Admin Tools" },
  { path: "/admin/users", section: "Users", heading: "Users", crumb: "Users" },
  { path: "/admin/users/new", section: "Users", heading: "New user", crumb: "New user" },
  { path: "/admin/users/110", section: "Users", heading: "Thomas Thompson", crumb: "Thomas Thompson" },
  { path: "/admin/users/110/edit", section: "Users", heading: "Thomas Thompson", crumb: "Edit" },
  { path: "/admin/roles", section: "Roles", heading: "Roles", crumb: "Roles" },
  { path: "/admin/roles/new", section: "Roles", heading: "New role", crumb: "New role" },
  { path: "/admin/roles/11", section: "Roles", heading: "Captive agent", crumb: "Captive agent" },
  { path: "/admin/rts_statuses", section: "RTS statuses", heading: "RTS statuses", crumb: "RTS statuses" },
  { path: "/admin/rts_statuses/new", section: "RTS statuses", heading: "New RTS status", crumb: "New RTS status" },
  { path: "/admin/rts_statuses/1", section: "RTS statuses", heading: "RTS: Ready to Sell", crumb: /RTS/ },
  { path: "/admin/contracting", section: "Contracting desk", heading: "Contracting desk", crumb: "Contracting desk" },
  {
    path: "/admin/contracting/edit/1010",
    section: "Contracting desk",
    heading: /Thomas Thompson: /,
    crumb: /Thomas Thompson: /,
  },
  { path: "/admin/brokers/110", section: "Users", heading: "Thomas Thompson", crumb: "Thomas Thompson" },
  { path: "/admin/brokers/110/contracts", section: "Users", heading: "Thomas Thompson", crumb: "Contracts" },
  {
    path: "/admin/brokers/110/contracts/new",
    section: "Users",
    heading: "Thomas Thompson",
    crumb: "Open a contract request",
  },
  { path: "/admin/brokers/110/contracts/1010", section: "Users", heading: "Thomas Thompson", crumb: /.+/ },
  { path: "/admin/brokers/110/documents", section: "Users", heading: "Thomas Thompson", crumb: "Documents" },
  // Issue 24 §6-8: NIPR.
  { path: "/admin/nipr_pdb_alerts", section: "NIPR PDB alerts", heading: "NIPR PDB alerts", crumb: "NIPR PDB alerts" },
  { path: "/admin/nipr_pdb_alerts/2", section: "NIPR PDB alerts", heading: /Alert 2: /, crumb: "Alert 2" },
  { path: "/admin/nipr_history", section: "NIPR history", heading: "NIPR history", crumb: "NIPR history" },
  {
    path: "/admin/nipr_license_config",
    section: "NIPR license settings",
    heading: "NIPR license settings",
    crumb: "NIPR license settings",
  },
  // Issue 22 §2.3, §2.4.
  {
    path: "/admin/system_notifications",
    section: "System notifications",
    heading: "System notifications",
    crumb: "System notifications",
  },
  {
    path: "/admin/system_notifications/new",
    section: "System notifications",
    heading: "New notice",
    crumb: "New notice",
  },
  {
    path: "/admin/system_notifications/5",
    section: "System notifications",
    heading: "Team call on Thursday",
    crumb: "Team call on Thursday",
  },
  {
    path: "/admin/quote_tool_providers",
    section: "Quote tool providers",
    heading: "Quote tool providers",
    crumb: "Quote tool providers",
  },
  {
    path: "/admin/quote_tool_providers/new",
    section: "Quote tool providers",
    heading: "New provider",
    crumb: "New provider",
  },
  { path: "/admin/quote_tool_providers/1", section: "Quote tool providers", heading: "Sunfire", crumb: "Sunfire" },
  { path: "/admin/email_communications", section: EMAIL, heading: EMAIL, crumb: EMAIL },
  { path: "/admin/email_communications/5", section: EMAIL, heading: "Password reset", crumb: "Password reset" },
  { path: "/admin/email_communications/log", section: EMAIL, heading: EMAIL, crumb: "Sent e-mails" },
  { path: "/admin/email_communications/message", section: EMAIL, heading: EMAIL, crumb: "Message users" },
  // Issue 22: the support desk (ticket 103 and feedback conversation 302: closed, no browser test changes them).
  { path: "/admin/tickets", section: "Tickets", heading: "Tickets", crumb: "Tickets" },
  {
    path: "/admin/tickets/103",
    section: "Tickets",
    heading: "Password reset e-mail never arrives",
    crumb: "Password reset e-mail never arrives",
  },
  { path: "/admin/admin_support", section: "Admin support", heading: "Admin support", crumb: "Admin support" },
  {
    path: "/admin/admin_support/302",
    section: "Admin support",
    heading: "More carrier training videos",
    crumb: "More carrier training videos",
  },
  { path: "/admin/carriers", section: "Carriers", heading: "Carriers", crumb: "Carriers" },
  { path: "/admin/carriers/2?product=102", section: "Carriers", heading: "Summit Mutual", crumb: "Summit Mutual" },
  {
    path: "/admin/learning_center_resources",
    section: "Learning Center resources",
    heading: "Learning Center resources",
    crumb: "Learning Center resources",
  },
  {
    path: "/admin/learning_center_resources/new",
    section: "Learning Center resources",
    heading: "New resource",
    crumb: "New resource",
  },
  {
    path: "/admin/learning_center_resources/2",
    section: "Learning Center resources",
    heading: "Blue Harbor Health Medicare Supplement rate sheet",
    crumb: "Blue Harbor Health Medicare Supplement rate sheet",
  },
  // Issue 24 §2.
  { path: "/admin/carrier_exports", section: "Carrier exports", heading: "Carrier exports", crumb: "Carrier exports" },
  { path: "/admin/carrier_exports/new", section: "Carrier exports", heading: "Build a file now", crumb: "Build now" },
  {
    path: "/admin/carrier_exports/schedules",
    section: "Carrier exports",
    heading: "Export schedules",
    crumb: "Schedules",
  },
  {
    path: "/admin/carrier_exports/1",
    section: "Carrier exports",
    heading: "Evergreen Life & Health new contract requests #1",
    crumb: "Evergreen Life & Health new contract requests #1",
  },
  // Issue 24 §5: Sunfire imports (the seeded import #1 waits for its line 4 to be reconciled).
  { path: "/admin/sunfire_imports", section: "Sunfire imports", heading: "Sunfire imports", crumb: "Sunfire imports" },
  {
    path: "/admin/sunfire_imports/new",
    section: "Sunfire imports",
    heading: "Upload a Sunfire export",
    crumb: "Upload",
  },
  {
    path: "/admin/sunfire_imports/1",
    section: "Sunfire imports",
    heading: /^Sunfire export: sunfire-enrollments-/,
    crumb: "Import #1",
  },
  {
    path: "/admin/sunfire_imports/1/rows/4",
    section: "Sunfire imports",
    heading: "Line 4: Raymond Okafor",
    crumb: "Line 4",
  },
];
