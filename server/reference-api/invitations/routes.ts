/**
 * Register downlines routes (issue 4, docs/upstream-api.md): an agency's downline invitations —
 * GET /api/downline_invitations (paged, searched and sorted like the book of business, with the levels
 * an invitation may have), POST (send one: the registration link goes out by e-mail), DELETE /:id (withdraw
 * a pending one), POST /withdraw (withdraw several in one call, so a bulk withdrawal costs one call whatever
 * its size), POST /:id/resend (send a pending or expired one again, with a new link; issue 13).
 * Storage: downline_invitations (user_id = the inviting agency; only the hash of a link's token; the hashes
 * of the links replaced by sending one again in replaced_invitation_tokens). A Sent
 * invitation past its expires_at reads as Expired. Only agencies may call them (403 otherwise). The public
 * registration with an invitation's link is in accounts.ts.
 */
import type { Express, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import {
  type Invitation,
  type InvitationsResponseSchema,
  WITHDRAW_INVITATIONS_MAX,
  WithdrawInvitationsBodySchema,
  type WithdrawInvitationsResult,
} from "../../../app/.server/upstream/schemas/invitations.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { parseTableQuery, positiveInt, scalar } from "../core/paging.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { invitationEmail, type Mailer } from "../mail/mailer.ts";
import { INVITATION_LEVELS, SEED_AGENCY_NAMES, type InvitationLevel } from "./seed.ts";
import { newAccountToken, tokenExpiresAt, tokenHash } from "../core/tokens.ts";
import { oneLine } from "../core/text-rules.ts";

type InvitationsResponse = z.infer<typeof InvitationsResponseSchema>;
type PagingMeta = InvitationsResponse["meta"];

export const AGENCIES_ONLY = "Only agencies can register downlines";
export const ONLY_PENDING_WITHDRAWN = "Only pending invitations can be withdrawn";
export const INVALID_EMAIL = "email must be a valid e-mail address";
export const BLANK_FIRST_NAME = "firstName can't be blank";
export const BLANK_LAST_NAME = "lastName can't be blank";
export const INVALID_LEVEL = `level must be one of ${INVITATION_LEVELS.join(", ")}`;
export const INVALID_WITHDRAW_IDS = `ids must be a list of 1 to ${WITHDRAW_INVITATIONS_MAX} invitation ids`;
export const ONLY_PENDING_OR_EXPIRED_RESENT = "Only pending or expired invitations can be sent again";
export const alreadyPending = (email: string) => `An invitation to ${email} is already pending`;
export const alreadyHasAccount = (email: string) => `${email} already has an account`;

const MAX_NAME = 100;
const MAX_EMAIL = 254;

/**
 * The status an invitation reads as at `now` (an ISO timestamp, which holds no quote): a Sent one past its
 * expires_at is Expired.
 */
export function effectiveStatusSql(now: string): string {
  if (!/^[\d:.TZ-]+$/.test(now)) throw new Error(`not an ISO timestamp: ${now}`);
  return `CASE WHEN status = 'Sent' AND expires_at <= '${now}' THEN 'Expired' ELSE status END`;
}

/** The sortable columns and their SQL; ties are broken by id in the same direction. Level sorts in `levels` order. */
const SORT_COLUMNS = {
  email: "email COLLATE NOCASE",
  lastName: "last_name COLLATE NOCASE",
  level: `CASE level ${INVITATION_LEVELS.map((l, i) => `WHEN '${l}' THEN ${i}`).join(" ")} ELSE ${INVITATION_LEVELS.length} END`,
  status: "effective_status",
  sentAt: "sent_at",
} as const;
export type InvitationSortColumn = keyof typeof SORT_COLUMNS;

type Authed = Response<unknown, { session: SessionRecord }>;

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

export interface InvitationsQuery {
  page: number;
  perPage: number;
  search: string;
  sort: InvitationSortColumn | null;
  order: "ASC" | "DESC";
}

/** Forgiving, as the book of business: a bad value falls back to its default. */
export function parseInvitationsQuery(source: Record<string, unknown>): InvitationsQuery {
  return {
    ...parseTableQuery(source, SORT_COLUMNS),
  };
}

/** A trimmed, non-blank name of at most MAX_NAME characters. */
const name = (field: "firstName" | "lastName", blank: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    oneLine(
      z
        .string({ error: blank })
        .min(1, { error: blank })
        .max(MAX_NAME, { error: `${field} is too long (at most ${MAX_NAME} characters)` }),
    ),
  );

const InvitationBody = z.object({
  email: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.email({ error: INVALID_EMAIL }).max(MAX_EMAIL, { error: INVALID_EMAIL }),
  ),
  firstName: name("firstName", BLANK_FIRST_NAME),
  lastName: name("lastName", BLANK_LAST_NAME),
  level: z.enum(INVITATION_LEVELS, { error: INVALID_LEVEL }),
});

/** A row selected with `effective_status` (effectiveStatusSql). */
function invitationFromRow(r: Record<string, unknown>): Invitation {
  return {
    id: Number(r.id),
    email: String(r.email),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    level: String(r.level),
    status: String(r.effective_status) as Invitation["status"],
    sentAt: String(r.sent_at),
    expiresAt: String(r.expires_at),
  };
}

/** The name an agency goes by in its invitations: the seed's agency names, else the user's full name. */
export function agencyNameOf(userId: number, firstName: string, lastName: string): string {
  return SEED_AGENCY_NAMES[userId] ?? `${firstName} ${lastName}`;
}

/** The caller's invitation `id` as the list shows it, or null (unknown or another agency's). */
async function ownInvitation(db: ReferenceDb, userId: number, id: number, now: string) {
  const found = await db.client.execute({
    sql: `SELECT *, ${effectiveStatusSql(now)} AS effective_status FROM downline_invitations WHERE id = ? AND user_id = ?`,
    args: [id, userId],
  });
  return found.rows[0] ?? null;
}

/** Whether a pending invitation (Sent, not expired) to this e-mail exists, but `exceptId`. */
async function pendingTo(db: ReferenceDb, email: string, now: string, exceptId: number | null = null) {
  const pending = await db.client.execute({
    sql: `SELECT 1 FROM downline_invitations
          WHERE email = ? COLLATE NOCASE AND status = 'Sent' AND expires_at > ? AND id IS NOT ? LIMIT 1`,
    args: [email, now, exceptId],
  });
  return pending.rows.length > 0;
}

async function invitations(db: ReferenceDb, userId: number, q: InvitationsQuery): Promise<InvitationsResponse> {
  const where = ["user_id = ?"];
  const args: (string | number)[] = [userId];
  if (q.search) {
    where.push(
      "(instr(lower(email), lower(?)) > 0 OR instr(lower(first_name), lower(?)) > 0 OR instr(lower(last_name), lower(?)) > 0)",
    );
    args.push(q.search, q.search, q.search);
  }
  const whereSql = `WHERE ${where.join(" AND ")}`;
  const counted = await db.client.execute({ sql: `SELECT COUNT(*) AS n FROM downline_invitations ${whereSql}`, args });
  const totalCount = Number(counted.rows[0]?.n ?? 0);
  // Spec §3 paging meta by the portal's rule: an empty result is one empty page; past the last page, the last.
  const meta: PagingMeta = pagingMeta(q, totalCount);
  // No sort: newest first (the order parameter applies to a sorted column only).
  const orderBy = q.sort ? `${SORT_COLUMNS[q.sort]} ${q.order}, id ${q.order}` : "id DESC";
  const rows = await db.client.execute({
    sql: `SELECT *, ${effectiveStatusSql(new Date().toISOString())} AS effective_status
          FROM downline_invitations ${whereSql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
    args: [...args, meta.perPage, (meta.currentPage - 1) * meta.perPage],
  });
  return { invitations: rows.rows.map(invitationFromRow), meta, levels: [...INVITATION_LEVELS] };
}

export function registerInvitationRoutes(
  app: Express,
  {
    db,
    logger,
    requireSession,
    mailer,
  }: { db: ReferenceDb; logger: Logger; requireSession: RequestHandler; mailer: Mailer },
): void {
  /** The caller is an agency; else answers 403 and returns false. */
  const isAgency = (res: Authed): boolean => {
    if (res.locals.session.user.role === "Agency") return true;
    fail(res, 403, AGENCIES_ONLY);
    return false;
  };

  app.get("/api/downline_invitations", requireSession, async (req: Request, res: Authed) => {
    if (!isAgency(res)) return;
    const q = parseInvitationsQuery(req.query as Record<string, unknown>);
    res.json(await invitations(db, res.locals.session.user.userId, q));
  });

  app.post("/api/downline_invitations", requireSession, async (req: Request, res: Authed) => {
    if (!isAgency(res)) return;
    const body = req.body && typeof req.body === "object" && !Array.isArray(req.body) ? req.body : {};
    const parsed = InvitationBody.safeParse(body);
    if (!parsed.success) return fail(res, 422, [...new Set(parsed.error.issues.map((i) => i.message))].join("; "));
    const { email, firstName, lastName } = parsed.data;
    const level: InvitationLevel = parsed.data.level;
    const agency = res.locals.session.user;
    const { userId } = agency;

    // Check and insert one request at a time, so two equal requests cannot both pass the checks.
    const token = newAccountToken();
    const outcome = await db.exclusive(async (): Promise<{ error: string } | { invitation: Invitation }> => {
      const now = new Date();
      if (await db.findUserByEmail(email)) return { error: alreadyHasAccount(email) };
      if (await pendingTo(db, email, now.toISOString())) return { error: alreadyPending(email) };
      const inserted = await db.client.execute({
        sql: `INSERT INTO downline_invitations (user_id, email, first_name, last_name, level, status, token_hash,
                expires_at, sent_at)
              VALUES (?, ?, ?, ?, ?, 'Sent', ?, ?, ?) RETURNING *, status AS effective_status`,
        args: [
          userId,
          email,
          firstName,
          lastName,
          level,
          tokenHash(token),
          tokenExpiresAt("invitation", now),
          now.toISOString(),
        ],
      });
      return { invitation: invitationFromRow(inserted.rows[0]!) };
    });
    if ("error" in outcome) return fail(res, 422, outcome.error);
    mailer.send(
      invitationEmail(mailer.portalUrl, {
        to: email,
        firstName,
        agencyName: agencyNameOf(userId, agency.firstName, agency.lastName),
        level,
        token,
      }),
    );
    logger.info({ userId, invitationId: outcome.invitation.id, level }, "downline invitation sent");
    res.status(201).json({ invitation: outcome.invitation });
  });

  // Sends a pending or expired invitation again with a new link (the old one stops working), valid 14 days
  // from now; an accepted one, or one whose invitee has an account or another pending invitation, is refused.
  app.post("/api/downline_invitations/:id/resend", requireSession, async (req: Request, res: Authed) => {
    if (!isAgency(res)) return;
    const id = positiveInt(scalar(req.params.id));
    const agency = res.locals.session.user;
    const { userId } = agency;
    const notFound = `No invitation with id ${String(req.params.id)}`;
    if (id == null) return fail(res, 404, notFound);
    const token = newAccountToken();
    const outcome = await db.exclusive(async (): Promise<{ status: 404 | 422; error: string } | Invitation> => {
      const now = new Date();
      const row = await ownInvitation(db, userId, id, now.toISOString());
      if (!row) return { status: 404, error: notFound };
      const email = String(row.email);
      if (String(row.effective_status) === "Accepted") return { status: 422, error: ONLY_PENDING_OR_EXPIRED_RESENT };
      if (await db.findUserByEmail(email)) return { status: 422, error: alreadyHasAccount(email) };
      if (await pendingTo(db, email, now.toISOString(), id)) return { status: 422, error: alreadyPending(email) };
      const [, updated] = await db.client.batch(
        [
          {
            sql: `INSERT INTO replaced_invitation_tokens (token_hash, invitation_id, user_id, replaced_at)
                  VALUES (?, ?, ?, ?)`,
            args: [String(row.token_hash), id, userId, now.toISOString()],
          },
          {
            sql: `UPDATE downline_invitations SET status = 'Sent', token_hash = ?, expires_at = ?, sent_at = ?
                  WHERE id = ? AND user_id = ? RETURNING *, status AS effective_status`,
            args: [tokenHash(token), tokenExpiresAt("invitation", now), now.toISOString(), id, userId],
          },
        ],
        "write",
      );
      return invitationFromRow(updated!.rows[0]!);
    });
    if ("error" in outcome) return fail(res, outcome.status, outcome.error);
    mailer.send(
      invitationEmail(mailer.portalUrl, {
        to: outcome.email,
        firstName: outcome.firstName,
        agencyName: agencyNameOf(userId, agency.firstName, agency.lastName),
        level: outcome.level,
        token,
      }),
    );
    logger.info({ userId, invitationId: id }, "downline invitation sent again");
    const body: { invitation: Invitation } = { invitation: outcome };
    res.json(body);
  });

  app.delete("/api/downline_invitations/:id", requireSession, async (req: Request, res: Authed) => {
    if (!isAgency(res)) return;
    const id = positiveInt(scalar(req.params.id));
    const { userId } = res.locals.session.user;
    const notFound = `No invitation with id ${req.params.id}`;
    if (id == null) return fail(res, 404, notFound);
    const outcome = await db.exclusive(async (): Promise<number> => {
      const row = await ownInvitation(db, userId, id, new Date().toISOString());
      if (!row) return 404;
      if (String(row.effective_status) !== "Sent") return 422;
      await db.client.batch(
        [
          { sql: "DELETE FROM replaced_invitation_tokens WHERE invitation_id = ?", args: [id] },
          { sql: "DELETE FROM downline_invitations WHERE id = ? AND user_id = ?", args: [id, userId] },
        ],
        "write",
      );
      return 204;
    });
    if (outcome === 404) return fail(res, 404, notFound);
    if (outcome === 422) return fail(res, 422, ONLY_PENDING_WITHDRAWN);
    logger.info({ userId, invitationId: id }, "downline invitation withdrawn");
    res.status(204).end();
  });

  // Several at once: every id is checked (the caller's, still pending) and the pending ones are
  // deleted together; the answer says what happened to each.
  app.post("/api/downline_invitations/withdraw", requireSession, async (req: Request, res: Authed) => {
    if (!isAgency(res)) return;
    const parsed = WithdrawInvitationsBodySchema.safeParse(req.body);
    if (!parsed.success) return fail(res, 422, INVALID_WITHDRAW_IDS);
    const ids = [...new Set(parsed.data.ids)];
    const { userId } = res.locals.session.user;
    const outcome = await db.exclusive(async (): Promise<WithdrawInvitationsResult> => {
      const found = await db.client.execute({
        sql: `SELECT id, ${effectiveStatusSql(new Date().toISOString())} AS effective_status FROM downline_invitations
              WHERE user_id = ? AND id IN (${ids.map(() => "?").join(", ")})`,
        args: [userId, ...ids],
      });
      const statusOf = new Map(found.rows.map((r) => [Number(r.id), String(r.effective_status)]));
      const withdrawn = ids.filter((id) => statusOf.get(id) === "Sent");
      if (withdrawn.length > 0) {
        const list = withdrawn.map(() => "?").join(", ");
        await db.client.batch(
          [
            { sql: `DELETE FROM replaced_invitation_tokens WHERE invitation_id IN (${list})`, args: withdrawn },
            {
              sql: `DELETE FROM downline_invitations WHERE user_id = ? AND id IN (${list})`,
              args: [userId, ...withdrawn],
            },
          ],
          "write",
        );
      }
      return {
        withdrawn,
        notFound: ids.filter((id) => !statusOf.has(id)),
        notPending: ids.filter((id) => statusOf.has(id) && statusOf.get(id) !== "Sent"),
      };
    });
    if (outcome.withdrawn.length > 0)
      logger.info({ userId, invitationIds: outcome.withdrawn }, "downline invitations withdrawn");
    res.json(outcome);
  });
}
