/**
 * The downlines seed (issue 4): agency@'s downline (SEED_DOWNLINE_NODES), their per-carrier contracts and policies.
 * Composed by seed/seed.ts; dates are relative to the seed day (seed/seed-dates.ts).
 */
import { seedRtsStatusId, type RtsCode } from "../admin-people/seed.ts";
import {
  MEMBER_FIRST_NAMES,
  MEMBER_LAST_NAMES,
  POLICY_INSERT_CHUNK,
  seededRandom,
  type PolicyStatus,
  seedEffectiveDate,
  seedStatus,
} from "../book-of-business/seed.ts";
import { SEED_CARRIER_PRODUCTS, SEED_PRODUCTS } from "../contracting/seed.ts";
import { perSeedDay, type SeedDates } from "../seed/seed-dates.ts";
import type { InStatement } from "@libsql/client";

/* ---- Downlines (issue 4): agency@'s downline per carrier, contracts and policies ---- */

/** The carriers a downline can be viewed for (GET /api/downlines/carriers), in this order. */
export const DOWNLINE_CARRIER_IDS: readonly number[] = [1, 2, 3, 4];

export type DownlineKind = "agency" | "agent";
export const DOWNLINE_CONTRACT_STATUSES = ["Active", "Pending", "Terminated"] as const;
export type DownlineContractStatus = (typeof DOWNLINE_CONTRACT_STATUSES)[number];

export interface SeedDownlineNode {
  npnId: number;
  parentNpnId: number;
  /** The agency user whose tree this node is in (per-user reset, access). */
  ownerUserId: number;
  kind: DownlineKind;
  advisor: string;
  level: string;
  /** Agents only. */
  agentWritingNumber: string | null;
  npnNumber: string;
}

export interface SeedDownlineContract {
  ownerUserId: number;
  npnId: number;
  carrierId: number;
  status: DownlineContractStatus;
  rtsCode: RtsCode;
}

export interface SeedDownlinePolicy {
  id: number;
  ownerUserId: number;
  npnId: number;
  carrierId: number;
  memberName: string;
  status: PolicyStatus;
  productName: string;
  /** YYYY-MM-DD */
  effectiveDate: string;
}

/** agency@ (user 5, npnId 1005): the root of the seeded downline. */
export const DOWNLINE_ROOT = { userId: 5, npnId: 1005 } as const;
export const DOWNLINE_COASTAL_NPN = 5101;
export const DOWNLINE_LAKESIDE_NPN = 5102;
export const DOWNLINE_BAYFRONT_NPN = 5103;
/** Peter Vance: a direct agent of agency@ with policies for every carrier but none Active. */
export const DOWNLINE_NO_ACTIVE_POLICIES_NPN = 5204;

/**
 * Contract per carrier 1..4, one letter each: A = Active and ready to sell, N = Active but not ready
 * to sell, P = Pending, T = Terminated (not ready to sell).
 */
type SeedDownlineRow = [
  npnId: number,
  parentNpnId: number,
  kind: DownlineKind,
  advisor: string,
  level: string,
  contracts: string,
];

const SEED_DOWNLINE_ROWS: readonly SeedDownlineRow[] = [
  [DOWNLINE_COASTAL_NPN, 1005, "agency", "Coastal Senior Advisors", "Agency Level 2", "AAAA"],
  [DOWNLINE_LAKESIDE_NPN, 1005, "agency", "Lakeside Insurance Group", "Agency Level 2", "AAAA"],
  [DOWNLINE_BAYFRONT_NPN, DOWNLINE_COASTAL_NPN, "agency", "Bayfront Benefits", "Agency Level 1", "AAAA"],
  // agency@'s direct agents
  [5201, 1005, "agent", "Samuel Ortiz", "Agent", "AAAN"],
  [5202, 1005, "agent", "Rebecca Lin", "Agent", "PAAA"],
  [5203, 1005, "agent", "Omar Haddad", "Agent", "TAPA"],
  [DOWNLINE_NO_ACTIVE_POLICIES_NPN, 1005, "agent", "Peter Vance", "Agent", "AANA"],
  // Coastal Senior Advisors
  [5211, DOWNLINE_COASTAL_NPN, "agent", "Angela Moretti", "Agent", "AAAA"],
  [5212, DOWNLINE_COASTAL_NPN, "agent", "Derek Sutton", "Agent", "APAT"],
  // Bayfront Benefits (under Coastal)
  [5221, DOWNLINE_BAYFRONT_NPN, "agent", "Fiona Marsh", "Agent", "AATA"],
  [5222, DOWNLINE_BAYFRONT_NPN, "agent", "Gabriel Reyes", "Agent", "PAAA"],
  // Lakeside Insurance Group
  [5231, DOWNLINE_LAKESIDE_NPN, "agent", "Helen Park", "Agent", "AAAA"],
  [5232, DOWNLINE_LAKESIDE_NPN, "agent", "Isaiah Grant", "Agent", "TAAA"],
  [5233, DOWNLINE_LAKESIDE_NPN, "agent", "Julia Novak", "Agent", "ANPA"],
];

const CONTRACT_LETTERS: Record<string, readonly [DownlineContractStatus, RtsCode]> = {
  A: ["Active", "RTS"],
  N: ["Active", "NRTS"],
  P: ["Pending", "PEND"],
  T: ["Terminated", "NRTS"],
};

export const SEED_DOWNLINE_NODES: readonly SeedDownlineNode[] = SEED_DOWNLINE_ROWS.map(
  ([npnId, parentNpnId, kind, advisor, level]) => ({
    npnId,
    parentNpnId,
    ownerUserId: DOWNLINE_ROOT.userId,
    kind,
    advisor,
    level,
    agentWritingNumber: kind === "agent" ? `AWN-${npnId}` : null,
    npnNumber: `3${String(npnId).padStart(7, "0")}`,
  }),
);

export const SEED_DOWNLINE_CONTRACTS: readonly SeedDownlineContract[] = SEED_DOWNLINE_ROWS.flatMap(
  ([npnId, , , , , letters]) =>
    DOWNLINE_CARRIER_IDS.map((carrierId, i) => {
      const [status, rtsCode] = CONTRACT_LETTERS[letters[i]!]!;
      return { ownerUserId: DOWNLINE_ROOT.userId, npnId, carrierId, status, rtsCode };
    }),
);

/**
 * 3–12 policies per agent and carrier (a seeded PRNG per pair); every agent's first policy per carrier
 * is Active, except Peter Vance's, none of which is. Ids consecutive from 1.
 */
export const seedDownlinePolicies = perSeedDay((dates): SeedDownlinePolicy[] => {
  const policies: SeedDownlinePolicy[] = [];
  for (const node of SEED_DOWNLINE_NODES) {
    if (node.kind !== "agent") continue;
    for (const carrierId of DOWNLINE_CARRIER_IDS) {
      const random = seededRandom(0xd0e10000 + node.npnId * 31 + carrierId);
      const products = SEED_CARRIER_PRODUCTS.filter((cp) => cp.carrierId === carrierId).map(
        (cp) => SEED_PRODUCTS.find((p) => p.id === cp.productId)!.name,
      );
      const count = 3 + Math.floor(random() * 10);
      for (let i = 0; i < count; i++) {
        let status: PolicyStatus = i === 0 ? "Active" : seedStatus(random());
        if (node.npnId === DOWNLINE_NO_ACTIVE_POLICIES_NPN) status = i % 2 === 0 ? "Terminated" : "Pending";
        const memberName = `${MEMBER_FIRST_NAMES[Math.floor(random() * MEMBER_FIRST_NAMES.length)]} ${
          MEMBER_LAST_NAMES[Math.floor(random() * MEMBER_LAST_NAMES.length)]
        }`;
        policies.push({
          id: policies.length + 1,
          ownerUserId: node.ownerUserId,
          npnId: node.npnId,
          carrierId,
          memberName,
          status,
          productName: products[Math.floor(random() * products.length)]!,
          effectiveDate: seedEffectiveDate(status, random(), dates),
        });
      }
    }
  }
  return policies;
});

/** agency@'s downline: its nodes, their per-carrier contracts and policies. */
export function downlineStatements(dates: SeedDates): InStatement[] {
  const statements: InStatement[] = [];
  for (const n of SEED_DOWNLINE_NODES) {
    statements.push({
      sql: `INSERT INTO downline_nodes (npn_id, parent_npn_id, owner_user_id, kind, advisor, level, agent_writing_number, npn_number)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [n.npnId, n.parentNpnId, n.ownerUserId, n.kind, n.advisor, n.level, n.agentWritingNumber, n.npnNumber],
    });
  }
  for (const c of SEED_DOWNLINE_CONTRACTS) {
    statements.push({
      sql: `INSERT INTO downline_contracts (owner_user_id, npn_id, carrier_id, status, rts_status_id)
            VALUES (?, ?, ?, ?, ?)`,
      args: [c.ownerUserId, c.npnId, c.carrierId, c.status, seedRtsStatusId(c.carrierId, c.rtsCode)],
    });
  }
  const downlinePolicies = seedDownlinePolicies(dates);
  for (let i = 0; i < downlinePolicies.length; i += POLICY_INSERT_CHUNK) {
    const chunk = downlinePolicies.slice(i, i + POLICY_INSERT_CHUNK);
    statements.push({
      sql: `INSERT INTO downline_policies (id, owner_user_id, npn_id, carrier_id, member_name, status, product_name, effective_date)
            VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      args: chunk.flatMap((p) => [
        p.id,
        p.ownerUserId,
        p.npnId,
        p.carrierId,
        p.memberName,
        p.status,
        p.productName,
        p.effectiveDate,
      ]),
    });
  }
  return statements;
}
