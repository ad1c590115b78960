/**
 * The admin area's contract requests (the contracting desk and a broker's contracts), brokers, their notes and
 * documents, and the admin index's counts (issue 14; docs/upstream-api.md "Admin area"). Mounted under /api/admin,
 * behind requireSession and requireAdmin (app.ts): every handler here runs for an administrator's own session only.
 *
 * A contract request is a contracting_entries row (one per broker × carrier product, the same rows the broker's
 * GET /api/profile/contracting_entries reads); every state it enters is a contract_request_events row (the broker's
 * own requests write theirs in contracting-queries.ts), from which timeInStates and its history come. Who has the
 * ball (ballWith, app/domain/admin/ball.ts): a pending request is our staff's to review, unless the broker has
 * document notifications or has not answered a legal question of the product (blocked on the broker); an approved
 * one waits on the carrier's writing number; a denied or active one is closed, nobody's (a broker answers a denial
 * by requesting again: pending).
 */
import { awaitingStaff, FEEDBACK_KINDS, TICKET_KINDS } from "../conversations/store.ts";
import type { InStatement, InValue, Row } from "@libsql/client";
import type { Express, Request, Response } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import {
  AdminBulkTransitionBodySchema,
  AdminDocumentReviewBodySchema,
  AdminNewContractRequestBodySchema,
  AdminNoteBodySchema,
  AdminTransitionBodySchema,
  CONTRACT_AGES,
  CONTRACT_STATES,
  CONTRACT_TRANSITIONS,
  type AdminBroker,
  type AdminBulkResult,
  type AdminContractRequest,
  type AdminContractRequestResponseSchema,
  type AdminContractRequestsResponseSchema,
  type AdminDashboard,
  type AdminDocument,
  type AdminLegalAnswerSchema,
  type AdminNoteSchema,
  type AuditEntry,
  type ContractState,
} from "../../../app/.server/upstream/schemas/admin.ts";
import {
  COMPLIANCE_DOCUMENT_KINDS,
  COMPLIANCE_DOCUMENT_TYPES,
  isComplianceDocumentKind,
  notificationsFor,
  type ComplianceDocumentKind,
} from "../../../app/domain/compliance-documents.ts";
import { CLOSED_STATES, ballWith } from "../../../app/domain/admin/ball.ts";
import { CONTRACT_STATE_LABELS } from "../../../app/domain/admin/labels.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { todayIso } from "../core/today.ts";
import {
  type AdminResponse,
  audit,
  changesOf,
  historyOf,
  refuseFields,
  refuseStale,
  streamCsv,
} from "../admin/admin-support.ts";
import type { AfterAnswer } from "../core/after-answer.ts";
import { isIsoDate } from "../contracting/routes.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import type { Mailer } from "../mail/mailer.ts";
import { HIERARCHY_COLUMNS, hierarchyFromRow, hierarchyJoins } from "../profile/hierarchy.ts";
import { parseTableQuery, positiveInt, scalar } from "../core/paging.ts";
import { documentNotifications } from "../profile/queries.ts";
import { zodFields } from "../admin/list-support.ts";

export interface AdminRouteOptions {
  db: ReferenceDb;
  logger: Logger;
  mailer: Mailer;
  after: AfterAnswer;
}

type ContractRequestsResponse = z.infer<typeof AdminContractRequestsResponseSchema>;
type ContractRequestResponse = z.infer<typeof AdminContractRequestResponseSchema>;
type AdminLegalAnswer = z.infer<typeof AdminLegalAnswerSchema>;
type AdminNote = z.infer<typeof AdminNoteSchema>;

export const NO_REQUEST_WAITING = "No contract request is waiting.";
export const PUBLIC_NOTE_REQUIRED = "A denial needs a public note: the agent sees why.";
export const WRITING_NUMBER_REQUIRED = "Enter the carrier's writing number.";
export const EFFECTIVE_DATE_REQUIRED = "Enter the effective date (YYYY-MM-DD).";
export const REJECTION_NOTE_REQUIRED = "A rejection needs a note: the agent sees why.";
export const noRequest = (id: string | number) => `No contract request with id ${id}`;
export const noBroker = (id: string | number) => `No agent with id ${id}`;
export const cannotBecome = (from: ContractState, to: ContractState) => `A ${from} request cannot become ${to}.`;

const DAY_MS = 86_400_000;
const RESOURCE = "contract_requests";

/** Days in the current state of each age band (inclusive; null = no upper bound). */
const AGE_BANDS: Record<(typeof CONTRACT_AGES)[number], readonly [number, number | null]> = {
  "0-7": [0, 7],
  "8-30": [8, 30],
  "31-90": [31, 90],
  "91+": [91, null],
};

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

const str = (v: unknown): string | null => (v == null ? null : String(v as string | number));
const isBrokerRole = (role: unknown) => role === "Agent" || role === "Agency";

/* ---- Contract requests: reading ---- */

/** The facts the ball rule (ballWith) reads: the broker's document notifications, the product's unanswered legal questions. */
const BALL_FACTS_SQL = `EXISTS (SELECT 1 FROM document_notifications dn WHERE dn.user_id = e.user_id) AS broker_notified,
    EXISTS (SELECT 1 FROM product_legal_questions pq WHERE pq.product_id = cp.product_id AND NOT EXISTS (
      SELECT 1 FROM legal_answers la WHERE la.user_id = e.user_id AND la.legal_question_id = pq.legal_question_id
    )) AS legal_unanswered`;

const ballOf = (r: Record<string, unknown>): AdminContractRequest["ballWith"] =>
  ballWith({
    state: String(r.status) as ContractState,
    brokerHasDocumentNotifications: Number(r.broker_notified) === 1,
    legalQuestionsUnanswered: Number(r.legal_unanswered) === 1,
  });

const REQUEST_FROM = `FROM contracting_entries e
  JOIN users u ON u.id = e.user_id
  JOIN carrier_products cp ON cp.id = e.carrier_product_id
  JOIN carriers c ON c.id = cp.carrier_id
  JOIN products p ON p.id = cp.product_id`;

const REQUEST_SELECT = `SELECT e.id, e.user_id, e.carrier_product_id, e.status, e.requested_at, e.state_since,
    e.last_public_note, e.internal_note, e.writing_number, e.effective_date, e.states, e.version,
    u.first_name, u.last_name, u.npn_number, cp.carrier_id, c.name AS carrier_name, cp.product_id,
    p.name AS product_name, ${BALL_FACTS_SQL}
  ${REQUEST_FROM}`;

interface EventRow {
  id: number;
  entryId: number;
  from: ContractState | null;
  to: ContractState;
  at: string;
  actorUserId: number | null;
  actorName: string;
  publicNote: string | null;
  internalNote: string | null;
}

async function eventsOf(db: ReferenceDb, entryIds: readonly number[]): Promise<Map<number, EventRow[]>> {
  const byEntry = new Map<number, EventRow[]>();
  if (entryIds.length === 0) return byEntry;
  const rows = await db.client.execute({
    sql: `SELECT * FROM contract_request_events WHERE entry_id IN (${entryIds.map(() => "?").join(", ")})
          ORDER BY at, id`,
    args: [...entryIds],
  });
  for (const r of rows.rows) {
    const event: EventRow = {
      id: Number(r.id),
      entryId: Number(r.entry_id),
      from: str(r.from_state) as ContractState | null,
      to: String(r.to_state) as ContractState,
      at: String(r.at),
      actorUserId: r.actor_user_id == null ? null : Number(r.actor_user_id),
      actorName: String(r.actor_name),
      publicNote: str(r.public_note),
      internalNote: str(r.internal_note),
    };
    const list = byEntry.get(event.entryId) ?? [];
    list.push(event);
    byEntry.set(event.entryId, list);
  }
  return byEntry;
}

/** Seconds in each state entered (summed when entered again), in the order first entered; the last up to now. */
export function timeInStates(
  events: readonly Pick<EventRow, "to" | "at">[],
  current: { state: ContractState; stateSince: string },
  now: number,
): AdminContractRequest["timeInStates"] {
  const spans = events.length > 0 ? events : [{ to: current.state, at: current.stateSince }];
  const seconds = new Map<ContractState, number>();
  spans.forEach((e, k) => {
    const end = k + 1 < spans.length ? Date.parse(spans[k + 1]!.at) : now;
    const span = Math.max(0, Math.floor((end - Date.parse(e.at)) / 1000));
    seconds.set(e.to, (seconds.get(e.to) ?? 0) + span);
  });
  return [...seconds].map(([state, s]) => ({ state, seconds: s }));
}

function requestOf(r: Row, events: readonly EventRow[], now: number): AdminContractRequest {
  const state = String(r.status) as ContractState;
  const stateSince = String(r.state_since);
  return {
    id: Number(r.id),
    broker: {
      id: Number(r.user_id),
      name: `${String(r.first_name)} ${String(r.last_name)}`,
      npnNumber: str(r.npn_number),
    },
    carrierProductId: Number(r.carrier_product_id),
    carrierId: Number(r.carrier_id),
    carrierName: String(r.carrier_name),
    productId: Number(r.product_id),
    productName: String(r.product_name),
    state,
    requestedAt: String(r.requested_at),
    stateSince,
    waitingDays: Math.max(0, Math.floor((now - Date.parse(stateSince)) / DAY_MS)),
    ballWith: ballOf(r),
    timeInStates: timeInStates(events, { state, stateSince }, now),
    lastPublicNote: str(r.last_public_note),
    internalNote: str(r.internal_note),
    writingNumber: str(r.writing_number),
    effectiveDate: str(r.effective_date),
    states: r.states == null ? null : (JSON.parse(String(r.states)) as string[]),
    version: Number(r.version),
  };
}

async function requestById(db: ReferenceDb, id: number): Promise<AdminContractRequest | null> {
  const rows = await db.client.execute({ sql: `${REQUEST_SELECT} WHERE e.id = ?`, args: [id] });
  const row = rows.rows[0];
  if (!row) return null;
  return requestOf(row, (await eventsOf(db, [id])).get(id) ?? [], Date.now());
}

/** The broker's answers to the legal questions of the request's product, with their files. */
async function legalAnswersOf(
  db: ReferenceDb,
  requestId: number,
): Promise<(AdminLegalAnswer & { fileId: number | null })[]> {
  const rows = await db.client.execute({
    sql: `SELECT q.question_text, a.has_occurred, a.action_on, a.action, a.reason, a.explanation, a.file_id,
                 f.name AS file_name, f.size AS file_size
          FROM contracting_entries e
          JOIN carrier_products cp ON cp.id = e.carrier_product_id
          JOIN product_legal_questions pq ON pq.product_id = cp.product_id
          JOIN legal_questions q ON q.id = pq.legal_question_id
          JOIN legal_answers a ON a.legal_question_id = q.id AND a.user_id = e.user_id
          LEFT JOIN files f ON f.id = a.file_id AND f.user_id = a.user_id
          WHERE e.id = ? ORDER BY pq.position, q.id`,
    args: [requestId],
  });
  return rows.rows.map((r) => ({
    questionText: String(r.question_text),
    hasOccurred: Number(r.has_occurred) === 1,
    actionOn: str(r.action_on),
    action: str(r.action),
    reason: str(r.reason),
    explanation: str(r.explanation),
    file:
      r.file_id == null || r.file_name == null
        ? null
        : { id: Number(r.file_id), name: String(r.file_name), size: Number(r.file_size) },
    fileId: r.file_id == null || r.file_name == null ? null : Number(r.file_id),
  }));
}

const EVENT_ACTIONS: Record<ContractState, string> = {
  pending: "requested",
  approved: "approved",
  denied: "denied",
  active: "activated",
};

/** The action of a move (the audit's and the history's): requested, reopened, approved, denied, activated. */
function actionOf(from: ContractState | null, to: ContractState, byBroker: boolean): string {
  return to === "pending" && from != null && !byBroker ? "reopened" : EVENT_ACTIONS[to];
}

/**
 * The request's history, newest first: the audit records of the admin area's writes, and the events no audit
 * record covers (the broker's own requests, the seed's history) as entries with id = −event id.
 */
async function requestHistory(db: ReferenceDb, id: number, brokerId: number): Promise<AuditEntry[]> {
  const [audits, events] = await Promise.all([historyOf(db, RESOURCE, id), eventsOf(db, [id])]);
  const covered = new Set(audits.map((a) => `${a.at}|${a.actor.userId ?? ""}`));
  const fromEvents: AuditEntry[] = (events.get(id) ?? [])
    .filter((e) => !covered.has(`${e.at}|${e.actorUserId ?? ""}`))
    .map((e) => ({
      id: -e.id,
      at: e.at,
      actor: { userId: e.actorUserId, name: e.actorName },
      action: actionOf(e.from, e.to, e.actorUserId === brokerId),
      changes: [
        { field: "state", from: e.from, to: e.to },
        ...(e.publicNote ? [{ field: "lastPublicNote", from: null, to: e.publicNote }] : []),
        ...(e.internalNote ? [{ field: "internalNote", from: null, to: e.internalNote }] : []),
      ],
      note: e.publicNote,
    }));
  return [...audits, ...fromEvents].sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1));
}

async function requestResponse(db: ReferenceDb, record: AdminContractRequest): Promise<ContractRequestResponse> {
  const [answers, history] = await Promise.all([
    legalAnswersOf(db, record.id),
    requestHistory(db, record.id, record.broker.id),
  ]);
  return { record, legalAnswers: answers.map(({ fileId: _fileId, ...a }) => a), history };
}

/* ---- Contract requests: the list ---- */

const SORTS = {
  // A closed request (active, or denied: ball.ts) waits for nobody: whatever the order, the open ones come first.
  waiting: (o: string) =>
    `CASE WHEN e.status IN (${CLOSED_STATES.map((s) => `'${s}'`).join(", ")}) THEN 1 ELSE 0 END,
      e.state_since ${o === "ASC" ? "DESC" : "ASC"}, e.id ${o}`,
  requestedAt: (o: string) => `e.requested_at ${o}, e.id ${o}`,
  broker: (o: string) => `u.last_name COLLATE NOCASE ${o}, u.first_name COLLATE NOCASE ${o}, e.id ${o}`,
  carrier: (o: string) => `c.name COLLATE NOCASE ${o}, p.position ${o}, e.id ${o}`,
} as const;

interface RequestQuery {
  page: number;
  perPage: number;
  search: string;
  sort: keyof typeof SORTS | null;
  order: "ASC" | "DESC";
  state: ContractState | null;
  carrierId: number | null;
  productId: number | null;
  brokerId: number | null;
  age: (typeof CONTRACT_AGES)[number] | null;
}

/** The query of a list or export; null after a 422 for a malformed filter. */
function readRequestQuery(req: Request, res: Response): RequestQuery | null {
  const source = req.query as Record<string, unknown>;
  const fields: Record<string, string[]> = {};
  const id = (name: "carrierId" | "productId" | "brokerId") => {
    const raw = scalar(source[name]);
    if (raw === undefined || raw === "") return null;
    const n = positiveInt(raw);
    if (n == null) fields[name] = [`${name} must be a positive integer.`];
    return n;
  };
  const oneOf = <T extends string>(name: string, values: readonly T[]): T | null => {
    const raw = scalar(source[name]);
    if (raw === undefined || raw === "") return null;
    const found = values.find((v) => v === raw);
    if (!found) fields[name] = [`${name} must be one of ${values.join(", ")}.`];
    return found ?? null;
  };
  const q: RequestQuery = {
    ...parseTableQuery(source, SORTS),
    state: oneOf("state", CONTRACT_STATES),
    carrierId: id("carrierId"),
    productId: id("productId"),
    brokerId: id("brokerId"),
    age: oneOf("age", CONTRACT_AGES),
  };
  if (Object.keys(fields).length > 0) {
    refuseFields(res, fields);
    return null;
  }
  return q;
}

function requestWhere(q: RequestQuery, now: number): { where: string; args: InValue[] } {
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push(`(instr(lower(u.first_name || ' ' || u.last_name), lower(?)) > 0
      OR instr(lower(COALESCE(u.npn_number, '')), lower(?)) > 0 OR instr(lower(c.name), lower(?)) > 0)`);
    args.push(q.search, q.search, q.search);
  }
  if (q.state) {
    where.push("e.status = ?");
    args.push(q.state);
  }
  if (q.carrierId != null) {
    where.push("cp.carrier_id = ?");
    args.push(q.carrierId);
  }
  if (q.productId != null) {
    where.push("cp.product_id = ?");
    args.push(q.productId);
  }
  if (q.brokerId != null) {
    where.push("e.user_id = ?");
    args.push(q.brokerId);
  }
  if (q.age) {
    // Whole days in the state between lo and hi: entered at most now − lo days and more than now − (hi + 1) ago.
    const [lo, hi] = AGE_BANDS[q.age];
    where.push("e.state_since <= ?");
    args.push(new Date(now - lo * DAY_MS).toISOString());
    if (hi != null) {
      where.push("e.state_since > ?");
      args.push(new Date(now - (hi + 1) * DAY_MS).toISOString());
    }
  }
  return { where: where.length ? `WHERE ${where.join(" AND ")}` : "", args };
}

async function listRequests(db: ReferenceDb, q: RequestQuery): Promise<ContractRequestsResponse> {
  const now = Date.now();
  const { where, args } = requestWhere(q, now);
  const counted = await db.client.execute({ sql: `SELECT COUNT(*) AS n ${REQUEST_FROM} ${where}`, args });
  const meta = pagingMeta(q, Number(counted.rows[0]!.n));
  const orderBy = q.sort ? SORTS[q.sort](q.order) : `e.id ${q.order}`;
  const [rows, carriers, products] = await Promise.all([
    db.client.execute({
      sql: `${REQUEST_SELECT} ${where} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
      args: [...args, meta.perPage, (meta.currentPage - 1) * meta.perPage],
    }),
    db.client.execute("SELECT id, name FROM carriers ORDER BY name COLLATE NOCASE, id"),
    db.client.execute("SELECT id, name FROM products ORDER BY position, id"),
  ]);
  const events = await eventsOf(
    db,
    rows.rows.map((r) => Number(r.id)),
  );
  return {
    records: rows.rows.map((r) => requestOf(r, events.get(Number(r.id)) ?? [], now)),
    meta,
    facets: {
      state: CONTRACT_STATES.map((s) => ({ value: s, label: CONTRACT_STATE_LABELS[s] })),
      carrierId: carriers.rows.map((r) => ({ value: String(r.id), label: String(r.name) })),
      productId: products.rows.map((r) => ({ value: String(r.id), label: String(r.name) })),
      age: CONTRACT_AGES.map((a) => ({ value: a, label: `${a} days` })),
    },
  };
}

const CSV_HEADER = [
  "ID",
  "Agent",
  "NPN",
  "Carrier",
  "Product",
  "State",
  "Requested at",
  "In state since",
  "Days waiting",
  "Ball with",
  "Writing number",
  "Effective date",
  "Public note",
  "Internal note",
] as const;

/* ---- Contract requests: moves ---- */

interface Move {
  state: ContractState;
  publicNote: string | null;
  internalNote: string | null;
  writingNumber: string | null;
  effectiveDate: string | null;
}

const trimmed = (v: string | null | undefined) => {
  const t = v?.trim();
  return t ? t : null;
};

/** The fields a move lacks (publicNote for denied; writing number and effective date for active) or has wrong. */
function moveFieldErrors(move: Move): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (move.state === "denied" && !move.publicNote) fields.publicNote = [PUBLIC_NOTE_REQUIRED];
  if (move.state === "active" && !move.writingNumber) fields.writingNumber = [WRITING_NUMBER_REQUIRED];
  // Given with any move, the effective date must be a date; becoming active needs one.
  if ((move.state === "active" || move.effectiveDate) && !(move.effectiveDate && isIsoDate(move.effectiveDate))) {
    fields.effectiveDate = [EFFECTIVE_DATE_REQUIRED];
  }
  return fields;
}

interface EntryRow {
  id: number;
  userId: number;
  state: ContractState;
  lastPublicNote: string | null;
  internalNote: string | null;
  writingNumber: string | null;
  effectiveDate: string | null;
  version: number;
}

async function entryRows(db: ReferenceDb, ids: readonly number[]): Promise<Map<number, EntryRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.client.execute({
    sql: `SELECT * FROM contracting_entries WHERE id IN (${ids.map(() => "?").join(", ")})`,
    args: [...ids],
  });
  return new Map(
    rows.rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        userId: Number(r.user_id),
        state: String(r.status) as ContractState,
        lastPublicNote: str(r.last_public_note),
        internalNote: str(r.internal_note),
        writingNumber: str(r.writing_number),
        effectiveDate: str(r.effective_date),
        version: Number(r.version),
      },
    ]),
  );
}

/** The statements of one allowed move (entry, event, audit; the broker's active-contracts flag). */
function moveStatements(session: SessionRecord, entry: EntryRow, move: Move, now: string): InStatement[] {
  const before = {
    state: entry.state,
    lastPublicNote: entry.lastPublicNote,
    internalNote: entry.internalNote,
    writingNumber: entry.writingNumber,
    effectiveDate: entry.effectiveDate,
  };
  const after = {
    state: move.state,
    // A public note replaces the broker's; a move to pending, approved or active clears it unless one is given.
    lastPublicNote: move.publicNote ?? (move.state === "denied" ? entry.lastPublicNote : null),
    internalNote: move.internalNote ?? entry.internalNote,
    writingNumber: move.writingNumber ?? entry.writingNumber,
    effectiveDate: move.effectiveDate ?? entry.effectiveDate,
  };
  const { user } = session;
  const statements: InStatement[] = [
    {
      sql: `UPDATE contracting_entries SET status = ?, state_since = ?, last_public_note = ?, internal_note = ?,
              writing_number = ?, effective_date = ?, updated_at = ?, version = version + 1 WHERE id = ?`,
      args: [
        after.state,
        now,
        after.lastPublicNote,
        after.internalNote,
        after.writingNumber,
        after.effectiveDate,
        now,
        entry.id,
      ],
    },
    {
      sql: `INSERT INTO contract_request_events (entry_id, user_id, from_state, to_state, at, actor_user_id, actor_name,
              public_note, internal_note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        entry.id,
        entry.userId,
        entry.state,
        move.state,
        now,
        user.userId,
        `${user.firstName} ${user.lastName}`,
        move.publicNote,
        move.internalNote,
      ],
    },
    audit(session, {
      resource: RESOURCE,
      recordId: entry.id,
      action: actionOf(entry.state, move.state, false),
      changes: changesOf(before, after),
      note: move.publicNote,
      at: now,
    }),
  ];
  if (move.state === "active") {
    statements.push({
      sql: "UPDATE users SET flags = json_set(flags, '$.existingActiveContracts', json('true')) WHERE id = ?",
      args: [entry.userId],
    });
    // The carrier's appointment comes with the writing number: the broker's Ready to Sell status with the carrier
    // (issue 25 §1, readiness/) is recorded as ready, unless the carrier has reported one already.
    statements.push({
      sql: `INSERT INTO downline_contracts (owner_user_id, npn_id, carrier_id, status, rts_status_id)
              SELECT u.id, u.npn_id, cp.carrier_id, 'Active', rs.id FROM contracting_entries ce
              JOIN users u ON u.id = ce.user_id
              JOIN carrier_products cp ON cp.id = ce.carrier_product_id
              JOIN rts_statuses rs ON rs.carrier_id = cp.carrier_id AND rs.status_code = 'RTS'
              WHERE ce.id = ? AND u.npn_id IS NOT NULL
            ON CONFLICT (npn_id, carrier_id) DO NOTHING`,
      args: [entry.id],
    });
  }
  return statements;
}

function bodyOf(req: Request): Record<string, unknown> {
  return req.body && typeof req.body === "object" && !Array.isArray(req.body)
    ? (req.body as Record<string, unknown>)
    : {};
}

/* ---- Brokers and documents ---- */

/**
 * Ready to Sell per carrier of a broker (their downline contracts, by NPN id), as the RTS statuses name them.
 * The one place that reads RTS: the integrator switches its body to the rts_statuses table.
 */
export async function brokerRts(db: ReferenceDb, userId: number): Promise<AdminBroker["rts"]> {
  const rows = await db.client.execute({
    sql: `SELECT c.name AS carrier_name, rs.status_code, rs.status_title, rs.display_status, rs.tone FROM users u
          JOIN downline_contracts dc ON dc.npn_id = u.npn_id
          JOIN carriers c ON c.id = dc.carrier_id
          JOIN rts_statuses rs ON rs.id = dc.rts_status_id
          WHERE u.id = ? ORDER BY c.name COLLATE NOCASE, c.id`,
    args: [userId],
  });
  return rows.rows.map((r) => ({
    carrierName: String(r.carrier_name),
    statusCode: String(r.status_code),
    statusTitle: String(r.status_title),
    displayStatus: String(r.display_status),
    tone: String(r.tone) as AdminBroker["rts"][number]["tone"],
  }));
}

async function brokerRow(db: ReferenceDb, id: number): Promise<Row | null> {
  const rows = await db.client.execute({
    // The agency and upline the broker's own profile shows (hierarchy.ts).
    sql: `SELECT u.*, ${HIERARCHY_COLUMNS} FROM users u ${hierarchyJoins("u")} WHERE u.id = ?`,
    args: [id],
  });
  const row = rows.rows[0];
  return row && isBrokerRole(row.role) ? row : null;
}

async function notesOf(db: ReferenceDb, brokerId: number): Promise<AdminNote[]> {
  const rows = await db.client.execute({
    sql: "SELECT * FROM admin_notes WHERE broker_user_id = ? ORDER BY created_at DESC, id DESC",
    args: [brokerId],
  });
  return rows.rows.map(noteOf);
}

const noteOf = (r: Row): AdminNote => ({
  id: Number(r.id),
  at: String(r.created_at),
  author: String(r.author_name),
  body: String(r.body),
});

async function brokerOf(db: ReferenceDb, row: Row): Promise<AdminBroker> {
  const id = Number(row.id);
  const [licenses, rts, counts, notifications, awaiting] = await Promise.all([
    db.client.execute({ sql: "SELECT * FROM licenses WHERE user_id = ? ORDER BY id", args: [id] }),
    brokerRts(db, id),
    db.client.execute({
      sql: "SELECT status, COUNT(*) AS n FROM contracting_entries WHERE user_id = ? GROUP BY status",
      args: [id],
    }),
    documentNotifications(db, id),
    db.client.execute({
      sql: "SELECT COUNT(*) AS n FROM compliance_documents WHERE user_id = ? AND review = 'pending'",
      args: [id],
    }),
  ]);
  const contractCounts = { pending: 0, approved: 0, denied: 0, active: 0 };
  for (const r of counts.rows) contractCounts[String(r.status) as ContractState] = Number(r.n);
  return {
    id,
    name: `${String(row.first_name)} ${String(row.last_name)}`,
    email: String(row.email),
    phone: str(row.phone),
    kind: String(row.role) as AdminBroker["kind"],
    status: String(row.status) as AdminBroker["status"],
    npnNumber: str(row.npn_number),
    level: str(row.npn_current_max_level),
    // The agency and upline the broker's own profile shows.
    ...hierarchyFromRow(row),
    licenses: licenses.rows.map((l) => ({
      state: String(l.state),
      licenseNumber: String(l.license_number),
      licenseType: String(l.license_type),
      status: String(l.status),
      expiresOn: str(l.expires_on),
    })),
    rts,
    activeContracts: contractCounts.active,
    contractCounts,
    documentNotifications: notifications.map((n) => ({ documentName: n.documentName, message: n.message })),
    documentsAwaitingReview: Number(awaiting.rows[0]!.n),
  };
}

interface DocumentRow extends AdminDocument {
  fileId: number;
  rawReview: "pending" | "accepted" | "rejected";
}

async function documentsOf(db: ReferenceDb, brokerId: number): Promise<DocumentRow[]> {
  const rows = await db.client.execute({
    sql: `SELECT d.*, f.name AS f_name, f.size AS f_size, f.content_type AS f_type
          FROM compliance_documents d JOIN files f ON f.id = d.file_id AND f.user_id = d.user_id
          WHERE d.user_id = ?`,
    args: [brokerId],
  });
  const today = todayIso();
  const byKind = new Map(rows.rows.map((r) => [String(r.kind), r]));
  return COMPLIANCE_DOCUMENT_KINDS.flatMap((kind): DocumentRow[] => {
    const r = byKind.get(kind);
    if (!r) return [];
    const expiresOn = str(r.expires_on);
    const rawReview = String(r.review) as DocumentRow["rawReview"];
    return [
      {
        kind,
        name: COMPLIANCE_DOCUMENT_TYPES[kind].title,
        file: { name: String(r.f_name), size: Number(r.f_size), contentType: String(r.f_type) },
        uploadedAt: String(r.uploaded_at),
        expiresOn,
        review: expiresOn != null && expiresOn < today ? "expired" : rawReview,
        reviewerNote: str(r.reviewer_note),
        fileId: Number(r.file_id),
        rawReview,
      },
    ];
  });
}

const publicDocument = ({ fileId: _f, rawReview: _r, ...doc }: DocumentRow): AdminDocument => doc;

/** `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>` */
function sendAttachment(res: Response, file: { name: string; contentType: string; data: Uint8Array }): void {
  const fallback = file.name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(file.name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  res.set({
    "Content-Type": file.contentType,
    "Content-Length": String(file.data.byteLength),
    "Content-Disposition": `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  res.end(file.data);
}

async function fileBytes(db: ReferenceDb, userId: number, fileId: number) {
  const rows = await db.client.execute({
    sql: "SELECT name, content_type, data FROM files WHERE id = ? AND user_id = ?",
    args: [fileId, userId],
  });
  const r = rows.rows[0];
  return r
    ? { name: String(r.name), contentType: String(r.content_type), data: new Uint8Array(r.data as ArrayBuffer) }
    : null;
}

/* ---- The routes ---- */

export function registerAdminContractingRoutes(app: Express, { db, logger }: AdminRouteOptions): void {
  app.get("/api/admin/contract_requests", async (req, res) => {
    const q = readRequestQuery(req, res);
    if (!q) return;
    res.json(await listRequests(db, q));
  });

  app.get("/api/admin/contract_requests/export", async (req, res) => {
    const q = readRequestQuery(req, res);
    if (!q) return;
    const now = Date.now();
    const { where, args } = requestWhere(q, now);
    const orderBy = q.sort ? SORTS[q.sort](q.order) : `e.id ${q.order}`;
    await streamCsv(
      res,
      db,
      "contract_requests.csv",
      CSV_HEADER,
      { sql: `${REQUEST_SELECT} ${where} ORDER BY ${orderBy}`, args },
      (r) => [
        r.id,
        `${String(r.first_name)} ${String(r.last_name)}`,
        r.npn_number,
        r.carrier_name,
        r.product_name,
        CONTRACT_STATE_LABELS[String(r.status) as ContractState],
        r.requested_at,
        r.state_since,
        Math.max(0, Math.floor((now - Date.parse(String(r.state_since))) / DAY_MS)),
        ballOf(r),
        r.writing_number,
        r.effective_date,
        r.last_public_note,
        r.internal_note,
      ],
    );
  });

  app.get("/api/admin/contract_requests/next", async (_req, res) => {
    // The longest-waiting request our staff can act on: one blocked on its broker (ball.ts) is not theirs to review.
    const rows = await db.client.execute(`${REQUEST_SELECT} WHERE e.status = 'pending' ORDER BY e.state_since, e.id`);
    const first = rows.rows.find((r) => ballOf(r) === "agency");
    const record = first ? await requestById(db, Number(first.id)) : null;
    if (!record) return fail(res, 404, NO_REQUEST_WAITING);
    res.json(await requestResponse(db, record));
  });

  app.get("/api/admin/contract_requests/:id", async (req, res) => {
    const id = positiveInt(req.params.id);
    const record = id == null ? null : await requestById(db, id);
    if (!record) return fail(res, 404, noRequest(req.params.id));
    res.json(await requestResponse(db, record));
  });

  app.get("/api/admin/contract_requests/:id/files/:fileId", async (req, res) => {
    const id = positiveInt(req.params.id);
    const fileId = positiveInt(req.params.fileId);
    const answers = id == null ? [] : await legalAnswersOf(db, id);
    const record = id == null ? null : await requestById(db, id);
    const file =
      record && fileId != null && answers.some((a) => a.fileId === fileId)
        ? await fileBytes(db, record.broker.id, fileId)
        : null;
    if (!file) return fail(res, 404, "Not found");
    sendAttachment(res, file);
  });

  app.post("/api/admin/contract_requests/bulk_transition", async (req, res: AdminResponse) => {
    const parsed = AdminBulkTransitionBodySchema.safeParse({ publicNote: null, internalNote: null, ...bodyOf(req) });
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const move: Move = {
      state: parsed.data.state,
      publicNote: trimmed(parsed.data.publicNote),
      internalNote: trimmed(parsed.data.internalNote),
      writingNumber: null,
      effectiveDate: null,
    };
    const missing = moveFieldErrors(move);
    if (Object.keys(missing).length > 0) return refuseFields(res, missing);
    const ids = [...new Set(parsed.data.ids)];
    const session = res.locals.session;
    const result = await db.exclusive(async (): Promise<AdminBulkResult> => {
      const entries = await entryRows(db, ids);
      const now = new Date().toISOString();
      const moved: number[] = [];
      const refused: AdminBulkResult["refused"] = [];
      const statements: InStatement[] = [];
      for (const id of ids) {
        const entry = entries.get(id);
        if (!entry) refused.push({ id, error: noRequest(id) });
        else if (!CONTRACT_TRANSITIONS[entry.state].includes(move.state))
          refused.push({ id, error: cannotBecome(entry.state, move.state) });
        else {
          moved.push(id);
          statements.push(...moveStatements(session, entry, move, now));
        }
      }
      if (statements.length > 0) await db.client.batch(statements, "write");
      return { moved, refused };
    });
    logger.info({ adminId: session.user.userId, state: move.state, ...result }, "contract requests moved in bulk");
    res.json(result);
  });

  app.post("/api/admin/contract_requests/:id/transition", async (req, res: AdminResponse) => {
    const id = positiveInt(req.params.id);
    const parsed = AdminTransitionBodySchema.safeParse({
      publicNote: null,
      internalNote: null,
      writingNumber: null,
      effectiveDate: null,
      ...bodyOf(req),
    });
    await db.exclusive(async () => {
      const entry = id == null ? undefined : (await entryRows(db, [id])).get(id);
      if (!entry) return fail(res, 404, noRequest(req.params.id));
      if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
      // Moved since the reviewing page showed it (by another administrator, or the broker asking again): the move was
      // chosen for a state and notes that are no longer the request's (issue 35 §2). Before the move's own checks: a
      // move the new state does not allow is refused as stale, not as a move the page never offered.
      if (entry.version !== parsed.data.version) return refuseStale(res);
      const move: Move = {
        state: parsed.data.state,
        publicNote: trimmed(parsed.data.publicNote),
        internalNote: trimmed(parsed.data.internalNote),
        writingNumber: trimmed(parsed.data.writingNumber),
        effectiveDate: trimmed(parsed.data.effectiveDate),
      };
      if (!CONTRACT_TRANSITIONS[entry.state].includes(move.state)) {
        return refuseFields(res, { state: [cannotBecome(entry.state, move.state)] });
      }
      const missing = moveFieldErrors(move);
      if (Object.keys(missing).length > 0) return refuseFields(res, missing);
      await db.client.batch(moveStatements(res.locals.session, entry, move, new Date().toISOString()), "write");
      logger.info({ adminId: res.locals.session.user.userId, id: entry.id, to: move.state }, "contract request moved");
      res.json({ record: await requestById(db, entry.id) });
    });
  });

  app.post("/api/admin/contract_requests", async (req, res: AdminResponse) => {
    const parsed = AdminNewContractRequestBodySchema.safeParse({ internalNote: null, ...bodyOf(req) });
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const { brokerId, carrierProductId } = parsed.data;
    const internalNote = trimmed(parsed.data.internalNote);
    const session = res.locals.session;
    await db.exclusive(async () => {
      const broker = await brokerRow(db, brokerId);
      if (!broker) return fail(res, 404, noBroker(brokerId));
      const product = await db.client.execute({
        sql: `SELECT c.name AS carrier_name, p.name AS product_name FROM carrier_products cp
              JOIN carriers c ON c.id = cp.carrier_id JOIN products p ON p.id = cp.product_id WHERE cp.id = ?`,
        args: [carrierProductId],
      });
      const names = product.rows[0];
      if (!names) return refuseFields(res, { carrierProductId: [`Unknown carrier product ${carrierProductId}.`] });
      const existing = await db.client.execute({
        sql: "SELECT id, status FROM contracting_entries WHERE user_id = ? AND carrier_product_id = ?",
        args: [brokerId, carrierProductId],
      });
      if (existing.rows[0]) {
        return fail(
          res,
          409,
          `This agent already has a ${String(existing.rows[0].status)} request for ${String(names.carrier_name)} ${String(names.product_name)} (request ${String(existing.rows[0].id)}).`,
        );
      }
      const max = await db.client.execute("SELECT COALESCE(MAX(id), 0) AS n FROM contracting_entries");
      const id = Number(max.rows[0]!.n) + 1;
      const now = new Date().toISOString();
      const { user } = session;
      await db.client.batch(
        [
          {
            sql: `INSERT INTO contracting_entries (id, user_id, carrier_product_id, status, last_public_note, updated_at,
                    requested_at, state_since, internal_note) VALUES (?, ?, ?, 'pending', NULL, ?, ?, ?, ?)`,
            args: [id, brokerId, carrierProductId, now, now, now, internalNote],
          },
          {
            sql: `INSERT INTO contract_request_events (entry_id, user_id, from_state, to_state, at, actor_user_id,
                    actor_name, public_note, internal_note) VALUES (?, ?, NULL, 'pending', ?, ?, ?, NULL, ?)`,
            args: [id, brokerId, now, user.userId, `${user.firstName} ${user.lastName}`, internalNote],
          },
          audit(session, {
            resource: RESOURCE,
            recordId: id,
            action: "created",
            changes: changesOf({}, { brokerId, carrierProductId, state: "pending", internalNote }),
            at: now,
          }),
        ],
        "write",
      );
      logger.info({ adminId: user.userId, id, brokerId, carrierProductId }, "contract request created by an admin");
      res.status(201).json({ record: await requestById(db, id) });
    });
  });

  /* ---- Brokers ---- */

  app.get("/api/admin/brokers/:id", async (req, res) => {
    const id = positiveInt(req.params.id);
    const row = id == null ? null : await brokerRow(db, id);
    if (!row || id == null) return fail(res, 404, noBroker(req.params.id));
    const [broker, notes] = await Promise.all([brokerOf(db, row), notesOf(db, id)]);
    res.json({ broker, notes });
  });

  app.post("/api/admin/brokers/:id/notes", async (req, res: AdminResponse) => {
    const id = positiveInt(req.params.id);
    const row = id == null ? null : await brokerRow(db, id);
    if (!row || id == null) return fail(res, 404, noBroker(req.params.id));
    const parsed = AdminNoteBodySchema.safeParse(bodyOf(req));
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const session = res.locals.session;
    const { user } = session;
    const now = new Date().toISOString();
    const [inserted] = await db.client.batch(
      [
        {
          sql: `INSERT INTO admin_notes (broker_user_id, author_user_id, author_name, body, created_at)
                VALUES (?, ?, ?, ?, ?) RETURNING *`,
          args: [id, user.userId, `${user.firstName} ${user.lastName}`, parsed.data.body, now],
        },
        audit(session, { resource: "brokers", recordId: id, action: "note_added", note: parsed.data.body, at: now }),
      ],
      "write",
    );
    res.status(201).json({ note: noteOf(inserted!.rows[0]!) });
  });

  /* ---- Documents ---- */

  app.get("/api/admin/brokers/:id/documents", async (req, res) => {
    const id = positiveInt(req.params.id);
    const row = id == null ? null : await brokerRow(db, id);
    if (!row || id == null) return fail(res, 404, noBroker(req.params.id));
    res.json({ documents: (await documentsOf(db, id)).map(publicDocument) });
  });

  /** The broker and their document of the path's kind; null after a 404. */
  const documentOfPath = async (req: Request, res: Response) => {
    const id = positiveInt(req.params.id as string);
    const row = id == null ? null : await brokerRow(db, id);
    if (!row || id == null) {
      fail(res, 404, noBroker(req.params.id as string));
      return null;
    }
    const kind = req.params.kind;
    if (!isComplianceDocumentKind(kind)) {
      fail(res, 404, `No document kind ${String(kind)}`);
      return null;
    }
    const document = (await documentsOf(db, id)).find((d) => d.kind === kind);
    if (!document) {
      fail(res, 404, `No ${COMPLIANCE_DOCUMENT_TYPES[kind].title} on file for this agent`);
      return null;
    }
    return { brokerId: id, kind: kind as ComplianceDocumentKind, document };
  };

  app.get("/api/admin/brokers/:id/documents/:kind/file", async (req, res) => {
    const found = await documentOfPath(req, res);
    if (!found) return;
    const file = await fileBytes(db, found.brokerId, found.document.fileId);
    if (!file) return fail(res, 404, "Not found");
    sendAttachment(res, file);
  });

  app.post("/api/admin/brokers/:id/documents/:kind/review", async (req, res: AdminResponse) => {
    const parsed = AdminDocumentReviewBodySchema.safeParse({ note: null, ...bodyOf(req) });
    await db.exclusive(async () => {
      const found = await documentOfPath(req, res);
      if (!found) return;
      if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
      const note = trimmed(parsed.data.note);
      const reject = parsed.data.decision === "reject";
      if (reject && !note) return refuseFields(res, { note: [REJECTION_NOTE_REQUIRED] });
      const { brokerId, kind, document } = found;
      const review = reject ? "rejected" : "accepted";
      const notifications = notificationsFor(kind, await documentNotifications(db, brokerId));
      const session = res.locals.session;
      await db.client.batch(
        [
          {
            // Reviewed: an expiry already past counts as noticed, so approving an expired document's notification
            // away is not undone by the next day's sweep (document-expiry.ts).
            sql: `UPDATE compliance_documents SET review = ?, reviewer_note = ?,
                    expiry_noticed_on = CASE WHEN expires_on < ? THEN expires_on ELSE expiry_noticed_on END
                  WHERE user_id = ? AND kind = ?`,
            args: [review, reject ? note : null, todayIso(), brokerId, kind],
          },
          ...notifications.map((n) => ({
            sql: "DELETE FROM document_notifications WHERE id = ? AND user_id = ?",
            args: [n.id, brokerId],
          })),
          ...(reject
            ? [
                {
                  sql: "INSERT INTO document_notifications (user_id, document_name, message) VALUES (?, ?, ?)",
                  args: [brokerId, COMPLIANCE_DOCUMENT_TYPES[kind].title, note],
                },
              ]
            : []),
          audit(session, {
            resource: "documents",
            recordId: brokerId,
            action: reject ? "rejected" : "approved",
            changes: changesOf(
              { [`${kind}.review`]: document.rawReview, [`${kind}.reviewerNote`]: document.reviewerNote },
              { [`${kind}.review`]: review, [`${kind}.reviewerNote`]: reject ? note : null },
            ),
            note,
          }),
        ],
        "write",
      );
      logger.info({ adminId: session.user.userId, brokerId, kind, review }, "compliance document reviewed");
      const updated = (await documentsOf(db, brokerId)).find((d) => d.kind === kind)!;
      res.json({ document: publicDocument(updated) });
    });
  });

  /* ---- The admin index ---- */

  app.get("/api/admin/dashboard", async (_req, res) => {
    const now = Date.now();
    const [pending, counts, openTickets, feedbackAwaitingStaff] = await Promise.all([
      db.client.execute("SELECT state_since FROM contracting_entries WHERE status = 'pending'"),
      db.client.execute({
        sql: `SELECT
                (SELECT COUNT(*) FROM contracting_entries WHERE status = 'approved') AS approved,
                (SELECT COUNT(*) FROM users u WHERE EXISTS (SELECT 1 FROM compliance_documents d
                  WHERE d.user_id = u.id AND d.review = 'pending')) AS awaiting_brokers,
                (SELECT COUNT(*) FROM users WHERE status = 'unverified' AND created_at < ?) AS failures,
                (SELECT COUNT(*) FROM users WHERE status = 'pending') AS pending_users,
                (SELECT COUNT(*) FROM commission_statements s WHERE s.status = 'draft') AS draft_statements,
                (SELECT COUNT(*) FROM statement_lines l JOIN commission_statements s ON s.id = l.statement_id
                  WHERE s.status = 'draft' AND l.state = 'unmatched') AS unmatched_lines,
                (SELECT COUNT(*) FROM payout_entries WHERE status = 'pending') AS pending_entries`,
        args: [new Date(now - DAY_MS).toISOString()],
      }),
      awaitingStaff(db, TICKET_KINDS),
      awaitingStaff(db, FEEDBACK_KINDS),
    ]);
    const byAge = new Map<(typeof CONTRACT_AGES)[number], number>(CONTRACT_AGES.map((a) => [a, 0]));
    for (const r of pending.rows) {
      const days = Math.floor((now - Date.parse(String(r.state_since))) / DAY_MS);
      const age = CONTRACT_AGES.find((a) => {
        const [lo, hi] = AGE_BANDS[a];
        return days >= lo && (hi == null || days <= hi);
      });
      if (age) byAge.set(age, byAge.get(age)! + 1);
    }
    const c = counts.rows[0]!;
    const body: AdminDashboard = {
      contractRequests: {
        pendingByAge: CONTRACT_AGES.map((age) => ({ age, count: byAge.get(age)! })),
        approved: Number(c.approved),
      },
      brokersAwaitingDocumentReview: Number(c.awaiting_brokers),
      openTickets,
      feedbackAwaitingStaff,
      registrationFailures: Number(c.failures),
      usersPendingActivation: Number(c.pending_users),
      draftStatements: Number(c.draft_statements),
      unmatchedStatementLines: Number(c.unmatched_lines),
      payoutEntriesAwaitingApproval: Number(c.pending_entries),
    };
    res.json(body);
  });
}
