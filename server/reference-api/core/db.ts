/**
 * The reference API's embedded SQLite database (@libsql/client over a `file:` URL): opening it (the tables of
 * schema.ts), filling it with the seed (what seed/seed.ts composes, passed in by index.ts), resetting it (all of it, or one user's data),
 * one-at-a-time writes, and the users and sessions. Each resource's queries live with it: profile-queries.ts,
 * contracting-queries.ts, idempotency.ts, and in onboarding.ts, book-of-business.ts, invitations.ts,
 * downlines.ts, conversations/store.ts and commissions.ts.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createClient, type Client, type InStatement, type InValue, type Row } from "@libsql/client";
import type { SessionUser, Role, UserFlags } from "../../../app/domain/user.ts";
import { todayIso } from "./today.ts";
import { expiryStatements } from "../profile/document-expiry.ts";
import { SCHEMA_SQL } from "./schema.ts";
import { seedDates, type SeedDates } from "../seed/seed-dates.ts";

/**
 * The seed's statements as of `dates` (seed/seed.ts's seedStatements): given to open() rather than imported, so
 * the database module does not depend on the areas' seeds (nor they, through the mailer and tokens, on it).
 */
export type SeedStatements = (dates: SeedDates) => Promise<InStatement[]>;

/** The tables and indexes (schema.ts: compiled into the server build, no file to find at run time). */
const SCHEMA = sqlStatements(SCHEMA_SQL);

/** The statements of an SQL script: `--` comments dropped, split at each ";" (no string literal holds either). */
export function sqlStatements(script: string): string[] {
  return script
    .replace(/--[^\n]*/g, "")
    .split(";")
    .map((statement) => statement.trim())
    .filter((statement) => statement !== "");
}

/** Tables holding one user's data, and the column naming the user (order: parents before children). */
const USER_TABLES: ReadonlyArray<readonly [string, string]> = [
  ["carrier_certifications", "user_id"],
  ["system_notification_dismissals", "user_id"],
  ["contract_request_events", "user_id"],
  ["account_tokens", "user_id"],
  ["submitted_enrollments", "user_id"],
  ["reward_payouts", "user_id"],
  ["compliance_documents", "user_id"],
  ["license_details", "user_id"],
  ["profile_details", "user_id"],
  ["conversation_notes", "owner_user_id"],
  ["conversation_messages", "owner_user_id"],
  ["conversations", "user_id"],
  ["carrier_users", "user_id"],
  ["downline_policies", "owner_user_id"],
  ["downline_contracts", "owner_user_id"],
  ["downline_nodes", "owner_user_id"],
  ["replaced_invitation_tokens", "user_id"],
  ["downline_invitations", "user_id"],
  ["exports", "user_id"],
  ["policies", "user_id"],
  ["idempotency_keys", "user_id"],
  ["onboarding_documents", "user_id"],
  ["onboarding_steps", "user_id"],
  ["legal_answers", "user_id"],
  ["files", "user_id"],
  ["contracting_entries", "user_id"],
  ["licenses", "user_id"],
  ["document_notifications", "user_id"],
  ["nipr_holds", "user_id"],
  ["nipr_alerts", "user_id"],
  ["nipr_tracked", "user_id"],
  ["users", "id"],
];

/** Tables reset() restores to the seed, children first. */
const DATA_TABLES = [
  "carrier_certifications", // ready to sell (issue 25 §1)
  "carrier_export_runs", // carrier exports (issue 24 §2)
  "carrier_export_schedules",
  "carrier_export_events",
  "carrier_notifications",
  "carrier_enrollments",
  "nipr_syncs",
  "nipr_holds",
  "nipr_alerts",
  "nipr_tracked",
  "nipr_config",
  "system_notification_dismissals",
  "quote_tool_providers",
  "email_log",
  "email_messages",
  "email_templates",
  "admin_notes",
  "admin_audit",
  "contract_request_events",
  "outbox",
  "npn_registry",
  "account_tokens",
  "learning_attachments",
  "learning_resources",
  "submitted_enrollments",
  "reward_payouts",
  "compliance_documents",
  "license_details",
  "profile_details",
  "conversation_notes",
  "conversation_messages",
  "conversations",
  "payout_entries",
  // Sunfire imports (issue 24 §5).
  "sunfire_import_rows",
  "sunfire_imports",
  "sunfire_clients",
  "sunfire_plans",
  // Carrier imports (issue 24 §1).
  "carrier_appointments",
  "carrier_import_rows",
  "carrier_imports",
  "carrier_import_mappings",
  "statement_import_rows",
  "statement_imports",
  "commission_splits",
  "statement_lines",
  "statement_mappings",
  "commission_statements",
  // The carriers' commission schedule (issue 25 §3).
  "commission_schedules",
  "carrier_users",
  "downline_policies",
  "downline_contracts",
  "downline_nodes",
  "replaced_invitation_tokens",
  "downline_invitations",
  "exports",
  "policies",
  "idempotency_keys",
  "onboarding_documents",
  "onboarding_steps",
  "legal_answers",
  "files",
  "product_legal_questions",
  "legal_questions",
  "contracting_entries",
  "carrier_resources",
  "carrier_products",
  "carriers",
  "products",
  "licenses",
  "document_notifications",
  "system_notifications",
  "users",
  "rts_statuses",
  "roles",
] as const;

/** Tables of earlier versions that no longer exist: dropped with the data tables of an outdated file. */
const RETIRED_TABLES = [
  "ticket_messages",
  "tickets",
  "feedback_messages",
  "feedback_conversations",
  "commission_lines",
] as const;

/**
 * Bumped whenever the seed gains tables or rows (or its dates change meaning) or a data table's columns
 * change: a db file seeded by an older version (PRAGMA user_version lower than this) has its data tables
 * dropped and created again as schema.ts has them, and is reset to the seed on open (sessions kept).
 */
const SEED_VERSION = 42;

function bool(value: unknown): boolean {
  return value === true;
}

/**
 * A users row with its role's flags (userFromRow reads them): `SELECT ${USER_COLUMNS} FROM users u ${USER_ROLE_JOIN}`.
 */
export const USER_COLUMNS = `u.*, r.has_onboarding_process AS r_has_onboarding_process,
  r.has_show_ach_info AS r_has_show_ach_info, r.has_optout_process AS r_has_optout_process,
  r.requires_ssn_or_tin AS r_requires_ssn_or_tin`;
export const USER_ROLE_JOIN = "LEFT JOIN roles r ON r.id = u.role_id";

export function userFromRow(row: Row, returnToUserId: number | null): SessionUser {
  const f = JSON.parse(String(row.flags)) as Partial<UserFlags>;
  return {
    userId: Number(row.id),
    role: String(row.role) as Role,
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    email: String(row.email),
    loa: bool(f.loa),
    npnCurrentMaxLevel: row.npn_current_max_level == null ? null : String(row.npn_current_max_level),
    npnId: row.npn_id == null ? null : Number(row.npn_id),
    npnNumber: row.npn_number == null ? null : String(row.npn_number),
    sunfireAccess: bool(f.sunfireAccess),
    existingActiveContracts: bool(f.existingActiveContracts),
    existingExpiredContracts: bool(f.existingExpiredContracts),
    onboardingComplete: bool(f.onboardingComplete),
    onboardingInProgress: bool(f.onboardingInProgress),
    onboardingPresent: bool(f.onboardingPresent),
    onboardingActivated: bool(f.onboardingActivated),
    hierarchyPresent: bool(f.hierarchyPresent),
    skipOnboardingWithContracts: bool(f.skipOnboardingWithContracts),
    // The role flags are the role's (roles, issue 14): every user of the role gets what it says.
    roleHasOnboardingProcess: Number(row.r_has_onboarding_process) === 1,
    roleHasShowAchInfo: Number(row.r_has_show_ach_info) === 1,
    roleHasOptoutProcess: Number(row.r_has_optout_process) === 1,
    roleRequiresSsnOrTin: Number(row.r_requires_ssn_or_tin) === 1,
    returnToUserId,
  };
}

export type AccountStatus = "active" | "unverified" | "pending" | "disabled";

export interface UserRecord {
  user: SessionUser;
  passwordHash: string;
  /** unverified: registered, the e-mail address not verified yet; pending: created, no password chosen yet. */
  status: AccountStatus;
}

export interface SessionRecord {
  token: string;
  user: SessionUser;
  returnToUserId: number | null;
}

export class ReferenceDb {
  private constructor(
    readonly client: Client,
    private readonly seedDay: string | undefined,
    private readonly seedStatements: SeedStatements,
  ) {}

  /**
   * Opens (creating the parent directory and the file if missing), creates the schema, seeds an empty db.
   * The seed's dates are relative to `seedDay` (YYYY-MM-DD), by default the day each (re)seed runs; its
   * statements are `seedStatements`'s.
   */
  static async open(dbPath: string, seedDay: string | undefined, seedStatements: SeedStatements): Promise<ReferenceDb> {
    const absolute = resolve(dbPath);
    mkdirSync(dirname(absolute), { recursive: true });
    const client = createClient({ url: pathToFileURL(absolute).href });
    const db = new ReferenceDb(client, seedDay === undefined ? undefined : seedDates(seedDay).day, seedStatements);
    try {
      await client.execute("PRAGMA journal_mode = WAL");
      await client.execute("PRAGMA busy_timeout = 5000");
      const version = Number((await client.execute("PRAGMA user_version")).rows[0]![0]);
      // Seeded by an older version: its data tables are about to be emptied by the reset anyway; dropping them
      // first lets the schema create them with today's columns (CREATE TABLE IF NOT EXISTS alters nothing).
      const outdated = version < SEED_VERSION;
      await client.batch(
        [...(outdated ? [...RETIRED_TABLES, ...DATA_TABLES].map((t) => `DROP TABLE IF EXISTS ${t}`) : []), ...SCHEMA],
        "write",
      );
      const count = await client.execute("SELECT COUNT(*) AS n FROM users");
      if (Number(count.rows[0]!.n) === 0 || outdated) await db.reset();
    } catch (error) {
      client.close();
      throw error;
    }
    return db;
  }

  /**
   * Runs `fn` after every earlier exclusive() call has finished. The libsql driver is synchronous, so
   * an interactive transaction left open across an await would block other requests; read-check-write
   * sequences (contract requests, legal answers) instead run one at a time here and write with one batch.
   */
  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => fn());
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
  private queue: Promise<void> = Promise.resolve();

  /**
   * Gives each document past its expiry its broker's document notification (document-expiry.ts), at most once
   * a day: the day it last ran is remembered, and forgotten when a reset brings the seed back.
   */
  async sweepExpiredDocuments(today = todayIso()): Promise<void> {
    if (this.expirySweptOn === today) return;
    await this.exclusive(async () => {
      if (this.expirySweptOn === today) return;
      const statements = await expiryStatements(this.client, today);
      if (statements.length > 0) await this.client.batch(statements, "write");
      this.expirySweptOn = today;
    });
  }
  private expirySweptOn: string | null = null;

  /** The seed as of the pinned seed day, or today. */
  private async seed() {
    return this.seedStatements(seedDates(this.seedDay));
  }

  /**
   * Restores one user's data (their row, licenses, notices, contract entries, legal answers, files,
   * idempotency keys, onboarding steps and documents, policies, exports, downline invitations, conversations (tickets and feedback) and their messages and notes, the carrier mapping, account tokens and the e-mails to their address and, for an agency, its downline) to the seed, leaving everyone else's alone: tests running side by side reset only
   * the account they change. Returns false for an unknown e-mail.
   */
  async resetUser(email: string): Promise<boolean> {
    const seed = createClient({ url: ":memory:" });
    try {
      await seed.batch([...SCHEMA, ...(await this.seed())], "write");
      const found = await seed.execute({ sql: "SELECT id FROM users WHERE email = ? COLLATE NOCASE", args: [email] });
      const userId = found.rows[0]?.id;
      if (userId === undefined || userId === null) return false;
      const statements: InStatement[] = [];
      const copy = async (table: string, column: string) => {
        statements.push({ sql: `DELETE FROM ${table} WHERE ${column} = ?`, args: [userId] });
        const rows = await seed.execute({ sql: `SELECT * FROM ${table} WHERE ${column} = ?`, args: [userId] });
        for (const row of rows.rows) {
          const columns = rows.columns;
          statements.push({
            sql: `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
            args: columns.map((c) => row[c] as InValue),
          });
        }
      };
      // Children first when deleting; files before legal answers when inserting.
      for (const [table, column] of USER_TABLES) await copy(table, column);
      // The e-mails to the account's address (pending@'s activation e-mail carries the restored token).
      const address = String(
        (await seed.execute({ sql: "SELECT email FROM users WHERE id = ?", args: [userId] })).rows[0]!.email,
      );
      statements.push({ sql: "DELETE FROM outbox WHERE to_address = ? COLLATE NOCASE", args: [address] });
      const mails = await seed.execute({
        sql: "SELECT * FROM outbox WHERE to_address = ? COLLATE NOCASE",
        args: [address],
      });
      for (const row of mails.rows) {
        statements.push({
          sql: `INSERT INTO outbox (${mails.columns.join(", ")}) VALUES (${mails.columns.map(() => "?").join(", ")})`,
          args: mails.columns.map((c) => row[c] as InValue),
        });
      }
      await this.exclusive(async () => this.client.batch(statements, "write").then(() => undefined));
      this.expirySweptOn = null;
      return true;
    } finally {
      seed.close();
    }
  }

  /**
   * Restores every data table to the seed in one transaction; the sessions table is kept, but for accounts
   * the seed does not have (a registration's), which are gone.
   */
  async reset(): Promise<void> {
    const statements = await this.seed();
    await this.exclusive(async () => {
      await this.client.batch(
        [
          ...DATA_TABLES.map((t) => `DELETE FROM ${t}`),
          ...statements,
          "DELETE FROM sessions WHERE user_id NOT IN (SELECT id FROM users)",
          `PRAGMA user_version = ${SEED_VERSION}`,
        ],
        "write",
      );
      this.expirySweptOn = null;
    });
  }

  close(): void {
    this.client.close();
  }

  async findUserByEmail(email: string): Promise<UserRecord | null> {
    const result = await this.client.execute({
      sql: `SELECT ${USER_COLUMNS} FROM users u ${USER_ROLE_JOIN} WHERE u.email = ? COLLATE NOCASE`,
      args: [email.trim()],
    });
    const row = result.rows[0];
    return row
      ? {
          user: userFromRow(row, null),
          passwordHash: String(row.password_hash),
          status: String(row.status) as AccountStatus,
        }
      : null;
  }

  async findUser(id: number, returnToUserId: number | null = null): Promise<SessionUser | null> {
    const result = await this.client.execute({
      sql: `SELECT ${USER_COLUMNS} FROM users u ${USER_ROLE_JOIN} WHERE u.id = ?`,
      args: [id],
    });
    const row = result.rows[0];
    return row ? userFromRow(row, returnToUserId) : null;
  }

  /** A new session: 32 random bytes, hex. */
  async createSession(userId: number, returnToUserId: number | null = null): Promise<string> {
    const token = randomBytes(32).toString("hex");
    await this.client.execute({
      sql: "INSERT INTO sessions (token, user_id, return_to_user_id, created_at) VALUES (?, ?, ?, ?)",
      args: [token, userId, returnToUserId, new Date().toISOString()],
    });
    return token;
  }

  /** The session for a token, with its user; null when the token or its user is unknown. */
  async findSession(token: string): Promise<SessionRecord | null> {
    const result = await this.client.execute({
      sql: `SELECT s.token AS session_token, s.return_to_user_id AS session_return_to, ${USER_COLUMNS}
            FROM sessions s JOIN users u ON u.id = s.user_id ${USER_ROLE_JOIN} WHERE s.token = ?`,
      args: [token],
    });
    const row = result.rows[0];
    if (!row) return null;
    const returnToUserId = row.session_return_to == null ? null : Number(row.session_return_to);
    return { token, user: userFromRow(row, returnToUserId), returnToUserId };
  }

  async deleteSession(token: string): Promise<void> {
    await this.client.execute({ sql: "DELETE FROM sessions WHERE token = ?", args: [token] });
  }

  /**
   * The statement that ends every session of a user (and every session an administrator started as another
   * user from theirs), but `keep` (the caller's own).
   */
  static endSessionsStatement(userId: number, keep: string | null = null): InStatement {
    return {
      sql: "DELETE FROM sessions WHERE (user_id = ? OR return_to_user_id = ?) AND token IS NOT ?",
      args: [userId, userId, keep],
    };
  }
}
