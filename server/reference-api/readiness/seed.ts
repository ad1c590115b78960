/**
 * The ready-to-sell seed (issue 25 §1, docs/upstream-api.md "Ready to sell"): the carriers' certifications the demo
 * brokers completed for the plan year, and their own Ready to Sell status per carrier (a downline_contracts row of
 * their NPN, as the admin broker page reads it). Composed by seed/seed.ts; dates relative to the seed day.
 *
 * agent@ (1): Blue Harbor Health (carrier 1) and Evergreen Life & Health (3) certified for the plan year; ready to sell
 * with Blue Harbor, so Medicare Advantage 101 and Medicare Supplement 201 are ready, and Evergreen's 103 turns ready
 * when its approved request is made active (the contracting desk records the carrier's RTS with it). docs@ (4): Blue Harbor
 * certified and ready to sell, so 101 and 201 wait only on its documents.
 */
import type { InStatement } from "@libsql/client";
import { planYearOf } from "../../../app/domain/readiness.ts";
import { seedRtsStatusId, type RtsCode } from "../admin-people/seed.ts";
import type { SeedDates } from "../seed/seed-dates.ts";

export interface SeedCarrierCertification {
  userId: number;
  carrierId: number;
  /** Days before the seed day it was completed. */
  completedDaysAgo: number;
}

export const SEED_CARRIER_CERTIFICATIONS: readonly SeedCarrierCertification[] = [
  { userId: 1, carrierId: 1, completedDaysAgo: 95 },
  { userId: 1, carrierId: 3, completedDaysAgo: 88 },
  { userId: 4, carrierId: 1, completedDaysAgo: 120 },
];

export interface SeedBrokerRts {
  userId: number;
  npnId: number;
  carrierId: number;
  rtsCode: RtsCode;
}

export const SEED_BROKER_RTS: readonly SeedBrokerRts[] = [
  { userId: 1, npnId: 1001, carrierId: 1, rtsCode: "RTS" },
  { userId: 4, npnId: 1004, carrierId: 1, rtsCode: "RTS" },
];

export function readinessSeedStatements(dates: SeedDates): InStatement[] {
  const planYear = planYearOf(dates.day);
  return [
    ...SEED_CARRIER_CERTIFICATIONS.map((c) => ({
      sql: "INSERT INTO carrier_certifications (user_id, carrier_id, plan_year, completed_on) VALUES (?, ?, ?, ?)",
      args: [c.userId, c.carrierId, planYear, dates.daysFromNow(-c.completedDaysAgo)],
    })),
    // The broker's own contract with the carrier: owned by the broker (a per-user reset restores it).
    ...SEED_BROKER_RTS.map((r) => ({
      sql: `INSERT INTO downline_contracts (owner_user_id, npn_id, carrier_id, status, rts_status_id)
            VALUES (?, ?, ?, 'Active', ?)`,
      args: [r.userId, r.npnId, r.carrierId, seedRtsStatusId(r.carrierId, r.rtsCode)],
    })),
  ];
}
