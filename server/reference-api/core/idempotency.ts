/**
 * Idempotency-Key answers (contract requests, new tickets): a successful answer is stored under the caller's key
 * with a fingerprint of the request, and replayed when the same key comes again.
 */
import type { ReferenceDb } from "./db.ts";

export async function findIdempotentAnswer(
  db: ReferenceDb,
  userId: number,
  key: string,
): Promise<{ fingerprint: string; status: number; body: string } | null> {
  const result = await db.client.execute({
    sql: "SELECT fingerprint, status, body FROM idempotency_keys WHERE user_id = ? AND key = ?",
    args: [userId, key],
  });
  const row = result.rows[0];
  return row ? { fingerprint: String(row.fingerprint), status: Number(row.status), body: String(row.body) } : null;
}

export async function storeIdempotentAnswer(
  db: ReferenceDb,
  userId: number,
  key: string,
  fingerprint: string,
  status: number,
  body: string,
): Promise<void> {
  await db.client.execute({
    sql: `INSERT INTO idempotency_keys (user_id, key, fingerprint, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
    args: [userId, key, fingerprint, status, body, new Date().toISOString()],
  });
}
