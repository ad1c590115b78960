/**
 * The admin area's seed (issue 14): the roles (each demo account keeps the role flags it had, now from its role)
 * and enough further users to make the admin tables feel real: BULK_USER_COUNT brokers and staff across roles and
 * states, ids BULK_USER_FIRST_ID … BULK_USER_LAST_ID. Bulk users have no password (NO_PASSWORD_HASH): an admin may
 * sign in as them; nobody signs in as them directly.
 */
import type { InStatement } from "@libsql/client";
import { ROLE_FLAG_KEYS } from "../../../app/domain/admin/labels.ts";
import type { Role, UserFlags } from "../../../app/domain/user.ts";
import type { SeedDates } from "../seed/seed-dates.ts";
import type { RtsTone } from "../../../app/domain/rts.ts";
import { DEMO_PASSWORD, SEED_PENDING_ACCOUNT, SEED_USERS, licenseExpiresOn, type SeedUser } from "../accounts/seed.ts";
import { NO_PASSWORD_HASH, hashPassword } from "../core/passwords.ts";
import { SEED_UPLINE_USER_IDS } from "../profile/seed.ts";
import { MEMBER_FIRST_NAMES, MEMBER_LAST_NAMES } from "../seed/member-names.ts";
import { SEED_CARRIERS } from "../contracting/seed.ts";

export interface SeedRole {
  id: number;
  name: string;
  kind: Role;
  description: string;
  roleHasOnboardingProcess: boolean;
  roleHasShowAchInfo: boolean;
  roleHasOptoutProcess: boolean;
  roleRequiresSsnOrTin: boolean;
}

function role(
  id: number,
  name: string,
  kind: Role,
  description: string,
  f: Partial<
    Pick<SeedRole, "roleHasOnboardingProcess" | "roleHasShowAchInfo" | "roleHasOptoutProcess" | "roleRequiresSsnOrTin">
  >,
): SeedRole {
  return {
    id,
    name,
    kind,
    description,
    roleHasOnboardingProcess: f.roleHasOnboardingProcess ?? false,
    roleHasShowAchInfo: f.roleHasShowAchInfo ?? false,
    roleHasOptoutProcess: f.roleHasOptoutProcess ?? false,
    roleRequiresSsnOrTin: f.roleRequiresSsnOrTin ?? false,
  };
}

/** The first role of each kind is the one a registration gives (schema.ts roles). */
export const SEED_ROLES: readonly SeedRole[] = [
  role(1, "Independent agent", "Agent", "An agent who contracts through us on their own; asked for an SSN or TIN.", {
    roleRequiresSsnOrTin: true,
  }),
  role(2, "Agency", "Agency", "An agency with its own downline; asked for an SSN or TIN.", {
    roleRequiresSsnOrTin: true,
  }),
  role(3, "Administrator", "Admin", "Staff who run the portal from the admin area.", {}),
  role(4, "Carrier staff", "Carrier", "A carrier's staff who answer commission inquiries.", {}),
  role(5, "Career agent", "Agent", "A full-time agent paid by direct deposit (ACH); asked for an SSN or TIN.", {
    roleHasShowAchInfo: true,
    roleRequiresSsnOrTin: true,
  }),
  role(6, "Agent paid by ACH", "Agent", "An agent paid by direct deposit whose tax id is on file elsewhere.", {
    roleHasShowAchInfo: true,
  }),
  role(7, "Legacy agent", "Agent", "An agent carried over from the previous system: no onboarding questions.", {}),
  role(8, "Master agency", "Agency", "An agency paid by ACH that may opt its downline out of campaigns.", {
    roleHasShowAchInfo: true,
    roleRequiresSsnOrTin: true,
    roleHasOptoutProcess: true,
  }),
  role(9, "Agent in onboarding", "Agent", "A new agent who completes onboarding before contracting.", {
    roleHasOnboardingProcess: true,
    roleRequiresSsnOrTin: true,
  }),
  role(10, "Agency in onboarding", "Agency", "A new agency that completes onboarding before contracting.", {
    roleHasOnboardingProcess: true,
    roleHasShowAchInfo: true,
  }),
  role(11, "Captive agent", "Agent", "An agent who writes for one agency only; asked for an SSN or TIN.", {
    roleRequiresSsnOrTin: true,
  }),
  role(12, "Statements only", "Agent", "An agent who only reads their commission statements.", {}),
];

/** The seed role of a demo user: the first of its kind whose flags are the user's role flags. */
export function seedRoleIdOf(u: Pick<SeedUser, "role"> & { flags: UserFlags }): number {
  const found = SEED_ROLES.find((r) => r.kind === u.role && ROLE_FLAG_KEYS.every((k) => r[k] === u.flags[k]));
  if (!found) throw new Error(`No seed role of kind ${u.role} with the flags of a seed user`);
  return found.id;
}

export const BULK_USER_FIRST_ID = 101;
export const BULK_USER_COUNT = 220;
export const BULK_USER_LAST_ID = BULK_USER_FIRST_ID + BULK_USER_COUNT - 1;

export type BulkStatus = "active" | "pending" | "unverified" | "disabled";

export interface BulkUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  roleId: number;
  kind: Role;
  status: BulkStatus;
  npnNumber: string | null;
  level: string | null;
  phone: string;
  /** The agency the user writes under: agency@ (5), beta@ (6), onboarded@ (8) or a bulk agency. */
  uplineUserId: number | null;
  sunfireAccess: boolean;
  loa: boolean;
  skipOnboardingWithContracts: boolean;
  /** Days before the seed day the account was created. */
  createdDaysAgo: number;
  /** Days before the seed day the user last signed in; null: never (pending and unverified accounts). */
  lastSignInDaysAgo: number | null;
}

/**
 * The bulk users, the same on every seed. Every 10th is an agency (role 2 or 8); 8 administrators and 6 carrier
 * staff at the end; statuses: mostly active, with pending (created by an admin), unverified (some for longer than
 * 24 hours: registration failures) and disabled ones.
 */
export const BULK_USERS: readonly BulkUser[] = Array.from({ length: BULK_USER_COUNT }, (_, i): BulkUser => {
  const id = BULK_USER_FIRST_ID + i;
  const firstName = MEMBER_FIRST_NAMES[(i * 7 + 3) % MEMBER_FIRST_NAMES.length]!;
  const lastName = MEMBER_LAST_NAMES[(i * 13 + 5) % MEMBER_LAST_NAMES.length]!;
  const staff = i >= BULK_USER_COUNT - 14;
  const admin = staff && i < BULK_USER_COUNT - 6;
  const agency = !staff && i % 10 === 0;
  const agentRoles = [1, 5, 11, 6, 1, 12, 11, 1, 5] as const;
  const roleId = admin ? 3 : staff ? 4 : agency ? (i % 20 === 0 ? 8 : 2) : agentRoles[i % agentRoles.length]!;
  const kind: Role = admin ? "Admin" : staff ? "Carrier" : agency ? "Agency" : "Agent";
  const status: BulkStatus = staff
    ? "active"
    : i % 23 === 4
      ? "pending"
      : i % 19 === 7
        ? "unverified"
        : i % 29 === 11
          ? "disabled"
          : "active";
  const bulkAgencies = Array.from({ length: 21 }, (_, k) => BULK_USER_FIRST_ID + k * 10);
  const uplines = [5, 6, 8, ...bulkAgencies];
  const uplineUserId = staff ? null : agency ? (i % 3 === 0 ? 5 : null) : uplines[i % uplines.length]!;
  return {
    id,
    email: `${firstName}.${lastName}.${id}@brokers.demo.test`.toLowerCase(),
    firstName,
    lastName,
    roleId,
    kind,
    status,
    npnNumber: staff ? null : String(30000000 + id * 37),
    level: staff ? null : agency ? `Agency Level ${1 + (i % 5)}` : `Level ${1 + (i % 3)}`,
    phone: `(555) ${String(300 + (i % 600)).padStart(3, "0")}-${String(1000 + ((i * 97) % 9000)).padStart(4, "0")}`,
    uplineUserId: uplineUserId === id ? 5 : uplineUserId,
    sunfireAccess: i % 4 === 0,
    loa: kind === "Agent" && i % 17 === 3,
    skipOnboardingWithContracts: i % 11 === 5,
    // Unverified ones: a few within the last day (still on time), the rest older (registration failures).
    createdDaysAgo: status === "unverified" ? (i % 2 === 0 ? 0 : 3 + (i % 20)) : 5 + ((i * 31) % 700),
    lastSignInDaysAgo: status === "active" ? (i * 7) % 40 : status === "disabled" ? 60 + (i % 90) : null,
  };
});

export function seedRoleStatements(dates: SeedDates): InStatement[] {
  return SEED_ROLES.map((r) => ({
    sql: `INSERT INTO roles (id, name, kind, description, has_onboarding_process, has_show_ach_info,
            has_optout_process, requires_ssn_or_tin, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      r.id,
      r.name,
      r.kind,
      r.description,
      r.roleHasOnboardingProcess ? 1 : 0,
      r.roleHasShowAchInfo ? 1 : 0,
      r.roleHasOptoutProcess ? 1 : 0,
      r.roleRequiresSsnOrTin ? 1 : 0,
      dates.daysAgo(400),
    ],
  }));
}

/** Rows per INSERT of the bulk users. */
const BULK_INSERT_CHUNK = 40;

export function bulkUserStatements(dates: SeedDates, noPasswordHash: string): InStatement[] {
  const statements: InStatement[] = [];
  for (let start = 0; start < BULK_USERS.length; start += BULK_INSERT_CHUNK) {
    const chunk = BULK_USERS.slice(start, start + BULK_INSERT_CHUNK);
    statements.push({
      sql: `INSERT INTO users (id, email, password_hash, status, upline_user_id, role, role_id, first_name, last_name,
              npn_id, npn_number, npn_current_max_level, phone, sms_consent, flags, created_at, updated_at,
              last_sign_in_at)
            VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, 1, ?, ?, ?, ?)").join(", ")}`,
      args: chunk.flatMap((u) => {
        const created =
          u.status === "unverified" && u.createdDaysAgo === 0
            ? dates.daysAgo(0, "00:05")
            : dates.daysAgo(u.createdDaysAgo);
        return [
          u.id,
          u.email,
          noPasswordHash,
          u.status,
          u.uplineUserId,
          u.kind,
          u.roleId,
          u.firstName,
          u.lastName,
          u.npnNumber,
          u.level,
          u.phone,
          JSON.stringify({
            sunfireAccess: u.sunfireAccess,
            loa: u.loa,
            skipOnboardingWithContracts: u.skipOnboardingWithContracts,
          }),
          created,
          created,
          u.lastSignInDaysAgo === null
            ? null
            : dates.daysAgo(
                u.lastSignInDaysAgo,
                `${String(7 + (u.id % 12)).padStart(2, "0")}:${String(u.id % 60).padStart(2, "0")}`,
              ),
        ];
      }),
    });
  }
  statements.push(...bulkLicenseStatements(dates));
  return statements;
}

/** The first id of the bulk brokers' licenses (clear of userStatements' 1..n and agent@'s 901, 902). */
export const FIRST_BULK_LICENSE_ID = 10001;
const LICENSE_STATES = ["TX", "FL", "CA", "AZ", "GA", "NC", "OH", "PA", "NY", "IL", "MI", "NV", "CO", "WA"] as const;

export interface BulkLicense {
  id: number;
  userId: number;
  state: string;
  licenseNumber: string;
  /** Months after the seed day's month it expires at the end of (negative: expired). */
  expiresInMonths: number;
}

/**
 * The bulk brokers' licenses (the admin users list's License column): one to three states each; every 9th broker's
 * last one expired, every 7th's first one runs out at the end of next month.
 */
export const BULK_LICENSES: readonly BulkLicense[] = BULK_USERS.filter((u) => u.kind === "Agent" || u.kind === "Agency")
  .flatMap((u) => {
    const count = 1 + (u.id % 3);
    return Array.from({ length: count }, (_, k): BulkLicense => ({
      id: 0,
      userId: u.id,
      state: LICENSE_STATES[(u.id + k * 5) % LICENSE_STATES.length]!,
      licenseNumber: String(4_000_000 + u.id * 10 + k),
      expiresInMonths:
        u.id % 9 === 0 && k === count - 1
          ? -1 - (u.id % 4)
          : u.id % 7 === 0 && k === 0
            ? 1
            : 3 + ((u.id * 5 + k * 11) % 30),
    }));
  })
  .map((l, index) => ({ ...l, id: FIRST_BULK_LICENSE_ID + index }));

function bulkLicenseStatements(dates: SeedDates): InStatement[] {
  const statements: InStatement[] = [];
  for (let start = 0; start < BULK_LICENSES.length; start += BULK_INSERT_CHUNK) {
    const chunk = BULK_LICENSES.slice(start, start + BULK_INSERT_CHUNK);
    statements.push({
      sql: `INSERT INTO licenses (id, user_id, state, license_number, license_type, status, expires_on)
            VALUES ${chunk.map(() => "(?, ?, ?, ?, 'Health', ?, ?)").join(", ")}`,
      args: chunk.flatMap((l) => [
        l.id,
        l.userId,
        l.state,
        l.licenseNumber,
        l.expiresInMonths < 0 ? "Expired" : "Active",
        dates.monthEnd(l.expiresInMonths),
      ]),
    });
  }
  return statements;
}

/* ---- Ready-to-sell statuses (admin RTS statuses): the same six codes for every seed carrier ---- */

export interface SeedRtsTexts {
  statusCode: string;
  statusTitle: string;
  displayStatus: string;
  description: string;
  tone: RtsTone;
}

/** The texts of the three codes the seed's downline contracts show (the downline pages' texts since issue 4). */
export const SEED_RTS_STATUSES: Readonly<Record<RtsCode, SeedRtsTexts>> = {
  RTS: {
    statusCode: "RTS",
    statusTitle: "Ready to Sell",
    displayStatus: "Ready to sell",
    tone: "ready",
    description: "The advisor is appointed with this carrier and may sell its plans.",
  },
  NRTS: {
    statusCode: "NRTS",
    statusTitle: "Not Ready to Sell",
    displayStatus: "Not ready to sell",
    tone: "blocked",
    description:
      "The advisor may not sell this carrier's plans until the appointment and certification requirements are met.",
  },
  PEND: {
    statusCode: "PEND",
    statusTitle: "Pending",
    displayStatus: "Pending",
    tone: "in_progress",
    description: "The advisor's appointment with this carrier is being processed.",
  },
};

/** The further codes of the domain (../shared/design/admin-domain.md "Ready to Sell"), seeded for every carrier too. */
const FURTHER_RTS_STATUSES: readonly SeedRtsTexts[] = [
  {
    statusCode: "CERT",
    statusTitle: "Certification pending",
    displayStatus: "Certification pending",
    tone: "in_progress",
    description:
      "The advisor is appointed with this carrier, but the carrier has not yet reported the annual AHIP and its own product training as complete; the advisor may not market or enroll until it does.",
  },
  {
    statusCode: "NPY",
    statusTitle: "Not ready for the new plan year",
    displayStatus: "Not ready for new plan year",
    tone: "in_progress",
    description:
      "The advisor may sell this carrier's plans for the current plan year but has not completed the recertification for the coming one.",
  },
  {
    statusCode: "TERM",
    statusTitle: "Terminated",
    displayStatus: "Terminated",
    tone: "blocked",
    description:
      "The carrier has ended the advisor's appointment: the advisor may no longer sell its plans or be paid for new enrollments.",
  },
];

export interface SeedRtsStatus extends SeedRtsTexts {
  id: number;
  carrierId: number;
}

const RTS_CODE_ORDER: readonly SeedRtsTexts[] = [
  SEED_RTS_STATUSES.RTS,
  SEED_RTS_STATUSES.NRTS,
  SEED_RTS_STATUSES.PEND,
  ...FURTHER_RTS_STATUSES,
];

/** Every carrier's six statuses, ids consecutive from 1, carrier by carrier in RTS_CODE_ORDER. */
export const SEED_RTS_STATUS_ROWS: readonly SeedRtsStatus[] = SEED_CARRIERS.flatMap((c, ci) =>
  RTS_CODE_ORDER.map((t, k) => ({ ...t, id: ci * RTS_CODE_ORDER.length + k + 1, carrierId: c.id })),
);

/** An RTS status code of the seed downline contracts (a carrier's RTS, NRTS or PEND status). */
export type RtsCode = "RTS" | "NRTS" | "PEND";

/** The id of a carrier's seeded status with this code. */
export function seedRtsStatusId(carrierId: number, code: RtsCode): number {
  const found = SEED_RTS_STATUS_ROWS.find((r) => r.carrierId === carrierId && r.statusCode === code);
  if (!found) throw new Error(`No seed RTS status ${code} for carrier ${carrierId}`);
  return found.id;
}

export function seedRtsStatusStatements(dates: SeedDates): InStatement[] {
  return SEED_RTS_STATUS_ROWS.map((r) => ({
    sql: `INSERT INTO rts_statuses (id, status_code, status_title, display_status, tone, description, carrier_id,
            updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [r.id, r.statusCode, r.statusTitle, r.displayStatus, r.tone, r.description, r.carrierId, dates.daysAgo(300)],
  }));
}

/**
 * The seed users' password hashes (each with its own salt), computed once per process: scrypt is
 * deliberately slow and reset() re-inserts every user.
 */
let seedHashes: Promise<Map<number, string>> | undefined;
async function seedPasswordHashes(): Promise<Map<number, string>> {
  seedHashes ??= Promise.all(SEED_USERS.map(async (u) => [u.id, await hashPassword(DEMO_PASSWORD)] as const)).then(
    (entries) => new Map(entries),
  );
  return seedHashes;
}

/** The seed accounts (SEED_USERS, all signing in with DEMO_PASSWORD, and pending@) and their licenses. */
export async function userStatements(dates: SeedDates): Promise<InStatement[]> {
  const statements: InStatement[] = [];
  const hashes = await seedPasswordHashes();
  let licenseId = 0;
  const users = [
    ...SEED_USERS.map((u) => ({ u, status: "active", hash: hashes.get(u.id)! })),
    { u: SEED_PENDING_ACCOUNT, status: "pending", hash: NO_PASSWORD_HASH },
  ];
  for (const { u, status, hash } of users) {
    statements.push({
      sql: `INSERT INTO users (id, email, password_hash, status, upline_user_id, role, role_id, first_name, last_name,
              npn_id, npn_number, npn_current_max_level, phone, sms_consent, flags, created_at, updated_at,
              last_sign_in_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        u.id,
        u.email,
        hash,
        status,
        SEED_UPLINE_USER_IDS[u.id] ?? null,
        u.role,
        seedRoleIdOf(u),
        u.firstName,
        u.lastName,
        u.npnId,
        u.npnNumber,
        u.npnCurrentMaxLevel,
        u.phone,
        u.smsConsent === null ? null : u.smsConsent ? 1 : 0,
        JSON.stringify(u.flags),
        dates.daysAgo(720 - u.id),
        dates.daysAgo(720 - u.id),
        // Signed in within the last days; the pending account never has.
        status === "active" ? dates.daysAgo(u.id % 6, `0${String(8 + (u.id % 2))}:${String(10 + u.id)}`) : null,
      ],
    });
    for (const l of u.licenses) {
      statements.push({
        sql: `INSERT INTO licenses (id, user_id, state, license_number, license_type, status, expires_on)
              VALUES (?, ?, ?, ?, ?, ?, ?)`,
        args: [++licenseId, u.id, l.state, l.licenseNumber, l.licenseType, l.status, licenseExpiresOn(l, dates)],
      });
    }
  }
  return statements;
}
