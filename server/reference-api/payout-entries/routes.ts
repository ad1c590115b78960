/**
 * Payout entries (issue 23 §3; docs/upstream-api.md "Payout entries"): /api/admin/payout_entries, one-time payments
 * and deductions not tied to a statement line (mounted behind requireAdmin by app.ts), every write in the admin audit.
 *
 * The rules, enforced here whatever the portal shows:
 * - an entry is pending until an administrator other than its creator approves or rejects it (the creator: 403);
 * - approved and rejected entries are final (a change, a decision or a delete: 409); only approved ones reach a total
 *   (the totals read status = 'approved');
 * - while pending, only its creator may change or delete it (anyone else: 403);
 * - a rejection says why (a note, 422 without one);
 * - a decision carries the entry's version it was shown (one more at every change): another version is a 409
 *   "This entry changed since you opened it" (reason "stale"), nothing decided (issue 35 §2);
 * - the agent is a broker (an Agent or Agency user) and the policy, when given, exists (422 at the field).
 */
import dayjs from "dayjs";
import type { InValue } from "@libsql/client";
import type { Express, Request } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import {
  AdminPayoutDecisionSchema,
  AdminPayoutEntryBodySchema,
  type AdminPayoutChoicesSchema,
  type AdminPayoutEntriesResponseSchema,
  type AdminPayoutEntryResponseSchema,
} from "../../../app/admin/sections/payout_entries/contract.server.ts";
import {
  type AdminPayoutEntry,
  DECIDED_ENTRY,
  OWN_ENTRY,
  PAYOUT_KINDS,
  PAYOUT_KIND_LABELS,
  PAYOUT_STATUSES,
  PAYOUT_STATUS_LABELS,
  type PayoutKind,
  type PayoutStatus,
} from "../../../app/admin/sections/payout_entries/records.ts";
import { formatCents } from "../../../app/domain/cents.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import {
  type AdminResponse,
  audit,
  changesOf,
  historyOf,
  refuseFields,
  refuseStale,
  streamCsv,
} from "../admin/admin-support.ts";
import type { ReferenceDb } from "../core/db.ts";
import { parseTableQuery, scalar, type TableQuery } from "../core/paging.ts";
import {
  NOT_AN_OBJECT,
  QueryError,
  bodyObject,
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

export const NOT_A_BROKER = "Choose an agent or agency.";
export const NO_SUCH_POLICY = "No policy has this number.";
export const NOT_YOURS = "Only the administrator who created this entry may change or delete it.";
export const NOTE_REQUIRED = "Say why the entry is rejected.";

const RESOURCE = "payout_entries";
const WHAT = "payout entry";

const SORTS = {
  period: ["e.period"],
  agent: ["agent_name COLLATE NOCASE"],
  kind: ["e.kind"],
  amount: ["e.amount_cents"],
  status: ["e.status"],
  createdAt: ["e.created_at"],
} as const;

const name = (alias: string) => `(${alias}.first_name || ' ' || ${alias}.last_name)`;

const COLUMNS = `e.id, e.user_id, e.kind, e.amount_cents, e.memo, e.policy_id, e.period, e.status, e.created_by,
  e.created_at, e.decided_by, e.decided_at, e.decision_note, e.version, ${name("u")} AS agent_name, u.role AS agent_role,
  p.policy_number, ${name("c")} AS creator_name, ${name("d")} AS decider_name`;

const FROM = `payout_entries e JOIN users u ON u.id = e.user_id LEFT JOIN policies p ON p.id = e.policy_id
  LEFT JOIN users c ON c.id = e.created_by LEFT JOIN users d ON d.id = e.decided_by`;

const text = (v: unknown): string => (v == null ? "" : String(v as string | number));

function entryFromRow(r: Record<string, unknown>, viewerId: number): AdminPayoutEntry {
  return {
    id: Number(r.id),
    agent: { id: Number(r.user_id), name: text(r.agent_name), role: r.agent_role === "Agency" ? "Agency" : "Agent" },
    kind: text(r.kind) as PayoutKind,
    amountCents: Number(r.amount_cents),
    memo: text(r.memo),
    policy: r.policy_id == null ? null : { id: Number(r.policy_id), policyNumber: text(r.policy_number) },
    period: text(r.period),
    status: text(r.status) as PayoutStatus,
    createdBy: { id: Number(r.created_by), name: text(r.creator_name) || `User ${text(r.created_by)}` },
    createdAt: text(r.created_at),
    decidedBy:
      r.decided_by == null
        ? null
        : { id: Number(r.decided_by), name: text(r.decider_name) || `User ${text(r.decided_by)}` },
    decidedAt: r.decided_at == null ? null : text(r.decided_at),
    decisionNote: r.decision_note == null ? null : text(r.decision_note),
    createdByYou: Number(r.created_by) === viewerId,
    version: Number(r.version),
  };
}

async function findEntry(db: ReferenceDb, id: number, viewerId: number): Promise<AdminPayoutEntry | null> {
  const found = await db.client.execute({ sql: `SELECT ${COLUMNS} FROM ${FROM} WHERE e.id = ?`, args: [id] });
  return found.rows[0] ? entryFromRow(found.rows[0], viewerId) : null;
}

function listQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, SORTS);
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push(`(instr(lower(e.memo), lower(?)) > 0 OR instr(lower(${name("u")}), lower(?)) > 0)`);
    args.push(q.search, q.search);
  }
  const kind = enumFilter(source, "kind", PAYOUT_KINDS);
  if (kind != null) {
    where.push("e.kind = ?");
    args.push(kind);
  }
  const status = enumFilter(source, "status", PAYOUT_STATUSES);
  if (status != null) {
    where.push("e.status = ?");
    args.push(status);
  }
  const period = scalar(source.period);
  if (period !== undefined && period !== "") {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) throw new QueryError("period must be YYYY-MM");
    where.push("e.period = ?");
    args.push(period);
  }
  const userId = idFilter(source, "userId");
  if (userId != null) {
    where.push("e.user_id = ?");
    args.push(userId);
  }
  return {
    q,
    count: `SELECT COUNT(*) AS n FROM ${FROM} ${whereSql(where)}`,
    rows: `SELECT ${COLUMNS} FROM ${FROM} ${whereSql(where)} ORDER BY ${orderBy(q as TableQuery<keyof typeof SORTS>, SORTS, "e.id")}`,
    args,
  };
}

/** "2025-03" → "March 2025". */
export function periodLabel(period: string): string {
  return dayjs(`${period}-01`).format("MMMM YYYY");
}

/** What the audit compares of an entry. */
function auditView(e: {
  userId: number;
  kind: string;
  amountCents: number;
  memo: string;
  policyNumber: string | null;
  period: string;
}) {
  return {
    userId: e.userId,
    kind: e.kind,
    amount: formatCents(e.amountCents),
    memo: e.memo,
    policyNumber: e.policyNumber,
    period: e.period,
  };
}

const viewOfEntry = (e: AdminPayoutEntry) =>
  auditView({
    userId: e.agent.id,
    kind: e.kind,
    amountCents: e.amountCents,
    memo: e.memo,
    policyNumber: e.policy?.policyNumber ?? null,
    period: e.period,
  });

export function registerPayoutEntryRoutes(app: Express, { db, logger }: { db: ReferenceDb; logger: Logger }) {
  /** The body's references checked: the agent a broker, the policy an existing one. Fields refused, or the ids. */
  const references = async (
    userId: number,
    policyNumber: string | null,
  ): Promise<{ fields: Record<string, string[]> } | { policyId: number | null }> => {
    const fields: Record<string, string[]> = {};
    const user = await db.client.execute({ sql: "SELECT role FROM users WHERE id = ?", args: [userId] });
    const role = user.rows[0]?.role;
    if (role !== "Agent" && role !== "Agency") fields.userId = [NOT_A_BROKER];
    let policyId: number | null = null;
    if (policyNumber) {
      const policy = await db.client.execute({
        sql: "SELECT id FROM policies WHERE policy_number = ? COLLATE NOCASE",
        args: [policyNumber],
      });
      if (policy.rows[0]) policyId = Number(policy.rows[0].id);
      else fields.policyNumber = [NO_SUCH_POLICY];
    }
    return Object.keys(fields).length ? { fields } : { policyId };
  };

  app.get("/api/admin/payout_entries", async (req, res: AdminResponse) => {
    const parsed = readQuery(req, res, listQuery);
    if (!parsed) return;
    const counted = await db.client.execute({ sql: parsed.count, args: parsed.args });
    const meta = pagingMeta(parsed.q, Number(counted.rows[0]?.n ?? 0));
    const viewerId = res.locals.session.user.userId;
    const [{ rows }, periods, agents] = await Promise.all([
      pageOf(db, parsed, meta.perPage, (meta.currentPage - 1) * meta.perPage),
      db.client.execute("SELECT DISTINCT period FROM payout_entries ORDER BY period DESC"),
      db.client.execute(
        `SELECT DISTINCT u.id, ${name("u")} AS n FROM payout_entries e JOIN users u ON u.id = e.user_id
         ORDER BY n COLLATE NOCASE, u.id`,
      ),
    ]);
    const body: z.infer<typeof AdminPayoutEntriesResponseSchema> = {
      records: rows.map((r) => entryFromRow(r, viewerId)),
      meta,
      facets: {
        kind: PAYOUT_KINDS.map((value) => ({ value, label: PAYOUT_KIND_LABELS[value] })),
        status: PAYOUT_STATUSES.map((value) => ({ value, label: PAYOUT_STATUS_LABELS[value] })),
        period: periods.rows.map((r) => ({ value: text(r.period), label: periodLabel(text(r.period)) })),
        userId: agents.rows.map((r) => ({ value: text(r.id), label: text(r.n) })),
      },
    };
    res.json(body);
  });

  app.get("/api/admin/payout_entries/choices", async (_req, res) => {
    const brokers = await db.client.execute(
      `SELECT u.id, ${name("u")} AS n, u.role, u.email FROM users u
       WHERE u.role IN ('Agent', 'Agency') AND u.status = 'active' ORDER BY n COLLATE NOCASE, u.id`,
    );
    const body: z.infer<typeof AdminPayoutChoicesSchema> = {
      brokers: brokers.rows.map((r) => ({
        value: text(r.id),
        label: `${text(r.n)} (${r.role === "Agency" ? "agency" : "agent"}, ${text(r.email)})`,
      })),
    };
    res.json(body);
  });

  app.get("/api/admin/payout_entries/export", async (req, res: AdminResponse) => {
    const parsed = readQuery(req, res, listQuery);
    if (!parsed) return;
    const viewerId = res.locals.session.user.userId;
    await streamCsv(
      res,
      db,
      "payout_entries.csv",
      [
        "Id",
        "Agent",
        "Agent id",
        "Kind",
        "Direction",
        "Amount",
        "Period",
        "Status",
        "Policy",
        "Memo",
        "Created by",
        "Created at",
        "Decided by",
        "Decided at",
        "Decision note",
      ],
      { sql: parsed.rows, args: parsed.args },
      (row) => {
        const e = entryFromRow(row, viewerId);
        return [
          e.id,
          e.agent.name,
          e.agent.id,
          PAYOUT_KIND_LABELS[e.kind],
          e.amountCents < 0 ? "Deduction" : "Payment",
          formatCents(Math.abs(e.amountCents)),
          e.period,
          PAYOUT_STATUS_LABELS[e.status],
          e.policy?.policyNumber ?? "",
          e.memo,
          e.createdBy.name,
          e.createdAt,
          e.decidedBy?.name ?? "",
          e.decidedAt ?? "",
          e.decisionNote ?? "",
        ];
      },
    );
  });

  app.get("/api/admin/payout_entries/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, WHAT);
    if (id == null) return;
    const record = await findEntry(db, id, res.locals.session.user.userId);
    if (!record) return fail(res, 404, notFound(WHAT, String(id)));
    const body: z.infer<typeof AdminPayoutEntryResponseSchema> = { record, history: await historyOf(db, RESOURCE, id) };
    res.json(body);
  });

  app.post("/api/admin/payout_entries", async (req, res: AdminResponse) => {
    const parsed = AdminPayoutEntryBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const b = parsed.data;
    const viewerId = res.locals.session.user.userId;
    type Outcome = { fields: Record<string, string[]> } | { record: AdminPayoutEntry };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const refs = await references(b.userId, b.policyNumber);
      if ("fields" in refs) return refs;
      const id = await nextId(db, RESOURCE);
      const at = new Date().toISOString();
      await db.client.batch(
        [
          {
            sql: `INSERT INTO payout_entries (id, user_id, kind, amount_cents, memo, policy_id, period, status, created_by,
                    created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
            args: [id, b.userId, b.kind, b.amountCents, b.memo, refs.policyId, b.period, viewerId, at],
          },
          audit(res.locals.session, {
            resource: RESOURCE,
            recordId: id,
            action: "created",
            changes: changesOf({}, auditView(b)),
            at,
          }),
        ],
        "write",
      );
      return { record: (await findEntry(db, id, viewerId))! };
    });
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ payoutEntryId: outcome.record.id }, "admin created a payout entry");
    res.status(201).json({ record: outcome.record });
  });

  type Refusal = { missing: true } | { stale: true } | { status: 403 | 409; error: string };
  /** An entry its creator may still change: pending, and theirs. */
  const changeable = (entry: AdminPayoutEntry | null): Refusal | null => {
    if (!entry) return { missing: true };
    if (entry.status !== "pending") return { status: 409, error: DECIDED_ENTRY };
    if (!entry.createdByYou) return { status: 403, error: NOT_YOURS };
    return null;
  };
  const answerRefusal = (res: AdminResponse, id: number, r: Refusal) =>
    "missing" in r
      ? fail(res, 404, notFound(WHAT, String(id)))
      : "stale" in r
        ? refuseStale(res)
        : fail(res, r.status, r.error);

  app.patch("/api/admin/payout_entries/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, WHAT);
    if (id == null) return;
    if (typeof req.body !== "object" || req.body === null || Array.isArray(req.body))
      return refuseFields(res, { body: [NOT_AN_OBJECT] });
    const viewerId = res.locals.session.user.userId;
    type Outcome = Refusal | { fields: Record<string, string[]> } | { record: AdminPayoutEntry };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const before = await findEntry(db, id, viewerId);
      const refused = changeable(before);
      if (refused || !before) return refused ?? { missing: true };
      const current = {
        userId: before.agent.id,
        kind: before.kind,
        amountCents: before.amountCents,
        memo: before.memo,
        policyNumber: before.policy?.policyNumber ?? null,
        period: before.period,
      };
      const parsed = AdminPayoutEntryBodySchema.safeParse({ ...current, ...bodyObject(req) });
      if (!parsed.success) return { fields: zodFields(parsed.error) };
      const after = parsed.data;
      const changes = changesOf(auditView(current), auditView(after));
      if (changes.length === 0) return { record: before };
      const refs = await references(after.userId, after.policyNumber);
      if ("fields" in refs) return refs;
      await db.client.batch(
        [
          {
            sql: `UPDATE payout_entries SET user_id = ?, kind = ?, amount_cents = ?, memo = ?, policy_id = ?, period = ?,
                    version = version + 1
                  WHERE id = ? AND status = 'pending'`,
            args: [after.userId, after.kind, after.amountCents, after.memo, refs.policyId, after.period, id],
          },
          audit(res.locals.session, { resource: RESOURCE, recordId: id, action: "updated", changes }),
        ],
        "write",
      );
      return { record: (await findEntry(db, id, viewerId))! };
    });
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    if (!("record" in outcome)) return answerRefusal(res, id, outcome);
    logger.info({ payoutEntryId: id }, "admin updated a payout entry");
    res.json({ record: outcome.record });
  });

  const decide = (verdict: "approved" | "rejected") =>
    async function (req: Request, res: AdminResponse) {
      const id = idParam(req, res, WHAT);
      if (id == null) return;
      const parsed = AdminPayoutDecisionSchema.safeParse(req.body ?? {});
      if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
      const { note, version } = parsed.data;
      if (verdict === "rejected" && !note) return refuseFields(res, { note: [NOTE_REQUIRED] });
      const viewerId = res.locals.session.user.userId;
      type Outcome = Refusal | { record: AdminPayoutEntry };
      const outcome = await db.exclusive(async (): Promise<Outcome> => {
        const before = await findEntry(db, id, viewerId);
        if (!before) return { missing: true };
        if (before.status !== "pending") return { status: 409, error: DECIDED_ENTRY };
        if (before.createdByYou) return { status: 403, error: OWN_ENTRY };
        // Changed since the deciding page showed it (its amount, its agent…): decided on what was not seen.
        if (before.version !== version) return { stale: true };
        const at = new Date().toISOString();
        await db.client.batch(
          [
            {
              sql: `UPDATE payout_entries SET status = ?, decided_by = ?, decided_at = ?, decision_note = ?,
                      version = version + 1
                    WHERE id = ? AND status = 'pending' AND created_by <> ? AND version = ?`,
              args: [verdict, viewerId, at, note, id, viewerId, version],
            },
            audit(res.locals.session, {
              resource: RESOURCE,
              recordId: id,
              action: verdict,
              changes: [{ field: "status", from: "pending", to: verdict }],
              note,
              at,
            }),
          ],
          "write",
        );
        return { record: (await findEntry(db, id, viewerId))! };
      });
      if (!("record" in outcome)) return answerRefusal(res, id, outcome);
      logger.info({ payoutEntryId: id, verdict }, "admin decided a payout entry");
      res.json({ record: outcome.record });
    };

  app.post("/api/admin/payout_entries/:id/approve", decide("approved"));
  app.post("/api/admin/payout_entries/:id/reject", decide("rejected"));

  app.delete("/api/admin/payout_entries/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, WHAT);
    if (id == null) return;
    const viewerId = res.locals.session.user.userId;
    type Outcome = Refusal | { deleted: true };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const before = await findEntry(db, id, viewerId);
      const refused = changeable(before);
      if (refused || !before) return refused ?? { missing: true };
      const view = viewOfEntry(before);
      await db.client.batch(
        [
          { sql: "DELETE FROM payout_entries WHERE id = ? AND status = 'pending'", args: [id] },
          audit(res.locals.session, {
            resource: RESOURCE,
            recordId: id,
            action: "deleted",
            changes: changesOf(view, Object.fromEntries(Object.keys(view).map((k) => [k, null]))),
          }),
        ],
        "write",
      );
      return { deleted: true };
    });
    if (!("deleted" in outcome)) return answerRefusal(res, id, outcome);
    logger.info({ payoutEntryId: id }, "admin deleted a payout entry");
    res.status(204).end();
  });
}
