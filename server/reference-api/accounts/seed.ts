/**
 * The accounts' seed: the demo accounts of /work/shared/design/demo-data.md (fixed user ids 1..10 in the order of
 * that table) and their licenses, pending@ (an account waiting for activation, its link and e-mail), the national
 * producer registry's stand-in. The users' rows are written by userStatements (admin-people/seed.ts: they need the
 * roles and the uplines).
 * Composed by seed/seed.ts; dates are relative to the seed day (seed/seed-dates.ts).
 */
import { NO_USER_FLAGS, type Role, type UserFlags } from "../../../app/domain/user.ts";
import { MEMBER_FIRST_NAMES, MEMBER_LAST_NAMES } from "../seed/member-names.ts";
import { newAccountToken, tokenExpiresAt, tokenHash } from "../core/tokens.ts";
import { activationEmail } from "../mail/mailer.ts";
import type { SeedDates } from "../seed/seed-dates.ts";
import type { InStatement } from "@libsql/client";

export const DEMO_PASSWORD = "demo-pass-123";

/** The boolean flags of the session user, stored as one JSON column (users.flags). */
export type { UserFlags };

export interface SeedLicense {
  state: string;
  licenseNumber: string;
  licenseType: string;
  status: string;
  /** The license expires at the end of the month this many months after the seed day's; null: never. */
  expiresInMonths: number | null;
}

export interface SeedUser {
  id: number;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  npnId: number | null;
  npnNumber: string | null;
  npnCurrentMaxLevel: string | null;
  phone: string | null;
  /** null = the SMS consent question is not answered yet. */
  smsConsent: boolean | null;
  flags: UserFlags;
  licenses: SeedLicense[];
}

function flags(overrides: Partial<UserFlags>): UserFlags {
  return { ...NO_USER_FLAGS, ...overrides };
}

/** A license's expiry by default: the end of the month 19 months ahead (well in the future). */
export const LICENSE_EXPIRES_IN_MONTHS = 19;
/** docs@'s PA license expires soon: at the end of the month 3 months ahead. */
const LICENSE_EXPIRES_SOON_IN_MONTHS = 3;

function license(
  state: string,
  licenseNumber: string,
  licenseType = "Health",
  expiresInMonths: number | null = LICENSE_EXPIRES_IN_MONTHS,
): SeedLicense {
  return { state, licenseNumber, licenseType, status: "Active", expiresInMonths };
}

/** YYYY-MM-DD or null: when a seed license expires. */
export function licenseExpiresOn(l: SeedLicense, dates: SeedDates): string | null {
  return l.expiresInMonths === null ? null : dates.monthEnd(l.expiresInMonths);
}

export const SEED_USERS: readonly SeedUser[] = [
  {
    id: 1,
    email: "agent@demo.test",
    role: "Agent",
    firstName: "Maria",
    lastName: "Alvarez",
    npnId: 1001,
    npnNumber: "17845210",
    npnCurrentMaxLevel: "Level 3",
    phone: "(555) 201-4410",
    smsConsent: true,
    flags: flags({
      sunfireAccess: true,
      existingActiveContracts: true,
      onboardingComplete: true,
      roleHasShowAchInfo: true,
      roleRequiresSsnOrTin: true,
    }),
    licenses: [license("FL", "W123456"), license("GA", "3219876", "Life & Health")],
  },
  {
    id: 2,
    email: "newagent@demo.test",
    role: "Agent",
    firstName: "Daniel",
    lastName: "Okafor",
    npnId: 1002,
    npnNumber: "20311877",
    npnCurrentMaxLevel: "Level 1",
    phone: "(555) 201-7723",
    smsConsent: null,
    flags: flags({ roleRequiresSsnOrTin: true }),
    licenses: [license("TX", "2456781")],
  },
  {
    id: 3,
    email: "loa@demo.test",
    role: "Agent",
    firstName: "Priya",
    lastName: "Raman",
    npnId: 1003,
    npnNumber: "18977342",
    npnCurrentMaxLevel: "Level 2",
    phone: "(555) 310-0982",
    smsConsent: false,
    flags: flags({ loa: true, existingActiveContracts: true }),
    licenses: [license("AZ", "1094417"), license("NV", "3560021")],
  },
  {
    id: 4,
    email: "docs@demo.test",
    role: "Agent",
    firstName: "Thomas",
    lastName: "Becker",
    npnId: 1004,
    npnNumber: "16554093",
    npnCurrentMaxLevel: "Level 3",
    phone: "(555) 410-3357",
    smsConsent: true,
    flags: flags({ existingActiveContracts: true, existingExpiredContracts: true, roleHasShowAchInfo: true }),
    licenses: [license("OH", "1187345"), license("PA", "889012", "Health", LICENSE_EXPIRES_SOON_IN_MONTHS)],
  },
  {
    id: 5,
    email: "agency@demo.test",
    role: "Agency",
    firstName: "Linda",
    lastName: "Chen",
    npnId: 1005,
    npnNumber: "15002468",
    npnCurrentMaxLevel: "Agency Level 5",
    phone: "(555) 520-1188",
    smsConsent: true,
    flags: flags({
      sunfireAccess: true,
      existingActiveContracts: true,
      hierarchyPresent: true,
      roleHasShowAchInfo: true,
      roleRequiresSsnOrTin: true,
      roleHasOptoutProcess: true,
    }),
    licenses: [license("CA", "0K45123"), license("OR", "3301774"), license("WA", "1045620", "Life & Health")],
  },
  {
    id: 6,
    email: "beta@demo.test",
    role: "Agency",
    firstName: "Robert",
    lastName: "Nguyen",
    npnId: 1006,
    npnNumber: "19233571",
    npnCurrentMaxLevel: "Agency Level 4",
    phone: "(555) 630-2045",
    smsConsent: false,
    flags: flags({ existingActiveContracts: true, hierarchyPresent: true, roleRequiresSsnOrTin: true }),
    licenses: [license("NC", "9912034"), license("SC", "1776540")],
  },
  {
    id: 7,
    email: "onboarding@demo.test",
    role: "Agent",
    firstName: "Aisha",
    lastName: "Johnson",
    npnId: 1007,
    npnNumber: "21456790",
    npnCurrentMaxLevel: "Level 1",
    phone: "(555) 740-5531",
    smsConsent: true,
    flags: flags({
      roleHasOnboardingProcess: true,
      onboardingPresent: true,
      onboardingInProgress: true,
      onboardingActivated: true,
      onboardingComplete: false,
      existingActiveContracts: false,
      skipOnboardingWithContracts: false,
      roleRequiresSsnOrTin: true,
    }),
    licenses: [license("IL", "100234567")],
  },
  {
    id: 8,
    email: "onboarded@demo.test",
    role: "Agency",
    firstName: "Michael",
    lastName: "Rossi",
    npnId: 1008,
    npnNumber: "14789023",
    npnCurrentMaxLevel: "Agency Level 3",
    phone: "(555) 850-6674",
    smsConsent: false,
    flags: flags({
      roleHasOnboardingProcess: true,
      onboardingPresent: true,
      onboardingActivated: true,
      onboardingComplete: true,
      onboardingInProgress: false,
      skipOnboardingWithContracts: false,
      existingActiveContracts: true,
      roleHasShowAchInfo: true,
    }),
    licenses: [license("NY", "LA-1298834"), license("NJ", "1573920")],
  },
  {
    id: 9,
    email: "admin@demo.test",
    role: "Admin",
    firstName: "Grace",
    lastName: "Harper",
    npnId: null,
    npnNumber: null,
    npnCurrentMaxLevel: null,
    phone: "(555) 900-1000",
    smsConsent: false,
    flags: flags({}),
    licenses: [],
  },
  {
    id: 10,
    email: "carrier@demo.test",
    role: "Carrier",
    firstName: "Kevin",
    lastName: "Walsh",
    npnId: null,
    npnNumber: null,
    npnCurrentMaxLevel: null,
    phone: "(555) 900-2000",
    smsConsent: false,
    flags: flags({}),
    licenses: [],
  },
  // Not in demo-data.md's table: used by the end-to-end test of an upstream 401 mid-session.
  {
    id: 11,
    email: "expired@demo.test",
    role: "Agent",
    firstName: "Samuel",
    lastName: "Reyes",
    npnId: 1011,
    npnNumber: "20455102",
    npnCurrentMaxLevel: "Level 2",
    phone: "(555) 201-7788",
    smsConsent: true,
    flags: flags({ existingActiveContracts: true }),
    licenses: [license("TX", "2299001")],
  },
  // Not in demo-data.md's table: the second administrator (issue 23), who approves the payout entries admin@
  // creates (the creator of an entry may never approve it) and creates entries admin@ approves.
  {
    id: 13,
    email: "finance@demo.test",
    role: "Admin",
    firstName: "Nora",
    lastName: "Whitfield",
    npnId: null,
    npnNumber: null,
    npnCurrentMaxLevel: null,
    phone: "(555) 900-1300",
    smsConsent: false,
    flags: flags({}),
    licenses: [],
  },
];

/* ---- Accounts (issue 13): an account waiting for activation, the national producer registry ---- */

/**
 * An account an administrator created (status pending, no password yet: password_hash '!'): its activation
 * link is issued when the seed runs and its e-mail is in the outbox (accountStatements). Not in SEED_USERS,
 * whose accounts all sign in with DEMO_PASSWORD.
 */
export const SEED_PENDING_ACCOUNT: SeedUser = {
  id: 12,
  email: "pending@demo.test",
  role: "Agent",
  firstName: "Pat",
  lastName: "Pending",
  npnId: null,
  npnNumber: "19000100",
  npnCurrentMaxLevel: null,
  phone: null,
  smsConsent: null,
  flags: flags({ roleRequiresSsnOrTin: true }),
  licenses: [],
};

/** The NPNs no account has: a registration (invited or not) may give any of them. 19000001 … 19000040. */
export const SEED_FREE_NPNS: readonly string[] = Array.from({ length: 40 }, (_, i) => String(19000001 + i));

export interface SeedRegistryEntry {
  npn: string;
  firstName: string;
  lastName: string;
}

/**
 * The national producer registry's stand-in: every seed account's NPN (with its name), pending@'s, and the
 * free ones (named from the member names, deterministically).
 */
export function seedNpnRegistry(): SeedRegistryEntry[] {
  const accounts = [...SEED_USERS, SEED_PENDING_ACCOUNT]
    .filter((u) => u.npnNumber !== null)
    .map((u) => ({ npn: u.npnNumber!, firstName: u.firstName, lastName: u.lastName }));
  const free = SEED_FREE_NPNS.map((npn, i) => ({
    npn,
    firstName: MEMBER_FIRST_NAMES[(i * 7) % MEMBER_FIRST_NAMES.length]!,
    lastName: MEMBER_LAST_NAMES[(i * 11) % MEMBER_LAST_NAMES.length]!,
  }));
  return [...accounts, ...free];
}

/**
 * Accounts (issue 13): the national producer registry, and pending@'s activation link (id 1) with its e-mail
 * in the outbox (id 1): a per-user reset of pending@ puts both back, with a new token.
 */
export function accountStatements(portalUrl: string): InStatement[] {
  const statements: InStatement[] = seedNpnRegistry().map((r) => ({
    sql: "INSERT INTO npn_registry (npn, first_name, last_name) VALUES (?, ?, ?)",
    args: [r.npn, r.firstName, r.lastName],
  }));
  const pending = SEED_PENDING_ACCOUNT;
  const now = new Date();
  const token = newAccountToken();
  statements.push({
    sql: `INSERT INTO account_tokens (id, user_id, purpose, token_hash, expires_at, used_at, created_at)
          VALUES (1, ?, 'activate', ?, ?, NULL, ?)`,
    args: [pending.id, tokenHash(token), tokenExpiresAt("activate", now), now.toISOString()],
  });
  const mail = activationEmail(portalUrl, { to: pending.email, firstName: pending.firstName, token });
  statements.push({
    sql: `INSERT INTO outbox (id, to_address, subject, text_body, html_body, created_at) VALUES (1, ?, ?, ?, ?, ?)`,
    args: [mail.to, mail.subject, mail.text, mail.html, now.toISOString()],
  });
  return statements;
}
