/**
 * The NIPR stand-in's seed (issue 24 §6-8): the connection (a demo account whose password no endpoint answers),
 * tracking every active producer at $0.95 a month each, the fallback scans (weekly active, monthly inactive), the
 * 60-day warning window; two weeks of alerts for the demo brokers, each applied as it arrived (arrival.ts, issue 37
 * §1), among them docs@'s (4) Pennsylvania license lapsed: the license Expired and PA on hold from the alert's day,
 * not handled (reviewed) yet; and the syncs of the last four weeks.
 * Composed by seed/seed.ts; dates are relative to the seed day (seed/seed-dates.ts). Later days' alerts are made
 * on read (daily.ts), from this seed day.
 */
import type { InStatement } from "@libsql/client";
import dayjs from "dayjs";
import type { NiprAlertKind } from "../../../app/admin/sections/nipr_pdb_alerts/records.ts";
import type { NiprTrigger } from "../../../app/admin/sections/nipr_history/records.ts";
import type { SeedDates } from "../seed/seed-dates.ts";
import { arrivalStatements } from "./arrival.ts";
import { ACTIVE_PRODUCER } from "./daily.ts";

/** The seeded connection's password: never answered by any endpoint (a test checks it stays out of pages). */
export const SEED_NIPR_USERNAME = "portal-agency-pdb";
export const SEED_NIPR_PASSWORD = "pdb-Secret-4417";
export const SEED_NIPR_COST_CENTS = 95;
export const SEED_WARNING_DAYS = 60;
/** docs@'s PA license lapsed alert (its id). */
export const DOCS_LAPSED_ALERT_ID = 1;
/** The producers a "chosen list" starts with: agent@, loa@, docs@, agency@, beta@. */
export const SEED_CHOSEN_PRODUCERS = [1, 3, 4, 5, 6] as const;

/** The weekday `n` weekdays before the seed day (1: the last weekday before it), YYYY-MM-DD. */
export function weekdaysBefore(dates: SeedDates, n: number): string {
  let day = dayjs(`${dates.day}T00:00:00Z`);
  let left = n;
  while (left > 0) {
    day = day.subtract(1, "day");
    if (day.day() !== 0 && day.day() !== 6) left--;
  }
  return day.format("YYYY-MM-DD");
}

interface SeedAlert {
  id: number;
  userId: number;
  weekdaysAgo: number;
  kind: NiprAlertKind;
  state: string | null;
  summary: string;
  detail?: Record<string, string>;
  handled?: { by: string; note: string | null };
  /** The hold it put, lifted by an administrator the day it arrived. */
  holdResolvedBy?: string;
}

const SEED_ALERTS: readonly SeedAlert[] = [
  {
    id: DOCS_LAPSED_ALERT_ID,
    userId: 4,
    weekdaysAgo: 1,
    kind: "license_lapsed",
    state: "PA",
    summary: "PA license 889012 lapsed: continuing education not completed.",
    detail: { licenseNumber: "889012" },
  },
  {
    id: 2,
    userId: 1,
    weekdaysAgo: 2,
    kind: "license_expiry_changed",
    state: "FL",
    summary: "FL license W123456: expiry date extended by the state (bulk renewal).",
  },
  {
    id: 3,
    userId: 3,
    weekdaysAgo: 3,
    kind: "appointment_added",
    state: "AZ",
    summary: "Appointed by Humana in AZ.",
  },
  {
    id: 4,
    userId: 5,
    weekdaysAgo: 4,
    kind: "address_changed",
    state: null,
    summary: "Business address changed to 400 Market St, San Francisco, CA.",
  },
  {
    id: 5,
    userId: 6,
    weekdaysAgo: 5,
    kind: "appointment_terminated",
    state: "SC",
    summary: "Appointment with Aetna in SC terminated (not for cause).",
    handled: { by: "Grace Harper", note: "Agency confirmed: moved the book to UnitedHealthcare." },
  },
  {
    id: 6,
    userId: 3,
    weekdaysAgo: 6,
    kind: "license_expiry_changed",
    state: "NV",
    summary: "NV license 3560021: expiry date extended by the state (bulk renewal).",
    handled: { by: "Grace Harper", note: null },
  },
  {
    id: 7,
    userId: 1,
    weekdaysAgo: 8,
    kind: "address_changed",
    state: null,
    summary: "E-mail address on file changed.",
    handled: { by: "Grace Harper", note: null },
  },
  {
    id: 8,
    userId: 6,
    weekdaysAgo: 9,
    kind: "regulatory_action",
    state: "NC",
    summary: "NC Department of Insurance: consent order, fine paid (closed).",
    handled: { by: "Nora Whitfield", note: "Closed action: hold resolved." },
    holdResolvedBy: "Nora Whitfield",
  },
];

const SEED_SYNC_DAYS = 20;

export function niprSeedStatements(dates: SeedDates): InStatement[] {
  const statements: InStatement[] = [
    {
      sql: `INSERT INTO nipr_config (id, username, password, tracking, cost_cents, active_scan, inactive_scan, warning_days,
              seed_day, generated_through) VALUES (1, ?, ?, 'all', ?, 'weekly', 'monthly', ?, ?, ?)`,
      args: [SEED_NIPR_USERNAME, SEED_NIPR_PASSWORD, SEED_NIPR_COST_CENTS, SEED_WARNING_DAYS, dates.day, dates.day],
    },
    ...SEED_CHOSEN_PRODUCERS.map((userId) => ({
      sql: "INSERT INTO nipr_tracked (user_id) VALUES (?)",
      args: [userId],
    })),
  ];
  for (const a of SEED_ALERTS) {
    const day = weekdaysBefore(dates, a.weekdaysAgo);
    statements.push(
      ...arrivalStatements({
        id: a.id,
        userId: a.userId,
        day,
        kind: a.kind,
        state: a.state,
        summary: a.summary,
        detail: a.detail ?? {},
      }),
    );
    const reviewedAt = `${day}T15:10:00.000Z`;
    if (a.handled)
      statements.push({
        sql: "UPDATE nipr_alerts SET handled_at = ?, handled_by = ?, note = ? WHERE id = ?",
        args: [reviewedAt, a.handled.by, a.handled.note, a.id],
      });
    if (a.holdResolvedBy)
      statements.push({
        sql: "UPDATE nipr_holds SET resolved_at = ?, resolved_by = ? WHERE alert_id = ?",
        args: [reviewedAt, a.holdResolvedBy, a.id],
      });
  }
  // The syncs: each weekday's alerts file (one failed and retried), the Monday scans, a monthly scan, a Sync now.
  const syncs: Array<{
    at: string;
    trigger: NiprTrigger;
    by: string | null;
    /** "tracked": every tracked producer (less those that failed), counted by the database when seeded. */
    producers: number | "tracked";
    changes: number;
    summary: string;
    status: "succeeded" | "partial" | "failed";
    failures: string[];
  }> = [];
  for (let n = SEED_SYNC_DAYS; n >= 1; n--) {
    const day = weekdaysBefore(dates, n);
    const changes = SEED_ALERTS.filter((a) => a.weekdaysAgo === n).length;
    if (n === 12) {
      syncs.push({
        at: `${day}T06:00:00.000Z`,
        trigger: "daily",
        by: null,
        producers: 0,
        changes: 0,
        summary: "The alerts file could not be fetched.",
        status: "failed",
        failures: ["NIPR did not answer (HTTP 503 Service Unavailable); retried at 07:30."],
      });
      syncs.push({
        at: `${day}T07:30:00.000Z`,
        trigger: "daily",
        by: null,
        producers: "tracked",
        changes: 0,
        summary: "No changes.",
        status: "succeeded",
        failures: [],
      });
      continue;
    }
    syncs.push({
      at: `${day}T06:00:00.000Z`,
      trigger: "daily",
      by: null,
      producers: "tracked",
      changes,
      summary: changes ? `${changes} ${changes === 1 ? "alert" : "alerts"} received.` : "No changes.",
      status: "succeeded",
      failures: [],
    });
    if (dayjs(day).day() === 1)
      syncs.push({
        at: `${day}T02:00:00.000Z`,
        trigger: "weekly",
        by: null,
        producers: "tracked",
        changes: 0,
        summary: "Active licenses scanned: no differences.",
        status: "partial",
        failures: ["Daniel Okafor (NPN 20311877): NIPR has no producer with this NPN in TX."],
      });
  }
  syncs.push({
    at: `${weekdaysBefore(dates, 15)}T03:00:00.000Z`,
    trigger: "monthly",
    by: null,
    producers: 14,
    changes: 0,
    summary: "Inactive licenses scanned: no differences.",
    status: "succeeded",
    failures: [],
  });
  syncs.push({
    at: `${weekdaysBefore(dates, 7)}T14:20:00.000Z`,
    trigger: "manual",
    by: "Grace Harper",
    producers: 1,
    changes: 0,
    summary: "Priya Raman: 2 licenses, 1 appointment checked; no differences.",
    status: "succeeded",
    failures: [],
  });
  syncs.sort((a, b) => a.at.localeCompare(b.at));
  // A daily file and a weekly scan ask about every tracked producer (tracking starts as "all"): the license settings'
  // count of active producers, counted from the seeded users, less the producers that failed.
  syncs.forEach((s, index) => {
    const tracked = s.producers === "tracked";
    statements.push({
      sql: `INSERT INTO nipr_syncs (id, at, trigger, by_name, producers, changes, summary, status, failures)
            VALUES (?, ?, ?, ?, ${tracked ? `(SELECT COUNT(*) FROM users u WHERE ${ACTIVE_PRODUCER}) - ?` : "?"}, ?, ?, ?, ?)`,
      args: [
        index + 1,
        s.at,
        s.trigger,
        s.by,
        tracked ? s.failures.length : s.producers,
        s.changes,
        s.summary,
        s.status,
        JSON.stringify(s.failures),
      ],
    });
  });
  return statements;
}
