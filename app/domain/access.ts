import { type SessionUser, contractingIncomplete, isBroker } from "./user";

/**
 * Who may open what (spec §2 menu, §6 roles and permissions). The menu (menu.ts) and the server
 * guard (app/.server/guards.ts) both read `can`, so a hidden entry is also a refused URL.
 */
export type Feature =
  | "dashboard"
  | "home"
  | "bookOfBusiness"
  | "commissions"
  | "commissionReconciliation"
  | "commissionInquiry"
  | "carrierTickets"
  | "downlines"
  | "downlineReadiness"
  | "registerDownlines"
  | "onboarding"
  | "contracts"
  | "learningCenter"
  | "quoteEnroll"
  | "quoteTool"
  | "submittedEnrollments"
  | "profile"
  | "basicProfile"
  | "myTickets"
  | "contactSupport"
  | "feedback"
  | "admin"
  | "logout";

export interface Viewer {
  user: SessionUser;
  /** BETA_TESTER_EMAIL: spec §6 "a beta tester is defined by one specific e-mail address". */
  betaTesterEmail: string;
}

export function isBetaTester({ user, betaTesterEmail }: Viewer): boolean {
  return user.email.toLowerCase() === betaTesterEmail.toLowerCase();
}

/** Spec §2: "Contracting required and onboarding incomplete: the menu is locked to Contracting plus
 * Profile, Contact Support and Logout." The guard locks the same pages (plus the read-only basic profile). */
const LOCKED_FEATURES: ReadonlySet<Feature> = new Set<Feature>([
  "onboarding",
  "profile",
  "basicProfile",
  "contactSupport",
  "logout",
]);

/** What the role and state allow, before the contracting lock. */
function allowedByRole(feature: Feature, viewer: Viewer): boolean {
  const { user } = viewer;
  const admin = user.role === "Admin";
  const broker = isBroker(user);
  switch (feature) {
    case "basicProfile":
    case "logout":
      return true;
    case "admin":
      // An administrator signed in as another user is that user, even another administrator (issue 14).
      return admin && user.returnToUserId == null;
    case "carrierTickets":
      // Spec §6: carriers see only tickets and profile; admin sees everything except contracting.
      return user.role === "Carrier" || admin;
    case "onboarding":
      // The contracting steps exist only for a user who has (or whose role calls for) an onboarding.
      return broker && (user.roleHasOnboardingProcess || user.onboardingPresent);
    case "contracts":
      // Admin sees no contracting entries.
      return broker;
    case "commissions":
    case "commissionInquiry":
    case "myTickets":
      // Spec §6: the LOA flag hides Commissions, Commission Inquiry and My Tickets.
      return admin || (broker && !user.loa);
    case "commissionReconciliation":
      // Issue 25 §3: expected against received "for an agent or agency", by their own book and payouts; an
      // administrator has neither (signed in as a user, they are that user). LOA as Commissions.
      return broker && !user.loa;
    case "downlines":
      // Spec §6: only an agency sees Downlines and Register Downlines (§2: the admin menu has Downlines).
      return admin || user.role === "Agency";
    case "downlineReadiness":
      // Issue 25 §2: an agency's own hierarchy (an administrator has none; signed in as an agency, they are it).
      return user.role === "Agency";
    case "registerDownlines":
      // Spec §2's admin menu has no Register Downlines: invitations are an agency's own (the upstream
      // answers them for agencies only; an admin signed in as an agency is that agency). Decision 005.
      return user.role === "Agency";
    case "quoteEnroll":
      // Spec §6: Quote & Enroll is hidden for agents with no active contracts.
      return admin || (broker && user.existingActiveContracts);
    case "quoteTool":
      return admin || (allowedByRole("quoteEnroll", viewer) && user.sunfireAccess);
    case "submittedEnrollments":
      return admin || (allowedByRole("quoteEnroll", viewer) && (user.sunfireAccess || isBetaTester(viewer)));
    case "dashboard":
    case "home":
    case "bookOfBusiness":
    case "learningCenter":
    case "profile":
    case "contactSupport":
    case "feedback":
      return admin || broker;
  }
}

export function can(viewer: Viewer, feature: Feature): boolean {
  if (!allowedByRole(feature, viewer)) return false;
  if (contractingIncomplete(viewer.user)) return LOCKED_FEATURES.has(feature);
  return true;
}

/** URL areas of spec §2 and the feature each belongs to. Matched by whole path segments. */
const AREAS: ReadonlyArray<readonly [string, Feature]> = [
  ["/admin", "admin"],
  ["/dashboard", "dashboard"],
  ["/home", "home"],
  ["/book_of_business", "bookOfBusiness"],
  // Before /commissions: the first area that matches decides.
  ["/commissions/reconciliation", "commissionReconciliation"],
  ["/commissions", "commissions"],
  ["/commission_inquiry", "commissionInquiry"],
  ["/carrier/tickets", "carrierTickets"],
  // Before /downlines: the first area that matches decides.
  ["/downlines/readiness", "downlineReadiness"],
  ["/downlines", "downlines"],
  ["/register_downlines", "registerDownlines"],
  ["/onboarding", "onboarding"],
  ["/onboarding_complete", "onboarding"],
  ["/contracts", "contracts"],
  ["/contracts_pending", "contracts"],
  ["/contract_now", "contracts"],
  // Issue 25 §1: a broker's readiness to sell, beside their contracts.
  ["/ready_to_sell", "contracts"],
  ["/learning_center", "learningCenter"],
  ["/enrollments", "quoteEnroll"],
  ["/quote_tool", "quoteTool"],
  ["/submitted_enrollments", "submittedEnrollments"],
  ["/profile", "profile"],
  ["/basic_profile", "basicProfile"],
  ["/my_tickets", "myTickets"],
  ["/contact_support", "contactSupport"],
  ["/feedback", "feedback"],
  // Issue 13: every signed-in user may change their own password (the profile and the basic profile link here).
  ["/account/password", "basicProfile"],
  ["/account/logout", "logout"],
  ["/account/logout_as_user", "logout"],
];

function inArea(pathname: string, area: string): boolean {
  return pathname === area || pathname.startsWith(`${area}/`);
}

/**
 * The path as the router matches it: percent-decoded, case-insensitive, repeated and trailing slashes
 * dropped. The rule must read the same path, or /ADMIN or /%61dmin would slip past it.
 */
export function normalisePath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // malformed escapes: match on the raw path
  }
  const collapsed = decoded.toLowerCase().replace(/[\\/]+/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/$/, "") : collapsed;
}

export function featureOfPath(pathname: string): Feature | null {
  const normalised = normalisePath(pathname);
  return AREAS.find(([area]) => inArea(normalised, area))?.[1] ?? null;
}

/**
 * What the role the session remembers from sign-in refuses, whatever the user's state (issue 35): the admin area
 * to anyone but an administrator in their own session (the same rule as `can(viewer, "admin")`). The server asks
 * this before any of a page's own code runs; the viewer read from the upstream stays the authority.
 */
export function refusedBySignInRole(
  signIn: { role: string | undefined; impersonating: boolean },
  pathname: string,
): boolean {
  return featureOfPath(pathname) === "admin" && (signIn.role !== "Admin" || signIn.impersonating);
}

/** May this viewer open this URL? Paths outside every area (unknown URLs) are left to the 404 page. */
export function canOpen(viewer: Viewer, pathname: string): boolean {
  const feature = featureOfPath(pathname);
  return feature === null ? true : can(viewer, feature);
}
