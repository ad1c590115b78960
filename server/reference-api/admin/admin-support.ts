/**
 * What every admin endpoint of the reference API shares (issue 14, docs/upstream-api.md "Admin area"):
 * - `requireAdmin`: after requireSession; 403 unless the session is an administrator's own (an administrator
 *   signed in as another user is that user, so 403 too).
 * - `audit()`: the statement recording one admin write (who, when, changes old → new) in admin_audit, to run in
 *   the same batch as the write; `historyOf()` reads a record's history, newest first.
 * - `changesOf()`: the fields that differ between a record before and after a write.
 * - `refuseFields()`: a 422 { error, fields } (the spec §8 error plus the messages per field).
 * - `refuseStale()`: the 409 of a decision carrying a version the record no longer has (issue 35 §2).
 * - `streamCsv()`: a CSV answer written page by page from the database (never built whole in memory).
 */
import { csvCell } from "../../../app/domain/csv.ts";
import { STALE_REASON, STALE_RECORD } from "../../../app/domain/record-version.ts";
import type { InStatement, InValue } from "@libsql/client";
import type { NextFunction, Request, Response } from "express";
import type { AuditEntry } from "../../../app/.server/upstream/schemas/admin.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";

export const ADMIN_ONLY_AREA = "Only administrators may use the admin area";

export type AdminResponse = Response<unknown, { session: SessionRecord }>;

export function requireAdmin(_req: Request, res: Response, next: NextFunction): void {
  const session = (res as AdminResponse).locals.session;
  if (!session || session.user.role !== "Admin" || session.returnToUserId != null) {
    res.status(403).json({ error: ADMIN_ONLY_AREA });
    return;
  }
  next();
}

export interface Change {
  field: string;
  from: string | null;
  to: string | null;
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value as string | number);
}

/** The fields of `after` whose value differs from `before`'s, as text (booleans yes/no, empty = null). */
export function changesOf(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  fields: readonly string[] = Object.keys(after),
): Change[] {
  const changes: Change[] = [];
  for (const field of fields) {
    if (!(field in after)) continue;
    const from = asText(before[field]);
    const to = asText(after[field]);
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}

/** The statement that records one admin write by the session's user. */
export function audit(
  session: SessionRecord,
  entry: { resource: string; recordId: number; action: string; changes?: Change[]; note?: string | null; at?: string },
): InStatement {
  const { user } = session;
  return {
    sql: `INSERT INTO admin_audit (at, actor_user_id, actor_name, resource, record_id, action, changes, note)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      entry.at ?? new Date().toISOString(),
      user.userId,
      `${user.firstName} ${user.lastName}`,
      entry.resource,
      entry.recordId,
      entry.action,
      JSON.stringify(entry.changes ?? []),
      entry.note ?? null,
    ],
  };
}

/** A record's history, newest first (at most `limit` entries). */
export async function historyOf(
  db: ReferenceDb,
  resource: string,
  recordId: number,
  limit = 100,
): Promise<AuditEntry[]> {
  const rows = await db.client.execute({
    sql: "SELECT * FROM admin_audit WHERE resource = ? AND record_id = ? ORDER BY id DESC LIMIT ?",
    args: [resource, recordId, limit],
  });
  return rows.rows.map((r) => ({
    id: Number(r.id),
    at: String(r.at),
    actor: { userId: r.actor_user_id == null ? null : Number(r.actor_user_id), name: String(r.actor_name) },
    action: String(r.action),
    changes: JSON.parse(String(r.changes)) as Change[],
    note: r.note == null ? null : String(r.note),
  }));
}

/** 422 with the spec §8 `error` (every message) and the messages per field of the body. */
export function refuseFields(res: Response, fields: Record<string, string[]>): void {
  res.status(422).json({ error: Object.values(fields).flat().join(" "), fields });
}

/**
 * 409 `{ error: "This entry changed since you opened it", reason: "stale" }`: a decision taken on a version of the
 * record that is not its version now (someone changed it since the deciding page was drawn). Nothing was changed.
 */
export function refuseStale(res: Response): void {
  res.status(409).json({ error: STALE_RECORD, reason: STALE_REASON });
}

/** Rows read per page while streaming a CSV. */
const CSV_PAGE = 200;

/**
 * Answers text/csv: the header line, then the rows of `sql` (which must not end in LIMIT/OFFSET: pages are read
 * with LIMIT ? OFFSET ? appended), each turned into cells by `row`, written page by page as the client reads.
 */
export async function streamCsv(
  res: Response,
  db: ReferenceDb,
  filename: string,
  header: readonly string[],
  query: { sql: string; args: InValue[] },
  row: (r: Record<string, unknown>) => readonly unknown[],
): Promise<void> {
  res.status(200);
  res.setHeader("content-type", "text/csv; charset=utf-8");
  res.setHeader("content-disposition", `attachment; filename="${filename}"`);
  res.setHeader("cache-control", "no-store");
  const write = async (text: string) =>
    new Promise<void>((resolve) => {
      if (res.write(text)) resolve();
      else res.once("drain", resolve);
    });
  await write(`${header.map(csvCell).join(",")}\r\n`);
  for (let offset = 0; ; offset += CSV_PAGE) {
    if (res.destroyed) return;
    const page = await db.client.execute({
      sql: `${query.sql} LIMIT ? OFFSET ?`,
      args: [...query.args, CSV_PAGE, offset],
    });
    if (page.rows.length > 0)
      await write(
        page.rows
          .map(
            (r) =>
              `${row(r as Record<string, unknown>)
                .map(csvCell)
                .join(",")}\r\n`,
          )
          .join(""),
      );
    if (page.rows.length < CSV_PAGE) break;
  }
  res.end();
}
