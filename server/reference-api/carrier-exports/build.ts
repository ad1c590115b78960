/**
 * Building the carrier files (issue 24 §2): a file of one carrier and kind carries the changes of its window
 * (after `from`, up to `to`), one CSV row each, every cell neutralised (csvCell, app/domain/csv.ts: no formula
 * reaches a spreadsheet).
 *
 * Schedules run when due, computed on read (`catchUp`, called by every read of the area): a daily schedule is due
 * at 06:00 UTC each day, a weekly one on Mondays at 06:00 UTC; each due slot after the schedule was set (at most
 * BACKFILL_DAYS back) gets one run covering the period before it (a unique index keeps it one). A seeded run whose
 * file was not built yet (csv NULL) is built on the first read from its window, so the seed's history has real files.
 */
import type { InStatement } from "@libsql/client";
import type { ExportFrequency, ExportKind } from "../../../app/admin/sections/carrier_exports/records.ts";
import { csvCell } from "../../../app/domain/csv.ts";
import type { ReferenceDb } from "../core/db.ts";

const DAY = 24 * 60 * 60 * 1000;
/** How far back a schedule's missed slots are still built. */
export const BACKFILL_DAYS = 28;
/** A file built on demand after none of its kind: the last week. */
export const FIRST_WINDOW_DAYS = 7;

export const HEADERS: Record<ExportKind, readonly string[]> = {
  new_contracts: ["Request id", "Requested at", "Agent", "NPN", "E-mail", "Phone", "State", "Product"],
  terminations: ["Agent", "NPN", "Writing number", "Effective date", "Reason", "Recorded at"],
  address_changes: ["Agent", "NPN", "Address line 1", "Address line 2", "City", "State", "ZIP", "Changed at"],
};

/** The due slots of a schedule after `since` up to `now` (ISO, oldest first), at most BACKFILL_DAYS back. */
export function dueSlots(frequency: ExportFrequency, since: string, now: Date): string[] {
  if (frequency === "off") return [];
  const start = Math.max(Date.parse(since), now.getTime() - BACKFILL_DAYS * DAY);
  const slots: string[] = [];
  const day = new Date(now);
  day.setUTCHours(6, 0, 0, 0);
  for (let t = day.getTime(); t > start; t -= DAY) {
    if (t > now.getTime()) continue;
    if (frequency === "weekly" && new Date(t).getUTCDay() !== 1) continue;
    slots.push(new Date(t).toISOString());
  }
  return slots.reverse();
}

/** The window of a scheduled run: the day or the week before its slot. */
export function slotWindow(frequency: "daily" | "weekly", slot: string): { from: string; to: string } {
  const to = Date.parse(slot);
  return { from: new Date(to - (frequency === "daily" ? 1 : 7) * DAY).toISOString(), to: slot };
}

const name = (alias: string) => `(${alias}.first_name || ' ' || ${alias}.last_name)`;
const text = (v: unknown) => (v == null ? "" : String(v as string | number));

/** The rows of a carrier's file of this kind for the window (from, to], oldest first, as text. */
export async function fileRows(
  db: ReferenceDb,
  carrierId: number,
  kind: ExportKind,
  from: string,
  to: string,
): Promise<string[][]> {
  if (kind === "new_contracts") {
    const found = await db.client.execute({
      sql: `SELECT ce.id, e.at, ${name("u")} AS agent, u.npn_number, u.email, u.phone, pd.state, p.name AS product
            FROM contract_request_events e JOIN contracting_entries ce ON ce.id = e.entry_id
            JOIN carrier_products cp ON cp.id = ce.carrier_product_id JOIN products p ON p.id = cp.product_id
            JOIN users u ON u.id = ce.user_id LEFT JOIN profile_details pd ON pd.user_id = u.id
            WHERE e.from_state IS NULL AND cp.carrier_id = ? AND e.at > ? AND e.at <= ? ORDER BY e.at, e.id`,
      args: [carrierId, from, to],
    });
    return found.rows.map((r) => [r.id, r.at, r.agent, r.npn_number, r.email, r.phone, r.state, r.product].map(text));
  }
  if (kind === "terminations") {
    const found = await db.client.execute({
      sql: `SELECT ${name("u")} AS agent, u.npn_number, v.writing_number, v.effective_date, v.reason, v.at
            FROM carrier_export_events v JOIN users u ON u.id = v.user_id
            WHERE v.kind = 'termination' AND v.carrier_id = ? AND v.at > ? AND v.at <= ? ORDER BY v.at, v.id`,
      args: [carrierId, from, to],
    });
    return found.rows.map((r) => [r.agent, r.npn_number, r.writing_number, r.effective_date, r.reason, r.at].map(text));
  }
  // A broker's new address goes to every carrier the broker is contracted with (approved or active).
  const found = await db.client.execute({
    sql: `SELECT ${name("u")} AS agent, u.npn_number, v.address_line1, v.address_line2, v.city, v.state, v.zip, v.at
          FROM carrier_export_events v JOIN users u ON u.id = v.user_id
          WHERE v.kind = 'address_change' AND v.at > ? AND v.at <= ?
            AND EXISTS (SELECT 1 FROM contracting_entries ce JOIN carrier_products cp ON cp.id = ce.carrier_product_id
                        WHERE ce.user_id = v.user_id AND cp.carrier_id = ? AND ce.status IN ('approved', 'active'))
          ORDER BY v.at, v.id`,
    args: [from, to, carrierId],
  });
  return found.rows.map((r) =>
    [r.agent, r.npn_number, r.address_line1, r.address_line2, r.city, r.state, r.zip, r.at].map(text),
  );
}

/** The CSV of a file: its header, then its rows, every cell neutralised, CRLF line ends. */
export function csvOf(kind: ExportKind, rows: readonly (readonly string[])[]): string {
  return [HEADERS[kind], ...rows].map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

/** A carrier's file of this kind for a window: its CSV and how many rows it has. */
export async function buildFile(db: ReferenceDb, carrierId: number, kind: ExportKind, from: string, to: string) {
  const rows = await fileRows(db, carrierId, kind, from, to);
  return { csv: csvOf(kind, rows), rowCount: rows.length };
}

/**
 * Brings the history up to `now`: builds the seeded runs not built yet and each schedule's due slots without a run.
 * One at a time (exclusive), so two reads never build the same slot twice.
 */
export async function catchUp(db: ReferenceDb, now = new Date()): Promise<void> {
  await db.exclusive(async () => {
    const statements: InStatement[] = [];
    const pending = await db.client.execute(
      "SELECT id, carrier_id, kind, covered_from, covered_to FROM carrier_export_runs WHERE csv IS NULL",
    );
    for (const r of pending.rows) {
      const file = await buildFile(
        db,
        Number(r.carrier_id),
        text(r.kind) as ExportKind,
        text(r.covered_from),
        text(r.covered_to),
      );
      statements.push({
        sql: "UPDATE carrier_export_runs SET csv = ?, row_count = ? WHERE id = ? AND csv IS NULL",
        args: [file.csv, file.rowCount, Number(r.id)],
      });
    }
    const schedules = await db.client.execute(
      `SELECT s.carrier_id, s.kind, s.frequency, s.since FROM carrier_export_schedules s
       JOIN carriers c ON c.id = s.carrier_id WHERE s.frequency != 'off' AND c.active = 1`,
    );
    for (const s of schedules.rows) {
      const frequency = text(s.frequency) as "daily" | "weekly";
      const slots = dueSlots(frequency, text(s.since), now);
      if (slots.length === 0) continue;
      const built = await db.client.execute({
        sql: `SELECT slot_at FROM carrier_export_runs WHERE carrier_id = ? AND kind = ? AND slot_at >= ?`,
        args: [Number(s.carrier_id), text(s.kind), slots[0]!],
      });
      const done = new Set(built.rows.map((r) => text(r.slot_at)));
      for (const slot of slots) {
        if (done.has(slot)) continue;
        const { from, to } = slotWindow(frequency, slot);
        const kind = text(s.kind) as ExportKind;
        const file = await buildFile(db, Number(s.carrier_id), kind, from, to);
        statements.push({
          sql: `INSERT OR IGNORE INTO carrier_export_runs (carrier_id, kind, trigger, frequency, built_by, built_at,
                  covered_from, covered_to, slot_at, row_count, csv) VALUES (?, ?, 'schedule', ?, NULL, ?, ?, ?, ?, ?, ?)`,
          args: [Number(s.carrier_id), kind, frequency, slot, from, to, slot, file.rowCount, file.csv],
        });
      }
    }
    if (statements.length) await db.client.batch(statements, "write");
  });
}
