/**
 * What a matched statement line pays, per person (issue 23 §1; docs/decisions/029-money.md): the line's amount is
 * the writing agent's street commission (level 0); each upline agency above the writing agent earns an override
 * of a share of it by level (OVERRIDE_BASIS_POINTS), paid by the marketing organization on top of the carrier's
 * commission. A chargeback (negative) takes the overrides back with the same shares. Whole cents throughout.
 */
import type { InStatement } from "@libsql/client";
import type { ReferenceDb } from "../core/db.ts";

/** The override of the n-th upline (index 0 = level 1), in basis points of the street commission. */
export const OVERRIDE_BASIS_POINTS = [1000, 500] as const;

/** `cents` × `basisPoints` / 10,000 in whole cents, halves rounded away from zero (a chargeback mirrors a payment). */
export function shareOf(cents: number, basisPoints: number): number {
  const magnitude = Math.floor((Math.abs(cents) * basisPoints + 5000) / 10000);
  return cents < 0 ? -magnitude : magnitude;
}

export interface Split {
  userId: number;
  /** 0 = street (the writing agent); 1, 2 = override to the first, second upline. */
  level: number;
  amountCents: number;
}

/** Who is above whom: a user id → the agency they write under (users.upline_user_id), for every user with one. */
export type Uplines = ReadonlyMap<number, number>;

export async function loadUplines(db: ReferenceDb): Promise<Uplines> {
  const rows = await db.client.execute("SELECT id, upline_user_id FROM users WHERE upline_user_id IS NOT NULL");
  return new Map(rows.rows.map((r) => [Number(r.id), Number(r.upline_user_id)]));
}

/** The line's splits: street to the writing agent, then an override to each upline (no override of a zero share). */
export function splitsOf(amountCents: number, writingAgent: number, uplines: Uplines): Split[] {
  const splits: Split[] = [{ userId: writingAgent, level: 0, amountCents }];
  let above = uplines.get(writingAgent);
  const seen = new Set([writingAgent]);
  for (const [index, basisPoints] of OVERRIDE_BASIS_POINTS.entries()) {
    if (above === undefined || seen.has(above)) break;
    const share = shareOf(amountCents, basisPoints);
    if (share !== 0) splits.push({ userId: above, level: index + 1, amountCents: share });
    seen.add(above);
    above = uplines.get(above);
  }
  return splits;
}

export interface MatchedLine {
  id: number;
  amountCents: number;
  agentUserId: number;
  period: string;
  carrierId: number;
}

/** Rows per INSERT of splits (7 parameters each). */
const SPLIT_CHUNK = 120;

/**
 * The INSERTs of the lines' splits (ids from `firstId` on, consecutive): a matched line's splits are written with
 * it, and deleted (DELETE FROM commission_splits WHERE statement_line_id = ?) when it is matched again.
 */
export function splitStatements(lines: Iterable<MatchedLine>, uplines: Uplines, firstId: number): InStatement[] {
  const rows: (string | number)[][] = [];
  let id = firstId;
  for (const line of lines) {
    for (const split of splitsOf(line.amountCents, line.agentUserId, uplines)) {
      rows.push([id++, line.id, split.userId, split.level, split.amountCents, line.period, line.carrierId]);
    }
  }
  const statements: InStatement[] = [];
  for (let i = 0; i < rows.length; i += SPLIT_CHUNK) {
    const chunk = rows.slice(i, i + SPLIT_CHUNK);
    statements.push({
      sql: `INSERT INTO commission_splits (id, statement_line_id, user_id, level, amount_cents, period, carrier_id)
            VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      args: chunk.flat(),
    });
  }
  return statements;
}
