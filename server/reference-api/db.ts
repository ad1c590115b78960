/**
 * The reference API's embedded SQLite database (@libsql/client over a `file:` URL): schema, seed,
 * reset, and the queries the routes need (users and sessions, profile, notifications, contracting:
 * products, carriers, carrier resources, contracting entries, idempotency keys, legal questions and
 * answers, files), the onboarding tables (the queries of onboarding are in onboarding.ts) and the
 * book of business tables, policies and exports (queries in book-of-business.ts), and the downline
 * invitations (queries in invitations.ts) and the downline tree, contracts and policies (queries in
 * downlines.ts), and the tickets, their messages and the carrier users (queries in tickets.ts), and the commission lines
 * (queries in commissions.ts).
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { createClient, type Client, type InStatement, type InValue, type Row } from "@libsql/client";
import type { SessionUser, Role } from "../../app/domain/user.ts";
import type {
  CarrierResource,
  ContractingEntry,
  ContractingStatuses,
  LegalAnswer,
  LegalQuestion,
  Product,
  ProductCarrier,
} from "../../app/.server/upstream/schemas/contracting.ts";
import type {
  DocumentNotification,
  License,
  Profile,
  SystemNotification,
} from "../../app/.server/upstream/schemas/profile.ts";
import {
  type ContractStatus,
  DEMO_PASSWORD,
  SEED_CARRIER_PRODUCTS,
  SEED_CARRIERS,
  SEED_CONTRACTING_ENTRIES,
  SEED_DOWNLINE_CONTRACTS,
  SEED_DOWNLINE_NODES,
  SEED_DOWNLINE_POLICIES,
  SEED_DOCUMENT_NOTIFICATIONS,
  SEED_FILES,
  SEED_INVITATIONS,
  SEED_LEGAL_ANSWERS,
  SEED_LEGAL_QUESTIONS,
  SEED_ONBOARDING_DOCUMENTS,
  SEED_ONBOARDING_STEPS,
  SEED_POLICIES,
  SEED_PRODUCTS,
  SEED_SYSTEM_NOTIFICATIONS,
  SEED_TICKETS,
  SEED_CARRIER_USERS,
  SEED_COMMISSION_LINES,
  SEED_USERS,
  seedCarrierResource,
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
  `CREATE TABLE IF NOT EXISTS products (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    position INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS carriers (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL
  )`,
  // A carrier's offering of one product; its id is the carrierProductId of the contract.
  `CREATE TABLE IF NOT EXISTS carrier_products (
    id INTEGER PRIMARY KEY,
    carrier_id INTEGER NOT NULL,
    product_id INTEGER NOT NULL,
    UNIQUE (carrier_id, product_id)
  )`,
  `CREATE TABLE IF NOT EXISTS carrier_resources (
    id INTEGER PRIMARY KEY,
    carrier_product_id INTEGER NOT NULL UNIQUE,
    data TEXT NOT NULL               -- JSON: the CarrierResource fields (HTML strings or null)
  )`,
  `CREATE TABLE IF NOT EXISTS contracting_entries (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    carrier_product_id INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'denied', 'approved', 'active')),
    last_public_note TEXT,
    updated_at TEXT NOT NULL,
    UNIQUE (user_id, carrier_product_id)
  )`,
  // Answers of POST /api/profile/contracting_entries by Idempotency-Key (successful answers only).
  `CREATE TABLE IF NOT EXISTS idempotency_keys (
    user_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
  )`,
  `CREATE TABLE IF NOT EXISTS legal_questions (
    id INTEGER PRIMARY KEY,
    question_text TEXT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS product_legal_questions (
    product_id INTEGER NOT NULL,
    legal_question_id INTEGER NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (product_id, legal_question_id)
  )`,
  `CREATE TABLE IF NOT EXISTS legal_answers (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    legal_question_id INTEGER NOT NULL,
    has_occurred INTEGER NOT NULL DEFAULT 0,
    action_on TEXT,
    action TEXT,
    reason TEXT,
    explanation TEXT,
    file_id INTEGER,
    UNIQUE (user_id, legal_question_id)
  )`,
  `CREATE TABLE IF NOT EXISTS files (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size INTEGER NOT NULL,
    data BLOB NOT NULL,
    created_at TEXT NOT NULL
  )`,
  // Onboarding (issue 3): one row per saved step of a user; completed_at NULL = saved but not complete
  // (e.g. licenses added, not yet confirmed). data is JSON (the personal step's holds the tax id number,
  // which is never sent back).
  `CREATE TABLE IF NOT EXISTS onboarding_steps (
    user_id INTEGER NOT NULL,
    step TEXT NOT NULL,
    data TEXT NOT NULL DEFAULT '{}',
    completed_at TEXT,
    PRIMARY KEY (user_id, step)
  )`,
  // The onboarding documents (W-9, E&O certificate); the bytes are in files.
  `CREATE TABLE IF NOT EXISTS onboarding_documents (
    user_id INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('w9', 'eo')),
    file_id INTEGER NOT NULL,
    PRIMARY KEY (user_id, kind)
  )`,
  // Book of business (GET /api/book_of_business): one row per policy of an agent's or agency's book;
  // product and carrier come from the carrier product.
  `CREATE TABLE IF NOT EXISTS policies (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    member_name TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('Active', 'Pending', 'Terminated', 'Cancelled')),
    carrier_product_id INTEGER NOT NULL,
    effective_date TEXT NOT NULL,   -- YYYY-MM-DD
    policy_number TEXT NOT NULL UNIQUE
  )`,
  `CREATE INDEX IF NOT EXISTS policies_user ON policies (user_id)`,
  // Requested exports ("Download was sent to your email"); params is JSON (the filters, search and sort).
  `CREATE TABLE IF NOT EXISTS exports (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    params TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS exports_user ON exports (user_id)`,
  // Register downlines (issue 4): invitations an agency sent (user_id = the agency). A withdrawn
  // invitation is deleted. AUTOINCREMENT: new ids never reuse a seed id, so a per-user reset can
  // re-insert the seed rows without colliding with another user's new invitation.
  `CREATE TABLE IF NOT EXISTS downline_invitations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    email TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    level TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('Sent', 'Accepted', 'Expired')),
    token TEXT NOT NULL UNIQUE,     -- 32 hex; the invitee registers at /registration/<token>
    sent_at TEXT NOT NULL           -- ISO timestamp
  )`,
  `CREATE INDEX IF NOT EXISTS downline_invitations_user ON downline_invitations (user_id)`,
  // Downlines (issue 4, queries in downlines.ts): the sub-agencies and agents under an agency user
  // (owner_user_id; the root's npn is users.npn_id), their contract per carrier, and their policies.
  `CREATE TABLE IF NOT EXISTS downline_nodes (
    npn_id INTEGER PRIMARY KEY,
    parent_npn_id INTEGER NOT NULL,
    owner_user_id INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('agency', 'agent')),
    advisor TEXT NOT NULL,
    level TEXT NOT NULL,
    agent_writing_number TEXT,
    npn_number TEXT NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS downline_nodes_owner ON downline_nodes (owner_user_id)`,
  `CREATE TABLE IF NOT EXISTS downline_contracts (
    owner_user_id INTEGER NOT NULL,
    npn_id INTEGER NOT NULL,
    carrier_id INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('Active', 'Pending', 'Terminated')),
    rts_code TEXT NOT NULL CHECK (rts_code IN ('RTS', 'NRTS', 'PEND')),
    PRIMARY KEY (npn_id, carrier_id)
  )`,
  `CREATE TABLE IF NOT EXISTS downline_policies (
    id INTEGER PRIMARY KEY,
    owner_user_id INTEGER NOT NULL,
    npn_id INTEGER NOT NULL,
    carrier_id INTEGER NOT NULL,
    member_name TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('Active', 'Pending', 'Terminated', 'Cancelled')),
    product_name TEXT NOT NULL,
    effective_date TEXT NOT NULL    -- YYYY-MM-DD
  )`,
  `CREATE INDEX IF NOT EXISTS downline_policies_npn ON downline_policies (npn_id, carrier_id)`,
  // Tickets (issue 4, queries in tickets.ts): support tickets and commission inquiries (carrier_id =
  // the carrier that answers) and their messages (owner_user_id = the ticket's owner, for the per-user
  // reset; file_id = an attachment in files, owned by the uploader). AUTOINCREMENT as downline_invitations.
  `CREATE TABLE IF NOT EXISTS tickets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('support', 'commission_inquiry')),
    subject TEXT NOT NULL,
    category TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('Open', 'Answered', 'Closed')),
    reference TEXT,
    carrier_id INTEGER,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS tickets_user ON tickets (user_id, kind)`,
  `CREATE INDEX IF NOT EXISTS tickets_carrier ON tickets (carrier_id, kind)`,
  `CREATE TABLE IF NOT EXISTS ticket_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ticket_id INTEGER NOT NULL,
    owner_user_id INTEGER NOT NULL,
    author_id INTEGER NOT NULL,
    author TEXT NOT NULL,
    from_staff INTEGER NOT NULL DEFAULT 0,
    body TEXT NOT NULL,
    file_id INTEGER,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS ticket_messages_ticket ON ticket_messages (ticket_id)`,
  // The carrier a Carrier-role user belongs to (answers that carrier's commission inquiries).
  `CREATE TABLE IF NOT EXISTS carrier_users (
    user_id INTEGER PRIMARY KEY,
    carrier_id INTEGER NOT NULL
  )`,
  // Commissions (issue 4, queries in commissions.ts): one statement line per policy and monthly period
  // (period YYYY-MM); member, policy number, product and carrier come from the policy. Amounts in cents.
  `CREATE TABLE IF NOT EXISTS commission_lines (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    policy_id INTEGER NOT NULL,
    period TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('New', 'Renewal', 'Chargeback')),
    amount_cents INTEGER NOT NULL,
    paid_on TEXT NOT NULL           -- YYYY-MM-DD
  )`,
  `CREATE INDEX IF NOT EXISTS commission_lines_user ON commission_lines (user_id, period)`,
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
/** Tables holding one user's data, and the column naming the user (order: parents before children). */
const USER_TABLES: ReadonlyArray<readonly [string, string]> = [
  ["commission_lines", "user_id"],
  ["ticket_messages", "owner_user_id"],
  ["tickets", "user_id"],
  ["carrier_users", "user_id"],
  ["downline_policies", "owner_user_id"],
  ["downline_contracts", "owner_user_id"],
  ["downline_nodes", "owner_user_id"],
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
  ["users", "id"],
];

const DATA_TABLES = [
  "commission_lines",
  "ticket_messages",
  "tickets",
  "carrier_users",
  "downline_policies",
  "downline_contracts",
  "downline_nodes",
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
] as const;

/**
 * Bumped whenever the seed gains tables or rows: a db file seeded by an older version (PRAGMA
 * user_version lower than this) is reset to the seed on open (sessions kept).
 */
const SEED_VERSION = 8;

/** Rows per INSERT of the seed policies (7 parameters each, well under SQLite's parameter limit). */
const POLICY_INSERT_CHUNK = 100;

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
  for (const p of SEED_PRODUCTS) {
    statements.push({ sql: "INSERT INTO products (id, name, position) VALUES (?, ?, ?)", args: [p.id, p.name, p.position] });
  }
  for (const c of SEED_CARRIERS) {
    statements.push({ sql: "INSERT INTO carriers (id, name) VALUES (?, ?)", args: [c.id, c.name] });
  }
  SEED_CARRIER_PRODUCTS.forEach((cp, index) => {
    statements.push({
      sql: "INSERT INTO carrier_products (id, carrier_id, product_id) VALUES (?, ?, ?)",
      args: [cp.id, cp.carrierId, cp.productId],
    });
    const resource = seedCarrierResource(cp, index + 1);
    statements.push({
      sql: "INSERT INTO carrier_resources (id, carrier_product_id, data) VALUES (?, ?, ?)",
      args: [resource.id, cp.id, JSON.stringify(resource)],
    });
  });
  for (const e of SEED_CONTRACTING_ENTRIES) {
    statements.push({
      sql: `INSERT INTO contracting_entries (id, user_id, carrier_product_id, status, last_public_note, updated_at)
            VALUES (?, ?, ?, ?, ?, ?)`,
      args: [e.id, e.userId, e.carrierProductId, e.status, e.lastPublicNote, e.updatedAt],
    });
  }
  for (const q of SEED_LEGAL_QUESTIONS) {
    statements.push({ sql: "INSERT INTO legal_questions (id, question_text) VALUES (?, ?)", args: [q.id, q.questionText] });
    for (const productId of q.productIds) {
      statements.push({
        sql: "INSERT INTO product_legal_questions (product_id, legal_question_id, position) VALUES (?, ?, ?)",
        args: [productId, q.id, q.id],
      });
    }
  }
  for (const f of SEED_FILES) {
    statements.push({
      sql: "INSERT INTO files (id, user_id, name, content_type, size, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      args: [f.id, f.userId, f.name, f.contentType, f.data.byteLength, f.data, "2025-01-15T12:00:00.000Z"],
    });
  }
  for (const a of SEED_LEGAL_ANSWERS) {
    statements.push({
      sql: `INSERT INTO legal_answers (id, user_id, legal_question_id, has_occurred, action_on, action, reason, explanation, file_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [a.id, a.userId, a.legalQuestionId, a.hasOccurred ? 1 : 0, a.actionOn, a.action, a.reason, a.explanation, a.fileId],
    });
  }
  for (const o of SEED_ONBOARDING_STEPS) {
    statements.push({
      sql: "INSERT INTO onboarding_steps (user_id, step, data, completed_at) VALUES (?, ?, ?, ?)",
      args: [o.userId, o.step, JSON.stringify(o.data), o.completedAt],
    });
  }
  for (const d of SEED_ONBOARDING_DOCUMENTS) {
    statements.push({
      sql: "INSERT INTO onboarding_documents (user_id, kind, file_id) VALUES (?, ?, ?)",
      args: [d.userId, d.kind, d.fileId],
    });
  }
  // Policies: multi-row inserts (hundreds of rows) keep start-up and reset fast.
  for (let i = 0; i < SEED_POLICIES.length; i += POLICY_INSERT_CHUNK) {
    const chunk = SEED_POLICIES.slice(i, i + POLICY_INSERT_CHUNK);
    statements.push({
      sql: `INSERT INTO policies (id, user_id, member_name, status, carrier_product_id, effective_date, policy_number)
            VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      args: chunk.flatMap((p) => [p.id, p.userId, p.memberName, p.status, p.carrierProductId, p.effectiveDate, p.policyNumber]),
    });
  }
  for (const i of SEED_INVITATIONS) {
    statements.push({
      sql: `INSERT INTO downline_invitations (id, user_id, email, first_name, last_name, level, status, token, sent_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [i.id, i.userId, i.email, i.firstName, i.lastName, i.level, i.status, i.token, i.sentAt],
    });
  }
  for (const n of SEED_DOWNLINE_NODES) {
    statements.push({
      sql: `INSERT INTO downline_nodes (npn_id, parent_npn_id, owner_user_id, kind, advisor, level, agent_writing_number, npn_number)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [n.npnId, n.parentNpnId, n.ownerUserId, n.kind, n.advisor, n.level, n.agentWritingNumber, n.npnNumber],
    });
  }
  for (const c of SEED_DOWNLINE_CONTRACTS) {
    statements.push({
      sql: "INSERT INTO downline_contracts (owner_user_id, npn_id, carrier_id, status, rts_code) VALUES (?, ?, ?, ?, ?)",
      args: [c.ownerUserId, c.npnId, c.carrierId, c.status, c.rtsCode],
    });
  }
  for (let i = 0; i < SEED_DOWNLINE_POLICIES.length; i += POLICY_INSERT_CHUNK) {
    const chunk = SEED_DOWNLINE_POLICIES.slice(i, i + POLICY_INSERT_CHUNK);
    statements.push({
      sql: `INSERT INTO downline_policies (id, owner_user_id, npn_id, carrier_id, member_name, status, product_name, effective_date)
            VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      args: chunk.flatMap((p) => [p.id, p.ownerUserId, p.npnId, p.carrierId, p.memberName, p.status, p.productName, p.effectiveDate]),
    });
  }
  for (const c of SEED_CARRIER_USERS) {
    statements.push({ sql: "INSERT INTO carrier_users (user_id, carrier_id) VALUES (?, ?)", args: [c.userId, c.carrierId] });
  }
  let ticketMessageId = 0;
  for (const t of SEED_TICKETS) {
    statements.push({
      sql: `INSERT INTO tickets (id, user_id, kind, subject, category, status, reference, carrier_id, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [t.id, t.userId, t.kind, t.subject, t.category, t.status, t.reference, t.carrierId,
        t.messages[0]!.createdAt, t.messages[t.messages.length - 1]!.createdAt],
    });
    for (const m of t.messages) {
      statements.push({
        sql: `INSERT INTO ticket_messages (id, ticket_id, owner_user_id, author_id, author, from_staff, body, file_id, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
        args: [++ticketMessageId, t.id, t.userId, m.authorId, m.author, m.fromStaff ? 1 : 0, m.body, m.createdAt],
      });
    }
  }
  for (let i = 0; i < SEED_COMMISSION_LINES.length; i += POLICY_INSERT_CHUNK) {
    const chunk = SEED_COMMISSION_LINES.slice(i, i + POLICY_INSERT_CHUNK);
    statements.push({
      sql: `INSERT INTO commission_lines (id, user_id, policy_id, period, type, amount_cents, paid_on)
            VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      args: chunk.flatMap((l) => [l.id, l.userId, l.policyId, l.period, l.type, l.amountCents, l.paidOn]),
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
      const version = await client.execute("PRAGMA user_version");
      if (Number(count.rows[0]!.n) === 0 || Number(version.rows[0]![0]) < SEED_VERSION) await db.reset();
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
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => fn());
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
  private queue: Promise<void> = Promise.resolve();

  /**
   * Restores one user's data (their row, licenses, notices, contract entries, legal answers, files,
   * idempotency keys, onboarding steps and documents, policies, exports, downline invitations, tickets and their messages, commission lines, the carrier mapping and, for an agency, its downline) to the seed, leaving everyone else's alone: tests running side by side reset only
   * the account they change. Returns false for an unknown e-mail.
   */
  async resetUser(email: string): Promise<boolean> {
    const seed = createClient({ url: ":memory:" });
    try {
      await seed.batch([...SCHEMA, ...(await seedStatements())], "write");
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
      await this.exclusive(() => this.client.batch(statements, "write").then(() => undefined));
      return true;
    } finally {
      seed.close();
    }
  }

  /** Restores every data table to the seed in one transaction; the sessions table is kept. */
  async reset(): Promise<void> {
    const statements = await seedStatements();
    await this.exclusive(async () => {
      await this.client.batch(
        [...DATA_TABLES.map((t) => `DELETE FROM ${t}`), ...statements, `PRAGMA user_version = ${SEED_VERSION}`],
        "write",
      );
    });
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

  /* ---- Contracting ---- */

  async products(): Promise<Product[]> {
    const result = await this.client.execute("SELECT id, name FROM products ORDER BY position, id");
    return result.rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
  }

  async productExists(productId: number): Promise<boolean> {
    const result = await this.client.execute({ sql: "SELECT 1 FROM products WHERE id = ?", args: [productId] });
    return result.rows.length > 0;
  }

  /** The carriers offering a product (id = carrier id), in carrier product order. */
  async productCarriers(productId: number): Promise<ProductCarrier[]> {
    const result = await this.client.execute({
      sql: `SELECT c.id AS carrier_id, c.name AS carrier_name, cp.id AS carrier_product_id
            FROM carrier_products cp JOIN carriers c ON c.id = cp.carrier_id
            WHERE cp.product_id = ? ORDER BY cp.id`,
      args: [productId],
    });
    return result.rows.map((r) => ({
      id: Number(r.carrier_id),
      carrierName: String(r.carrier_name),
      carrierProductId: Number(r.carrier_product_id),
    }));
  }

  /** All carrier resources, or the one (if any) of a carrier product. */
  async carrierResources(carrierProductId: number | null): Promise<CarrierResource[]> {
    const result =
      carrierProductId == null
        ? await this.client.execute("SELECT data FROM carrier_resources ORDER BY carrier_product_id")
        : await this.client.execute({
            sql: "SELECT data FROM carrier_resources WHERE carrier_product_id = ?",
            args: [carrierProductId],
          });
    return result.rows.map((r) => JSON.parse(String(r.data)) as CarrierResource);
  }

  /** The subset of `ids` that are known carrier products. */
  async knownCarrierProductIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const result = await this.client.execute({
      sql: `SELECT id FROM carrier_products WHERE id IN (${ids.map(() => "?").join(", ")})`,
      args: [...ids],
    });
    return new Set(result.rows.map((r) => Number(r.id)));
  }

  async contractingStatuses(userId: number): Promise<ContractingStatuses> {
    const result = await this.client.execute({
      sql: `SELECT e.id, e.carrier_product_id, e.status, e.last_public_note, e.updated_at,
                   c.name AS carrier_name, p.name AS product_name
            FROM contracting_entries e
            JOIN carrier_products cp ON cp.id = e.carrier_product_id
            JOIN carriers c ON c.id = cp.carrier_id
            JOIN products p ON p.id = cp.product_id
            WHERE e.user_id = ?
            ORDER BY p.position, cp.id`,
      args: [userId],
    });
    const statuses: ContractingStatuses = { pending: [], denied: [], approved: [], active: [] };
    for (const r of result.rows) {
      const entry: ContractingEntry = {
        id: Number(r.id),
        carrierProductId: Number(r.carrier_product_id),
        carrierName: String(r.carrier_name),
        productName: String(r.product_name),
        lastPublicNote: r.last_public_note == null ? null : String(r.last_public_note),
        updatedAt: String(r.updated_at),
      };
      statuses[String(r.status) as ContractStatus].push(entry);
    }
    return statuses;
  }

  /** The caller's entry status per carrier product. */
  async contractStatusesByCarrierProduct(userId: number): Promise<Map<number, ContractStatus>> {
    const result = await this.client.execute({
      sql: "SELECT carrier_product_id, status FROM contracting_entries WHERE user_id = ?",
      args: [userId],
    });
    return new Map(result.rows.map((r) => [Number(r.carrier_product_id), String(r.status) as ContractStatus]));
  }

  async findIdempotentAnswer(
    userId: number,
    key: string,
  ): Promise<{ fingerprint: string; status: number; body: string } | null> {
    const result = await this.client.execute({
      sql: "SELECT fingerprint, status, body FROM idempotency_keys WHERE user_id = ? AND key = ?",
      args: [userId, key],
    });
    const row = result.rows[0];
    return row ? { fingerprint: String(row.fingerprint), status: Number(row.status), body: String(row.body) } : null;
  }

  /**
   * New pending entries for `carrierProductIds`, in one transaction. A denied entry is turned back into
   * a pending one (note cleared); pending, approved and active entries are left as they are.
   */
  async createPendingEntries(
    userId: number,
    carrierProductIds: readonly number[],
    now: string,
  ): Promise<void> {
    await this.client.batch(
      carrierProductIds.map((id) => ({
        sql: `INSERT INTO contracting_entries (user_id, carrier_product_id, status, last_public_note, updated_at)
              VALUES (?, ?, 'pending', NULL, ?)
              ON CONFLICT (user_id, carrier_product_id) DO UPDATE
                SET status = 'pending', last_public_note = NULL, updated_at = excluded.updated_at
                WHERE contracting_entries.status = 'denied'`,
        args: [userId, id, now],
      })),
      "write",
    );
  }

  async storeIdempotentAnswer(
    userId: number,
    key: string,
    fingerprint: string,
    status: number,
    body: string,
  ): Promise<void> {
    await this.client.execute({
      sql: `INSERT INTO idempotency_keys (user_id, key, fingerprint, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
      args: [userId, key, fingerprint, status, body, new Date().toISOString()],
    });
  }

  /* ---- Legal questions and answers ---- */

  async legalQuestions(productId: number): Promise<LegalQuestion[]> {
    const result = await this.client.execute({
      sql: `SELECT q.id, q.question_text FROM product_legal_questions pq
            JOIN legal_questions q ON q.id = pq.legal_question_id
            WHERE pq.product_id = ? ORDER BY pq.position, q.id`,
      args: [productId],
    });
    return result.rows.map((r) => ({ id: Number(r.id), questionText: String(r.question_text) }));
  }

  /** Every legal question by id (the texts name questions in validation messages). */
  async allLegalQuestions(): Promise<Map<number, string>> {
    const result = await this.client.execute("SELECT id, question_text FROM legal_questions");
    return new Map(result.rows.map((r) => [Number(r.id), String(r.question_text)]));
  }

  async legalAnswers(userId: number): Promise<LegalAnswer[]> {
    const result = await this.client.execute({
      sql: `SELECT a.*, f.name AS file_name, f.content_type AS file_content_type, f.size AS file_size
            FROM legal_answers a LEFT JOIN files f ON f.id = a.file_id AND f.user_id = a.user_id
            WHERE a.user_id = ? ORDER BY a.legal_question_id, a.id`,
      args: [userId],
    });
    return result.rows.map((r) => ({
      id: Number(r.id),
      legalQuestionId: Number(r.legal_question_id),
      hasOccurred: Number(r.has_occurred) === 1,
      actionOn: nullableString(r.action_on),
      action: nullableString(r.action),
      reason: nullableString(r.reason),
      explanation: nullableString(r.explanation),
      file:
        r.file_id == null || r.file_name == null
          ? null
          : {
              id: Number(r.file_id),
              name: String(r.file_name),
              contentType: String(r.file_content_type),
              size: Number(r.file_size),
            },
    }));
  }

  /** The bytes of a stored file, only for its owner. */
  async file(userId: number, fileId: number): Promise<{ name: string; contentType: string; data: Buffer } | null> {
    const result = await this.client.execute({
      sql: "SELECT name, content_type, data FROM files WHERE id = ? AND user_id = ?",
      args: [fileId, userId],
    });
    const row = result.rows[0];
    if (!row) return null;
    return {
      name: String(row.name),
      contentType: String(row.content_type),
      data: Buffer.from(row.data as ArrayBuffer),
    };
  }
}

function nullableString(value: unknown): string | null {
  return value == null ? null : String(value);
}
