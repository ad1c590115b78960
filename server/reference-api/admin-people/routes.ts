/**
 * The admin area's roles, users and RTS statuses (issue 14; docs/upstream-api.md "Admin area"). Mounted under
 * /api/admin, behind requireSession and requireAdmin (app.ts): every handler here runs for an administrator's own
 * session only.
 *
 * - /api/admin/roles: the roles and their flags (the flags are read from the role at every request, db.ts, so a
 *   change reaches the role's users at once); changing a role's kind changes users.role of its users.
 * - /api/admin/users: every account; created `pending` with an activation e-mail (accounts.ts sendAccountLink);
 *   disabling one ends its sessions; a password e-mail on demand.
 * - /api/admin/rts_statuses: the ready-to-sell statuses the downline contracts show (downlines.ts reads them).
 *
 * Reads run outside `exclusive`; each read-check-write runs in `db.exclusive` and ends with one batch holding the
 * write and its audit statement (admin-support.ts).
 */
import type { InStatement, InValue } from "@libsql/client";
import type { Express, Request, Response } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import {
  type AdminPasswordResetResponseSchema,
  type AdminRole,
  AdminRoleBodySchema,
  type AdminRoleResponseSchema,
  type AdminRolesResponseSchema,
  type AdminRtsStatus,
  AdminRtsStatusBodySchema,
  type AdminRtsStatusesResponseSchema,
  type AdminRtsStatusResponseSchema,
  type AdminUser,
  AdminUserBodySchema,
  AdminUserPatchSchema,
  type AdminUserResponseSchema,
  type AdminUsersResponseSchema,
  type Facet,
  ROLE_KINDS,
  USER_STATUSES,
} from "../../../app/.server/upstream/schemas/admin.ts";
import { ROLE_FLAG_KEYS, USER_STATUS_LABELS } from "../../../app/domain/admin/labels.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { sendAccountLink } from "../accounts/routes.ts";
import { type AdminResponse, audit, changesOf, historyOf, refuseFields, streamCsv } from "../admin/admin-support.ts";
import type { AfterAnswer } from "../core/after-answer.ts";
import { ReferenceDb } from "../core/db.ts";
import { HIERARCHY_COLUMNS, hierarchyFromRow, hierarchyJoins } from "../profile/hierarchy.ts";
import { agencyNameOf } from "../invitations/routes.ts";
import type { Mailer } from "../mail/mailer.ts";
import { parseTableQuery, positiveInt, type TableQuery } from "../core/paging.ts";
import { NO_PASSWORD_HASH } from "../core/passwords.ts";
import { formatPhone } from "../../../app/domain/masks.ts";
import { isValidPhone } from "../../../app/domain/masked-values.ts";
import { enumFilter, idFilter, orderBy, QueryError, zodFields } from "../admin/list-support.ts";

/**
 * A phone as every other write stores it (the profile, registration, the seed): formatted, "(555) 201-7788".
 * The portal sends its digits; stored as sent, the seed's formatted phone read as changed on every save.
 */
function storedPhone<T extends string | null | undefined>(phone: T): T | string {
  return typeof phone === "string" && isValidPhone(phone) ? formatPhone(phone) : phone;
}

export interface AdminRouteOptions {
  db: ReferenceDb;
  logger: Logger;
  mailer: Mailer;
  after: AfterAnswer;
}

/* ---- Messages ---- */

export const ROLE_NAME_TAKEN = "A role with this name exists.";
export const roleInUse = (n: number) =>
  `This role has ${n} ${n === 1 ? "user" : "users"}: give them another role first.`;
export const lastRoleOfKind = (kind: string) =>
  `This is the only ${kind} role: the portal needs one (registrations are given the first role of their kind).`;
export const OWN_ROLE_KIND = "You cannot change the kind of your own role.";
export const EMAIL_TAKEN = "An account with this e-mail exists.";
export const UNKNOWN_ROLE = "There is no role with this id.";
export const NOT_AN_AGENCY = "This user is not an agency (a user whose role is of kind Agency).";
export const OWN_AGENCY = "A user cannot be their own agency.";
export const NOT_YET_ACTIVATED =
  "This account has not been activated yet (no password chosen, or the e-mail address not verified): it can only be disabled.";
export const OWN_ACCOUNT_DISABLED = "You cannot disable your own account.";
export const OWN_ROLE_NOT_ADMIN = "You cannot give your own account a role that is not of kind Admin.";
export const DISABLED_NO_PASSWORD_EMAIL = "This account is disabled: enable it before sending it a password e-mail.";
export const RTS_CODE_TAKEN = "This carrier already has a status with this code.";
export const UNKNOWN_CARRIER = "There is no carrier with this id.";
export const rtsCarrierInUse = (n: number) =>
  `${n} downline ${n === 1 ? "contract shows" : "contracts show"} this status: its carrier cannot change.`;
export const rtsStatusInUse = (n: number) =>
  `${n} downline ${n === 1 ? "contract shows" : "contracts show"} this status: it cannot be deleted.`;
export const notFound = (what: string, id: string) => `No ${what} with id ${id}`;

export const DOCUMENTS_AWAITING_REVIEW = "awaiting_review";

/* ---- Shared ---- */

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

function bodyOf(req: Request): unknown {
  return req.body ?? {};
}

const text = (v: unknown): string => (v == null ? "" : String(v as string | number));
const textOrNull = (v: unknown): string | null => (v == null ? null : String(v as string | number));

function whereSql(where: string[]): string {
  return where.length ? `WHERE ${where.join(" AND ")}` : "";
}

/** The next id of an AUTOINCREMENT table (call inside exclusive(), where every insert of these tables runs). */
async function nextId(db: ReferenceDb, table: "roles" | "users" | "rts_statuses"): Promise<number> {
  const found = await db.client.execute({
    sql: `SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = ?), 0),
                     COALESCE((SELECT MAX(id) FROM ${table}), 0)) + 1 AS id`,
    args: [table],
  });
  return Number(found.rows[0]!.id);
}

/** Every field set to null: what a deleted record's audit changes go to. */
function emptied(record: Readonly<Record<string, unknown>>): Record<string, null> {
  return Object.fromEntries(Object.keys(record).map((k) => [k, null]));
}

const yesNo = (b: boolean) => (b ? "yes" : "no");

/* ---- Roles ---- */

const ROLE_FROM = `(SELECT r.*, (SELECT COUNT(*) FROM users u WHERE u.role_id = r.id) AS user_count FROM roles r) r`;
const ROLE_SORTS = {
  name: ["r.name COLLATE NOCASE"],
  kind: ["r.kind"],
  userCount: ["r.user_count"],
} as const;
/** The fields of a role an audit entry compares. */
const ROLE_FIELDS = ["name", "kind", "description", ...ROLE_FLAG_KEYS] as const;

function roleFromRow(r: Record<string, unknown>): AdminRole {
  return {
    id: Number(r.id),
    name: text(r.name),
    kind: text(r.kind) as AdminRole["kind"],
    description: text(r.description),
    roleHasOnboardingProcess: Number(r.has_onboarding_process) === 1,
    roleHasShowAchInfo: Number(r.has_show_ach_info) === 1,
    roleHasOptoutProcess: Number(r.has_optout_process) === 1,
    roleRequiresSsnOrTin: Number(r.requires_ssn_or_tin) === 1,
    userCount: Number(r.user_count),
    updatedAt: text(r.updated_at),
  };
}

function roleQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, ROLE_SORTS);
  const kind = enumFilter(source, "kind", ROLE_KINDS);
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push("(instr(lower(r.name), lower(?)) > 0 OR instr(lower(r.description), lower(?)) > 0)");
    args.push(q.search, q.search);
  }
  if (kind) {
    where.push("r.kind = ?");
    args.push(kind);
  }
  return { q, where, args };
}

async function findRole(db: ReferenceDb, id: number): Promise<AdminRole | null> {
  const found = await db.client.execute({ sql: `SELECT * FROM ${ROLE_FROM} WHERE r.id = ?`, args: [id] });
  return found.rows[0] ? roleFromRow(found.rows[0]) : null;
}

/* ---- Users ---- */

/**
 * A user with their role, upline agency, hierarchy (hierarchy.ts: what their profile shows), last sign-in, licenses
 * (states with a license still valid today, expired ones, the soonest expiry) and appointments (active contracts).
 */
const USER_SELECT = `SELECT u.id, u.email, u.first_name, u.last_name, u.phone, u.npn_number, u.status, u.flags,
    u.created_at, u.updated_at, u.role_id, r.name AS role_name, r.kind AS role_kind, u.upline_user_id,
    a.first_name AS agency_first_name, a.last_name AS agency_last_name, u.last_sign_in_at, ${HIERARCHY_COLUMNS},
    (SELECT COUNT(DISTINCT l.state) FROM licenses l WHERE l.user_id = u.id
       AND (l.expires_on IS NULL OR l.expires_on >= date('now'))) AS licensed_states,
    (SELECT COUNT(*) FROM licenses l WHERE l.user_id = u.id AND l.expires_on < date('now')) AS expired_licenses,
    (SELECT MIN(l.expires_on) FROM licenses l WHERE l.user_id = u.id AND l.expires_on >= date('now'))
      AS next_license_expiry,
    (SELECT COUNT(*) FROM contracting_entries c WHERE c.user_id = u.id AND c.status = 'active') AS appointment_count
  FROM users u JOIN roles r ON r.id = u.role_id LEFT JOIN users a ON a.id = u.upline_user_id ${hierarchyJoins("u")}`;
const USER_SORTS = {
  lastName: ["u.last_name COLLATE NOCASE", "u.first_name COLLATE NOCASE"],
  email: ["u.email COLLATE NOCASE"],
  status: ["u.status"],
  role: ["r.name COLLATE NOCASE"],
  createdAt: ["u.created_at"],
  lastSignInAt: ["u.last_sign_in_at"],
  // The soonest expiry first (ASC), the unlicensed last.
  licenses: ["next_license_expiry IS NULL", "next_license_expiry"],
  appointments: ["appointment_count"],
} as const;
/** The fields of a user an audit entry compares (roleId / agencyId as ids; never a password hash or token). */
const USER_FIELDS = [
  "email",
  "firstName",
  "lastName",
  "phone",
  "npnNumber",
  "status",
  "roleId",
  "agencyId",
  "sunfireAccess",
  "loa",
  "skipOnboardingWithContracts",
] as const;
type UserFlagKey = "sunfireAccess" | "loa" | "skipOnboardingWithContracts";
const USER_FLAG_KEYS: readonly UserFlagKey[] = ["sunfireAccess", "loa", "skipOnboardingWithContracts"];

function flagsOf(raw: unknown): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text(raw) || "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function userFromRow(r: Record<string, unknown>): AdminUser {
  const flags = flagsOf(r.flags);
  const agencyId = r.upline_user_id == null ? null : Number(r.upline_user_id);
  return {
    id: Number(r.id),
    email: text(r.email),
    firstName: text(r.first_name),
    lastName: text(r.last_name),
    phone: textOrNull(r.phone),
    npnNumber: textOrNull(r.npn_number),
    status: text(r.status) as AdminUser["status"],
    role: { id: Number(r.role_id), name: text(r.role_name), kind: text(r.role_kind) as AdminUser["role"]["kind"] },
    agency:
      agencyId == null
        ? null
        : {
            id: agencyId,
            name:
              r.agency_first_name == null
                ? `User ${agencyId}`
                : agencyNameOf(agencyId, text(r.agency_first_name), text(r.agency_last_name)),
          },
    hierarchy: hierarchyFromRow(r),
    sunfireAccess: flags.sunfireAccess === true,
    loa: flags.loa === true,
    skipOnboardingWithContracts: flags.skipOnboardingWithContracts === true,
    createdAt: text(r.created_at),
    updatedAt: text(r.updated_at),
    lastSignInAt: textOrNull(r.last_sign_in_at),
    licenses: {
      states: Number(r.licensed_states ?? 0),
      expired: Number(r.expired_licenses ?? 0),
      nextExpiry: textOrNull(r.next_license_expiry),
    },
    appointments: Number(r.appointment_count ?? 0),
  };
}

/**
 * An agency as the Agency filter and the upline list offer it: its name and what tells it apart from another of
 * the same name (issue 20: five "Patricia Garcia"): "Carol Sanchez — NPN 30004107 · Austin, TX · Agency Level 2".
 */
export function agencyLabel(r: Record<string, unknown>): string {
  const name = agencyNameOf(Number(r.id), text(r.first_name), text(r.last_name));
  const place = r.city != null && r.state != null ? `${text(r.city)}, ${text(r.state)}` : null;
  const facts = [r.npn_number == null ? null : `NPN ${text(r.npn_number)}`, place, textOrNull(r.npn_current_max_level)];
  const known = facts.filter((f): f is string => Boolean(f));
  return known.length ? `${name} — ${known.join(" · ")}` : name;
}

/** Labels made unique: one still shared by several choices gets the user's id. */
function uniqueLabels(facet: Facet): Facet {
  const counts = new Map<string, number>();
  for (const f of facet) counts.set(f.label, (counts.get(f.label) ?? 0) + 1);
  return facet.map((f) => (counts.get(f.label)! > 1 ? { ...f, label: `${f.label} · user ${f.value}` } : f));
}

/** A user as the audit compares it. */
function userAuditView(u: AdminUser): Record<string, unknown> {
  return {
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    npnNumber: u.npnNumber,
    status: u.status,
    roleId: u.role.id,
    agencyId: u.agency?.id ?? null,
    sunfireAccess: u.sunfireAccess,
    loa: u.loa,
    skipOnboardingWithContracts: u.skipOnboardingWithContracts,
  };
}

function userQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, USER_SORTS);
  const roleId = idFilter(source, "roleId");
  const status = enumFilter(source, "status", USER_STATUSES);
  const agencyId = idFilter(source, "agencyId");
  const documents = enumFilter(source, "documents", [DOCUMENTS_AWAITING_REVIEW] as const);
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push(`(instr(lower(u.first_name || ' ' || u.last_name), lower(?)) > 0
      OR instr(lower(u.email), lower(?)) > 0 OR instr(lower(COALESCE(u.npn_number, '')), lower(?)) > 0)`);
    args.push(q.search, q.search, q.search);
  }
  if (roleId != null) {
    where.push("u.role_id = ?");
    args.push(roleId);
  }
  if (status) {
    where.push("u.status = ?");
    args.push(status);
  }
  if (agencyId != null) {
    where.push("u.upline_user_id = ?");
    args.push(agencyId);
  }
  if (documents) {
    where.push("EXISTS (SELECT 1 FROM compliance_documents d WHERE d.user_id = u.id AND d.review = 'pending')");
  }
  return { q, where, args };
}

async function findUser(db: ReferenceDb, id: number): Promise<AdminUser | null> {
  const found = await db.client.execute({ sql: `${USER_SELECT} WHERE u.id = ?`, args: [id] });
  return found.rows[0] ? userFromRow(found.rows[0]) : null;
}

/* ---- RTS statuses ---- */

const RTS_FROM = `(SELECT s.*, c.name AS carrier_name,
    (SELECT COUNT(*) FROM downline_contracts dc WHERE dc.rts_status_id = s.id) AS usage_count
  FROM rts_statuses s LEFT JOIN carriers c ON c.id = s.carrier_id) s`;
const RTS_SORTS = {
  statusCode: ["s.status_code"],
  statusTitle: ["s.status_title COLLATE NOCASE"],
  carrier: ["s.carrier_name COLLATE NOCASE"],
  usageCount: ["s.usage_count"],
} as const;
const RTS_FIELDS = ["statusCode", "statusTitle", "displayStatus", "tone", "description", "carrierId"] as const;

function rtsFromRow(r: Record<string, unknown>): AdminRtsStatus {
  return {
    id: Number(r.id),
    statusCode: text(r.status_code),
    statusTitle: text(r.status_title),
    displayStatus: text(r.display_status),
    tone: text(r.tone) as AdminRtsStatus["tone"],
    description: text(r.description),
    carrier: r.carrier_id == null ? null : { id: Number(r.carrier_id), name: text(r.carrier_name) },
    usageCount: Number(r.usage_count),
    updatedAt: text(r.updated_at),
  };
}

function rtsAuditView(s: AdminRtsStatus): Record<string, unknown> {
  return {
    statusCode: s.statusCode,
    statusTitle: s.statusTitle,
    displayStatus: s.displayStatus,
    tone: s.tone,
    description: s.description,
    carrierId: s.carrier?.id ?? null,
  };
}

function rtsQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, RTS_SORTS);
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push("(instr(lower(s.status_code), lower(?)) > 0 OR instr(lower(s.status_title), lower(?)) > 0)");
    args.push(q.search, q.search);
  }
  const carrierId = idFilter(source, "carrierId");
  if (carrierId != null) {
    where.push("s.carrier_id = ?");
    args.push(carrierId);
  }
  return { q, where, args };
}

async function findRts(db: ReferenceDb, id: number): Promise<AdminRtsStatus | null> {
  const found = await db.client.execute({ sql: `SELECT * FROM ${RTS_FROM} WHERE s.id = ?`, args: [id] });
  return found.rows[0] ? rtsFromRow(found.rows[0]) : null;
}

/* ---- Routes ---- */

export function registerAdminPeopleRoutes(app: Express, { db, logger, mailer, after }: AdminRouteOptions): void {
  /** A list's query, or null after answering 422 for a malformed filter. */
  const readQuery = <T>(req: Request, res: Response, parse: (source: Record<string, unknown>) => T): T | null => {
    try {
      return parse(req.query as Record<string, unknown>);
    } catch (error) {
      if (error instanceof QueryError) {
        fail(res, 422, error.message);
        return null;
      }
      throw error;
    }
  };

  /** The :id of a path, or null after answering 404. */
  const idParam = (req: Request, res: Response, what: string): number | null => {
    const raw = String(req.params.id);
    const id = positiveInt(raw);
    if (id == null) fail(res, 404, notFound(what, raw));
    return id;
  };

  const page = async (sql: { count: string; rows: string; args: InValue[] }, perPage: number, offset: number) => {
    const [counted, rows] = await Promise.all([
      db.client.execute({ sql: sql.count, args: sql.args }),
      db.client.execute({ sql: `${sql.rows} LIMIT ? OFFSET ?`, args: [...sql.args, perPage, offset] }),
    ]);
    return { total: Number(counted.rows[0]?.n ?? 0), rows: rows.rows };
  };

  const now = () => new Date().toISOString();

  /* ---- Roles ---- */

  const roleSql = (where: string[], args: InValue[], q: TableQuery<keyof typeof ROLE_SORTS>) => ({
    count: `SELECT COUNT(*) AS n FROM ${ROLE_FROM} ${whereSql(where)}`,
    rows: `SELECT * FROM ${ROLE_FROM} ${whereSql(where)} ORDER BY ${orderBy(q, ROLE_SORTS, "r.id")}`,
    args,
  });

  app.get("/api/admin/roles", async (req, res) => {
    const parsed = readQuery(req, res, roleQuery);
    if (!parsed) return;
    const { q, where, args } = parsed;
    const sql = roleSql(where, args, q);
    const counted = await db.client.execute({ sql: sql.count, args });
    const meta = pagingMeta(q, Number(counted.rows[0]?.n ?? 0));
    const { rows } = await page(sql, meta.perPage, (meta.currentPage - 1) * meta.perPage);
    const body: z.infer<typeof AdminRolesResponseSchema> = {
      records: rows.map((r) => roleFromRow(r)),
      meta,
      facets: { kind: ROLE_KINDS.map((k) => ({ value: k, label: k })) },
    };
    res.json(body);
  });

  app.get("/api/admin/roles/export", async (req, res) => {
    const parsed = readQuery(req, res, roleQuery);
    if (!parsed) return;
    const sql = roleSql(parsed.where, parsed.args, parsed.q);
    await streamCsv(
      res,
      db,
      "roles.csv",
      [
        "Id",
        "Name",
        "Kind",
        "Description",
        "Users",
        "Onboarding process",
        "Shows ACH info",
        "Opt-out process",
        "Requires SSN or TIN",
        "Updated",
      ],
      { sql: sql.rows, args: sql.args },
      (row) => {
        const r = roleFromRow(row);
        return [
          r.id,
          r.name,
          r.kind,
          r.description,
          r.userCount,
          yesNo(r.roleHasOnboardingProcess),
          yesNo(r.roleHasShowAchInfo),
          yesNo(r.roleHasOptoutProcess),
          yesNo(r.roleRequiresSsnOrTin),
          r.updatedAt,
        ];
      },
    );
  });

  app.get("/api/admin/roles/:id", async (req, res) => {
    const id = idParam(req, res, "role");
    if (id == null) return;
    const record = await findRole(db, id);
    if (!record) return fail(res, 404, notFound("role", String(id)));
    const body: z.infer<typeof AdminRoleResponseSchema> = { record, history: await historyOf(db, "roles", id) };
    res.json(body);
  });

  /** The role's values as roles columns. */
  const roleColumns = (r: Omit<AdminRole, "id" | "userCount" | "updatedAt">) => ({
    name: r.name,
    kind: r.kind,
    description: r.description,
    has_onboarding_process: r.roleHasOnboardingProcess ? 1 : 0,
    has_show_ach_info: r.roleHasShowAchInfo ? 1 : 0,
    has_optout_process: r.roleHasOptoutProcess ? 1 : 0,
    requires_ssn_or_tin: r.roleRequiresSsnOrTin ? 1 : 0,
  });

  const nameTaken = async (name: string, exceptId: number | null) =>
    (
      await db.client.execute({
        sql: "SELECT 1 FROM roles WHERE name = ? COLLATE NOCASE AND id IS NOT ?",
        args: [name, exceptId],
      })
    ).rows.length > 0;

  const rolesOfKind = async (kind: string) =>
    Number(
      (await db.client.execute({ sql: "SELECT COUNT(*) AS n FROM roles WHERE kind = ?", args: [kind] })).rows[0]!.n,
    );

  app.post("/api/admin/roles", async (req, res: AdminResponse) => {
    const parsed = AdminRoleBodySchema.safeParse(bodyOf(req));
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const b = parsed.data;
    const outcome = await db.exclusive(async (): Promise<{ fields: Record<string, string[]> } | { id: number }> => {
      if (await nameTaken(b.name, null)) return { fields: { name: [ROLE_NAME_TAKEN] } };
      const id = await nextId(db, "roles");
      const columns = { ...roleColumns(b), updated_at: now() };
      await db.client.batch(
        [
          {
            sql: `INSERT INTO roles (id, ${Object.keys(columns).join(", ")})
                  VALUES (?, ${Object.keys(columns)
                    .map(() => "?")
                    .join(", ")})`,
            args: [id, ...Object.values(columns)],
          },
          audit(res.locals.session, { resource: "roles", recordId: id, action: "created", changes: changesOf({}, b) }),
        ],
        "write",
      );
      return { id };
    });
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ roleId: outcome.id }, "admin created a role");
    res.status(201).json({ record: (await findRole(db, outcome.id))! });
  });

  app.patch("/api/admin/roles/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, "role");
    if (id == null) return;
    const parsed = AdminRoleBodySchema.partial().safeParse(bodyOf(req));
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const patch = parsed.data;
    const { session } = res.locals;
    type Outcome = { missing: true } | { fields: Record<string, string[]> } | { record: AdminRole };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const before = await findRole(db, id);
      if (!before) return { missing: true };
      const after = { ...before, ...patch };
      if (patch.name !== undefined && (await nameTaken(patch.name, id))) return { fields: { name: [ROLE_NAME_TAKEN] } };
      const kindChanged = after.kind !== before.kind;
      if (kindChanged) {
        const own = await db.client.execute({
          sql: "SELECT role_id FROM users WHERE id = ?",
          args: [session.user.userId],
        });
        if (Number(own.rows[0]?.role_id) === id) return { fields: { kind: [OWN_ROLE_KIND] } };
        if ((await rolesOfKind(before.kind)) <= 1) return { fields: { kind: [lastRoleOfKind(before.kind)] } };
      }
      const changes = changesOf(before, after, ROLE_FIELDS);
      if (changes.length === 0) return { record: before };
      const at = now();
      const columns = { ...roleColumns(after), updated_at: at };
      const statements: InStatement[] = [
        {
          sql: `UPDATE roles SET ${Object.keys(columns)
            .map((c) => `${c} = ?`)
            .join(", ")} WHERE id = ?`,
          args: [...Object.values(columns), id],
        },
      ];
      // users.role is always the kind of the user's role.
      if (kindChanged)
        statements.push({
          sql: "UPDATE users SET role = ?, updated_at = ? WHERE role_id = ?",
          args: [after.kind, at, id],
        });
      const note =
        kindChanged && before.userCount > 0
          ? before.userCount === 1
            ? `Its user is now of kind ${after.kind}.`
            : `Its ${before.userCount} users are now of kind ${after.kind}.`
          : null;
      statements.push(audit(session, { resource: "roles", recordId: id, action: "updated", changes, note, at }));
      await db.client.batch(statements, "write");
      return { record: (await findRole(db, id))! };
    });
    if ("missing" in outcome) return fail(res, 404, notFound("role", String(id)));
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ roleId: id }, "admin updated a role");
    res.json({ record: outcome.record });
  });

  app.delete("/api/admin/roles/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, "role");
    if (id == null) return;
    type Outcome = { missing: true } | { conflict: string } | { deleted: true };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const before = await findRole(db, id);
      if (!before) return { missing: true };
      if (before.userCount > 0) return { conflict: roleInUse(before.userCount) };
      if ((await rolesOfKind(before.kind)) <= 1) return { conflict: lastRoleOfKind(before.kind) };
      const view = Object.fromEntries(ROLE_FIELDS.map((f) => [f, before[f]]));
      await db.client.batch(
        [
          { sql: "DELETE FROM roles WHERE id = ?", args: [id] },
          audit(res.locals.session, {
            resource: "roles",
            recordId: id,
            action: "deleted",
            changes: changesOf(view, emptied(view)),
          }),
        ],
        "write",
      );
      return { deleted: true };
    });
    if ("missing" in outcome) return fail(res, 404, notFound("role", String(id)));
    if ("conflict" in outcome) return fail(res, 409, outcome.conflict);
    logger.info({ roleId: id }, "admin deleted a role");
    res.status(204).end();
  });

  /* ---- Users ---- */

  const userSql = (where: string[], args: InValue[], q: TableQuery<keyof typeof USER_SORTS>) => ({
    count: `SELECT COUNT(*) AS n FROM users u JOIN roles r ON r.id = u.role_id ${whereSql(where)}`,
    rows: `${USER_SELECT} ${whereSql(where)} ORDER BY ${orderBy(q, USER_SORTS, "u.id")}`,
    args,
  });

  const userFacets = async (): Promise<z.infer<typeof AdminUsersResponseSchema>["facets"]> => {
    const [roles, agencies] = await Promise.all([
      db.client.execute("SELECT id, name FROM roles ORDER BY name COLLATE NOCASE, id"),
      db.client.execute(
        `SELECT u.id, u.first_name, u.last_name, u.npn_number, u.npn_current_max_level, p.city, p.state
         FROM users u JOIN roles r ON r.id = u.role_id LEFT JOIN profile_details p ON p.user_id = u.id
         WHERE r.kind = 'Agency' ORDER BY u.id`,
      ),
    ]);
    const agencyId: Facet = uniqueLabels(
      agencies.rows.map((r) => ({ value: String(Number(r.id)), label: agencyLabel(r) })),
    ).sort(
      (a, b) => a.label.localeCompare(b.label, "en", { sensitivity: "base" }) || Number(a.value) - Number(b.value),
    );
    return {
      roleId: roles.rows.map((r) => ({ value: String(Number(r.id)), label: text(r.name) })),
      status: USER_STATUSES.map((s) => ({ value: s, label: USER_STATUS_LABELS[s] })),
      agencyId,
      documents: [{ value: DOCUMENTS_AWAITING_REVIEW, label: "Awaiting review" }],
    };
  };

  app.get("/api/admin/users", async (req, res) => {
    const parsed = readQuery(req, res, userQuery);
    if (!parsed) return;
    const { q, where, args } = parsed;
    const sql = userSql(where, args, q);
    const counted = await db.client.execute({ sql: sql.count, args });
    const meta = pagingMeta(q, Number(counted.rows[0]?.n ?? 0));
    const [{ rows }, facets] = await Promise.all([
      page(sql, meta.perPage, (meta.currentPage - 1) * meta.perPage),
      userFacets(),
    ]);
    const body: z.infer<typeof AdminUsersResponseSchema> = { records: rows.map((r) => userFromRow(r)), meta, facets };
    res.json(body);
  });

  app.get("/api/admin/users/export", async (req, res) => {
    const parsed = readQuery(req, res, userQuery);
    if (!parsed) return;
    const sql = userSql(parsed.where, parsed.args, parsed.q);
    await streamCsv(
      res,
      db,
      "users.csv",
      [
        "Id",
        "First name",
        "Last name",
        "E-mail",
        "Phone",
        "NPN",
        "Status",
        "Role",
        "Role kind",
        "Agency",
        "Upline",
        "Last sign-in",
        "Licensed states",
        "Expired licenses",
        "Next license expiry",
        "Appointments",
        "Quote tool access",
        "LOA",
        "Skip onboarding with contracts",
        "Created",
        "Updated",
      ],
      { sql: sql.rows, args: sql.args },
      (row) => {
        const u = userFromRow(row);
        return [
          u.id,
          u.firstName,
          u.lastName,
          u.email,
          u.phone,
          u.npnNumber,
          USER_STATUS_LABELS[u.status],
          u.role.name,
          u.role.kind,
          u.hierarchy.agency,
          u.hierarchy.upline,
          u.lastSignInAt,
          u.licenses.states,
          u.licenses.expired,
          u.licenses.nextExpiry,
          u.appointments,
          yesNo(u.sunfireAccess),
          yesNo(u.loa),
          yesNo(u.skipOnboardingWithContracts),
          u.createdAt,
          u.updatedAt,
        ];
      },
    );
  });

  app.get("/api/admin/users/:id", async (req, res) => {
    const id = idParam(req, res, "user");
    if (id == null) return;
    const record = await findUser(db, id);
    if (!record) return fail(res, 404, notFound("user", String(id)));
    const body: z.infer<typeof AdminUserResponseSchema> = { record, history: await historyOf(db, "users", id) };
    res.json(body);
  });

  /** The problems of a user's e-mail, role and agency (`exceptId`: the user being changed). */
  const userProblems = async (
    v: { email?: string; roleId?: number; agencyId?: number | null },
    exceptId: number | null,
  ): Promise<{ fields: Record<string, string[]>; roleKind: AdminRole["kind"] | null }> => {
    const fields: Record<string, string[]> = {};
    let roleKind: AdminRole["kind"] | null = null;
    if (v.email !== undefined) {
      const taken = await db.client.execute({
        sql: "SELECT 1 FROM users WHERE email = ? COLLATE NOCASE AND id IS NOT ?",
        args: [v.email, exceptId],
      });
      if (taken.rows.length > 0) fields.email = [EMAIL_TAKEN];
    }
    if (v.roleId !== undefined) {
      const role = await db.client.execute({ sql: "SELECT kind FROM roles WHERE id = ?", args: [v.roleId] });
      if (role.rows[0]) roleKind = text(role.rows[0].kind) as AdminRole["kind"];
      else fields.roleId = [UNKNOWN_ROLE];
    }
    if (v.agencyId != null) {
      if (v.agencyId === exceptId) fields.agencyId = [OWN_AGENCY];
      else {
        const agency = await db.client.execute({
          sql: "SELECT 1 FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = ? AND r.kind = 'Agency'",
          args: [v.agencyId],
        });
        if (agency.rows.length === 0) fields.agencyId = [NOT_AN_AGENCY];
      }
    }
    return { fields, roleKind };
  };

  app.post("/api/admin/users", async (req, res: AdminResponse) => {
    const parsed = AdminUserBodySchema.safeParse(bodyOf(req));
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const b = { ...parsed.data, phone: storedPhone(parsed.data.phone) };
    const { session } = res.locals;
    type Outcome = { fields: Record<string, string[]> } | { record: AdminUser };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const { fields, roleKind } = await userProblems(b, null);
      if (Object.keys(fields).length > 0 || !roleKind) return { fields };
      const id = await nextId(db, "users");
      const at = now();
      const flags = {
        sunfireAccess: b.sunfireAccess,
        loa: b.loa,
        skipOnboardingWithContracts: b.skipOnboardingWithContracts,
      };
      await db.client.batch(
        [
          {
            sql: `INSERT INTO users (id, email, password_hash, status, upline_user_id, role, role_id, first_name,
                    last_name, npn_id, npn_number, npn_current_max_level, phone, sms_consent, flags, created_at, updated_at)
                  VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, NULL, ?, NULL, ?, NULL, ?, ?, ?)`,
            args: [
              id,
              b.email,
              NO_PASSWORD_HASH,
              b.agencyId,
              roleKind,
              b.roleId,
              b.firstName,
              b.lastName,
              b.npnNumber,
              b.phone,
              JSON.stringify(flags),
              at,
              at,
            ],
          },
          audit(session, {
            resource: "users",
            recordId: id,
            action: "created",
            changes: changesOf({}, { ...b, status: "pending" }, USER_FIELDS),
            at,
          }),
        ],
        "write",
      );
      return { record: (await findUser(db, id))! };
    });
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    const { record } = outcome;
    // The activation e-mail as POST /api/account/activation_request sends it, after the answer.
    after.run("activation e-mail", async () =>
      sendAccountLink(
        { db, mailer, logger },
        { userId: record.id, email: record.email, firstName: record.firstName },
        "activate",
      ),
    );
    logger.info({ userId: record.id, adminId: session.user.userId }, "admin created a user");
    res.status(201).json({ record });
  });

  app.patch("/api/admin/users/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, "user");
    if (id == null) return;
    const parsed = AdminUserPatchSchema.safeParse(bodyOf(req));
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const patch =
      parsed.data.phone === undefined ? parsed.data : { ...parsed.data, phone: storedPhone(parsed.data.phone) };
    const { session } = res.locals;
    type Outcome = { missing: true } | { fields: Record<string, string[]> } | { record: AdminUser };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const before = await findUser(db, id);
      if (!before) return { missing: true };
      const { fields, roleKind } = await userProblems(patch, id);
      const own = id === session.user.userId;
      if (patch.status === "active" && before.status !== "active" && before.status !== "disabled")
        (fields.status ??= []).push(NOT_YET_ACTIVATED);
      if (patch.status === "disabled" && own) (fields.status ??= []).push(OWN_ACCOUNT_DISABLED);
      if (own && roleKind != null && roleKind !== "Admin") (fields.roleId ??= []).push(OWN_ROLE_NOT_ADMIN);
      if (Object.keys(fields).length > 0) return { fields };

      const beforeView = userAuditView(before);
      const afterView = { ...beforeView, ...patch };
      const changes = changesOf(beforeView, afterView, USER_FIELDS);
      if (changes.length === 0) return { record: before };
      const stored = await db.client.execute({ sql: "SELECT flags FROM users WHERE id = ?", args: [id] });
      // The flags JSON keeps its other keys (onboarding state …).
      const flags = flagsOf(stored.rows[0]?.flags);
      for (const key of USER_FLAG_KEYS) if (patch[key] !== undefined) flags[key] = patch[key];
      const at = now();
      const statements: InStatement[] = [
        {
          sql: `UPDATE users SET email = ?, first_name = ?, last_name = ?, phone = ?, npn_number = ?, status = ?,
                  role_id = ?, role = (SELECT kind FROM roles WHERE id = ?), upline_user_id = ?, flags = ?, updated_at = ?
                WHERE id = ?`,
          args: [
            String(afterView.email),
            String(afterView.firstName),
            String(afterView.lastName),
            afterView.phone as string | null,
            afterView.npnNumber as string | null,
            String(afterView.status),
            Number(afterView.roleId),
            Number(afterView.roleId),
            afterView.agencyId as number | null,
            JSON.stringify(flags),
            at,
            id,
          ],
        },
      ];
      // Disabled: every session of the user ends with the change.
      if (patch.status === "disabled" && before.status !== "disabled")
        statements.push(ReferenceDb.endSessionsStatement(id));
      const action =
        patch.status === "disabled" && before.status !== "disabled"
          ? "disabled"
          : patch.status === "active" && before.status === "disabled"
            ? "enabled"
            : "updated";
      statements.push(audit(session, { resource: "users", recordId: id, action, changes, at }));
      await db.client.batch(statements, "write");
      return { record: (await findUser(db, id))! };
    });
    if ("missing" in outcome) return fail(res, 404, notFound("user", String(id)));
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ userId: id, adminId: session.user.userId }, "admin updated a user");
    res.json({ record: outcome.record });
  });

  app.post("/api/admin/users/:id/password_reset", async (req, res: AdminResponse) => {
    const id = idParam(req, res, "user");
    if (id == null) return;
    const { session } = res.locals;
    type Outcome = { missing: true } | { disabled: true } | { sent: "reset" | "activation"; user: AdminUser };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const user = await findUser(db, id);
      if (!user) return { missing: true };
      if (user.status === "disabled") return { disabled: true };
      const sent = user.status === "pending" ? "activation" : "reset";
      await db.client.batch(
        [
          audit(session, {
            resource: "users",
            recordId: id,
            action: "password_reset_sent",
            note: sent === "activation" ? "A new activation link was e-mailed." : "A password reset link was e-mailed.",
          }),
        ],
        "write",
      );
      return { sent, user };
    });
    if ("missing" in outcome) return fail(res, 404, notFound("user", String(id)));
    if ("disabled" in outcome) return fail(res, 422, DISABLED_NO_PASSWORD_EMAIL);
    const { user, sent } = outcome;
    after.run(`${sent} e-mail`, async () =>
      sendAccountLink(
        { db, mailer, logger },
        { userId: user.id, email: user.email, firstName: user.firstName },
        sent === "activation" ? "activate" : "reset",
      ),
    );
    logger.info({ userId: id, adminId: session.user.userId, sent }, "admin sent a password e-mail");
    const body: z.infer<typeof AdminPasswordResetResponseSchema> = { sent };
    res.status(202).json(body);
  });

  /* ---- RTS statuses ---- */

  const rtsSql = (where: string[], args: InValue[], q: TableQuery<keyof typeof RTS_SORTS>) => ({
    count: `SELECT COUNT(*) AS n FROM ${RTS_FROM} ${whereSql(where)}`,
    rows: `SELECT * FROM ${RTS_FROM} ${whereSql(where)} ORDER BY ${orderBy(q, RTS_SORTS, "s.id")}`,
    args,
  });

  app.get("/api/admin/rts_statuses", async (req, res) => {
    const parsed = readQuery(req, res, rtsQuery);
    if (!parsed) return;
    const { q, where, args } = parsed;
    const sql = rtsSql(where, args, q);
    const counted = await db.client.execute({ sql: sql.count, args });
    const meta = pagingMeta(q, Number(counted.rows[0]?.n ?? 0));
    const [{ rows }, carriers] = await Promise.all([
      page(sql, meta.perPage, (meta.currentPage - 1) * meta.perPage),
      db.client.execute("SELECT id, name FROM carriers ORDER BY name COLLATE NOCASE, id"),
    ]);
    const body: z.infer<typeof AdminRtsStatusesResponseSchema> = {
      records: rows.map((r) => rtsFromRow(r)),
      meta,
      facets: {
        // The carriers alone: "every carrier" is the empty value (the list unfiltered; a form's null carrier).
        carrierId: carriers.rows.map((r) => ({ value: String(Number(r.id)), label: text(r.name) })),
      },
    };
    res.json(body);
  });

  app.get("/api/admin/rts_statuses/export", async (req, res) => {
    const parsed = readQuery(req, res, rtsQuery);
    if (!parsed) return;
    const sql = rtsSql(parsed.where, parsed.args, parsed.q);
    await streamCsv(
      res,
      db,
      "rts_statuses.csv",
      ["Id", "Code", "Title", "Display status", "Tone", "Description", "Carrier", "Downline contracts", "Updated"],
      { sql: sql.rows, args: sql.args },
      (row) => {
        const s = rtsFromRow(row);
        return [
          s.id,
          s.statusCode,
          s.statusTitle,
          s.displayStatus,
          s.tone,
          s.description,
          s.carrier?.name ?? "Every carrier",
          s.usageCount,
          s.updatedAt,
        ];
      },
    );
  });

  app.get("/api/admin/rts_statuses/:id", async (req, res) => {
    const id = idParam(req, res, "RTS status");
    if (id == null) return;
    const record = await findRts(db, id);
    if (!record) return fail(res, 404, notFound("RTS status", String(id)));
    const body: z.infer<typeof AdminRtsStatusResponseSchema> = {
      record,
      history: await historyOf(db, "rts_statuses", id),
    };
    res.json(body);
  });

  /** The problems of a status's carrier and code (`exceptId`: the status being changed). */
  const rtsProblems = async (v: { statusCode: string; carrierId: number | null }, exceptId: number | null) => {
    const fields: Record<string, string[]> = {};
    if (v.carrierId != null) {
      const carrier = await db.client.execute({ sql: "SELECT 1 FROM carriers WHERE id = ?", args: [v.carrierId] });
      if (carrier.rows.length === 0) fields.carrierId = [UNKNOWN_CARRIER];
    }
    const taken = await db.client.execute({
      sql: "SELECT 1 FROM rts_statuses WHERE COALESCE(carrier_id, 0) = ? AND status_code = ? AND id IS NOT ?",
      args: [v.carrierId ?? 0, v.statusCode, exceptId],
    });
    if (taken.rows.length > 0) fields.statusCode = [RTS_CODE_TAKEN];
    return fields;
  };

  app.post("/api/admin/rts_statuses", async (req, res: AdminResponse) => {
    const parsed = AdminRtsStatusBodySchema.safeParse(bodyOf(req));
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const b = parsed.data;
    type Outcome = { fields: Record<string, string[]> } | { record: AdminRtsStatus };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const fields = await rtsProblems(b, null);
      if (Object.keys(fields).length > 0) return { fields };
      const id = await nextId(db, "rts_statuses");
      const at = now();
      await db.client.batch(
        [
          {
            sql: `INSERT INTO rts_statuses (id, status_code, status_title, display_status, tone, description, carrier_id,
                    updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            args: [id, b.statusCode, b.statusTitle, b.displayStatus, b.tone, b.description, b.carrierId, at],
          },
          audit(res.locals.session, {
            resource: "rts_statuses",
            recordId: id,
            action: "created",
            changes: changesOf({}, b, RTS_FIELDS),
            at,
          }),
        ],
        "write",
      );
      return { record: (await findRts(db, id))! };
    });
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ rtsStatusId: outcome.record.id }, "admin created an RTS status");
    res.status(201).json({ record: outcome.record });
  });

  app.patch("/api/admin/rts_statuses/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, "RTS status");
    if (id == null) return;
    const parsed = AdminRtsStatusBodySchema.partial().safeParse(bodyOf(req));
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const patch = parsed.data;
    type Outcome = { missing: true } | { fields: Record<string, string[]> } | { record: AdminRtsStatus };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const before = await findRts(db, id);
      if (!before) return { missing: true };
      const beforeView = rtsAuditView(before);
      const after = { ...beforeView, ...patch } as {
        statusCode: string;
        statusTitle: string;
        displayStatus: string;
        tone: string;
        description: string;
        carrierId: number | null;
      };
      const changes = changesOf(beforeView, after, RTS_FIELDS);
      if (changes.length === 0) return { record: before };
      const fields = await rtsProblems(after, id);
      // A contract shows a status of its own carrier (or of any carrier).
      if (before.usageCount > 0 && after.carrierId !== beforeView.carrierId && after.carrierId !== null)
        (fields.carrierId ??= []).push(rtsCarrierInUse(before.usageCount));
      if (Object.keys(fields).length > 0) return { fields };
      const at = now();
      await db.client.batch(
        [
          {
            sql: `UPDATE rts_statuses SET status_code = ?, status_title = ?, display_status = ?, tone = ?,
                    description = ?, carrier_id = ?, updated_at = ? WHERE id = ?`,
            args: [
              after.statusCode,
              after.statusTitle,
              after.displayStatus,
              after.tone,
              after.description,
              after.carrierId,
              at,
              id,
            ],
          },
          audit(res.locals.session, { resource: "rts_statuses", recordId: id, action: "updated", changes, at }),
        ],
        "write",
      );
      return { record: (await findRts(db, id))! };
    });
    if ("missing" in outcome) return fail(res, 404, notFound("RTS status", String(id)));
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ rtsStatusId: id }, "admin updated an RTS status");
    res.json({ record: outcome.record });
  });

  app.delete("/api/admin/rts_statuses/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, "RTS status");
    if (id == null) return;
    type Outcome = { missing: true } | { conflict: string } | { deleted: true };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const before = await findRts(db, id);
      if (!before) return { missing: true };
      if (before.usageCount > 0) return { conflict: rtsStatusInUse(before.usageCount) };
      const view = rtsAuditView(before);
      await db.client.batch(
        [
          { sql: "DELETE FROM rts_statuses WHERE id = ?", args: [id] },
          audit(res.locals.session, {
            resource: "rts_statuses",
            recordId: id,
            action: "deleted",
            changes: changesOf(view, emptied(view)),
          }),
        ],
        "write",
      );
      return { deleted: true };
    });
    if ("missing" in outcome) return fail(res, 404, notFound("RTS status", String(id)));
    if ("conflict" in outcome) return fail(res, 409, outcome.conflict);
    logger.info({ rtsStatusId: id }, "admin deleted an RTS status");
    res.status(204).end();
  });
}
