import { type Feature, type Viewer, can } from "./access";
import { contractingComplete, contractingIncomplete, fullName } from "./user";

export const CONTRACT_NOW_HREF = "/contract_now";
/** Admin's "external test-site link" (spec §2): the quote tool's test site, opened in a new window. */
export const QUOTE_TEST_SITE_HREF = "/quote_tool?site=test";

export interface MenuItem {
  key: string;
  label: string;
  to: string;
  /** Opened in a new window. */
  newWindow?: boolean;
  /** The alert icon of spec §2: documents need attention. */
  alert?: boolean;
  /** Rendered as a sign-out form button rather than a link. */
  action?: "logout";
  children?: MenuItem[];
}

export interface MenuState extends Viewer {
  /** Number of document notifications (spec §2 "An alert icon shows when documents need attention"). */
  documentNotificationCount: number;
}

const LOGOUT: MenuItem = { key: "logout", label: "Logout", to: "/account/logout", action: "logout" };

function item(state: MenuState, feature: Feature, entry: MenuItem): MenuItem[] {
  return can(state, feature) ? [entry] : [];
}

function profile(state: MenuState): MenuItem {
  return {
    key: "profile",
    label: "Profile",
    to: "/profile",
    ...(state.documentNotificationCount > 0 ? { alert: true } : {}),
  };
}

/** Spec §2 "Navigation menu by role and state", bullet by bullet. */
export function menuFor(state: MenuState): MenuItem[] {
  const { user } = state;

  if (user.role === "Carrier") {
    return [
      { key: "commissionInquiry", label: "Commission Inquiry", to: "/carrier/tickets" },
      { key: "basicProfile", label: "User Profile", to: "/basic_profile" },
      LOGOUT,
    ];
  }

  if (user.role === "Admin") {
    return [
      { key: "bookOfBusiness", label: "Book of Business", to: "/book_of_business" },
      { key: "commissions", label: "Commissions", to: "/commissions" },
      { key: "commissionInquiry", label: "Commission Inquiry", to: "/commission_inquiry" },
      { key: "downlines", label: "Downlines", to: "/downlines" },
      { key: "learningCenter", label: "Learning Center", to: "/learning_center" },
      {
        key: "quoteEnroll",
        label: "Quote & Enroll",
        to: "/enrollments",
        children: [
          { key: "enrollments", label: "Enrollments", to: "/enrollments" },
          { key: "quoteTestSite", label: "Quote Test Site", to: QUOTE_TEST_SITE_HREF, newWindow: true },
          { key: "submittedEnrollments", label: "Submitted Enrollments", to: "/submitted_enrollments" },
        ],
      },
      { key: "adminTools", label: "Admin Tools", to: "/admin" },
      { key: "basicProfile", label: "User Profile", to: "/basic_profile" },
      LOGOUT,
    ];
  }

  if (contractingIncomplete(user)) {
    return [
      { key: "contracting", label: "Contracting", to: "/onboarding" },
      profile(state),
      { key: "contactSupport", label: "Contact Support", to: "/contact_support" },
      LOGOUT,
    ];
  }

  if (contractingComplete(user)) {
    return [
      { key: "home", label: "Home", to: "/home" },
      { key: "myContracts", label: "My Contracts", to: "/contracts_pending" },
      ...item(state, "registerDownlines", { key: "registerDownlines", label: "Register Downlines", to: "/register_downlines" }),
      { key: "learningCenter", label: "Learning Center", to: "/learning_center" },
      profile(state),
      // Not in the spec's list for this state, but a user must always be able to sign out.
      LOGOUT,
    ];
  }

  const quoteChildren: MenuItem[] = [
    { key: "enrollments", label: "Enrollments", to: "/enrollments" },
    ...item(state, "quoteTool", { key: "quote", label: "Quote", to: "/quote_tool", newWindow: true }),
    ...item(state, "submittedEnrollments", {
      key: "submittedEnrollments",
      label: "Submitted Enrollments",
      to: "/submitted_enrollments",
    }),
  ];

  return [
    { key: "bookOfBusiness", label: "Book of Business", to: "/book_of_business" },
    ...item(state, "commissions", { key: "commissions", label: "Commissions", to: "/commissions" }),
    ...item(state, "commissionInquiry", {
      key: "commissionInquiry",
      label: "Commission Inquiry",
      to: "/commission_inquiry",
    }),
    ...item(state, "downlines", { key: "downlines", label: "Downlines", to: "/downlines" }),
    ...item(state, "registerDownlines", { key: "registerDownlines", label: "Register Downlines", to: "/register_downlines" }),
    // Spec §2: Contracting only if onboarding is present and incomplete.
    ...(user.onboardingPresent && !user.onboardingComplete
      ? item(state, "onboarding", { key: "contracting", label: "Contracting", to: "/onboarding" })
      : []),
    { key: "myContracts", label: "My Contracts", to: "/contracts" },
    { key: "contractNow", label: "Contract Now", to: CONTRACT_NOW_HREF },
    { key: "learningCenter", label: "Learning Center", to: "/learning_center" },
    ...item(state, "quoteEnroll", {
      key: "quoteEnroll",
      label: "Quote & Enroll",
      to: "/enrollments",
      children: quoteChildren,
    }),
    profile(state),
    ...item(state, "myTickets", { key: "myTickets", label: "My Tickets", to: "/my_tickets" }),
    { key: "contactSupport", label: "Contact Support", to: "/contact_support" },
    LOGOUT,
  ];
}

/** Spec §2: "An admin impersonating a user sees a 'Logout As {name}' button." */
export function logoutAsLabel(state: Pick<MenuState, "user">): string | null {
  return state.user.returnToUserId != null ? `Logout As ${fullName(state.user)}` : null;
}

/** Every href the menu shows, children included (used by tests: each must be openable). */
export function menuHrefs(items: MenuItem[]): string[] {
  return items.flatMap((entry) => [entry.to, ...menuHrefs(entry.children ?? [])]);
}
