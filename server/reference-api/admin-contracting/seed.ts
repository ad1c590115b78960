/**
 * The contracting desk's seed (issue 14, admin-contracting.ts): every contract request (contracting_entries) with
 * its history (contract_request_events), the demo accounts' requests as they always were plus BULK_REQUEST_COUNT
 * requests of the bulk brokers in every state and every age band; the bulk brokers' legal answers (some with a
 * file), their compliance documents (BULK_DOCUMENTS_AWAITING_REVIEW of them awaiting review), a few document
 * notifications and the administrators' notes on some brokers. The records the browser tests change are reserved
 * (E2E_ACTIVATE, E2E_DENY, E2E_BULK): nothing else in the seed or in the API tests touches them.
 */
import type { InStatement } from "@libsql/client";
import {
  COMPLIANCE_DOCUMENT_KINDS,
  COMPLIANCE_DOCUMENT_TYPES,
  type ComplianceDocumentKind,
} from "../../../app/domain/compliance-documents.ts";
import { BULK_USERS, type BulkUser } from "../admin-people/seed.ts";
import type { SeedDates } from "../seed/seed-dates.ts";
import { expiryMessage } from "../profile/document-expiry.ts";
import { SEED_USERS } from "../accounts/seed.ts";
import {
  DENIED_NOTE,
  SEED_CARRIER_PRODUCTS,
  SEED_LEGAL_QUESTIONS,
  seedContractingEntries,
  tinyPdf,
  type ContractStatus,
} from "../contracting/seed.ts";

/** A reserved request of the browser tests: its broker, the request and what it is for. */
export interface ReservedRequest {
  brokerId: number;
  requestId: number;
  carrierProductId: number;
  carrierId: number;
  productId: number;
}

/** The bulk brokers' requests start at this id (the demo accounts' are 1–17). */
export const FIRST_BULK_REQUEST_ID = 1001;

const cp = (id: number) => SEED_CARRIER_PRODUCTS.find((c) => c.id === id)!;
const reserved = (brokerId: number, requestId: number, carrierProductId: number): ReservedRequest => ({
  brokerId,
  requestId,
  carrierProductId,
  carrierId: cp(carrierProductId).carrierId,
  productId: cp(carrierProductId).productId,
});

/** Active bulk brokers (agents and agencies; none of their roles has an onboarding process). */
const BROKERS: readonly BulkUser[] = BULK_USERS.filter(
  (u) => (u.kind === "Agent" || u.kind === "Agency") && u.status === "active",
);
/** The agents the reserved e2e requests are for (not "Statements only" agents, role 12: they do not contract). */
const AGENTS = BROKERS.filter((u) => u.kind === "Agent" && u.roleId !== 12);

/** Pending Medicare Advantage (Blue Harbor Health, carrier product 101) request of a bulk agent: activated by e2e. */
export const E2E_ACTIVATE: ReservedRequest = reserved(AGENTS[0]!.id, FIRST_BULK_REQUEST_ID, 101);
/** Same shape (Summit Mutual's Medicare Advantage, 102): denied by e2e. */
export const E2E_DENY: ReservedRequest = reserved(AGENTS[1]!.id, FIRST_BULK_REQUEST_ID + 1, 102);
/**
 * Three brokers with one pending request each for Brightsmile Dental's Dental, Vision & Hearing (carrier 7,
 * carrier product 403): no other request of the seed is for carrier 7, so filtering the desk on it lists exactly
 * these three (the e2e bulk approval).
 */
export const E2E_BULK_CARRIER_PRODUCT_ID = 403;
export const E2E_BULK: readonly ReservedRequest[] = [2, 3, 4].map((k) =>
  reserved(AGENTS[k]!.id, FIRST_BULK_REQUEST_ID + k, E2E_BULK_CARRIER_PRODUCT_ID),
);
const RESERVED_BROKER_IDS = new Set([E2E_ACTIVATE, E2E_DENY, ...E2E_BULK].map((r) => r.brokerId));

/** Every carrier product a bulk request may be for (not the e2e bulk one). */
const OPEN_CARRIER_PRODUCTS = SEED_CARRIER_PRODUCTS.map((c) => c.id).filter((id) => id !== E2E_BULK_CARRIER_PRODUCT_ID);

/** Days in the current state per age band (CONTRACT_AGES 0-7, 8-30, 31-90, 91+). */
const AGE_DAYS = [
  (j: number) => 1 + (j % 7),
  (j: number) => 8 + (j % 23),
  (j: number) => 31 + (j % 60),
  (j: number) => 91 + (j % 240),
] as const;
/** The state of the j-th bulk request (pending the most common: the desk's queue). */
const STATE_CYCLE: readonly ContractStatus[] = [
  "pending",
  "approved",
  "pending",
  "denied",
  "active",
  "pending",
  "approved",
  "active",
];

const ADMINS = BULK_USERS.filter((u) => u.kind === "Admin");
const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

const DENIAL_NOTES = [
  DENIED_NOTE,
  "The carrier could not match your NPN to an active license in your resident state.",
  "Please complete the carrier's product certification for this plan year, then request the contract again.",
  "The carrier declined the appointment after its background screening.",
] as const;
const INTERNAL_NOTES = [
  "Called the carrier's contracting line: file received, in underwriting.",
  "Broker asked for this one to be expedited (AEP).",
  "E&O limit looked low; checked with the carrier, it is fine.",
  "Second request after a denial: documents now in order.",
] as const;

export interface SeedRequest {
  id: number;
  userId: number;
  carrierProductId: number;
  status: ContractStatus;
  lastPublicNote: string | null;
  internalNote: string | null;
  writingNumber: string | null;
  effectiveDate: string | null;
  requestedAt: string;
  stateSince: string;
  events: SeedEvent[];
}

export interface SeedEvent {
  from: ContractStatus | null;
  to: ContractStatus;
  at: string;
  actorUserId: number | null;
  actorName: string;
  publicNote: string | null;
  internalNote: string | null;
}

/** The path of states that ends in `status` (variant picks among the ways there). */
function pathTo(status: ContractStatus, variant: number): ContractStatus[] {
  switch (status) {
    case "pending":
      return variant % 3 === 0 ? ["pending", "denied", "pending"] : ["pending"];
    case "approved":
      return ["pending", "approved"];
    case "denied":
      return variant % 2 === 0 ? ["pending", "denied"] : ["pending", "approved", "denied"];
    case "active":
      return variant % 5 === 0
        ? ["pending", "denied", "pending", "approved", "active"]
        : ["pending", "approved", "active"];
  }
}

/** A request with its events: entered its last state at `stateSince`, each earlier one a few days before. */
function request(
  id: number,
  broker: { id: number; firstName: string; lastName: string },
  carrierProductId: number,
  status: ContractStatus,
  variant: number,
  stateSince: string,
  dates: SeedDates,
): SeedRequest {
  const path = pathTo(status, variant);
  const gaps = path.map((_, k) => 2 + ((variant + k * 5) % 12));
  const admin = ADMINS[variant % ADMINS.length]!;
  const events: SeedEvent[] = [];
  // Whole days between the seed day's start and the last move (each earlier move at least 2 days before it).
  const daysInState = Math.ceil((Date.parse(`${dates.day}T00:00:00Z`) - Date.parse(stateSince)) / 86_400_000);
  let daysAgo = daysInState + gaps.slice(1).reduce((a, b) => a + b, 0);
  let denialNote: string | null = null;
  path.forEach((to, k) => {
    const at =
      k === path.length - 1 ? stateSince : dates.daysAgo(daysAgo, `${String(9 + (k % 8)).padStart(2, "0")}:15`);
    const byBroker = to === "pending";
    const publicNote = to === "denied" ? DENIAL_NOTES[(variant + k) % DENIAL_NOTES.length]! : null;
    if (publicNote) denialNote = publicNote;
    events.push({
      from: k === 0 ? null : path[k - 1]!,
      to,
      at,
      actorUserId: byBroker ? broker.id : admin.id,
      actorName: byBroker ? nameOf(broker) : nameOf(admin),
      publicNote,
      internalNote: null,
    });
    daysAgo -= gaps[k + 1] ?? 0;
  });
  const internalNote = variant % 7 === 3 ? INTERNAL_NOTES[variant % INTERNAL_NOTES.length]! : null;
  if (internalNote) events[events.length - 1]!.internalNote = internalNote;
  const active = status === "active";
  return {
    id,
    userId: broker.id,
    carrierProductId,
    status,
    lastPublicNote: status === "denied" ? denialNote : null,
    internalNote,
    writingNumber: active ? `W${String(carrierProductId)}-${String(100000 + id * 7919).slice(-6)}` : null,
    effectiveDate: active ? stateSince.slice(0, 10) : null,
    requestedAt: events[0]!.at,
    stateSince,
    events,
  };
}

/**
 * The demo accounts' requests as seed.ts has them (same states and notes), requested and in their state since
 * their updatedAt; the bulk brokers' requests; the reserved e2e requests (pending for 2 days).
 */
export function seedRequests(dates: SeedDates): SeedRequest[] {
  const users = new Map(SEED_USERS.map((u) => [u.id, u]));
  const demo = seedContractingEntries(dates).map((e, k) => {
    const r = request(e.id, users.get(e.userId)!, e.carrierProductId, e.status, 1 + k * 2, e.updatedAt, dates);
    // The demo account's own words stay: only its own note, none of the staff's.
    return { ...r, lastPublicNote: e.lastPublicNote, internalNote: null, writingNumber: null, effectiveDate: null };
  });
  for (const r of demo) {
    r.events = r.events.map((ev) => ({ ...ev, internalNote: null }));
    if (r.status === "denied") r.events[r.events.length - 1]!.publicNote = r.lastPublicNote;
  }
  const recent = dates.daysAgo(2, "10:30");
  // Requested once, pending since (variant 1: no earlier denial, no internal note).
  const reservedRequests = [E2E_ACTIVATE, E2E_DENY, ...E2E_BULK].map((x) =>
    request(
      x.requestId,
      BULK_USERS.find((u) => u.id === x.brokerId)!,
      x.carrierProductId,
      "pending",
      1,
      recent,
      dates,
    ),
  );
  const bulk: SeedRequest[] = [];
  let id = FIRST_BULK_REQUEST_ID + reservedRequests.length;
  let j = 0;
  BROKERS.filter((b) => !RESERVED_BROKER_IDS.has(b.id)).forEach((broker, b) => {
    const count = 1 + (b % 3) - (b % 11 === 10 ? 1 : 0);
    for (let k = 0; k < count; k++, j++) {
      const status = STATE_CYCLE[j % STATE_CYCLE.length]!;
      const band = Math.floor(j / STATE_CYCLE.length) % AGE_DAYS.length;
      const days = AGE_DAYS[band]!(j);
      const carrierProductId = OPEN_CARRIER_PRODUCTS[(b * 5 + k * 3) % OPEN_CARRIER_PRODUCTS.length]!;
      const stateSince = dates.daysAgo(
        days,
        `${String(8 + (j % 9)).padStart(2, "0")}:${String((j * 7) % 60).padStart(2, "0")}`,
      );
      bulk.push(request(id++, broker, carrierProductId, status, j, stateSince, dates));
    }
  });
  return [...demo, ...reservedRequests, ...bulk];
}

/** Bulk brokers with requests whose compliance documents are seeded (every third one). */
function documentBrokers(requests: readonly SeedRequest[]): number[] {
  const ids = [...new Set(requests.filter((r) => r.id >= FIRST_BULK_REQUEST_ID).map((r) => r.userId))].filter(
    (id) => !RESERVED_BROKER_IDS.has(id),
  );
  return ids.filter((_, k) => k % 3 === 0);
}

/** How many documents of the bulk brokers await review (the dashboard's and the users list's count). */
export const BULK_DOCUMENTS_AWAITING_REVIEW_MIN = 25;

/** Files of the bulk brokers' documents and legal answers: ids from this one, clear of every other seed file. */
export const FIRST_BULK_FILE_ID = 20001;
const FIRST_BULK_LEGAL_ANSWER_ID = 10001;
const FIRST_BULK_DOCUMENT_NOTIFICATION_ID = 101;

const FILE_NAMES: Record<ComplianceDocumentKind, string> = {
  eo: "eo-certificate.pdf",
  w9: "w9.pdf",
  aml: "aml-certificate.pdf",
  ahip: "ahip-2026.pdf",
  direct_deposit: "voided-check.pdf",
};

const REJECTION = "The scan is cut off at the bottom: the signature and date are missing. Upload the full page.";

/** The seed's contracting desk as INSERT statements (run after the users, seed/seed.ts). */
export function adminContractingStatements(dates: SeedDates): InStatement[] {
  const statements: InStatement[] = [];
  const requests = seedRequests(dates);
  for (const r of requests) {
    statements.push({
      sql: `INSERT INTO contracting_entries (id, user_id, carrier_product_id, status, last_public_note, updated_at,
              requested_at, state_since, writing_number, effective_date, internal_note)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        r.id,
        r.userId,
        r.carrierProductId,
        r.status,
        r.lastPublicNote,
        r.stateSince,
        r.requestedAt,
        r.stateSince,
        r.writingNumber,
        r.effectiveDate,
        r.internalNote,
      ],
    });
  }
  const events = requests.flatMap((r) => r.events.map((e) => ({ r, e })));
  for (let i = 0; i < events.length; i += 50) {
    const chunk = events.slice(i, i + 50);
    statements.push({
      sql: `INSERT INTO contract_request_events (entry_id, user_id, from_state, to_state, at, actor_user_id, actor_name,
              public_note, internal_note) VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      args: chunk.flatMap(({ r, e }) => [
        r.id,
        r.userId,
        e.from,
        e.to,
        e.at,
        e.actorUserId,
        e.actorName,
        e.publicNote,
        e.internalNote,
      ]),
    });
  }
  // The bulk brokers with an active contract say so (users.flags, as the demo accounts' do).
  const withActive = [
    ...new Set(requests.filter((r) => r.id >= FIRST_BULK_REQUEST_ID && r.status === "active").map((r) => r.userId)),
  ];
  statements.push({
    sql: `UPDATE users SET flags = json_set(flags, '$.existingActiveContracts', json('true'))
          WHERE id IN (${withActive.map(() => "?").join(", ")})`,
    args: withActive,
  });

  let fileId = FIRST_BULK_FILE_ID;
  const filesCreatedAt = dates.daysAgo(60);
  const file = (userId: number, name: string, text: string) => {
    const data = tinyPdf(text);
    statements.push({
      sql: "INSERT INTO files (id, user_id, name, content_type, size, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      args: [fileId, userId, name, "application/pdf", data.byteLength, data, filesCreatedAt],
    });
    return fileId++;
  };

  // Compliance documents: each such broker has three on file; one of them (two for every fourth broker) awaits
  // review; every fifth broker has one rejected, with the document notification that blocks their requests.
  let notificationId = FIRST_BULK_DOCUMENT_NOTIFICATION_ID;
  documentBrokers(requests).forEach((userId, k) => {
    const kinds = [0, 1, 2].map((n) => COMPLIANCE_DOCUMENT_KINDS[(k + n) % COMPLIANCE_DOCUMENT_KINDS.length]!);
    kinds.forEach((kind, n) => {
      const type = COMPLIANCE_DOCUMENT_TYPES[kind];
      const rejected = k % 5 === 2 && n === 2;
      const review = rejected ? "rejected" : n === 0 || (k % 4 === 1 && n === 1) ? "pending" : "accepted";
      const id = file(userId, FILE_NAMES[kind], `${type.title} - broker ${userId}`);
      const expiresOn = type.expires ? dates.monthEnd(k % 9 === 4 && n === 1 ? -2 : 3 + ((k + n) % 9)) : null;
      // Ran out two months ago: noticed already, with the notification the daily sweep would have made.
      const expired = expiresOn !== null && expiresOn < dates.day;
      statements.push({
        sql: `INSERT INTO compliance_documents
                (user_id, kind, file_id, review, reviewer_note, expires_on, expiry_noticed_on, uploaded_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [
          userId,
          kind,
          id,
          review,
          rejected ? REJECTION : null,
          expiresOn,
          expired ? expiresOn : null,
          dates.daysAgo(review === "pending" ? 1 + ((k * 3 + n) % 20) : 120 + k, "11:40"),
        ],
      });
      if (rejected || expired) {
        statements.push({
          sql: "INSERT INTO document_notifications (id, user_id, document_name, message) VALUES (?, ?, ?, ?)",
          args: [
            notificationId++,
            userId,
            type.title,
            rejected ? REJECTION : expiryMessage(type.title, expiresOn ?? ""),
          ],
        });
      }
    });
  });

  // Legal answers: every fourth bulk broker with a pending request answered the questions of its product, one
  // Yes with the court or department's letter attached.
  let answerId = FIRST_BULK_LEGAL_ANSWER_ID;
  const answered = new Set<number>();
  requests
    .filter((r) => r.id >= FIRST_BULK_REQUEST_ID && r.status === "pending" && !RESERVED_BROKER_IDS.has(r.userId))
    .forEach((r, k) => {
      if (k % 4 !== 0 || answered.has(r.userId)) return;
      answered.add(r.userId);
      const yes = 1 + (k % 4);
      for (const q of SEED_LEGAL_QUESTIONS) {
        const occurred = q.id === yes;
        const fileIdOf = occurred
          ? file(r.userId, "department-of-insurance-letter.pdf", `Letter - broker ${r.userId}`)
          : null;
        statements.push({
          sql: `INSERT INTO legal_answers (id, user_id, legal_question_id, has_occurred, action_on, action, reason,
                  explanation, file_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          args: occurred
            ? [
                answerId++,
                r.userId,
                q.id,
                1,
                dates.daysFromNow(-900 - k * 10),
                "Administrative fine",
                "Late renewal filing",
                "I paid a small administrative fine after filing my license renewal a week late. The department's letter closing the matter is attached.",
                fileIdOf,
              ]
            : [answerId++, r.userId, q.id, 0, null, null, null, null, null],
        });
      }
    });

  // The reserved e2e brokers answered every legal question (all No): nothing blocks their requests, which are
  // our staff's to review (the ball rule, app/domain/admin/ball.ts).
  for (const userId of RESERVED_BROKER_IDS) {
    for (const q of SEED_LEGAL_QUESTIONS) {
      statements.push({
        sql: `INSERT INTO legal_answers (id, user_id, legal_question_id, has_occurred, action_on, action, reason,
                explanation, file_id) VALUES (?, ?, ?, 0, NULL, NULL, NULL, NULL, NULL)`,
        args: [answerId++, userId, q.id],
      });
    }
  }

  // Administrators' notes on a few brokers.
  const noted = documentBrokers(requests).filter((_, k) => k % 4 === 0);
  noted.forEach((userId, k) => {
    const admin = ADMINS[k % ADMINS.length]!;
    statements.push({
      sql: `INSERT INTO admin_notes (broker_user_id, author_user_id, author_name, body, created_at) VALUES (?, ?, ?, ?, ?)`,
      args: [
        userId,
        admin.id,
        nameOf(admin),
        k % 2 === 0
          ? "Prefers to be called in the afternoon. Writes mostly Medicare Advantage in two counties."
          : "Asked about moving under another agency next year; keep their contracts as they are for now.",
        dates.daysAgo(10 + k * 4, "14:20"),
      ],
    });
  });
  return statements;
}
