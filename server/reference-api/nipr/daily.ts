/**
 * NIPR's daily alerts file, stood in for (issue 24 §7): for each weekday after the seed day up to today, the alerts
 * of the tracked producers, made on read (the first read of a day writes them once) and deterministic by day and
 * NPN, so alerts arrive while the demo runs and two databases seeded the same day agree. Each day's file is also a
 * row of the sync history. Rare on purpose: about one producer in forty has a change on a given day. Each alert is
 * applied as it arrives (arrival.ts, issue 37 §1); the demo accounts (demo-data.md fixes their state) get no alert
 * that would hold their requests.
 */
import dayjs from "dayjs";
import type { InStatement } from "@libsql/client";
import type { NiprAlertKind } from "../../../app/admin/sections/nipr_pdb_alerts/records.ts";
import { SEED_USERS } from "../accounts/seed.ts";
import type { ReferenceDb } from "../core/db.ts";
import { todayIso } from "../core/today.ts";
import { arrivalStatements } from "./arrival.ts";

/** FNV-1a, 32 bits: a stable number of a text. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export interface TrackedProducer {
  userId: number;
  /** A demo account of demo-data.md: never given an alert that holds its requests. */
  demo?: boolean;
  npn: string;
  name: string;
  licenses: Array<{ state: string; number: string; expiresOn: string | null }>;
}

const CARRIERS = ["Humana", "Aetna", "UnitedHealthcare", "Wellcare", "Cigna"];
const STREETS = ["Main St", "Oak Ave", "Market St", "Elm St", "Lakeview Dr"];

/** The alert NIPR's file of `day` has for `p`, or null (most days, most producers: none). */
export function alertOf(
  day: string,
  p: TrackedProducer,
): { kind: NiprAlertKind; state: string | null; summary: string; detail: Record<string, string> } | null {
  const h = stableHash(`${day}:${p.npn}`);
  if (h % 40 !== 0) return null;
  const pick = (h >>> 8) % 100;
  const license = p.licenses[(h >>> 16) % Math.max(1, p.licenses.length)];
  const carrier = CARRIERS[(h >>> 4) % CARRIERS.length]!;
  if (license && pick < 40) {
    const expiresOn = dayjs(license.expiresOn ?? day)
      .add(2, "year")
      .format("YYYY-MM-DD");
    return {
      kind: "license_expiry_changed",
      state: license.state,
      summary: `${license.state} license ${license.number}: expiry date changed to ${expiresOn} by the state.`,
      detail: { expiresOn },
    };
  }
  if (license && pick < 65)
    return {
      kind: "appointment_added",
      state: license.state,
      summary: `Appointed by ${carrier} in ${license.state}.`,
      detail: {},
    };
  if (license && pick < 75)
    return {
      kind: "appointment_terminated",
      state: license.state,
      summary: `Appointment with ${carrier} in ${license.state} terminated (not for cause).`,
      detail: {},
    };
  if (license && pick < 78 && !p.demo)
    return {
      kind: "regulatory_action",
      state: license.state,
      summary: `${license.state} Department of Insurance: administrative action opened.`,
      detail: {},
    };
  if (license && pick < 80 && !p.demo)
    return {
      kind: "license_lapsed",
      state: license.state,
      summary: `${license.state} license ${license.number} lapsed.`,
      detail: { licenseNumber: license.number },
    };
  return {
    kind: "address_changed",
    state: null,
    summary: `Business address changed to ${100 + (h % 900)} ${STREETS[h % STREETS.length]!}.`,
    detail: {},
  };
}

/**
 * An active producer (SQL over `users u`): an active broker with an NPN. The one rule behind the license settings'
 * count, the producers a sync asks NIPR about and the seeded sync history's counts, so the two pages agree.
 */
export const ACTIVE_PRODUCER = "u.role IN ('Agent', 'Agency') AND u.status = 'active' AND u.npn_number IS NOT NULL";

/** The producers NIPR is asked about: active brokers with an NPN (every one, or the chosen list). */
export async function trackedProducers(db: ReferenceDb): Promise<TrackedProducer[]> {
  const config = await db.client.execute("SELECT tracking FROM nipr_config WHERE id = 1");
  const chosen = config.rows[0]?.tracking === "chosen";
  const users = await db.client.execute(
    `SELECT u.id, u.npn_number, u.first_name || ' ' || u.last_name AS n FROM users u
     WHERE ${ACTIVE_PRODUCER}
     ${chosen ? "AND u.id IN (SELECT user_id FROM nipr_tracked)" : ""} ORDER BY u.id`,
  );
  const licenses = await db.client.execute(
    "SELECT user_id, state, license_number, expires_on FROM licenses ORDER BY user_id, state, license_number",
  );
  const byUser = new Map<number, TrackedProducer["licenses"]>();
  for (const l of licenses.rows) {
    const list = byUser.get(Number(l.user_id)) ?? [];
    list.push({
      state: String(l.state),
      number: String(l.license_number),
      expiresOn: l.expires_on == null ? null : String(l.expires_on),
    });
    byUser.set(Number(l.user_id), list);
  }
  const demo = new Set(SEED_USERS.map((u) => u.id));
  return users.rows.map((u) => ({
    userId: Number(u.id),
    demo: demo.has(Number(u.id)),
    npn: String(u.npn_number),
    name: String(u.n),
    licenses: byUser.get(Number(u.id)) ?? [],
  }));
}

/** At most this many days are made at once (a database left a year unopened catches up over several reads). */
const MAX_DAYS_PER_READ = 60;

/** Makes the alerts files of the weekdays after `generated_through` up to `today`, once. */
export async function catchUpDailyAlerts(db: ReferenceDb, today = todayIso()): Promise<void> {
  const found = await db.client.execute("SELECT generated_through FROM nipr_config WHERE id = 1");
  const through = found.rows[0]?.generated_through;
  if (through == null || String(through) >= today) return;
  await db.exclusive(async () => {
    const again = await db.client.execute("SELECT generated_through FROM nipr_config WHERE id = 1");
    let day = dayjs(`${String(again.rows[0]?.generated_through)}T00:00:00Z`);
    const producers = await trackedProducers(db);
    const statements: InStatement[] = [];
    let nextAlert = Number(
      (await db.client.execute("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM nipr_alerts")).rows[0]!.id,
    );
    let nextSync = Number(
      (await db.client.execute("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM nipr_syncs")).rows[0]!.id,
    );
    for (let i = 0; i < MAX_DAYS_PER_READ; i++) {
      day = day.add(1, "day");
      const iso = day.format("YYYY-MM-DD");
      if (iso > today) break;
      statements.push({ sql: "UPDATE nipr_config SET generated_through = ? WHERE id = 1", args: [iso] });
      if (day.day() === 0 || day.day() === 6) continue;
      let changes = 0;
      for (const p of producers) {
        const alert = alertOf(iso, p);
        if (!alert) continue;
        changes++;
        statements.push(...arrivalStatements({ id: nextAlert++, userId: p.userId, day: iso, ...alert }));
      }
      statements.push({
        sql: `INSERT INTO nipr_syncs (id, at, trigger, by_name, producers, changes, summary, status, failures)
              VALUES (?, ?, 'daily', NULL, ?, ?, ?, 'succeeded', '[]')`,
        args: [
          nextSync++,
          `${iso}T06:00:00.000Z`,
          producers.length,
          changes,
          changes ? `${changes} ${changes === 1 ? "alert" : "alerts"} received.` : "No changes.",
        ],
      });
    }
    if (statements.length) await db.client.batch(statements, "write");
  });
}
