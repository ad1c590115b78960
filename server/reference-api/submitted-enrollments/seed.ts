/**
 * The seed's submitted enrollments (issue 12): the enrollments the demo accounts submitted through the
 * quote tool. agent@ and beta@ have their own; agency@ has its own and its downline agents' (the writing
 * agent named on each, from SEED_DOWNLINE_NODES), more than one page of 25. Three carriers, every status.
 * Generated deterministically (a seeded PRNG), dates relative to the seed day (seed-dates.ts).
 */
import type { InStatement } from "@libsql/client";
import { SUBMITTED_ENROLLMENT_STATUSES, type SubmittedEnrollmentStatus } from "../../../app/domain/enrollments.ts";
import { perSeedDay, type SeedDates } from "../seed/seed-dates.ts";
import { SEED_USERS } from "../accounts/seed.ts";
import { DOWNLINE_ROOT, SEED_DOWNLINE_NODES } from "../downlines/seed.ts";

export interface SeedSubmittedEnrollment {
  id: number;
  /** The account whose list it is in (per-user reset): the agent, or the agency of the downline agent. */
  userId: number;
  writingAgent: string;
  writingAgentNpn: string | null;
  confirmationNumber: string;
  memberName: string;
  planName: string;
  productName: string;
  carrierId: number;
  /** YYYY-MM-DD */
  effectiveDate: string;
  status: SubmittedEnrollmentStatus;
  /** ISO timestamp */
  submittedAt: string;
}

/** The three carriers enrollments are submitted to, and a plan per product of each. */
export const SUBMITTED_ENROLLMENT_PLANS: ReadonlyArray<{ carrierId: number; planName: string; productName: string }> = [
  { carrierId: 1, planName: "Blue Harbor Advantage Plus (HMO)", productName: "Medicare Advantage" },
  { carrierId: 1, planName: "Blue Harbor Medigap Plan G", productName: "Medicare Supplement" },
  { carrierId: 1, planName: "Blue Harbor Rx Saver (PDP)", productName: "Prescription Drug Plans" },
  { carrierId: 2, planName: "Summit Choice (PPO)", productName: "Medicare Advantage" },
  { carrierId: 2, planName: "Summit Supplement Plan N", productName: "Medicare Supplement" },
  { carrierId: 2, planName: "Summit Rx Basic (PDP)", productName: "Prescription Drug Plans" },
  { carrierId: 3, planName: "Evergreen Complete (HMO-POS)", productName: "Medicare Advantage" },
  { carrierId: 3, planName: "Evergreen Medigap Plan F", productName: "Medicare Supplement" },
  { carrierId: 3, planName: "Evergreen Rx Plus (PDP)", productName: "Prescription Drug Plans" },
];
export const SUBMITTED_ENROLLMENT_CARRIER_IDS = [1, 2, 3] as const;

const FIRST_NAMES = [
  "Eleanor",
  "Harold",
  "Dorothy",
  "Walter",
  "Margaret",
  "Eugene",
  "Lucille",
  "Raymond",
  "Beatrice",
  "Clarence",
  "Evelyn",
  "Howard",
  "Mildred",
  "Stanley",
  "Gloria",
  "Vernon",
  "Irene",
  "Leonard",
  "Marjorie",
  "Franklin",
];
const LAST_NAMES = [
  "Whitfield",
  "Brennan",
  "Castillo",
  "Dunmore",
  "Ellison",
  "Fairbanks",
  "Galloway",
  "Hartley",
  "Ingram",
  "Jessup",
  "Kowalski",
  "Lindqvist",
  "Montoya",
  "Nakamura",
  "Oyelaran",
  "Prescott",
  "Quintero",
  "Rosenthal",
];

/** Who submitted how many: [account, writing agent, writing agent's NPN, count]. */
type Writer = readonly [userId: number, name: string, npnNumber: string | null, count: number];

function writers(): Writer[] {
  const user = (id: number) => SEED_USERS.find((u) => u.id === id)!;
  const own = (id: number, count: number): Writer => {
    const u = user(id);
    return [id, `${u.firstName} ${u.lastName}`, u.npnNumber, count];
  };
  // agency@'s downline agents who submit through the quote tool (direct and deeper in the tree).
  const downline = ["Samuel Ortiz", "Rebecca Lin", "Angela Moretti", "Fiona Marsh", "Helen Park"].map((advisor, i) => {
    const node = SEED_DOWNLINE_NODES.find((n) => n.advisor === advisor && n.kind === "agent")!;
    return [DOWNLINE_ROOT.userId, node.advisor, node.npnNumber, 4 + (i % 2)] as const;
  });
  return [own(1, 14), own(5, 8), ...downline, own(6, 6)];
}

/** agent@'s latest submitted enrollment (tests find it by these). */
export const AGENT_LATEST_ENROLLMENT = { memberName: "Eleanor Whitfield", confirmationNumber: "SF-4471-2093" } as const;

/** mulberry32, as the seed's books use: the same enrollments on every run. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Older submissions have moved further along; the last days' are mostly Submitted or in review. */
function statusFor(daysAgo: number, r: number): SubmittedEnrollmentStatus {
  if (daysAgo <= 3) return r < 0.6 ? "Submitted" : "Pending carrier review";
  if (daysAgo <= 14) return r < 0.5 ? "Pending carrier review" : r < 0.85 ? "Enrolled" : "Rejected";
  return r < 0.7 ? "Enrolled" : r < 0.85 ? "Rejected" : "Canceled";
}

export const seedSubmittedEnrollments = perSeedDay((dates: SeedDates): SeedSubmittedEnrollment[] => {
  const rows: SeedSubmittedEnrollment[] = [];
  for (const [index, [userId, writingAgent, writingAgentNpn, count]] of writers().entries()) {
    // Each writer's own stream.
    const random = seededRandom(0xe4701000 + index * 7919);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    for (let i = 0; i < count; i++) {
      const id = rows.length + 1;
      // Spread over the last ~4 months, the newest first for each writer.
      const daysAgo = 1 + i * 8 + Math.floor(random() * 6);
      const hour = 8 + Math.floor(random() * 10);
      const minute = Math.floor(random() * 60);
      const submittedAt = dates.daysAgo(daysAgo, `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`);
      // Coverage starts on the first of a month after the submission (Medicare plans start on the 1st).
      const monthsAhead = Math.round((30 - daysAgo) / 30) + 1;
      const plan = SUBMITTED_ENROLLMENT_PLANS[(id * 5 + Math.floor(random() * 3)) % SUBMITTED_ENROLLMENT_PLANS.length]!;
      rows.push({
        id,
        userId,
        writingAgent,
        writingAgentNpn,
        confirmationNumber: `SF-${1000 + ((id * 7919) % 9000)}-${1000 + ((id * 104729) % 9000)}`,
        memberName: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
        planName: plan.planName,
        productName: plan.productName,
        carrierId: plan.carrierId,
        effectiveDate: dates.monthStart(monthsAhead),
        status: statusFor(daysAgo, random()),
        submittedAt,
      });
    }
  }
  // agent@'s newest: a fixed member and confirmation number, still Submitted.
  const latest = rows.find((r) => r.userId === 1)!;
  Object.assign(latest, { ...AGENT_LATEST_ENROLLMENT, status: "Submitted" });
  // Every status shows in agent@'s list and in agency@'s.
  for (const userId of [1, 5]) {
    const own = rows.filter((r) => r.userId === userId);
    SUBMITTED_ENROLLMENT_STATUSES.forEach((status, i) => {
      const row = own[own.length - 1 - i];
      if (row && !own.some((r) => r.status === status)) row.status = status;
    });
  }
  return rows;
});

/** The INSERT statements of the seed's submitted enrollments (seed/seed.ts). */
export function submittedEnrollmentStatements(dates: SeedDates): InStatement[] {
  return seedSubmittedEnrollments(dates).map((e) => ({
    sql: `INSERT INTO submitted_enrollments (id, user_id, writing_agent, writing_agent_npn, confirmation_number,
            member_name, plan_name, product_name, carrier_id, effective_date, status, submitted_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      e.id,
      e.userId,
      e.writingAgent,
      e.writingAgentNpn,
      e.confirmationNumber,
      e.memberName,
      e.planName,
      e.productName,
      e.carrierId,
      e.effectiveDate,
      e.status,
      e.submittedAt,
    ],
  }));
}
