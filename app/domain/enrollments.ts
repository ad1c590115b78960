/**
 * Quote & Enroll (spec §1 "enrollments, including a quote tool and submitted enrollments", §2 menu, §6,
 * §7 "GET /partners/sunfire | reads url; opened in a new window"): who gets which quote site, what the
 * enrollment hub offers, the submitted enrollments' statuses and which columns their list shows, and
 * which quote-provider addresses the portal may send a browser to. Pure: no I/O.
 */
import { type Viewer, can } from "./access";
import { formatDate } from "./formats";
import type { ListShape } from "./list-query";

/** The quote tool's two sites: the provider itself, and its test site (the admin's "external test-site link"). */
export type QuoteSite = "production" | "test";

/**
 * The site a /quote_tool URL asks for: `?site=test` is the test site, for administrators only (spec §2: the
 * admin's menu has "an external test-site link"; no other menu offers it); anything else is the provider.
 * "refused" when the viewer may not open the site asked for (the page answers 403).
 */
export function quoteSiteOf(viewer: Viewer, requested: string | null): QuoteSite | "refused" {
  if (!can(viewer, "quoteTool")) return "refused";
  if (requested !== "test") return "production";
  return viewer.user.role === "Admin" ? "test" : "refused";
}

/** The site the enrollment hub's quote button opens: the admin's is the test site, as in its menu (spec §2). */
export function hubQuoteSite(viewer: Viewer): QuoteSite {
  return viewer.user.role === "Admin" ? "test" : "production";
}

/** The /quote_tool URL of a site (its form posts there too). */
export function quoteToolHref(site: QuoteSite): string {
  return site === "test" ? "/quote_tool?site=test" : "/quote_tool";
}

/**
 * What the enrollment hub (/enrollments) shows this viewer: a quote button only when the quote tool is
 * theirs (spec §2 "Its quote link shows only with sunfireAccess"; beta@ sees Submitted Enrollments but no
 * quote link), the latest submitted enrollments only when that list is theirs (sunfireAccess or the beta
 * tester, §2 and §6).
 */
export function enrollmentHub(viewer: Viewer): { quoteSite: QuoteSite | null; showsSubmitted: boolean } {
  return {
    quoteSite: can(viewer, "quoteTool") ? hubQuoteSite(viewer) : null,
    showsSubmitted: can(viewer, "submittedEnrollments"),
  };
}

/** How many of the latest submitted enrollments the hub lists. */
export const HUB_LATEST_COUNT = 5;

/** The statuses an enrollment submitted through the quote tool goes through (the upstream's contract). */
export const SUBMITTED_ENROLLMENT_STATUSES = [
  "Submitted",
  "Pending carrier review",
  "Enrolled",
  "Rejected",
  "Canceled",
] as const;
export type SubmittedEnrollmentStatus = (typeof SUBMITTED_ENROLLMENT_STATUSES)[number];

/** The submitted enrollments' sortable columns. */
export const SUBMITTED_ENROLLMENT_SORTABLE = [
  "confirmationNumber",
  "memberName",
  "planName",
  "carrierName",
  "effectiveDate",
  "status",
  "submittedAt",
  "writingAgent",
] as const;

/** The list's URL shape (ADR 020): sortable columns, the status filter's values, a carrier id. */
export const SUBMITTED_ENROLLMENTS_LIST: ListShape = {
  sortable: SUBMITTED_ENROLLMENT_SORTABLE,
  filters: { status: { values: SUBMITTED_ENROLLMENT_STATUSES }, carrierId: "id" },
};

/**
 * The day an enrollment was submitted (MM/DD/YYYY, spec §9), by the timestamp's own (UTC) date: the server
 * and the browser draw the same text whatever their time zones.
 */
export function submittedOn(submittedAt: string): string {
  return /^\d{4}-\d\d-\d\d/.test(submittedAt) ? formatDate(submittedAt.slice(0, 10)) : "—";
}

/**
 * An agency sees its downline's enrollments too, and an admin everyone's: their lists name the writing
 * agent. An agent's list is their own, so the column would repeat their name on every row.
 */
export function showsWritingAgent(viewer: Viewer): boolean {
  return viewer.user.role === "Agency" || viewer.user.role === "Admin";
}

/**
 * The origins the portal may send a browser to for the quote tool (the CSP's form-action, and the check of
 * the URL the upstream hands out): the configured ones, or else the upstream's own origin (the reference
 * API serves its demo provider itself). Origins only: scheme, host and port.
 */
export function quoteToolOrigins(configured: readonly string[] | undefined, upstreamUrl: string): string[] {
  const list = configured && configured.length > 0 ? configured : [upstreamUrl];
  const origins = list.flatMap((entry) => {
    try {
      const { origin, protocol } = new URL(entry);
      return protocol === "http:" || protocol === "https:" ? [origin] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

/**
 * Whether a sign-on URL from the upstream may be opened: http(s), on one of the allowed origins, with no
 * user name or password in it. Anything else is not followed (a redirect the CSP would block, or worse).
 */
export function quoteUrlAllowed(url: string, origins: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false;
  if (parsed.username || parsed.password) return false;
  return origins.includes(parsed.origin);
}

/** The quote tool's answer when the upstream's URL is not one the portal may open. */
export const QUOTE_URL_REFUSED =
  "The quote tool answered with an address the portal is not allowed to open. Please contact support.";
/** The quote tool's answer when the upstream gave no answer for the sign-on link (nothing typed to keep). */
export const QUOTE_TOOL_NOT_ANSWERING =
  "The quote tool's sign-in service is not answering. Please try again in a moment.";
