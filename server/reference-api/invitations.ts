/**
 * Register downlines routes (issue 4, docs/upstream-api.md): an agency's downline invitations —
 * GET /api/downline_invitations (paged, searched and sorted like the book of business, with the levels
 * an invitation may have), POST (send one), DELETE /:id (withdraw a pending one), POST /withdraw
 * (withdraw several in one call, so a bulk withdrawal costs one call whatever its size) — and the public
 * GET /api/registration/:token (the invitation a registration link stands for; no session).
 * Storage: downline_invitations (user_id = the inviting agency). Only agencies may call the first
 * four (403 otherwise).
 */
import { randomBytes } from "node:crypto";
import type { Express, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import {
  type Invitation,
  type InvitationsResponseSchema,
  WITHDRAW_INVITATIONS_MAX,
  WithdrawInvitationsBodySchema,
  type WithdrawInvitationsResult,
} from "../../app/.server/upstream/schemas/invitations.ts";
import { pagingMeta } from "../../app/domain/table.ts";
import { parseTableQuery, positiveInt, scalar } from "./paging.ts";
import type { ReferenceDb, SessionRecord } from "./db.ts";
import { INVITATION_LEVELS, type InvitationLevel, SEED_AGENCY_NAMES } from "./seed.ts";

type InvitationsResponse = z.infer<typeof InvitationsResponseSchema>;
type PagingMeta = InvitationsResponse["meta"];

export const AGENCIES_ONLY = "Only agencies can register downlines";
export const ONLY_PENDING_WITHDRAWN = "Only pending invitations can be withdrawn";
export const INVALID_EMAIL = "email must be a valid e-mail address";
export const BLANK_FIRST_NAME = "firstName can't be blank";
export const BLANK_LAST_NAME = "lastName can't be blank";
export const INVALID_LEVEL = `level must be one of ${INVITATION_LEVELS.join(", ")}`;
export const INVALID_WITHDRAW_IDS = `ids must be a list of 1 to ${WITHDRAW_INVITATIONS_MAX} invitation ids`;
export const INVITATION_NOT_FOUND = "This invitation is not valid or is no longer pending";
export const alreadyPending = (email: string) => `An invitation to ${email} is already pending`;
export const alreadyHasAccount = (email: string) => `${email} already has an account`;

const MAX_NAME = 100;
const MAX_EMAIL = 254;

/** The sortable columns and their SQL; ties are broken by id in the same direction. Level sorts in `levels` order. */
const SORT_COLUMNS = {
  email: "email COLLATE NOCASE",
  lastName: "last_name COLLATE NOCASE",
  level: `CASE level ${INVITATION_LEVELS.map((l, i) => `WHEN '${l}' THEN ${i}`).join(" ")} ELSE ${INVITATION_LEVELS.length} END`,
  status: "status",
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
    z
      .string({ error: blank })
      .min(1, { error: blank })
      .max(MAX_NAME, { error: `${field} is too long (at most ${MAX_NAME} characters)` }),
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

function invitationFromRow(r: Record<string, unknown>): Invitation {
  return {
    id: Number(r.id),
    email: String(r.email),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    level: String(r.level),
    status: String(r.status) as Invitation["status"],
    sentAt: String(r.sent_at),
    registrationPath: `/registration/${String(r.token)}`,
  };
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
    sql: `SELECT * FROM downline_invitations ${whereSql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
    args: [...args, meta.perPage, (meta.currentPage - 1) * meta.perPage],
  });
  return { invitations: rows.rows.map(invitationFromRow), meta, levels: [...INVITATION_LEVELS] };
}

export function registerInvitationRoutes(
  app: Express,
  { db, logger, requireSession }: { db: ReferenceDb; logger: Logger; requireSession: RequestHandler },
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
    const { userId } = res.locals.session.user;

    // Check and insert one request at a time, so two equal requests cannot both pass the checks.
    const outcome = await db.exclusive(async (): Promise<{ error: string } | { invitation: Invitation }> => {
      if (await db.findUserByEmail(email)) return { error: alreadyHasAccount(email) };
      const pending = await db.client.execute({
        sql: "SELECT 1 FROM downline_invitations WHERE email = ? COLLATE NOCASE AND status = 'Sent' LIMIT 1",
        args: [email],
      });
      if (pending.rows.length > 0) return { error: alreadyPending(email) };
      const token = randomBytes(16).toString("hex");
      const inserted = await db.client.execute({
        sql: `INSERT INTO downline_invitations (user_id, email, first_name, last_name, level, status, token, sent_at)
              VALUES (?, ?, ?, ?, ?, 'Sent', ?, ?) RETURNING *`,
        args: [userId, email, firstName, lastName, level, token, new Date().toISOString()],
      });
      return { invitation: invitationFromRow(inserted.rows[0]!) };
    });
    if ("error" in outcome) return fail(res, 422, outcome.error);
    logger.info({ userId, invitationId: outcome.invitation.id, level }, "downline invitation sent");
    res.status(201).json({ invitation: outcome.invitation });
  });

  app.delete("/api/downline_invitations/:id", requireSession, async (req: Request, res: Authed) => {
    if (!isAgency(res)) return;
    const id = positiveInt(scalar(req.params.id));
    const { userId } = res.locals.session.user;
    const notFound = `No invitation with id ${req.params.id}`;
    if (id == null) return fail(res, 404, notFound);
    const outcome = await db.exclusive(async (): Promise<number> => {
      const found = await db.client.execute({
        sql: "SELECT status FROM downline_invitations WHERE id = ? AND user_id = ?",
        args: [id, userId],
      });
      const row = found.rows[0];
      if (!row) return 404;
      if (String(row.status) !== "Sent") return 422;
      await db.client.execute({
        sql: "DELETE FROM downline_invitations WHERE id = ? AND user_id = ?",
        args: [id, userId],
      });
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
        sql: `SELECT id, status FROM downline_invitations WHERE user_id = ? AND id IN (${ids.map(() => "?").join(", ")})`,
        args: [userId, ...ids],
      });
      const statusOf = new Map(found.rows.map((r) => [Number(r.id), String(r.status)]));
      const withdrawn = ids.filter((id) => statusOf.get(id) === "Sent");
      if (withdrawn.length > 0) {
        await db.client.execute({
          sql: `DELETE FROM downline_invitations WHERE user_id = ? AND id IN (${withdrawn.map(() => "?").join(", ")})`,
          args: [userId, ...withdrawn],
        });
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

  // Public: the future registration page opens it from the link in the invitation e-mail.
  app.get("/api/registration/:token", async (req: Request, res: Response) => {
    const token = String(req.params.token ?? "");
    if (!/^[0-9a-f]{32}$/i.test(token)) return fail(res, 404, INVITATION_NOT_FOUND);
    const found = await db.client.execute({
      sql: `SELECT i.email, i.first_name, i.last_name, i.level, u.id AS agency_id, u.first_name AS agency_first_name,
                   u.last_name AS agency_last_name
            FROM downline_invitations i JOIN users u ON u.id = i.user_id
            WHERE i.token = ? AND i.status = 'Sent'`,
      args: [token.toLowerCase()],
    });
    const r = found.rows[0];
    if (!r) return fail(res, 404, INVITATION_NOT_FOUND);
    res.json({
      invitation: {
        email: String(r.email),
        firstName: String(r.first_name),
        lastName: String(r.last_name),
        level: String(r.level),
        agencyName:
          SEED_AGENCY_NAMES[Number(r.agency_id)] ?? `${String(r.agency_first_name)} ${String(r.agency_last_name)}`,
      },
    });
  });
}
