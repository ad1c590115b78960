import { publishedPeriods } from "../../server/reference-api/commission-statements/seed";
import { seedDates } from "../../server/reference-api/seed/seed-dates";

/**
 * Every admin page (issue 14 and on), one record of each kind, and what its frame must show: shared by the HTTP
 * tier's check of what the server draws (admin.spec.ts: status, heading, the sections' navigation, the breadcrumb)
 * and the browser sweep (pages.spec.ts: axe, the 390 and 1280 px fit), each page loaded once there.
 */
export interface AdminPage {
  path: string;
  /** The section the navigation marks (null: the admin home, Admin Tools). */
  section: string | null;
  heading: string | RegExp;
  /** The breadcrumb trail's current step (Admin Tools › …; none on the admin home). */
  crumb?: string | RegExp;
}

const EMAIL = "E-mail communications";

/** An older published month of the commission totals (admin-totals.spec.ts reads the same one), and its name. */
const TOTALS_PERIOD = publishedPeriods(seedDates())[4]!;
const TOTALS_MONTH = new Date(`${TOTALS_PERIOD}-01T00:00:00Z`).toLocaleString("en-US", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
/** This month, as a payout entry's period (the new entry's page filled in from its URL). */
const THIS_MONTH = new Date().toISOString().slice(0, 7);

/**
 * Every admin page, one record of each kind (and the records and filters a feature spec checked one by one before the
 * sweep): records the mutation specs do not touch (broker 110, request 1010). Those they change are swept as the
 * seed has them from pages.spec.ts's MORE_PAGES.
 */
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
  {
    path: "/admin/nipr_pdb_alerts?handled=no&category=licenses",
    section: "NIPR PDB alerts",
    heading: "NIPR PDB alerts",
    crumb: "NIPR PDB alerts",
  },
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
    heading: "New notification",
    crumb: "New notification",
  },
  {
    path: "/admin/system_notifications/5",
    section: "System notifications",
    heading: "Monthly team call",
    crumb: "Monthly team call",
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
  { path: "/admin/admin_support", section: "Feedback", heading: "Feedback", crumb: "Feedback" },
  {
    path: "/admin/admin_support/302",
    section: "Feedback",
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
  // Issue 23: the money sections (the axe and phone checks of admin-totals, admin-production, admin-payouts and
  // admin-statements before the sweep).
  {
    path: "/admin/commission_statements",
    section: "Commission statements",
    heading: "Commission statements",
    crumb: "Commission statements",
  },
  {
    path: "/admin/commission_statements/import",
    section: "Commission statements",
    heading: "Import a statement",
    crumb: "Import",
  },
  // Issue 37: a locked statement's page (its figures in a grid, its line filters), seeded and never changed.
  {
    path: "/admin/commission_statements/1",
    section: "Commission statements",
    heading: / statement #1$/,
    crumb: / statement #1$/,
  },
  {
    path: `/admin/commission_totals?period=${TOTALS_PERIOD}`,
    section: "Commission totals",
    heading: "Commission totals",
    crumb: "Commission totals",
  },
  {
    path: `/admin/commission_totals?period=${TOTALS_PERIOD}&search=agency%40demo.test`,
    section: "Commission totals",
    heading: "Commission totals",
    crumb: "Commission totals",
  },
  {
    path: `/admin/commission_totals/5-${TOTALS_PERIOD}`,
    section: "Commission totals",
    heading: `Chen Senior Benefits Group, ${TOTALS_MONTH}`,
    crumb: `Chen Senior Benefits Group, ${TOTALS_MONTH}`,
  },
  {
    path: `/admin/commission_totals/1-${TOTALS_PERIOD}`,
    section: "Commission totals",
    heading: `Maria Alvarez, ${TOTALS_MONTH}`,
    crumb: `Maria Alvarez, ${TOTALS_MONTH}`,
  },
  { path: "/admin/payout_entries", section: "Payout entries", heading: "Payout entries", crumb: "Payout entries" },
  {
    path: "/admin/payout_entries/new",
    section: "Payout entries",
    heading: "New payout entry",
    crumb: "New payout entry",
  },
  {
    path: `/admin/payout_entries/new?kind=correction&userId=1&period=${THIS_MONTH}&memo=Correcting%20entry`,
    section: "Payout entries",
    heading: "New payout entry",
    crumb: "New payout entry",
  },
  { path: "/admin/payout_entries/1", section: "Payout entries", heading: "Payout entry 1", crumb: "Payout entry 1" },
  {
    path: "/admin/policy_production",
    section: "Policy production",
    heading: "Policy production",
    crumb: "Policy production",
  },
  {
    path: "/admin/policy_production?agencyId=5",
    section: "Policy production",
    heading: "Policy production",
    crumb: "Policy production",
  },
  // Issue 24 §1-4: carrier imports, exports, enrollments and notifications (admin-carrier-imports, admin-exports,
  // admin-carrier-feeds before the sweep; enrollment 232: the first of Summit Mutual's recent RFIs).
  { path: "/admin/carrier_imports", section: "Carrier imports", heading: "Carrier imports", crumb: "Carrier imports" },
  {
    path: "/admin/carrier_imports/upload",
    section: "Carrier imports",
    heading: "Upload a carrier's file",
    crumb: "Upload",
  },
  {
    path: "/admin/carrier_enrollments",
    section: "Carrier enrollments",
    heading: "Carrier enrollments",
    crumb: "Carrier enrollments",
  },
  {
    path: "/admin/carrier_enrollments/232",
    section: "Carrier enrollments",
    heading: "Enrollment SM-837208",
    crumb: "Enrollment SM-837208",
  },
  {
    path: "/admin/carrier_notifications",
    section: "Carrier notifications",
    heading: "Carrier notifications",
    crumb: "Carrier notifications",
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
  // The biggest file built on demand for Evergreen Life & Health (admin-exports.mutations.spec.ts opens it).
  {
    path: "/admin/carrier_exports/2",
    section: "Carrier exports",
    heading: "Evergreen Life & Health new contract requests #2",
    crumb: "Evergreen Life & Health new contract requests #2",
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
