/**
 * The profile page's routes (issue 12, docs/upstream-api.md "Profile page"): a broker's personal details
 * (GET/PUT /api/profile/details), compliance documents (GET /api/profile/documents, PUT
 * /api/profile/documents/{kind} multipart; the bytes through GET /api/profile/files/{id}) and member
 * rewards (GET /api/profile/rewards). Storage: users (name, e-mail, phone), profile_details,
 * compliance_documents (shared with onboarding's documents step), files, document_notifications,
 * reward_payouts, policies.
 */
import type { Express, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import {
  COMPLIANCE_DOCUMENT_KINDS,
  COMPLIANCE_DOCUMENT_TYPES,
  type ComplianceDocumentKind,
  isComplianceDocumentKind,
  notificationsFor,
} from "../../../app/domain/compliance-documents.ts";
import { formatPhone } from "../../../app/domain/masks.ts";
import { isValidPhone } from "../../../app/domain/masked-values.ts";
import { MAX_UPLOAD_BYTES } from "../../../app/domain/uploads.ts";
import type { SessionUser } from "../../../app/domain/user.ts";
import type { DocumentNotification } from "../../../app/.server/upstream/schemas/profile.ts";
import type {
  ComplianceDocument,
  ProfileDetails,
  Rewards,
} from "../../../app/.server/upstream/schemas/profile-details.ts";
import { todayIso } from "../core/today.ts";
import { isIsoDate } from "../contracting/routes.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { HttpError, readFormData } from "../core/legal-answers-form.ts";
import { documentNotifications } from "./queries.ts";
import { HIERARCHY_COLUMNS, hierarchyFromRow, hierarchyJoins } from "./hierarchy.ts";
import { REWARD_PAYOUT_MONTHS } from "./seed.ts";
import { readUpload } from "../core/uploads.ts";
import { oneLine } from "../core/text-rules.ts";

export const PROFILE_BROKERS_ONLY = "Only agents and agencies have a profile to change";
export const EXPIRY_DATE_REQUIRED = "Enter the certificate's expiry date (YYYY-MM-DD)";
export const EXPIRY_DATE_PASSED = "This certificate has expired: upload a current one";
export const CHOOSE_A_FILE = "Choose the file to upload (image or PDF)";

/** Member rewards earned per qualifying (active) policy in a year, in cents. */
export const REWARD_PER_POLICY_CENTS = 2_500;

/** One file of at most 10 MB, plus the multipart overhead. */
const MAX_DOCUMENT_BODY_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;

type Authed = Response<unknown, { session: SessionRecord }>;

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

function isBroker(user: SessionUser): boolean {
  return user.role === "Agent" || user.role === "Agency";
}

const text = (label: string, max: number) =>
  oneLine(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, { error: `${label} is required` })
      .max(max, { error: `${label} must be at most ${max} characters` }),
  );

const DetailsBody = z.object(
  {
    phone: z
      .string({ error: "Phone is required" })
      .refine(isValidPhone, { error: "Phone must be 10 digits, optionally with an extension" })
      .transform(formatPhone),
    addressLine1: text("Address", 200),
    addressLine2: z
      .string({ error: "Address line 2 must be text" })
      .trim()
      .max(200, { error: "Address line 2 must be at most 200 characters" })
      .nullish()
      .transform((v) => (v ? v : null)),
    city: text("City", 100),
    state: z
      .string({ error: "State must be a 2-letter state code" })
      .trim()
      .regex(/^[A-Za-z]{2}$/, { error: "State must be a 2-letter state code" })
      .transform((v) => v.toUpperCase()),
    zip: z
      .string({ error: "ZIP code must be 5 digits" })
      .trim()
      .regex(/^\d{5}$/, { error: "ZIP code must be 5 digits" }),
  },
  { error: "Send the details as a JSON object" },
);

export async function detailsOf(db: ReferenceDb, userId: number): Promise<ProfileDetails> {
  const result = await db.client.execute({
    // The agency and upline from the hierarchy the admin area edits (hierarchy.ts), not a copy of their names.
    sql: `SELECT u.first_name, u.last_name, u.email, u.phone, u.npn_number, p.*, ${HIERARCHY_COLUMNS} FROM users u
          LEFT JOIN profile_details p ON p.user_id = u.id ${hierarchyJoins("u")} WHERE u.id = ?`,
    args: [userId],
  });
  const r = result.rows[0]!;
  const s = (v: unknown) => (v == null ? null : String(v));
  const hierarchy = hierarchyFromRow(r);
  return {
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    email: String(r.email),
    phone: s(r.phone),
    addressLine1: s(r.address_line1),
    addressLine2: s(r.address_line2),
    city: s(r.city),
    state: s(r.state),
    zip: s(r.zip),
    npnNumber: s(r.npn_number),
    agencyName: hierarchy.agency,
    upline: hierarchy.upline,
  };
}

export async function documentsOf(db: ReferenceDb, userId: number): Promise<ComplianceDocument[]> {
  const result = await db.client.execute({
    sql: `SELECT d.*, f.id AS f_id, f.name AS f_name, f.content_type AS f_type, f.size AS f_size
          FROM compliance_documents d JOIN files f ON f.id = d.file_id AND f.user_id = d.user_id
          WHERE d.user_id = ?`,
    args: [userId],
  });
  const byKind = new Map(result.rows.map((r) => [String(r.kind), r]));
  return COMPLIANCE_DOCUMENT_KINDS.map((kind): ComplianceDocument => {
    const type = COMPLIANCE_DOCUMENT_TYPES[kind];
    const r = byKind.get(kind);
    return {
      kind,
      title: type.title,
      expires: type.expires,
      file: r
        ? { id: Number(r.f_id), name: String(r.f_name), contentType: String(r.f_type), size: Number(r.f_size) }
        : null,
      uploadedAt: r ? String(r.uploaded_at) : null,
      expiresOn: r?.expires_on == null ? null : String(r.expires_on),
      review: r && String(r.review) === "rejected" ? "rejected" : "accepted",
      reviewerNote: r?.reviewer_note == null ? null : String(r.reviewer_note),
    };
  });
}

/** The next payout day (the 15th of January, April, July or October) after `today`. */
export function nextPayoutOn(today: string): string {
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1]) {
    for (const m of REWARD_PAYOUT_MONTHS) {
      const day = `${y}-${String(m).padStart(2, "0")}-15`;
      if (day > today) return day;
    }
  }
  throw new Error("unreachable");
}

export async function rewardsOf(db: ReferenceDb, userId: number, today = todayIso()): Promise<Rewards> {
  const year = today.slice(0, 4);
  const [policies, payouts] = await Promise.all([
    db.client.execute({
      sql: "SELECT COUNT(*) AS n FROM policies WHERE user_id = ? AND status = 'Active' AND effective_date <= ?",
      args: [userId, today],
    }),
    db.client.execute({
      sql: "SELECT COALESCE(SUM(amount_cents), 0) AS paid FROM reward_payouts WHERE user_id = ? AND paid_on LIKE ? AND paid_on <= ?",
      args: [userId, `${year}-%`, today],
    }),
  ]);
  const qualifyingPolicies = Number(policies.rows[0]!.n);
  const earnedCents = qualifyingPolicies * REWARD_PER_POLICY_CENTS;
  const paidCents = Number(payouts.rows[0]!.paid);
  return {
    year: Number(year),
    qualifyingPolicies,
    earnedCents,
    paidCents,
    pendingCents: Math.max(0, earnedCents - paidCents),
    nextPayoutOn: qualifyingPolicies > 0 ? nextPayoutOn(today) : null,
  };
}

/**
 * Stores an upload as the user's document of `kind` (replacing the one on file). A certificate that runs
 * out needs a future expiry date. The new file awaits an administrator's review (the admin area's documents
 * awaiting review) but counts as valid meanwhile, so a replacement clears the document notifications that
 * name the document.
 */
async function saveDocument(
  db: ReferenceDb,
  user: SessionUser,
  kind: ComplianceDocumentKind,
  form: FormData,
): Promise<void> {
  const files = form.getAll("file");
  if (files.length > 1) throw new HttpError(422, "Send one file only");
  const file = files[0];
  if (file === undefined || typeof file === "string" || (file.size === 0 && file.name === "")) {
    throw new HttpError(422, CHOOSE_A_FILE);
  }
  const type = COMPLIANCE_DOCUMENT_TYPES[kind];
  let expiresOn: string | null = null;
  if (type.expires) {
    const raw = form.get("expiresOn");
    expiresOn = typeof raw === "string" ? raw.trim() : "";
    if (!isIsoDate(expiresOn)) throw new HttpError(422, EXPIRY_DATE_REQUIRED);
    if (expiresOn < todayIso()) throw new HttpError(422, EXPIRY_DATE_PASSED);
  }
  const upload = await readUpload(file);

  await db.exclusive(async () => {
    const [old, maxFile, notifications] = await Promise.all([
      db.client.execute({
        sql: "SELECT file_id FROM compliance_documents WHERE user_id = ? AND kind = ?",
        args: [user.userId, kind],
      }),
      db.client.execute("SELECT COALESCE(MAX(id), 0) AS n FROM files"),
      documentNotifications(db, user.userId),
    ]);
    const fileId = Number(maxFile.rows[0]!.n) + 1;
    const now = new Date().toISOString();
    const oldFileId = old.rows[0]?.file_id;
    await db.client.batch(
      [
        ...(oldFileId == null
          ? []
          : [{ sql: "DELETE FROM files WHERE id = ? AND user_id = ?", args: [Number(oldFileId), user.userId] }]),
        {
          sql: "INSERT INTO files (id, user_id, name, content_type, size, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
          args: [fileId, user.userId, upload.name, upload.contentType, upload.data.byteLength, upload.data, now],
        },
        {
          sql: `INSERT INTO compliance_documents (user_id, kind, file_id, review, reviewer_note, expires_on, uploaded_at)
                VALUES (?, ?, ?, 'pending', NULL, ?, ?)
                ON CONFLICT (user_id, kind) DO UPDATE SET file_id = excluded.file_id, review = 'pending',
                  reviewer_note = NULL, expires_on = excluded.expires_on, expiry_noticed_on = NULL,
                  uploaded_at = excluded.uploaded_at`,
          args: [user.userId, kind, fileId, expiresOn, now],
        },
        ...notificationsFor(kind, notifications).map((n) => ({
          sql: "DELETE FROM document_notifications WHERE id = ? AND user_id = ?",
          args: [n.id, user.userId],
        })),
      ],
      "write",
    );
  });
}

export function registerProfileDetailsRoutes(
  app: Express,
  { db, logger, requireSession }: { db: ReferenceDb; logger: Logger; requireSession: RequestHandler },
): void {
  const brokerOnly = (res: Authed): SessionUser | null => {
    const { user } = res.locals.session;
    if (isBroker(user)) return user;
    fail(res, 403, PROFILE_BROKERS_ONLY);
    return null;
  };

  app.get("/api/profile/details", requireSession, async (_req, res: Authed) => {
    const user = brokerOnly(res);
    if (!user) return;
    const body: { details: ProfileDetails } = { details: await detailsOf(db, user.userId) };
    res.json(body);
  });

  app.put("/api/profile/details", requireSession, async (req, res: Authed) => {
    const user = brokerOnly(res);
    if (!user) return;
    if (!req.is("application/json")) return fail(res, 415, "Send the details as JSON");
    const parsed = DetailsBody.safeParse(req.body);
    if (!parsed.success) return fail(res, 422, [...new Set(parsed.error.issues.map((i) => i.message))].join("; "));
    const v = parsed.data;
    await db.client.batch(
      [
        { sql: "UPDATE users SET phone = ? WHERE id = ?", args: [v.phone, user.userId] },
        {
          sql: `INSERT INTO profile_details (user_id, address_line1, address_line2, city, state, zip) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET address_line1 = excluded.address_line1,
                  address_line2 = excluded.address_line2, city = excluded.city, state = excluded.state, zip = excluded.zip`,
          args: [user.userId, v.addressLine1, v.addressLine2, v.city, v.state, v.zip],
        },
      ],
      "write",
    );
    logger.info({ userId: user.userId }, "profile details saved");
    const body: { details: ProfileDetails } = { details: await detailsOf(db, user.userId) };
    res.json(body);
  });

  app.get("/api/profile/documents", requireSession, async (_req, res: Authed) => {
    const user = brokerOnly(res);
    if (!user) return;
    const body: { documents: ComplianceDocument[] } = { documents: await documentsOf(db, user.userId) };
    res.json(body);
  });

  app.put("/api/profile/documents/:kind", requireSession, async (req, res: Authed) => {
    const user = brokerOnly(res);
    if (!user) return;
    const kind = req.params.kind;
    if (!isComplianceDocumentKind(kind)) return fail(res, 404, `Unknown document "${String(kind)}"`);
    try {
      await saveDocument(db, user, kind, await readFormData(req, MAX_DOCUMENT_BODY_BYTES, "the document"));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status === 413) res.set("Connection", "close");
      return fail(res, error.status, error.message);
    }
    logger.info({ userId: user.userId, kind }, "compliance document uploaded");
    const [documents, notifications] = await Promise.all([
      documentsOf(db, user.userId),
      documentNotifications(db, user.userId),
    ]);
    const body: { document: ComplianceDocument; documentNotifications: DocumentNotification[] } = {
      document: documents.find((d) => d.kind === kind)!,
      documentNotifications: notifications,
    };
    res.json(body);
  });

  app.get("/api/profile/rewards", requireSession, async (_req, res: Authed) => {
    const user = brokerOnly(res);
    if (!user) return;
    const body: { rewards: Rewards } = { rewards: await rewardsOf(db, user.userId) };
    res.json(body);
  });
}
