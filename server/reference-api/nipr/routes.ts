/**
 * NIPR, stood in for (issue 24 §6-8; docs/upstream-api.md "NIPR"): the Producer Database keyed by NPN (built from the
 * portal's own licences, licence details and active contracts, so both agree), its daily alerts (daily.ts), the
 * sync history and the connection's settings, all under /api/admin (mounted behind requireAdmin by app.ts), every
 * write in the admin audit.
 *
 * The rules, enforced here whatever the portal shows:
 * - an alert is applied when it arrives (arrival.ts, issue 37 §1), not when handled: a licence alert updates the
 *   broker's `licenses` row of that state (a lapse: Expired as of the alert's day; a revocation: Revoked; an expiry
 *   change: the new date); a lapse, a revocation or a regulatory action also puts a hold on the broker's new contract
 *   requests in that state (nipr_holds, holds.ts: the profile shows it, a request leaves the state out and is refused
 *   when no state is left) until an administrator resolves it (POST /:id/resolve_hold, once: again 409);
 * - marking an alert handled records that staff reviewed it (who, when, a note), once (again: 409);
 * - the NIPR password is write-only: no answer and no log line carries it;
 * - Sync now asks about one broker (an Agent or Agency user) and always adds a history row, failed when the broker
 *   has no NPN.
 */
import type { InStatement, InValue } from "@libsql/client";
import type { Express } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import {
  AdminNiprHandleSchema,
  type AdminNiprAlertResponseSchema,
  type AdminNiprAlertsResponseSchema,
} from "../../../app/admin/sections/nipr_pdb_alerts/contract.server.ts";
import {
  ALREADY_HANDLED,
  NO_OPEN_HOLD,
  type AdminNiprAlert,
  HANDLED_LABELS,
  NIPR_CATEGORIES,
  NIPR_CATEGORY_LABELS,
  NIPR_KIND_CATEGORY,
  type NiprAlertKind,
  isBlockingKind,
} from "../../../app/admin/sections/nipr_pdb_alerts/records.ts";
import {
  AdminNiprSyncBodySchema,
  type AdminNiprHistoryResponseSchema,
  type AdminNiprSyncResponseSchema,
} from "../../../app/admin/sections/nipr_history/contract.server.ts";
import {
  type AdminNiprSync,
  NIPR_SYNC_STATUSES,
  NIPR_SYNC_STATUS_LABELS,
  NIPR_TRIGGERS,
  NIPR_TRIGGER_LABELS,
  type NiprSyncStatus,
  type NiprTrigger,
} from "../../../app/admin/sections/nipr_history/records.ts";
import {
  NiprLicenseConfigUpdateSchema,
  type NiprLicenseConfigResponseSchema,
} from "../../../app/admin/sections/nipr_license_config/contract.server.ts";
import type {
  NiprLicenseConfig,
  NiprScan,
  NiprTracking,
} from "../../../app/admin/sections/nipr_license_config/records.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { type AdminResponse, audit, changesOf, historyOf, refuseFields, streamCsv } from "../admin/admin-support.ts";
import type { ReferenceDb } from "../core/db.ts";
import { parseTableQuery, scalar, type TableQuery } from "../core/paging.ts";
import {
  NOT_AN_OBJECT,
  QueryError,
  enumFilter,
  fail,
  idFilter,
  idParam,
  nextId,
  notFound,
  orderBy,
  pageOf,
  readQuery,
  whereSql,
  zodFields,
} from "../admin/list-support.ts";
import { ACTIVE_PRODUCER, catchUpDailyAlerts } from "./daily.ts";

export const NOT_A_BROKER = "Choose an agent or agency.";
export const UNKNOWN_PRODUCERS = "Choose agents from the list: some are not active agents with an NPN.";

const text = (v: unknown): string => (v == null ? "" : String(v as string | number));
const name = (alias: string) => `(${alias}.first_name || ' ' || ${alias}.last_name)`;
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/* ---------------------------------------------------------------- alerts */

const ALERT_SORTS = {
  day: ["a.day"],
  producer: ["producer_name COLLATE NOCASE"],
  category: ["a.kind"],
  state: ["a.state"],
  handled: ["a.handled_at IS NOT NULL"],
} as const;

const ALERT_COLUMNS = `a.*, ${name("u")} AS producer_name, u.npn_number, h.state AS hold_state,
  h.created_at AS hold_since, h.resolved_at AS hold_resolved_at, h.resolved_by AS hold_resolved_by`;
const ALERT_FROM = "nipr_alerts a JOIN users u ON u.id = a.user_id LEFT JOIN nipr_holds h ON h.alert_id = a.id";

function alertFromRow(r: Record<string, unknown>): AdminNiprAlert {
  const kind = text(r.kind) as NiprAlertKind;
  return {
    id: Number(r.id),
    day: text(r.day),
    category: NIPR_KIND_CATEGORY[kind],
    kind,
    producer: { id: Number(r.user_id), name: text(r.producer_name), npn: text(r.npn_number) },
    state: r.state == null ? null : text(r.state),
    summary: text(r.summary),
    blocking: isBlockingKind(kind),
    handled: r.handled_at != null,
    handledAt: r.handled_at == null ? null : text(r.handled_at),
    handledBy: r.handled_by == null ? null : text(r.handled_by),
    note: r.note == null ? null : text(r.note),
    hold:
      r.hold_state == null
        ? null
        : {
            state: text(r.hold_state),
            since: text(r.hold_since),
            resolvedAt: r.hold_resolved_at == null ? null : text(r.hold_resolved_at),
            resolvedBy: r.hold_resolved_by == null ? null : text(r.hold_resolved_by),
          },
  };
}

const KINDS_OF = (category: string) =>
  Object.entries(NIPR_KIND_CATEGORY)
    .filter(([, c]) => c === category)
    .map(([k]) => k);

function alertQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, ALERT_SORTS);
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push(
      `(instr(lower(a.summary), lower(?)) > 0 OR instr(lower(${name("u")}), lower(?)) > 0 OR u.npn_number = ?)`,
    );
    args.push(q.search, q.search, q.search);
  }
  const category = enumFilter(source, "category", NIPR_CATEGORIES);
  if (category != null) {
    const kinds = KINDS_OF(category);
    where.push(`a.kind IN (${kinds.map(() => "?").join(", ")})`);
    args.push(...kinds);
  }
  const userId = idFilter(source, "userId");
  if (userId != null) {
    where.push("a.user_id = ?");
    args.push(userId);
  }
  const period = scalar(source.period);
  if (period !== undefined && period !== "") {
    if (!PERIOD.test(period)) throw new QueryError("period must be YYYY-MM");
    where.push("substr(a.day, 1, 7) = ?");
    args.push(period);
  }
  const handled = enumFilter(source, "handled", ["yes", "no"] as const);
  if (handled != null) where.push(handled === "yes" ? "a.handled_at IS NOT NULL" : "a.handled_at IS NULL");
  return {
    q,
    count: `SELECT COUNT(*) AS n FROM ${ALERT_FROM} ${whereSql(where)}`,
    rows: `SELECT ${ALERT_COLUMNS} FROM ${ALERT_FROM} ${whereSql(where)} ORDER BY ${orderBy(
      q as TableQuery<keyof typeof ALERT_SORTS>,
      ALERT_SORTS,
      "a.id",
    )}`,
    args,
  };
}

async function findAlert(db: ReferenceDb, id: number): Promise<AdminNiprAlert | null> {
  const found = await db.client.execute({
    sql: `SELECT ${ALERT_COLUMNS} FROM ${ALERT_FROM} WHERE a.id = ?`,
    args: [id],
  });
  return found.rows[0] ? alertFromRow(found.rows[0]) : null;
}

/** What an administrator's write on an alert knows: the alert's detail, when, who, and the note. */
interface AlertWrite {
  detail: Record<string, string>;
  at: string;
  by: string;
  note: string | null;
}

/* ---------------------------------------------------------------- history */

const SYNC_SORTS = {
  at: ["s.at"],
  trigger: ["s.trigger"],
  producers: ["s.producers"],
  changes: ["s.changes"],
} as const;

function syncFromRow(r: Record<string, unknown>): AdminNiprSync {
  return {
    id: Number(r.id),
    at: text(r.at),
    trigger: text(r.trigger) as NiprTrigger,
    by: r.by_name == null ? null : text(r.by_name),
    producers: Number(r.producers),
    changes: Number(r.changes),
    summary: text(r.summary),
    status: text(r.status) as NiprSyncStatus,
    failures: JSON.parse(text(r.failures) || "[]") as string[],
  };
}

function syncQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, SYNC_SORTS);
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push("(instr(lower(s.summary), lower(?)) > 0 OR instr(lower(s.failures), lower(?)) > 0)");
    args.push(q.search, q.search);
  }
  const trigger = enumFilter(source, "trigger", NIPR_TRIGGERS);
  if (trigger != null) {
    where.push("s.trigger = ?");
    args.push(trigger);
  }
  const status = enumFilter(source, "status", NIPR_SYNC_STATUSES);
  if (status != null) {
    where.push("s.status = ?");
    args.push(status);
  }
  const period = scalar(source.period);
  if (period !== undefined && period !== "") {
    if (!PERIOD.test(period)) throw new QueryError("period must be YYYY-MM");
    where.push("substr(s.at, 1, 7) = ?");
    args.push(period);
  }
  // The newest first unless a sort is asked.
  const order = q.sort ? orderBy(q as TableQuery<keyof typeof SYNC_SORTS>, SYNC_SORTS, "s.id") : "s.at DESC, s.id DESC";
  return {
    q,
    count: `SELECT COUNT(*) AS n FROM nipr_syncs s ${whereSql(where)}`,
    rows: `SELECT s.* FROM nipr_syncs s ${whereSql(where)} ORDER BY ${order}`,
    args,
  };
}

/* ---------------------------------------------------------------- config */

async function readConfig(db: ReferenceDb): Promise<NiprLicenseConfig> {
  const [row, tracked, active] = await Promise.all([
    db.client.execute("SELECT * FROM nipr_config WHERE id = 1"),
    db.client.execute("SELECT user_id FROM nipr_tracked ORDER BY user_id"),
    db.client.execute(`SELECT COUNT(*) AS n FROM users u WHERE ${ACTIVE_PRODUCER}`),
  ]);
  const r = row.rows[0]!;
  return {
    username: text(r.username),
    passwordSet: text(r.password) !== "",
    tracking: text(r.tracking) as NiprTracking,
    trackedUserIds: tracked.rows.map((t) => Number(t.user_id)),
    activeProducers: Number(active.rows[0]?.n ?? 0),
    costCents: Number(r.cost_cents),
    activeScan: text(r.active_scan) as NiprScan,
    inactiveScan: text(r.inactive_scan) as NiprScan,
    warningDays: Number(r.warning_days),
  };
}

/** The warning window before a licence expires (the profile's "Expires soon"): the settings' days. */
export async function warningDays(db: ReferenceDb): Promise<number> {
  const found = await db.client.execute("SELECT warning_days FROM nipr_config WHERE id = 1");
  return found.rows[0] ? Number(found.rows[0].warning_days) : 60;
}

/** What the audit compares of the settings: never the password, only that it changed. */
const configView = (c: NiprLicenseConfig) => ({
  username: c.username,
  tracking: c.tracking,
  trackedUserIds: c.trackedUserIds.join(", "),
  activeScan: c.activeScan,
  inactiveScan: c.inactiveScan,
  warningDays: c.warningDays,
});

export function registerNiprRoutes(app: Express, { db, logger }: { db: ReferenceDb; logger: Logger }) {
  /* alerts */
  app.get("/api/admin/nipr_pdb_alerts", async (req, res: AdminResponse) => {
    await catchUpDailyAlerts(db);
    const parsed = readQuery(req, res, alertQuery);
    if (!parsed) return;
    const counted = await db.client.execute({ sql: parsed.count, args: parsed.args });
    const meta = pagingMeta(parsed.q, Number(counted.rows[0]?.n ?? 0));
    const [{ rows }, periods, producers] = await Promise.all([
      pageOf(db, parsed, meta.perPage, (meta.currentPage - 1) * meta.perPage),
      db.client.execute("SELECT DISTINCT substr(day, 1, 7) AS p FROM nipr_alerts ORDER BY p DESC"),
      db.client.execute(
        `SELECT DISTINCT u.id, ${name("u")} AS n FROM nipr_alerts a JOIN users u ON u.id = a.user_id
         ORDER BY n COLLATE NOCASE, u.id`,
      ),
    ]);
    const body: z.infer<typeof AdminNiprAlertsResponseSchema> = {
      records: rows.map(alertFromRow),
      meta,
      facets: {
        category: NIPR_CATEGORIES.map((value) => ({ value, label: NIPR_CATEGORY_LABELS[value] })),
        userId: producers.rows.map((r) => ({ value: text(r.id), label: text(r.n) })),
        period: periods.rows.map((r) => ({ value: text(r.p), label: text(r.p) })),
        handled: (["no", "yes"] as const).map((value) => ({ value, label: HANDLED_LABELS[value] })),
      },
    };
    res.json(body);
  });

  app.get("/api/admin/nipr_pdb_alerts/export", async (req, res: AdminResponse) => {
    const parsed = readQuery(req, res, alertQuery);
    if (!parsed) return;
    await streamCsv(
      res,
      db,
      "nipr_pdb_alerts.csv",
      [
        "Id",
        "Day",
        "Category",
        "Producer",
        "NPN",
        "State",
        "Alert",
        "Holds contract requests",
        "Handled at",
        "Handled by",
        "Note",
      ],
      { sql: parsed.rows, args: parsed.args },
      (row) => {
        const a = alertFromRow(row);
        return [
          a.id,
          a.day,
          NIPR_CATEGORY_LABELS[a.category],
          a.producer.name,
          a.producer.npn,
          a.state ?? "",
          a.summary,
          a.blocking ? "Yes" : "No",
          a.handledAt ?? "",
          a.handledBy ?? "",
          a.note ?? "",
        ];
      },
    );
  });

  app.get("/api/admin/nipr_pdb_alerts/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, "alert");
    if (id == null) return;
    const record = await findAlert(db, id);
    if (!record) return fail(res, 404, notFound("alert", String(id)));
    const body: z.infer<typeof AdminNiprAlertResponseSchema> = {
      record,
      history: await historyOf(db, "nipr_pdb_alerts", id),
    };
    res.json(body);
  });

  /**
   * An administrator's write on one alert, once (the two actions below): the note checked, the alert read and
   * refused with 409 when `refusal` says so, then `statements` written with the audit entry in one batch.
   */
  const onAlert = (options: {
    refusal: (alert: AdminNiprAlert) => string | null;
    statements: (alert: AdminNiprAlert, write: AlertWrite) => InStatement[];
    audit: (alert: AdminNiprAlert) => { action: string; changes: Array<{ field: string; from: string; to: string }> };
    log: string;
  }) =>
    async function (req: Parameters<Parameters<Express["post"]>[1]>[0], res: AdminResponse) {
      const id = idParam(req, res, "alert");
      if (id == null) return;
      const parsed = AdminNiprHandleSchema.safeParse(req.body ?? {});
      if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
      const { note } = parsed.data;
      const { user } = res.locals.session;
      type Outcome = { missing: true } | { refused: string } | { record: AdminNiprAlert };
      const outcome = await db.exclusive(async (): Promise<Outcome> => {
        const found = await db.client.execute({ sql: "SELECT detail FROM nipr_alerts WHERE id = ?", args: [id] });
        const alert = await findAlert(db, id);
        if (!alert || !found.rows[0]) return { missing: true };
        const refused = options.refusal(alert);
        if (refused) return { refused };
        const detail = JSON.parse(text(found.rows[0].detail) || "{}") as Record<string, string>;
        const at = new Date().toISOString();
        await db.client.batch(
          [
            ...options.statements(alert, { detail, at, by: `${user.firstName} ${user.lastName}`, note }),
            audit(res.locals.session, { resource: "nipr_pdb_alerts", recordId: id, ...options.audit(alert), note, at }),
          ],
          "write",
        );
        return { record: (await findAlert(db, id))! };
      });
      if ("missing" in outcome) return fail(res, 404, notFound("alert", String(id)));
      if ("refused" in outcome) return fail(res, 409, outcome.refused);
      logger.info({ niprAlertId: id, kind: outcome.record.kind }, options.log);
      res.json({ record: outcome.record });
    };

  app.post(
    "/api/admin/nipr_pdb_alerts/:id/handle",
    onAlert({
      refusal: (alert) => (alert.handled ? ALREADY_HANDLED : null),
      // Staff's review, nothing more: the alert was applied when it arrived (issue 37 §1).
      statements: (alert, { at, by, note }) => [
        {
          sql: "UPDATE nipr_alerts SET handled_at = ?, handled_by = ?, note = ? WHERE id = ? AND handled_at IS NULL",
          args: [at, by, note, alert.id],
        },
      ],
      audit: () => ({ action: "handled", changes: [{ field: "handled", from: "no", to: "yes" }] }),
      log: "admin handled a NIPR alert",
    }),
  );

  app.post(
    "/api/admin/nipr_pdb_alerts/:id/resolve_hold",
    onAlert({
      refusal: (alert) => (!alert.hold || alert.hold.resolvedAt ? NO_OPEN_HOLD : null),
      statements: (alert, { at, by }) => [
        {
          sql: "UPDATE nipr_holds SET resolved_at = ?, resolved_by = ? WHERE alert_id = ? AND resolved_at IS NULL",
          args: [at, by, alert.id],
        },
      ],
      audit: (alert) => ({
        action: "hold_resolved",
        changes: [{ field: "hold", from: `on hold in ${alert.hold?.state ?? ""}`, to: "resolved" }],
      }),
      log: "admin resolved a NIPR hold",
    }),
  );

  /* history */
  app.get("/api/admin/nipr_history", async (req, res: AdminResponse) => {
    await catchUpDailyAlerts(db);
    const parsed = readQuery(req, res, syncQuery);
    if (!parsed) return;
    const counted = await db.client.execute({ sql: parsed.count, args: parsed.args });
    const meta = pagingMeta(parsed.q, Number(counted.rows[0]?.n ?? 0));
    const [{ rows }, periods] = await Promise.all([
      pageOf(db, parsed, meta.perPage, (meta.currentPage - 1) * meta.perPage),
      db.client.execute("SELECT DISTINCT substr(at, 1, 7) AS p FROM nipr_syncs ORDER BY p DESC"),
    ]);
    const body: z.infer<typeof AdminNiprHistoryResponseSchema> = {
      records: rows.map(syncFromRow),
      meta,
      facets: {
        trigger: NIPR_TRIGGERS.map((value) => ({ value, label: NIPR_TRIGGER_LABELS[value] })),
        status: NIPR_SYNC_STATUSES.map((value) => ({ value, label: NIPR_SYNC_STATUS_LABELS[value] })),
        period: periods.rows.map((r) => ({ value: text(r.p), label: text(r.p) })),
      },
    };
    res.json(body);
  });

  app.get("/api/admin/nipr_history/export", async (req, res: AdminResponse) => {
    const parsed = readQuery(req, res, syncQuery);
    if (!parsed) return;
    await streamCsv(
      res,
      db,
      "nipr_history.csv",
      ["Id", "At", "Trigger", "By", "Producers", "Changes", "What changed", "Status", "Failures"],
      { sql: parsed.rows, args: parsed.args },
      (row) => {
        const s = syncFromRow(row);
        return [
          s.id,
          s.at,
          NIPR_TRIGGER_LABELS[s.trigger],
          s.by ?? "Schedule",
          s.producers,
          s.changes,
          s.summary,
          NIPR_SYNC_STATUS_LABELS[s.status],
          s.failures.join(" | "),
        ];
      },
    );
  });

  app.get("/api/admin/nipr_history/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, "sync");
    if (id == null) return;
    const found = await db.client.execute({ sql: "SELECT * FROM nipr_syncs WHERE id = ?", args: [id] });
    if (!found.rows[0]) return fail(res, 404, notFound("sync", String(id)));
    const body: z.infer<typeof AdminNiprSyncResponseSchema> = {
      record: syncFromRow(found.rows[0]),
      history: await historyOf(db, "nipr_history", id),
    };
    res.json(body);
  });

  app.post("/api/admin/nipr_history/sync", async (req, res: AdminResponse) => {
    const parsed = AdminNiprSyncBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const { userId } = parsed.data;
    const { user } = res.locals.session;
    const outcome = await db.exclusive(async () => {
      const found = await db.client.execute({
        sql: `SELECT ${name("u")} AS n, u.role, u.npn_number FROM users u WHERE u.id = ?`,
        args: [userId],
      });
      const broker = found.rows[0];
      if (!broker || (broker.role !== "Agent" && broker.role !== "Agency")) return null;
      const [licenses, appointments, open] = await Promise.all([
        db.client.execute({ sql: "SELECT COUNT(*) AS n FROM licenses WHERE user_id = ?", args: [userId] }),
        db.client.execute({
          sql: "SELECT COUNT(*) AS n FROM contracting_entries WHERE user_id = ? AND status = 'active'",
          args: [userId],
        }),
        db.client.execute({
          sql: "SELECT COUNT(*) AS n FROM nipr_alerts WHERE user_id = ? AND handled_at IS NULL",
          args: [userId],
        }),
      ]);
      const who = text(broker.n);
      const nLicenses = Number(licenses.rows[0]?.n ?? 0);
      const nAppointments = Number(appointments.rows[0]?.n ?? 0);
      const nOpen = Number(open.rows[0]?.n ?? 0);
      const npn = broker.npn_number == null ? null : text(broker.npn_number);
      const record = npn
        ? {
            producers: 1,
            changes: nOpen,
            status: "succeeded" as const,
            summary: `${who} (NPN ${npn}): ${nLicenses} ${nLicenses === 1 ? "license" : "licenses"}, ${nAppointments} ${
              nAppointments === 1 ? "appointment" : "appointments"
            } checked; ${nOpen ? `${nOpen} ${nOpen === 1 ? "alert" : "alerts"} not handled yet` : "no differences"}.`,
            failures: [] as string[],
          }
        : {
            producers: 1,
            changes: 0,
            status: "failed" as const,
            summary: `${who}: not synced.`,
            failures: [`${who}: no NPN on file, so NIPR cannot be asked.`],
          };
      const id = await nextId(db, "nipr_syncs");
      const at = new Date().toISOString();
      await db.client.batch(
        [
          {
            sql: `INSERT INTO nipr_syncs (id, at, trigger, by_name, producers, changes, summary, status, failures)
                  VALUES (?, ?, 'manual', ?, ?, ?, ?, ?, ?)`,
            args: [
              id,
              at,
              `${user.firstName} ${user.lastName}`,
              record.producers,
              record.changes,
              record.summary,
              record.status,
              JSON.stringify(record.failures),
            ],
          },
          audit(res.locals.session, { resource: "nipr_history", recordId: id, action: "synced", note: who, at }),
        ],
        "write",
      );
      const row = await db.client.execute({ sql: "SELECT * FROM nipr_syncs WHERE id = ?", args: [id] });
      return syncFromRow(row.rows[0]!);
    });
    if (!outcome) return refuseFields(res, { userId: [NOT_A_BROKER] });
    logger.info({ niprSyncId: outcome.id, userId }, "admin synced a producer with NIPR");
    res.status(201).json({ record: outcome });
  });

  /* the producer database */
  app.get("/api/admin/nipr/producers/:npn", async (req, res: AdminResponse) => {
    const npn = String(req.params.npn ?? "");
    if (!/^\d{1,10}$/.test(npn)) return fail(res, 404, notFound("producer", "given"));
    const found = await db.client.execute({
      sql: `SELECT u.id, u.first_name, u.last_name, u.email, u.phone FROM users u WHERE u.npn_number = ?`,
      args: [npn],
    });
    const u = found.rows[0];
    if (!u) return fail(res, 404, notFound("producer with NPN", npn));
    const userId = Number(u.id);
    const [licenses, appointments, actions] = await Promise.all([
      db.client.execute({
        sql: `SELECT l.state, l.license_number, l.status, l.expires_on, d.license_class, d.lines_of_authority, d.resident,
                d.effective_on FROM licenses l LEFT JOIN license_details d ON d.license_id = l.id
              WHERE l.user_id = ? ORDER BY l.state`,
        args: [userId],
      }),
      db.client.execute({
        sql: `SELECT c.name AS carrier, e.effective_date FROM contracting_entries e
              JOIN carrier_products cp ON cp.id = e.carrier_product_id JOIN carriers c ON c.id = cp.carrier_id
              WHERE e.user_id = ? AND e.status = 'active' ORDER BY c.name`,
        args: [userId],
      }),
      db.client.execute({
        sql: "SELECT day, state, summary FROM nipr_alerts WHERE user_id = ? AND kind = 'regulatory_action' ORDER BY day",
        args: [userId],
      }),
    ]);
    res.json({
      producer: {
        npn,
        demographics: {
          firstName: text(u.first_name),
          lastName: text(u.last_name),
          email: text(u.email),
          phone: text(u.phone),
        },
        licenses: licenses.rows.map((l) => ({
          state: text(l.state),
          number: text(l.license_number),
          class: text(l.license_class) || "Insurance Producer",
          linesOfAuthority: JSON.parse(text(l.lines_of_authority) || "[]") as string[],
          status: text(l.status),
          effectiveOn: l.effective_on == null ? null : text(l.effective_on),
          expiresOn: l.expires_on == null ? null : text(l.expires_on),
          resident: Number(l.resident) === 1,
        })),
        appointments: appointments.rows.map((a) => ({
          carrier: text(a.carrier),
          effectiveOn: a.effective_date == null ? null : text(a.effective_date),
        })),
        regulatoryActions: actions.rows.map((a) => ({
          day: text(a.day),
          state: text(a.state),
          summary: text(a.summary),
        })),
      },
    });
  });

  /* settings */
  const configBody = async (): Promise<z.infer<typeof NiprLicenseConfigResponseSchema>> => {
    const [config, producers] = await Promise.all([
      readConfig(db),
      db.client.execute(
        `SELECT u.id, ${name("u")} AS n, u.npn_number FROM users u
         WHERE ${ACTIVE_PRODUCER} ORDER BY n COLLATE NOCASE, u.id`,
      ),
    ]);
    return {
      config,
      producers: producers.rows.map((r) => ({ id: Number(r.id), name: text(r.n), npn: text(r.npn_number) })),
    };
  };

  app.get("/api/admin/nipr_license_config", async (_req, res: AdminResponse) => {
    res.json(await configBody());
  });

  app.patch("/api/admin/nipr_license_config", async (req, res: AdminResponse) => {
    if (typeof req.body !== "object" || req.body === null || Array.isArray(req.body))
      return refuseFields(res, { body: [NOT_AN_OBJECT] });
    const parsed = NiprLicenseConfigUpdateSchema.safeParse(req.body);
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const b = parsed.data;
    type Outcome = { fields: Record<string, string[]> } | { changed: string[] };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      if (b.trackedUserIds) {
        const ids = [...new Set(b.trackedUserIds)];
        if (ids.length) {
          const known = await db.client.execute({
            sql: `SELECT COUNT(*) AS n FROM users u WHERE u.id IN (${ids.map(() => "?").join(", ")}) AND ${ACTIVE_PRODUCER}`,
            args: ids,
          });
          if (Number(known.rows[0]?.n ?? 0) !== ids.length) return { fields: { trackedUserIds: [UNKNOWN_PRODUCERS] } };
        }
        b.trackedUserIds = ids;
      }
      const tracking = b.tracking;
      const chosen = b.trackedUserIds;
      if (tracking === "chosen" && chosen !== undefined && chosen.length === 0)
        return { fields: { trackedUserIds: ["Choose at least one agent, or track every active agent."] } };
      const before = await readConfig(db);
      const sets: string[] = [];
      const args: InValue[] = [];
      const set = (column: string, value: InValue | undefined) => {
        if (value === undefined) return;
        sets.push(`${column} = ?`);
        args.push(value);
      };
      set("username", b.username);
      set("password", b.password);
      set("tracking", b.tracking);
      set("active_scan", b.activeScan);
      set("inactive_scan", b.inactiveScan);
      set("warning_days", b.warningDays);
      const statements: InStatement[] = [];
      if (sets.length) statements.push({ sql: `UPDATE nipr_config SET ${sets.join(", ")} WHERE id = 1`, args });
      if (chosen) {
        statements.push("DELETE FROM nipr_tracked");
        for (const id of chosen) statements.push({ sql: "INSERT INTO nipr_tracked (user_id) VALUES (?)", args: [id] });
      }
      if (statements.length) await db.client.batch(statements, "write");
      const after = await readConfig(db);
      const changes = changesOf(configView(before), configView(after));
      if (b.password !== undefined) changes.push({ field: "password", from: null, to: "changed" });
      if (changes.length)
        await db.client.execute(
          audit(res.locals.session, { resource: "nipr_license_config", recordId: 1, action: "updated", changes }),
        );
      return { changed: changes.map((c) => c.field) };
    });
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    // Which settings changed, never their values (the password is one of them).
    logger.info({ changed: outcome.changed }, "admin changed the NIPR settings");
    res.json(await configBody());
  });
}
