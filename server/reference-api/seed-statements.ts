/** The INSERT statements that fill an empty reference database with the seed (seed.ts). */
import type { InStatement } from "@libsql/client";
import { hashPassword } from "./passwords.ts";
import {
  DEMO_PASSWORD,
  SEED_CARRIERS,
  SEED_CARRIER_PRODUCTS,
  SEED_CARRIER_USERS,
  SEED_DOWNLINE_CONTRACTS,
  SEED_DOWNLINE_NODES,
  SEED_FILES,
  SEED_FILES_CREATED_DAYS_AGO,
  SEED_LEGAL_ANSWERS,
  SEED_LEGAL_QUESTIONS,
  SEED_PENDING_ACCOUNT,
  SEED_PRODUCTS,
  SEED_USERS,
  licenseExpiresOn,
  seedCarrierResource,
  seedCommissionLines,
  seedDocumentNotifications,
  seedDownlinePolicies,
  seedInvitations,
  seedNpnRegistry,
  seedOnboardingSteps,
  seedPolicies,
  seedSystemNotifications,
  seedTickets,
} from "./seed.ts";
import { seedDates, type SeedDates } from "./seed-dates.ts";
import { learningCenterSeedStatements } from "./seed-learning-center.ts";
import { submittedEnrollmentStatements } from "./seed-submitted-enrollments.ts";
import { SEED_UPLINE_USER_IDS, seedProfileStatements } from "./seed-profile.ts";
import { seedFeedbackStatements } from "./seed-feedback.ts";
import { activationEmail, DEFAULT_PORTAL_URL } from "./mailer.ts";
import { newAccountToken, tokenExpiresAt, tokenHash } from "./tokens.ts";
import {
  bulkUserStatements,
  seedRoleIdOf,
  seedRoleStatements,
  seedRtsStatusId,
  seedRtsStatusStatements,
} from "./seed-admin.ts";
import { adminContractingStatements } from "./seed-admin-contracting.ts";
import { systemNotificationSeedStatements } from "./system-notifications/seed.ts";
import { quoteToolProviderSeedStatements } from "./quote-tool-providers/seed.ts";

/** A password hash no password matches (verifyPassword refuses anything but scrypt$…). */
export const NO_PASSWORD_HASH = "!";

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

/** Rows per INSERT of the seed policies (7 parameters each, well under SQLite's parameter limit). */
const POLICY_INSERT_CHUNK = 100;

export interface SeedOptions {
  /** The portal's base URL, for the link in pending@'s activation e-mail (default DEFAULT_PORTAL_URL). */
  portalUrl?: string;
}

/**
 * The seed as of `dates` (by default today's): every date in it is relative to that day. The single-use
 * links it issues (pending@'s activation, the invitations' tokens) are random each time it runs and their
 * lifetimes run from now.
 */
export async function seedStatements(
  dates: SeedDates = seedDates(),
  { portalUrl = DEFAULT_PORTAL_URL }: SeedOptions = {},
): Promise<InStatement[]> {
  const hashes = await seedPasswordHashes();
  const statements: InStatement[] = [];
  let licenseId = 0;
  const users = [
    ...SEED_USERS.map((u) => ({ u, status: "active", hash: hashes.get(u.id)! })),
    { u: SEED_PENDING_ACCOUNT, status: "pending", hash: NO_PASSWORD_HASH },
  ];
  statements.push(...seedRoleStatements(dates), ...seedRtsStatusStatements(dates));
  for (const { u, status, hash } of users) {
    statements.push({
      sql: `INSERT INTO users (id, email, password_hash, status, upline_user_id, role, role_id, first_name, last_name,
              npn_id, npn_number, npn_current_max_level, phone, sms_consent, flags, created_at, updated_at,
              last_sign_in_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        u.id,
        u.email,
        hash,
        status,
        SEED_UPLINE_USER_IDS[u.id] ?? null,
        u.role,
        seedRoleIdOf(u),
        u.firstName,
        u.lastName,
        u.npnId,
        u.npnNumber,
        u.npnCurrentMaxLevel,
        u.phone,
        u.smsConsent === null ? null : u.smsConsent ? 1 : 0,
        JSON.stringify(u.flags),
        dates.daysAgo(720 - u.id),
        dates.daysAgo(720 - u.id),
        // Signed in within the last days; the pending account never has.
        status === "active" ? dates.daysAgo(u.id % 6, `0${String(8 + (u.id % 2))}:${String(10 + u.id)}`) : null,
      ],
    });
    for (const l of u.licenses) {
      statements.push({
        sql: `INSERT INTO licenses (id, user_id, state, license_number, license_type, status, expires_on)
              VALUES (?, ?, ?, ?, ?, ?, ?)`,
        args: [++licenseId, u.id, l.state, l.licenseNumber, l.licenseType, l.status, licenseExpiresOn(l, dates)],
      });
    }
  }
  statements.push(...bulkUserStatements(dates, NO_PASSWORD_HASH));
  for (const n of seedSystemNotifications(dates)) {
    statements.push({
      sql: `INSERT INTO system_notifications (id, title, message, severity, published_at, ends_at)
            VALUES (?, ?, ?, ?, ?, ?)`,
      args: [n.id, n.title, n.message, n.severity, n.publishedAt, n.endsAt],
    });
  }
  for (const d of seedDocumentNotifications(dates)) {
    statements.push({
      sql: `INSERT INTO document_notifications (id, user_id, document_name, message) VALUES (?, ?, ?, ?)`,
      args: [d.id, d.userId, d.documentName, d.message],
    });
  }
  for (const p of SEED_PRODUCTS) {
    statements.push({
      sql: "INSERT INTO products (id, name, position) VALUES (?, ?, ?)",
      args: [p.id, p.name, p.position],
    });
  }
  for (const c of SEED_CARRIERS) {
    statements.push({ sql: "INSERT INTO carriers (id, name) VALUES (?, ?)", args: [c.id, c.name] });
  }
  SEED_CARRIER_PRODUCTS.forEach((cp, index) => {
    statements.push({
      sql: "INSERT INTO carrier_products (id, carrier_id, product_id) VALUES (?, ?, ?)",
      args: [cp.id, cp.carrierId, cp.productId],
    });
    const resource = seedCarrierResource(cp, index + 1, dates);
    statements.push({
      sql: "INSERT INTO carrier_resources (id, carrier_product_id, data) VALUES (?, ?, ?)",
      args: [resource.id, cp.id, JSON.stringify(resource)],
    });
  });
  for (const q of SEED_LEGAL_QUESTIONS) {
    statements.push({
      sql: "INSERT INTO legal_questions (id, question_text) VALUES (?, ?)",
      args: [q.id, q.questionText],
    });
    for (const productId of q.productIds) {
      statements.push({
        sql: "INSERT INTO product_legal_questions (product_id, legal_question_id, position) VALUES (?, ?, ?)",
        args: [productId, q.id, q.id],
      });
    }
  }
  const filesCreatedAt = dates.daysAgo(SEED_FILES_CREATED_DAYS_AGO);
  for (const f of SEED_FILES) {
    statements.push({
      sql: "INSERT INTO files (id, user_id, name, content_type, size, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      args: [f.id, f.userId, f.name, f.contentType, f.data.byteLength, f.data, filesCreatedAt],
    });
  }
  for (const a of SEED_LEGAL_ANSWERS) {
    statements.push({
      sql: `INSERT INTO legal_answers (id, user_id, legal_question_id, has_occurred, action_on, action, reason, explanation, file_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        a.id,
        a.userId,
        a.legalQuestionId,
        a.hasOccurred ? 1 : 0,
        a.actionOn,
        a.action,
        a.reason,
        a.explanation,
        a.fileId,
      ],
    });
  }
  for (const o of seedOnboardingSteps(dates)) {
    statements.push({
      sql: "INSERT INTO onboarding_steps (user_id, step, data, completed_at) VALUES (?, ?, ?, ?)",
      args: [o.userId, o.step, JSON.stringify(o.data), o.completedAt],
    });
  }
  // The profile (issue 12): details, license details, compliance documents (onboarded@'s onboarding
  // documents, SEED_ONBOARDING_DOCUMENTS, among them), reward payouts.
  statements.push(...seedProfileStatements(dates, filesCreatedAt));
  // Policies: multi-row inserts (hundreds of rows) keep start-up and reset fast.
  const policies = seedPolicies(dates);
  for (let i = 0; i < policies.length; i += POLICY_INSERT_CHUNK) {
    const chunk = policies.slice(i, i + POLICY_INSERT_CHUNK);
    statements.push({
      sql: `INSERT INTO policies (id, user_id, member_name, status, carrier_product_id, effective_date, policy_number)
            VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      args: chunk.flatMap((p) => [
        p.id,
        p.userId,
        p.memberName,
        p.status,
        p.carrierProductId,
        p.effectiveDate,
        p.policyNumber,
      ]),
    });
  }
  for (const i of seedInvitations(dates)) {
    statements.push({
      sql: `INSERT INTO downline_invitations (id, user_id, email, first_name, last_name, level, status, token_hash,
              expires_at, accepted_user_id, sent_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
      // The hash of a token nobody knows: the link works once the agency sends the invitation again.
      args: [
        i.id,
        i.userId,
        i.email,
        i.firstName,
        i.lastName,
        i.level,
        i.status,
        tokenHash(newAccountToken()),
        i.expiresAt,
        i.sentAt,
      ],
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
      sql: `INSERT INTO downline_contracts (owner_user_id, npn_id, carrier_id, status, rts_status_id)
            VALUES (?, ?, ?, ?, ?)`,
      args: [c.ownerUserId, c.npnId, c.carrierId, c.status, seedRtsStatusId(c.carrierId, c.rtsCode)],
    });
  }
  const downlinePolicies = seedDownlinePolicies(dates);
  for (let i = 0; i < downlinePolicies.length; i += POLICY_INSERT_CHUNK) {
    const chunk = downlinePolicies.slice(i, i + POLICY_INSERT_CHUNK);
    statements.push({
      sql: `INSERT INTO downline_policies (id, owner_user_id, npn_id, carrier_id, member_name, status, product_name, effective_date)
            VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      args: chunk.flatMap((p) => [
        p.id,
        p.ownerUserId,
        p.npnId,
        p.carrierId,
        p.memberName,
        p.status,
        p.productName,
        p.effectiveDate,
      ]),
    });
  }
  for (const c of SEED_CARRIER_USERS) {
    statements.push({
      sql: "INSERT INTO carrier_users (user_id, carrier_id) VALUES (?, ?)",
      args: [c.userId, c.carrierId],
    });
  }
  let ticketMessageId = 0;
  for (const t of seedTickets(dates)) {
    statements.push({
      sql: `INSERT INTO tickets (id, user_id, kind, subject, category, status, reference, carrier_id, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        t.id,
        t.userId,
        t.kind,
        t.subject,
        t.category,
        t.status,
        t.reference,
        t.carrierId,
        t.messages[0]!.createdAt,
        t.messages[t.messages.length - 1]!.createdAt,
      ],
    });
    for (const m of t.messages) {
      statements.push({
        sql: `INSERT INTO ticket_messages (id, ticket_id, owner_user_id, author_id, author, from_staff, body, file_id, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
        args: [++ticketMessageId, t.id, t.userId, m.authorId, m.author, m.fromStaff ? 1 : 0, m.body, m.createdAt],
      });
    }
  }
  const commissionLines = seedCommissionLines(dates);
  for (let i = 0; i < commissionLines.length; i += POLICY_INSERT_CHUNK) {
    const chunk = commissionLines.slice(i, i + POLICY_INSERT_CHUNK);
    statements.push({
      sql: `INSERT INTO commission_lines (id, user_id, policy_id, period, type, amount_cents, paid_on)
            VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      args: chunk.flatMap((l) => [l.id, l.userId, l.policyId, l.period, l.type, l.amountCents, l.paidOn]),
    });
  }
  statements.push(...learningCenterSeedStatements(dates));
  statements.push(...submittedEnrollmentStatements(dates));
  statements.push(...seedFeedbackStatements(dates));
  statements.push(...accountStatements(portalUrl));
  statements.push(...adminContractingStatements(dates)); // contract requests and their events (issue 14)
  statements.push(...systemNotificationSeedStatements(dates), ...quoteToolProviderSeedStatements(dates)); // issue 22
  return statements;
}

/**
 * Accounts (issue 13): the national producer registry, and pending@'s activation link (id 1) with its e-mail
 * in the outbox (id 1): a per-user reset of pending@ puts both back, with a new token.
 */
function accountStatements(portalUrl: string): InStatement[] {
  const statements: InStatement[] = seedNpnRegistry().map((r) => ({
    sql: "INSERT INTO npn_registry (npn, first_name, last_name) VALUES (?, ?, ?)",
    args: [r.npn, r.firstName, r.lastName],
  }));
  const pending = SEED_PENDING_ACCOUNT;
  const now = new Date();
  const token = newAccountToken();
  statements.push({
    sql: `INSERT INTO account_tokens (id, user_id, purpose, token_hash, expires_at, used_at, created_at)
          VALUES (1, ?, 'activate', ?, ?, NULL, ?)`,
    args: [pending.id, tokenHash(token), tokenExpiresAt("activate", now), now.toISOString()],
  });
  const mail = activationEmail(portalUrl, { to: pending.email, firstName: pending.firstName, token });
  statements.push({
    sql: `INSERT INTO outbox (id, to_address, subject, text_body, html_body, created_at) VALUES (1, ?, ?, ?, ?, ?)`,
    args: [mail.to, mail.subject, mail.text, mail.html, now.toISOString()],
  });
  return statements;
}
