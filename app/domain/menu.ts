import { type Viewer, canOpen } from "./access";
import { homeFor } from "./home";
import { type DocumentState, documentsNeedAttention } from "./documents";
import { type SessionUser, contractingComplete, contractingRequired, fullName } from "./user";

export const CONTRACT_NOW_HREF = "/contract_now";
/** Admin's "external test-site link" (spec §2): the quote tool's test site, opened in a new window. */
export const QUOTE_TEST_SITE_HREF = "/quote_tool?site=test";
/** The quote tool's one name (spec §1 "a quote tool"): the menu, its page and its buttons all say it. */
export const QUOTE_TOOL_NAME = "Quote Tool";
/** The admin's external test-site link of spec §2: the same tool, its test site. */
export const QUOTE_TEST_SITE_NAME = `${QUOTE_TOOL_NAME} (test site)`;

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

/** What the menu reads: the viewer (role, flags, beta tester) and its document notifications. */
export interface MenuState extends Viewer, DocumentState {}

/** Every entry a menu of spec §2 shows, once: its label and URL. */
const ENTRIES = {
  home: { key: "home", label: "Home", to: "/home" },
  bookOfBusiness: { key: "bookOfBusiness", label: "Book of Business", to: "/book_of_business" },
  commissions: { key: "commissions", label: "Commissions", to: "/commissions" },
  commissionInquiry: { key: "commissionInquiry", label: "Commission Inquiry", to: "/commission_inquiry" },
  /** The carrier's Commission Inquiry is the carrier-tickets page. */
  carrierTickets: { key: "commissionInquiry", label: "Commission Inquiry", to: "/carrier/tickets" },
  downlines: { key: "downlines", label: "Downlines", to: "/downlines" },
  registerDownlines: { key: "registerDownlines", label: "Register Downlines", to: "/register_downlines" },
  contracting: { key: "contracting", label: "Contracting", to: "/onboarding" },
  myContracts: { key: "myContracts", label: "My Contracts", to: "/contracts" },
  /** Contracting required and complete: My Contracts is contracts_pending. */
  myContractsPending: { key: "myContracts", label: "My Contracts", to: "/contracts_pending" },
  contractNow: { key: "contractNow", label: "Contract Now", to: CONTRACT_NOW_HREF },
  learningCenter: { key: "learningCenter", label: "Learning Center", to: "/learning_center" },
  quoteEnroll: { key: "quoteEnroll", label: "Quote & Enroll", to: "/enrollments" },
  enrollments: { key: "enrollments", label: "Enrollments", to: "/enrollments" },
  quote: { key: "quote", label: QUOTE_TOOL_NAME, to: "/quote_tool", newWindow: true },
  quoteTestSite: { key: "quoteTestSite", label: QUOTE_TEST_SITE_NAME, to: QUOTE_TEST_SITE_HREF, newWindow: true },
  submittedEnrollments: { key: "submittedEnrollments", label: "Submitted Enrollments", to: "/submitted_enrollments" },
  adminTools: { key: "adminTools", label: "Admin Tools", to: "/admin" },
  profile: { key: "profile", label: "Profile", to: "/profile" },
  basicProfile: { key: "basicProfile", label: "User Profile", to: "/basic_profile" },
  myTickets: { key: "myTickets", label: "My Tickets", to: "/my_tickets" },
  contactSupport: { key: "contactSupport", label: "Contact Support", to: "/contact_support" },
  /** The feedback conversations with the organization's staff (spec §1, §2 /feedback/list). */
  feedback: { key: "feedback", label: "Feedback", to: "/feedback/list" },
  logout: { key: "logout", label: "Logout", to: "/account/logout", action: "logout" },
} as const satisfies Record<string, MenuItem>;

type EntryName = keyof typeof ENTRIES;
/** An entry, or an entry with children (Quote & Enroll). */
type Slot = EntryName | readonly [EntryName, readonly EntryName[]];

const QUOTE_ENROLL = (quote: EntryName): Slot => ["quoteEnroll", ["enrollments", quote, "submittedEnrollments"]];

/**
 * Spec §2 "Navigation menu by role and state": the order of each menu, bullet by bullet. Which entries a
 * user sees is not written here: an entry shows only when the access rule (access.ts `canOpen`, the rule
 * the server's guard reads) lets this user open its URL.
 */
const MENUS = {
  Carrier: ["carrierTickets", "basicProfile", "logout"],
  Admin: [
    "bookOfBusiness",
    "commissions",
    "commissionInquiry",
    "downlines",
    "learningCenter",
    QUOTE_ENROLL("quoteTestSite"),
    "adminTools",
    "basicProfile",
    "logout",
  ],
  /** Agent and Agency, normal state. Contracting required and incomplete is this menu as the access rule
   *  locks it: Contracting, Profile, Contact Support and Logout. */
  broker: [
    "bookOfBusiness",
    "commissions",
    "commissionInquiry",
    "downlines",
    "registerDownlines",
    "contracting",
    "myContracts",
    "contractNow",
    "learningCenter",
    QUOTE_ENROLL("quote"),
    "profile",
    "myTickets",
    "contactSupport",
    // Not in spec §2's list, but its pages are (/feedback/…): a broker reaches them from the menu too.
    "feedback",
    "logout",
  ],
  /** Contracting required and complete; Logout is not in the spec's list, but a user must be able to sign out. */
  contractingComplete: ["home", "myContractsPending", "registerDownlines", "learningCenter", "profile", "logout"],
} as const satisfies Record<string, readonly Slot[]>;

function menuOf(user: SessionUser): readonly Slot[] {
  if (user.role === "Carrier" || user.role === "Admin") return MENUS[user.role];
  return contractingComplete(user) ? MENUS.contractingComplete : MENUS.broker;
}

/**
 * What the menu asks beyond may-open: spec §2 "Contracting (only if onboarding is present and
 * incomplete)"; while contracting is required and incomplete it is the locked menu's first entry.
 */
function shownBeyondAccess(name: EntryName, user: SessionUser): boolean {
  if (name !== "contracting") return true;
  return !user.onboardingComplete && (user.onboardingPresent || contractingRequired(user));
}

function entryFor(state: MenuState, name: EntryName): MenuItem | null {
  const entry: MenuItem = { ...ENTRIES[name] };
  if (!canOpen(state, new URL(entry.to, "http://portal").pathname) || !shownBeyondAccess(name, state.user)) return null;
  // Spec §2 "An alert icon shows when documents need attention": on Profile.
  if (name === "profile" && documentsNeedAttention(state)) entry.alert = true;
  return entry;
}

/**
 * Spec §2 "Navigation menu by role and state"; an agent's or agency's menu is led by a Home entry to their
 * home (issue 11) where no entry already leads there (Contracting, Home itself). The carrier's and the
 * admin's menus are fixed by the spec, their home its first entry.
 */
export function menuFor(state: MenuState): MenuItem[] {
  const items = specMenu(state);
  if (state.user.role !== "Agent" && state.user.role !== "Agency") return items;
  const home = homeFor(state.user);
  return menuHrefs(items).includes(home) || !canOpen(state, home) ? items : [{ ...ENTRIES.home, to: home }, ...items];
}

function specMenu(state: MenuState): MenuItem[] {
  return menuOf(state.user).flatMap((slot): MenuItem[] => {
    if (typeof slot === "string") return [entryFor(state, slot)].filter((e) => e !== null);
    const [name, childNames] = slot;
    const parent = entryFor(state, name);
    if (!parent) return [];
    const children = childNames.map((child) => entryFor(state, child)).filter((e) => e !== null);
    return [{ ...parent, children }];
  });
}

/** Spec §2: "An admin impersonating a user sees a 'Logout As {name}' button." */
export function logoutAsLabel(state: Pick<MenuState, "user">): string | null {
  return state.user.returnToUserId != null ? `Logout As ${fullName(state.user)}` : null;
}

/** Every href the menu shows, children included (used by tests: each must be openable). */
export function menuHrefs(items: MenuItem[]): string[] {
  return items.flatMap((entry) => [entry.to, ...menuHrefs(entry.children ?? [])]);
}
