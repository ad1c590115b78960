/**
 * The books of business' seed: policies, generated deterministically (SEED_BOOK_SIZES, a seeded PRNG),
 * and the member names the other generated seeds (downlines, registry) draw from.
 * Composed by seed/seed.ts; dates are relative to the seed day (seed/seed-dates.ts).
 */
import { BULK_USERS, BULK_USER_FIRST_ID } from "../admin-people/seed.ts";
import { SEED_CARRIER_PRODUCTS } from "../contracting/seed.ts";
import { perSeedDay, type SeedDates } from "../seed/seed-dates.ts";
import type { InStatement } from "@libsql/client";

/* ---- Book of business: policies (GET /api/book_of_business) ---- */

export const POLICY_STATUSES = ["Active", "Pending", "Terminated", "Canceled"] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

export interface SeedPolicy {
  id: number;
  userId: number;
  memberName: string;
  status: PolicyStatus;
  carrierProductId: number;
  /** YYYY-MM-DD */
  effectiveDate: string;
  policyNumber: string;
  /** The sale (policy production, issue 23): from the id, not the PRNG, so the books' other values stay as they were. */
  saleKind: SaleKind;
}

export const SALE_KINDS = ["new", "plan_change", "renewal"] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

/** 70 % new enrollments, 20 % plan changes, 10 % renewals, spread evenly over the ids. */
export const saleKindOf = (policyId: number): SaleKind =>
  (policyId * 7) % 10 < 7 ? "new" : (policyId * 7) % 10 < 9 ? "plan_change" : "renewal";

/**
 * The bulk agents with a book (issue 23: the carriers' statements and production need a hierarchy three levels deep):
 * every active, non-LOA bulk agent writing under agency@ (5) or a bulk agency, 4 policies each. Their ids follow
 * the demo books', so the demo accounts' policies keep theirs.
 */
export const BULK_BOOK_SIZE = 4;
export function bulkBookSizes(): ReadonlyArray<readonly [userId: number, count: number]> {
  return BULK_USERS.filter(
    (u) =>
      u.kind === "Agent" &&
      u.status === "active" &&
      !u.loa &&
      u.uplineUserId !== null &&
      (u.uplineUserId === 5 || u.uplineUserId >= BULK_USER_FIRST_ID),
  ).map((u) => [u.id, BULK_BOOK_SIZE] as const);
}

/**
 * How many policies each account's book holds, by user id: agency@ 320 (13 pages of 25), agent@ 60,
 * loa@, docs@ and beta@ 15 each; every other account (newagent@ among them) has an empty book.
 */
export const SEED_BOOK_SIZES: ReadonlyArray<readonly [userId: number, count: number]> = [
  [1, 60],
  [3, 15],
  [4, 15],
  [5, 320],
  [6, 15],
];

import { MEMBER_FIRST_NAMES, MEMBER_LAST_NAMES } from "../seed/member-names.ts";
export { MEMBER_FIRST_NAMES, MEMBER_LAST_NAMES };

/** Policy number prefix per product id. */
const POLICY_PREFIXES: Record<number, string> = { 1: "MA", 2: "MS", 3: "PDP", 4: "DVH" };

/** mulberry32: a small seeded PRNG, so the seed is the same on every run (no Math.random). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedStatus(r: number): PolicyStatus {
  if (r < 0.72) return "Active";
  if (r < 0.84) return "Pending";
  if (r < 0.93) return "Terminated";
  return "Canceled";
}

/** The 48 months policies start in: from 46 months before the seed day's month to the month after it. */
const POLICY_MONTHS_BEFORE_SEED_MONTH = 46;

/**
 * Effective dates fall on the first of a month (as Medicare coverage starts), within the 48 months of
 * POLICY_MONTHS_BEFORE_SEED_MONTH: pending policies in the last 12 (up to next month), terminated and
 * canceled ones in the first 36, active ones in any.
 */
export function seedEffectiveDate(status: PolicyStatus, r: number, dates: SeedDates): string {
  const [fromMonth, months] = status === "Pending" ? [36, 12] : status === "Active" ? [0, 48] : [0, 36];
  return dates.monthStart(fromMonth + Math.floor(r * months) - POLICY_MONTHS_BEFORE_SEED_MONTH);
}

/** The policies of SEED_BOOK_SIZES: ids consecutive in that order; each user's book from its own PRNG stream. */
export const seedPolicies = perSeedDay((dates): SeedPolicy[] => {
  const policies: SeedPolicy[] = [];
  for (const [userId, count] of [...SEED_BOOK_SIZES, ...bulkBookSizes()]) {
    const random = seededRandom(0x5eed0000 + userId * 7919);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    for (let i = 0; i < count; i++) {
      const id = policies.length + 1;
      const carrierProduct = pick(SEED_CARRIER_PRODUCTS);
      const status = seedStatus(random());
      policies.push({
        id,
        userId,
        memberName: `${pick(MEMBER_FIRST_NAMES)} ${pick(MEMBER_LAST_NAMES)}`,
        status,
        carrierProductId: carrierProduct.id,
        effectiveDate: seedEffectiveDate(status, random(), dates),
        // 7 digits, unique per id (7919 is prime, so coprime to 9 000 000), e.g. "MA-1000123".
        policyNumber: `${POLICY_PREFIXES[carrierProduct.productId] ?? "POL"}-${1000000 + ((id * 7919) % 9000000)}`,
        saleKind: saleKindOf(id),
      });
    }
  }
  return policies;
});

/** Rows per INSERT of the seed policies (8 parameters each, well under SQLite's parameter limit). */
export const POLICY_INSERT_CHUNK = 100;

/** The books of business (seedPolicies). */
export function policyStatements(dates: SeedDates): InStatement[] {
  const statements: InStatement[] = [];
  // Policies: multi-row inserts (hundreds of rows) keep start-up and reset fast.
  const policies = seedPolicies(dates);
  for (let i = 0; i < policies.length; i += POLICY_INSERT_CHUNK) {
    const chunk = policies.slice(i, i + POLICY_INSERT_CHUNK);
    statements.push({
      sql: `INSERT INTO policies (id, user_id, member_name, status, carrier_product_id, effective_date, policy_number,
              sale_kind)
            VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      args: chunk.flatMap((p) => [
        p.id,
        p.userId,
        p.memberName,
        p.status,
        p.carrierProductId,
        p.effectiveDate,
        p.policyNumber,
        p.saleKind,
      ]),
    });
  }
  return statements;
}
