/**
 * The reference API's embedded SQLite database (@libsql/client over a `file:` URL): schema, seed,
 * reset, and the queries the routes need.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { createClient, type Client, type InStatement, type Row } from "@libsql/client";
import type { SessionUser, Role } from "../../app/domain/user.ts";
import type { DocumentNotification, License, Profile, SystemNotification } from "../../app/.server/upstream/schemas.ts";
import {
  DEMO_PASSWORD,
  SEED_DOCUMENT_NOTIFICATIONS,
  SEED_SYSTEM_NOTIFICATIONS,
  SEED_USERS,
  type UserFlags,
} from "./seed.ts";

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 32;

/** `scrypt$<salt hex>$<hash hex>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString("hex")}$${hash.toString("hex")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, hashHex] = stored.split("$");
  if (scheme !== "scrypt" || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, "hex");
  const actual = await scrypt(password, Buffer.from(saltHex, "hex"), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * The seed users' password hashes (each with its own salt), computed once per process: scrypt is
 * deliberately slow and reset() re-inserts every user.
 */
let seedHashes: Promise<Map<number, string>> | undefined;
function seedPasswordHashes(): Promise<Map<number, string>> {
  seedHashes ??= Promise.all(SEED_USERS.map(async (u) => [u.id, await hashPassword(DEMO_PASSWORD)] as const)).then(
    (entries) => new Map(entries),
  );
  return seedHashes;
}

const SCHEMA: string[] = [
  `CREATE TABLE IF NOT EXISTS users (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('Agent', 'Agency', 'Admin', 'Carrier')),
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    npn_id INTEGER,
    npn_number TEXT,
    npn_current_max_level TEXT,
    phone TEXT,
    sms_consent INTEGER,            -- NULL = not answered, 0 = declined, 1 = consented
    unread_messages INTEGER NOT NULL DEFAULT 0,
    unresponded_messages INTEGER NOT NULL DEFAULT 0,
    flags TEXT NOT NULL DEFAULT '{}' -- JSON: the boolean flags of the session user (seed.ts UserFlags)
  )`,
  `CREATE TABLE IF NOT EXISTS licenses (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    state TEXT NOT NULL,
    license_number TEXT NOT NULL,
    license_type TEXT NOT NULL,
    status TEXT NOT NULL,
    expires_on TEXT
  )`,
  `CREATE INDEX IF NOT EXISTS licenses_user ON licenses (user_id)`,
  `CREATE TABLE IF NOT EXISTS system_notifications (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    message TEXT NOT NULL,
    severity TEXT NOT NULL CHECK (severity IN ('info', 'warning', 'critical')),
    published_at TEXT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS document_notifications (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    document_name TEXT NOT NULL,
    message TEXT NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS document_notifications_user ON document_notifications (user_id)`,
  // Sessions are not a data table: reset() keeps them, so signed-in sessions survive a reset.
  // No foreign keys on purpose (the users they point at are deleted and re-inserted by reset()).
  `CREATE TABLE IF NOT EXISTS sessions (
    token TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL,
    return_to_user_id INTEGER,
    created_at TEXT NOT NULL
  )`,
];

/** Tables reset() restores to the seed, children first. */
const DATA_TABLES = ["licenses", "document_notifications", "system_notifications", "users"] as const;

async function seedStatements(): Promise<InStatement[]> {
  const hashes = await seedPasswordHashes();
  const statements: InStatement[] = [];
  let licenseId = 0;
  for (const u of SEED_USERS) {
    statements.push({
      sql: `INSERT INTO users (id, email, password_hash, role, first_name, last_name, npn_id, npn_number,
              npn_current_max_level, phone, sms_consent, unread_messages, unresponded_messages, flags)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        u.id,
        u.email,
        hashes.get(u.id)!,
        u.role,
        u.firstName,
        u.lastName,
        u.npnId,
        u.npnNumber,
        u.npnCurrentMaxLevel,
        u.phone,
        u.smsConsent === null ? null : u.smsConsent ? 1 : 0,
        u.unreadMessages,
        u.unrespondedMessages,
        JSON.stringify(u.flags),
      ],
    });
    for (const l of u.licenses) {
      statements.push({
        sql: `INSERT INTO licenses (id, user_id, state, license_number, license_type, status, expires_on)
              VALUES (?, ?, ?, ?, ?, ?, ?)`,
        args: [++licenseId, u.id, l.state, l.licenseNumber, l.licenseType, l.status, l.expiresOn],
      });
    }
  }
  for (const n of SEED_SYSTEM_NOTIFICATIONS) {
    statements.push({
      sql: `INSERT INTO system_notifications (id, title, message, severity, published_at) VALUES (?, ?, ?, ?, ?)`,
      args: [n.id, n.title, n.message, n.severity, n.publishedAt],
    });
  }
  for (const d of SEED_DOCUMENT_NOTIFICATIONS) {
    statements.push({
      sql: `INSERT INTO document_notifications (id, user_id, document_name, message) VALUES (?, ?, ?, ?)`,
      args: [d.id, d.userId, d.documentName, d.message],
    });
  }
  return statements;
}

function bool(value: unknown): boolean {
  return value === true;
}

function userFromRow(row: Row, returnToUserId: number | null): SessionUser {
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
    roleHasOnboardingProcess: bool(f.roleHasOnboardingProcess),
    roleHasShowAchInfo: bool(f.roleHasShowAchInfo),
    roleHasOptoutProcess: bool(f.roleHasOptoutProcess),
    roleRequiresSsnOrTin: bool(f.roleRequiresSsnOrTin),
    returnToUserId,
  };
}

export interface UserRecord {
  user: SessionUser;
  passwordHash: string;
}

export interface SessionRecord {
  token: string;
  user: SessionUser;
  returnToUserId: number | null;
}

export class ReferenceDb {
  private constructor(readonly client: Client) {}

  /** Opens (creating the parent directory and the file if missing), creates the schema, seeds an empty db. */
  static async open(dbPath: string): Promise<ReferenceDb> {
    const absolute = resolve(dbPath);
    mkdirSync(dirname(absolute), { recursive: true });
    const client = createClient({ url: pathToFileURL(absolute).href });
    const db = new ReferenceDb(client);
    try {
      await client.execute("PRAGMA journal_mode = WAL");
      await client.execute("PRAGMA busy_timeout = 5000");
      await client.batch(SCHEMA, "write");
      const count = await client.execute("SELECT COUNT(*) AS n FROM users");
      if (Number(count.rows[0]!.n) === 0) await db.reset();
    } catch (error) {
      client.close();
      throw error;
    }
    return db;
  }

  /** Restores every data table to the seed in one transaction; the sessions table is kept. */
  async reset(): Promise<void> {
    const statements = await seedStatements();
    await this.client.batch([...DATA_TABLES.map((t) => `DELETE FROM ${t}`), ...statements], "write");
  }

  close(): void {
    this.client.close();
  }

  async findUserByEmail(email: string): Promise<UserRecord | null> {
    const result = await this.client.execute({
      sql: "SELECT * FROM users WHERE email = ? COLLATE NOCASE",
      args: [email.trim()],
    });
    const row = result.rows[0];
    return row ? { user: userFromRow(row, null), passwordHash: String(row.password_hash) } : null;
  }

  async findUser(id: number, returnToUserId: number | null = null): Promise<SessionUser | null> {
    const result = await this.client.execute({ sql: "SELECT * FROM users WHERE id = ?", args: [id] });
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
      sql: `SELECT s.token AS session_token, s.return_to_user_id AS session_return_to, u.*
            FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token = ?`,
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

  async profile(user: SessionUser): Promise<Profile> {
    const broker = user.role === "Agent" || user.role === "Agency";
    const [userResult, licenseResult] = await Promise.all([
      this.client.execute({ sql: "SELECT sms_consent, phone FROM users WHERE id = ?", args: [user.userId] }),
      broker
        ? this.client.execute({
            sql: "SELECT * FROM licenses WHERE user_id = ? ORDER BY id",
            args: [user.userId],
          })
        : Promise.resolve(null),
    ]);
    const row = userResult.rows[0];
    const licenses: License[] = (licenseResult?.rows ?? []).map((l) => ({
      id: Number(l.id),
      state: String(l.state),
      licenseNumber: String(l.license_number),
      licenseType: String(l.license_type),
      status: String(l.status),
      expiresOn: l.expires_on == null ? null : String(l.expires_on),
    }));
    return {
      licenses,
      smsConsent: row?.sms_consent == null ? null : Number(row.sms_consent) === 1,
      phone: row?.phone == null ? null : String(row.phone),
    };
  }

  async setSmsConsent(userId: number, consent: boolean): Promise<void> {
    await this.client.execute({ sql: "UPDATE users SET sms_consent = ? WHERE id = ?", args: [consent ? 1 : 0, userId] });
  }

  async systemNotifications(): Promise<SystemNotification[]> {
    const result = await this.client.execute("SELECT * FROM system_notifications ORDER BY published_at DESC, id");
    return result.rows.map((r) => ({
      id: Number(r.id),
      title: String(r.title),
      message: String(r.message),
      severity: String(r.severity) as SystemNotification["severity"],
      publishedAt: String(r.published_at),
    }));
  }

  async documentNotifications(userId: number): Promise<DocumentNotification[]> {
    const result = await this.client.execute({
      sql: "SELECT * FROM document_notifications WHERE user_id = ? ORDER BY id",
      args: [userId],
    });
    return result.rows.map((r) => ({ id: Number(r.id), documentName: String(r.document_name), message: String(r.message) }));
  }

  async messageCounts(userId: number): Promise<{ unread: number; unresponded: number }> {
    const result = await this.client.execute({
      sql: "SELECT unread_messages, unresponded_messages FROM users WHERE id = ?",
      args: [userId],
    });
    const row = result.rows[0];
    return { unread: Number(row?.unread_messages ?? 0), unresponded: Number(row?.unresponded_messages ?? 0) };
  }
}
