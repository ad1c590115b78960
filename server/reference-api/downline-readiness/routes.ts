/**
 * Downline readiness, for an agency (issue 25 §2; docs/upstream-api.md "Downline readiness"): "For the agency's whole
 * hierarchy: who can sell what this plan year and next, who is blocked and by which step, licences and E&O
 * certificates expiring in the warning window, contract requests waiting and for how long, agents with nothing written
 * in 90 days. Filters by sub-agency, carrier, step; sorted by what needs action first; CSV export; "Send a reminder" to
 * one agent or all agents blocked at one step (through the e-mail communications, with the count confirmed first)."
 *
 * - GET /api/downlines/readiness: the facts of every active broker under the agency, at any depth, that the
 *   readiness rule needs (the rule, the filters, the order and the CSV are the portal's: app/domain/readiness.ts).
 *   A fixed number of queries whatever the hierarchy's size: one per table over all its brokers, started together.
 * - POST /api/downlines/readiness/reminders: one e-mail per broker named, from the editable "Ready to sell reminder"
 *   template, as a message of the e-mail communications (email/messages.ts): in the admin's e-mail log, sent after
 *   the answer. Only to active brokers of the caller's own hierarchy.
 */
import type { InValue, Row } from "@libsql/client";
import type { Express, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import {
  type DownlineBroker,
  type DownlineReadiness,
  type ReminderBody,
  ReminderBodySchema,
} from "../../../app/.server/upstream/schemas/downline-readiness.ts";
import { planYearOf, READY_TO_SELL_HREF, STEP_TITLES } from "../../../app/domain/readiness.ts";
import type { SessionUser } from "../../../app/domain/user.ts";
import { audit, changesOf, refuseFields } from "../admin/admin-support.ts";
import { zodFields } from "../admin/list-support.ts";
import type { AfterAnswer } from "../core/after-answer.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { findIdempotentAnswer, storeIdempotentAnswer } from "../core/idempotency.ts";
import { todayIso } from "../core/today.ts";
import { editedTemplate, type MessageEmail, queueMessage, type QueuedMessage, sendQueued } from "../email/messages.ts";
import { IDEMPOTENCY_KEY_REUSED } from "../email/routes.ts";
import { agencyNameOf } from "../invitations/routes.ts";
import type { Mailer } from "../mail/mailer.ts";
import { renderTemplate } from "../mail/templates.ts";
import { warningDays } from "../nipr/routes.ts";
import { brokerRtsFromRow, certificationFromRow } from "../readiness/routes.ts";

export const DOWNLINE_READINESS_AGENCIES_ONLY = "Only agencies see their downline's readiness";
export const notInDownline = (userId: number) => `User ${userId} is not an active agent in your downline`;
export const listedTwice = (userId: number) => `User ${userId} is listed twice: one reminder per agent.`;

type Authed = Response<unknown, { session: SessionRecord }>;

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

/** One active broker of an agency's hierarchy, as the users row has them. */
interface Member {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: "Agent" | "Agency";
  npnNumber: string | null;
  /** users.upline_user_id: the agency itself or one of its sub-agencies. */
  agencyUserId: number;
}

const text = (v: unknown): string => (v == null ? "" : String(v as string | number));
const textOrNull = (v: unknown): string | null => (v == null ? null : text(v));

/**
 * Every active agent and agency under `agencyId` at any depth (users.upline_user_id, hierarchy.ts), by last name,
 * first name, id. Only an active sub-agency's own downline is walked: a broker under a disabled one writes under no
 * agency the caller sees. UNION (not UNION ALL) ends the walk should the uplines ever run in a circle.
 */
export async function hierarchyOf(db: ReferenceDb, agencyId: number): Promise<Member[]> {
  const found = await db.client.execute({
    sql: `WITH RECURSIVE tree(id, role) AS (
            SELECT id, role FROM users
            WHERE upline_user_id = ? AND status = 'active' AND role IN ('Agent', 'Agency')
            UNION
            SELECT u.id, u.role FROM users u JOIN tree t ON u.upline_user_id = t.id AND t.role = 'Agency'
            WHERE u.status = 'active' AND u.role IN ('Agent', 'Agency')
          )
          SELECT u.id, u.email, u.first_name, u.last_name, u.role, u.npn_number, u.upline_user_id
          FROM users u JOIN tree t ON t.id = u.id WHERE u.id <> ?
          ORDER BY u.last_name COLLATE NOCASE, u.first_name COLLATE NOCASE, u.id`,
    args: [agencyId, agencyId],
  });
  return found.rows.map((r) => ({
    userId: Number(r.id),
    email: text(r.email),
    firstName: text(r.first_name),
    lastName: text(r.last_name),
    role: text(r.role) as Member["role"],
    npnNumber: textOrNull(r.npn_number),
    agencyUserId: Number(r.upline_user_id),
  }));
}

/** `user_id IN` the JSON array of user ids given as the statement's argument (one argument however many). */
const IN_IDS = "IN (SELECT value FROM json_each(?))";

/** The rows of one query over many users, each mapped, by user_id. */
async function byUser<T>(db: ReferenceDb, sql: string, args: InValue[], map: (r: Row) => T) {
  const found = await db.client.execute({ sql, args });
  const grouped = new Map<number, T[]>();
  for (const r of found.rows) {
    const id = Number(r.user_id);
    const list = grouped.get(id);
    if (list) list.push(map(r));
    else grouped.set(id, [map(r)]);
  }
  return grouped;
}

/** Every fact of the brokers `userIds` that their readiness lines need: one query per table, started together. */
async function factsOf(db: ReferenceDb, userIds: readonly number[], planYear: number, today: string) {
  const ids = JSON.stringify(userIds);
  return Promise.all([
    byUser(
      db,
      `SELECT user_id, carrier_product_id, status, last_public_note, requested_at, state_since FROM contracting_entries
       WHERE user_id ${IN_IDS} ORDER BY user_id, carrier_product_id`,
      [ids],
      (r): DownlineBroker["contracts"][number] => ({
        carrierProductId: Number(r.carrier_product_id),
        status: text(r.status) as DownlineBroker["contracts"][number]["status"],
        lastPublicNote: textOrNull(r.last_public_note),
        requestedAt: text(r.requested_at),
        stateSince: text(r.state_since),
      }),
    ),
    byUser(
      db,
      `SELECT user_id, state, status, expires_on FROM licenses WHERE user_id ${IN_IDS} ORDER BY user_id, id`,
      [ids],
      (r) => ({ state: text(r.state), status: text(r.status), expiresOn: textOrNull(r.expires_on) }),
    ),
    // Open holds only (nipr/holds.ts openHolds): a resolved one no longer keeps the broker from selling there.
    byUser(
      db,
      `SELECT user_id, state FROM nipr_holds WHERE user_id ${IN_IDS} AND resolved_at IS NULL ORDER BY user_id, state, id`,
      [ids],
      (r) => ({ state: text(r.state) }),
    ),
    // As the profile's documents (profile/routes.ts documentsOf): on file when its row and its file exist; a review
    // still pending counts as accepted. The kinds absent here are the missing ones.
    byUser(
      db,
      `SELECT d.user_id, d.kind, d.review, d.expires_on FROM compliance_documents d
       JOIN files f ON f.id = d.file_id AND f.user_id = d.user_id
       WHERE d.user_id ${IN_IDS} ORDER BY d.user_id, d.kind`,
      [ids],
      (r): DownlineBroker["documents"][number] => ({
        kind: text(r.kind) as DownlineBroker["documents"][number]["kind"],
        onFile: true,
        review: text(r.review) === "rejected" ? "rejected" : "accepted",
        expiresOn: textOrNull(r.expires_on),
      }),
    ),
    byUser(
      db,
      `SELECT user_id, document_name FROM document_notifications WHERE user_id ${IN_IDS} ORDER BY user_id, id`,
      [ids],
      (r) => ({ documentName: text(r.document_name) }),
    ),
    // This plan year and the next: "who can sell what this plan year and next".
    byUser(
      db,
      `SELECT user_id, carrier_id, plan_year, completed_on FROM carrier_certifications
       WHERE user_id ${IN_IDS} AND plan_year IN (?, ?) ORDER BY user_id, plan_year, carrier_id`,
      [ids, planYear, planYear + 1],
      certificationFromRow,
    ),
    // The broker's own RTS per carrier, as GET /api/profile/readiness reads it (readiness/routes.ts).
    byUser(
      db,
      `SELECT u.id AS user_id, dc.carrier_id, rs.status_code, rs.display_status, rs.tone, rs.description FROM users u
       JOIN downline_contracts dc ON dc.npn_id = u.npn_id
       JOIN rts_statuses rs ON rs.id = dc.rts_status_id
       WHERE u.id ${IN_IDS} ORDER BY u.id, dc.carrier_id`,
      [ids],
      brokerRtsFromRow,
    ),
    // "Agents with nothing written in 90 days": the latest policy's effective date or enrollment's submission day, up
    // to today. A policy sold for January 1 takes effect after today: it is not a day written on (issue 37 §5 found
    // "last written 01/01/2027" on December 7, 2026).
    byUser(
      db,
      `SELECT user_id, MAX(day) AS last_written_on FROM (
         SELECT user_id, effective_date AS day FROM policies WHERE user_id ${IN_IDS}
         UNION ALL
         SELECT user_id, substr(submitted_at, 1, 10) AS day FROM submitted_enrollments WHERE user_id ${IN_IDS}
       ) WHERE day <= ? GROUP BY user_id`,
      [ids, ids, today],
      (r) => text(r.last_written_on),
    ),
  ]);
}

/** The answer of GET /api/downlines/readiness for the agency `agency` (the session's user). */
export async function downlineReadinessOf(
  db: ReferenceDb,
  agency: Pick<SessionUser, "userId" | "firstName" | "lastName">,
  today = todayIso(),
): Promise<DownlineReadiness> {
  const planYear = planYearOf(today);
  const [members, licenseWarningDays] = await Promise.all([hierarchyOf(db, agency.userId), warningDays(db)]);
  const [contracts, licenses, holds, documents, notifications, certifications, rts, written] = await factsOf(
    db,
    members.map((m) => m.userId),
    planYear,
    today,
  );
  const subAgencies = members
    .filter((m) => m.role === "Agency")
    .map((m) => ({ userId: m.userId, name: agencyNameOf(m.userId, m.firstName, m.lastName) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
  return {
    planYear,
    licenseWarningDays,
    agencies: [
      { userId: agency.userId, name: agencyNameOf(agency.userId, agency.firstName, agency.lastName) },
      ...subAgencies,
    ],
    // Named one by one: a member's e-mail address is for the reminders, not for the answer.
    brokers: members.map(({ userId, firstName, lastName, role, npnNumber, agencyUserId }) => ({
      userId,
      firstName,
      lastName,
      role,
      npnNumber,
      agencyUserId,
      contracts: contracts.get(userId) ?? [],
      licenses: licenses.get(userId) ?? [],
      niprHolds: holds.get(userId) ?? [],
      documents: documents.get(userId) ?? [],
      documentNotifications: notifications.get(userId) ?? [],
      certifications: certifications.get(userId) ?? [],
      rtsStatuses: rts.get(userId) ?? [],
      lastWrittenOn: written.get(userId)?.[0] ?? null,
    })),
  };
}

/** The first user id listed more than once, or null. */
function firstRepeated(ids: readonly number[]): number | null {
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return null;
}

interface ReminderContext {
  db: ReferenceDb;
  mailer: Mailer;
  session: SessionRecord;
  body: ReminderBody;
  key: string | undefined;
  fingerprint: string;
}

type ReminderOutcome =
  | { replay: { status: number; body: string } }
  | { refused: string }
  | { queued: QueuedMessage; answer: { reminder: { messageId: number; recipients: number } } };

/**
 * The reminder, in one exclusive turn: a key already used is replayed (or refused, for another body); every broker
 * named must be an active broker of the caller's hierarchy now, else nothing is queued; then the message is queued.
 */
async function remind({ db, mailer, session, body, key, fingerprint }: ReminderContext): Promise<ReminderOutcome> {
  const agency = session.user;
  if (key) {
    const previous = await findIdempotentAnswer(db, agency.userId, key);
    if (previous)
      return previous.fingerprint === fingerprint ? { replay: previous } : { refused: IDEMPOTENCY_KEY_REUSED };
  }
  const members = new Map((await hierarchyOf(db, agency.userId)).map((m) => [m.userId, m]));
  const stranger = body.reminders.find((r) => !members.has(r.userId));
  if (stranger) return { refused: notInDownline(stranger.userId) };
  const template = await editedTemplate(db, "readiness-reminder");
  const agencyName = agencyNameOf(agency.userId, agency.firstName, agency.lastName);
  const emails = body.reminders.map((r): MessageEmail => {
    const m = members.get(r.userId)!;
    const values = {
      firstName: m.firstName,
      agencyName,
      step: STEP_TITLES[body.step],
      detail: r.detail,
      link: `${mailer.portalUrl}${READY_TO_SELL_HREF}`,
    };
    return { userId: m.userId, to: m.email, rendered: renderTemplate(template, values, mailer.portalUrl) };
  });
  const filter = { reminder: body.step, agencyId: agency.userId };
  const queued = await queueMessage(
    db,
    "readiness-reminder",
    { ...template, filter, createdBy: { userId: agency.userId, name: agencyName } },
    emails,
    (messageId) => [
      audit(session, {
        resource: "email_messages",
        recordId: messageId,
        action: "created",
        changes: changesOf({}, { ...template, filter, recipients: emails.length }),
      }),
    ],
  );
  const answer = { reminder: { messageId: queued.messageId, recipients: emails.length } };
  if (key) await storeIdempotentAnswer(db, agency.userId, key, fingerprint, 201, JSON.stringify(answer));
  return { queued, answer };
}

export interface DownlineReadinessRouteOptions {
  db: ReferenceDb;
  logger: Logger;
  requireSession: RequestHandler;
  mailer: Mailer;
  after: AfterAnswer;
}

export function registerDownlineReadinessRoutes(
  app: Express,
  { db, logger, requireSession, mailer, after }: DownlineReadinessRouteOptions,
): void {
  /** The session's agency, or null once refused: only an agency has a downline to read or remind. */
  const agencyOnly = (res: Authed): SessionUser | null => {
    const { user } = res.locals.session;
    if (user.role === "Agency") return user;
    fail(res, 403, DOWNLINE_READINESS_AGENCIES_ONLY);
    return null;
  };

  app.get("/api/downlines/readiness", requireSession, async (_req, res: Authed) => {
    const agency = agencyOnly(res);
    if (!agency) return;
    const body: { downlineReadiness: DownlineReadiness } = { downlineReadiness: await downlineReadinessOf(db, agency) };
    res.json(body);
  });

  app.post("/api/downlines/readiness/reminders", requireSession, async (req: Request, res: Authed) => {
    const agency = agencyOnly(res);
    if (!agency) return;
    const key = req.get("idempotency-key")?.trim();
    if (key !== undefined && (key.length === 0 || key.length > 255))
      return fail(res, 422, "Idempotency-Key must be 1 to 255 characters");
    const parsed = ReminderBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const body = parsed.data;
    const twice = firstRepeated(body.reminders.map((r) => r.userId));
    if (twice != null) return refuseFields(res, { reminders: [listedTwice(twice)] });
    // The endpoint in the fingerprint: a key the agency used for another request is refused, never replayed here.
    const fingerprint = `POST /api/downlines/readiness/reminders ${JSON.stringify(body)}`;
    const { session } = res.locals;
    const outcome = await db.exclusive(async () => remind({ db, mailer, session, body, key, fingerprint }));
    if ("replay" in outcome) {
      res.status(outcome.replay.status).set("Idempotent-Replayed", "true").type("application/json");
      res.send(outcome.replay.body);
      return;
    }
    if ("refused" in outcome) return fail(res, 422, outcome.refused);
    sendQueued({ db, mailer, after }, outcome.queued, "send an agency's readiness reminders");
    logger.info(
      { agencyId: agency.userId, step: body.step, ...outcome.answer.reminder },
      "agency sent readiness reminders",
    );
    res.status(201).json(outcome.answer);
  });
}
