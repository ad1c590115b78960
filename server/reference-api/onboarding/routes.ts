/**
 * Onboarding routes (issue 3, docs/upstream-api.md): the contracting steps of an agent or agency whose
 * role has an onboarding process. GET /api/onboarding, PUT /api/onboarding/steps/{step} (JSON, or
 * multipart for documents), POST /api/onboarding/complete. Storage: onboarding_steps (one row per
 * saved step, completed_at NULL = saved, not complete), compliance_documents (kind -> files row; the
 * profile's documents, issue 12),
 * the user's licenses (licenses), legal answers (legal_answers) and the flags of users.
 */
import type { Express, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { oneLine } from "../core/text-rules.ts";
import type { SessionUser } from "../../../app/domain/user.ts";
import { formatPhone } from "../../../app/domain/masks.ts";
import { digitsOf, isValidPhone } from "../../../app/domain/masked-values.ts";
import { signatureIsValid, signaturePointCount } from "../../../app/domain/signature.ts";
import {
  ONBOARDING_STEP_KEYS,
  type Onboarding,
  type OnboardingStepKey,
} from "../../../app/.server/upstream/schemas/onboarding.ts";
import { MAX_UPLOAD_BYTES } from "../../../app/domain/uploads.ts";
import { todayIso } from "../core/today.ts";
import { isIsoDate } from "../contracting/routes.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { legalAnswers, legalQuestions } from "../contracting/queries.ts";
import { profileOf } from "../profile/queries.ts";
import { HttpError, readFormData } from "../core/legal-answers-form.ts";
import { readUpload, type Upload } from "../core/uploads.ts";
import type {
  OnboardingBankingData,
  OnboardingOptoutData,
  OnboardingPersonalData,
  OnboardingSignatureData,
} from "./seed.ts";

export const ONBOARDING_BROKERS_ONLY = "Only agents and agencies have an onboarding";
export const ADD_A_LICENSE = "Add at least one license";
export const ANSWER_EVERY_LEGAL_QUESTION = "Answer every legal question";
export const SIGNATURE_TOO_SHORT = "The signature is too short";
export const TAX_ID_REQUIRED = "Enter your SSN or your EIN";
export const ONE_TAX_ID_ONLY = "Send either an SSN or an EIN, not both";
export const LICENSE_ALREADY_ON_FILE = "This license is already on file";

/** The product whose legal questions the legal step needs answered (Medicare Advantage: questions 1-4). */
export const ONBOARDING_LEGAL_PRODUCT_ID = 1;
/** Two files of at most 10 MB each, plus the multipart overhead. */
const MAX_DOCUMENTS_BODY_BYTES = 2 * MAX_UPLOAD_BYTES + 1024 * 1024;
const MAX_SIGNATURE_POINTS = 20_000;

export const DOCUMENT_KINDS = ["w9", "eo"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
const DOCUMENT_NAMES: Record<DocumentKind, string> = { w9: "the W-9", eo: "the E&O certificate" };

type Authed = Response<unknown, { session: SessionRecord }>;

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

/** The steps a user's role flags call for, in order, with their titles (the portal shows these titles). */
export function onboardingSteps(user: SessionUser): { key: OnboardingStepKey; title: string }[] {
  return [
    { key: "personal", title: user.roleRequiresSsnOrTin ? "Personal details, with SSN or TIN" : "Personal details" },
    { key: "licenses", title: "Licenses" },
    { key: "legal", title: "Legal questions" },
    ...(user.roleHasShowAchInfo ? [{ key: "banking" as const, title: "Banking (ACH) details" }] : []),
    { key: "documents", title: "Documents" },
    { key: "signature", title: "Signature" },
    ...(user.roleHasOptoutProcess ? [{ key: "optout" as const, title: "Opt-out choices" }] : []),
  ];
}

/** How a step is named in "Finish the … step first". */
const SHORT_NAMES: Record<OnboardingStepKey, string> = {
  personal: "Personal details",
  licenses: "Licenses",
  legal: "Legal questions",
  banking: "Banking (ACH) details",
  documents: "Documents",
  signature: "Signature",
  optout: "Opt-out choices",
};

/* ---- Validation ---- */

function messageOf(error: z.ZodError): string {
  return [...new Set(error.issues.map((i) => i.message))].join("; ");
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new HttpError(422, messageOf(parsed.error));
  return parsed.data;
}

const requiredText = (label: string, max = 100) =>
  oneLine(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, { error: `${label} is required` })
      .max(max, { error: `${label} must be at most ${max} characters` }),
  );

/** The date `years` years before `iso` (YYYY-MM-DD). */
function yearsBefore(iso: string, years: number): string {
  return `${String(Number(iso.slice(0, 4)) - years).padStart(4, "0")}${iso.slice(4)}`;
}

const stateCode = (label: string) =>
  z
    .string({ error: `${label} must be a 2-letter state code` })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: `${label} must be a 2-letter state code` })
    .transform((v) => v.toUpperCase());

/** 9 digits; spaces and dashes are ignored. "" or null = not sent. */
const optionalNineDigits = (label: string) =>
  z
    .string({ error: `${label} must be 9 digits` })
    .nullish()
    .transform((v, ctx) => {
      const value = (v ?? "").trim();
      if (value === "") return undefined;
      if (!/^[\d\s-]+$/.test(value) || digitsOf(value).length !== 9) {
        ctx.addIssue({ code: "custom", message: `${label} must be 9 digits` });
        return z.NEVER;
      }
      return digitsOf(value);
    });

const PersonalBody = z.object(
  {
    firstName: requiredText("First name"),
    lastName: requiredText("Last name"),
    phone: z
      .string({ error: "Phone is required" })
      .refine(isValidPhone, { error: "Phone must be 10 digits, optionally with an extension" })
      .transform(formatPhone),
    dateOfBirth: z
      .string({ error: "Date of birth is required" })
      .trim()
      .refine(isIsoDate, { error: "Date of birth must be a valid date (YYYY-MM-DD)" })
      .refine((v) => v >= "1900-01-01", { error: "Date of birth must be a valid date (YYYY-MM-DD)" })
      .refine((v) => v <= yearsBefore(todayIso(), 18), { error: "You must be at least 18 years old" }),
    addressLine1: requiredText("Address", 200),
    city: requiredText("City"),
    state: stateCode("State"),
    zip: z
      .string({ error: "ZIP code must be 5 digits" })
      .trim()
      .regex(/^\d{5}$/, { error: "ZIP code must be 5 digits" }),
    ssn: optionalNineDigits("SSN"),
    ein: optionalNineDigits("EIN"),
  },
  { error: "Send the personal details as a JSON object" },
);

const LicenseBody = z.object(
  {
    state: stateCode("License state"),
    licenseNumber: requiredText("License number", 50),
    licenseType: requiredText("License type", 50),
    expiresOn: z
      .string({ error: "License expiry date is required" })
      .trim()
      .refine(isIsoDate, { error: "License expiry date must be a valid date (YYYY-MM-DD)" })
      .refine((v) => v > todayIso(), { error: "License expiry date must be in the future" }),
  },
  { error: "license must be an object" },
);
const LicensesBody = z.object({ license: LicenseBody.optional() });

const BankingBody = z.object({
  accountHolder: requiredText("Account holder", 100),
  accountType: z.enum(["checking", "savings"], { error: 'Account type must be "checking" or "savings"' }),
  routingNumber: z
    .string({ error: "Routing number must be 9 digits" })
    .trim()
    .regex(/^\d{9}$/, { error: "Routing number must be 9 digits" }),
  accountNumber: z
    .string({ error: "Account number must be 4 to 17 digits" })
    .trim()
    .regex(/^\d{4,17}$/, { error: "Account number must be 4 to 17 digits" }),
});

const STROKES_SHAPE = "strokes must be a list of strokes, each with points [{ x, y, time? }]";
const finite = z.number({ error: STROKES_SHAPE }).refine(Number.isFinite, { error: STROKES_SHAPE });
const SignatureBody = z.object({
  strokes: z
    .array(
      z.object(
        {
          points: z.array(z.object({ x: finite, y: finite, time: finite.optional() }, { error: STROKES_SHAPE }), {
            error: STROKES_SHAPE,
          }),
        },
        { error: STROKES_SHAPE },
      ),
      { error: STROKES_SHAPE },
    )
    .refine((strokes) => signaturePointCount(strokes) <= MAX_SIGNATURE_POINTS, {
      error: `A signature may have at most ${MAX_SIGNATURE_POINTS} points`,
    }),
});

const OptoutBody = z.object({
  marketingEmails: z.boolean({ error: "marketingEmails must be true or false" }),
  leadPrograms: z.boolean({ error: "leadPrograms must be true or false" }),
});

/* ---- Storage ---- */

interface StepRow {
  data: unknown;
  completedAt: string | null;
}

async function stepRows(db: ReferenceDb, userId: number): Promise<Map<OnboardingStepKey, StepRow>> {
  const result = await db.client.execute({
    sql: "SELECT step, data, completed_at FROM onboarding_steps WHERE user_id = ?",
    args: [userId],
  });
  return new Map(
    result.rows.map((r) => [
      String(r.step) as OnboardingStepKey,
      {
        data: JSON.parse(String(r.data)) as unknown,
        completedAt: r.completed_at == null ? null : String(r.completed_at),
      },
    ]),
  );
}

async function saveStep(
  db: ReferenceDb,
  userId: number,
  step: OnboardingStepKey,
  data: unknown,
  completedAt: string | null,
): Promise<void> {
  await db.client.execute({
    sql: `INSERT INTO onboarding_steps (user_id, step, data, completed_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (user_id, step) DO UPDATE SET data = excluded.data, completed_at = excluded.completed_at`,
    args: [userId, step, JSON.stringify(data), completedAt],
  });
}

async function storedDocuments(db: ReferenceDb, userId: number): Promise<Onboarding["documents"]> {
  const result = await db.client.execute({
    sql: `SELECT d.kind, f.id, f.name, f.content_type, f.size FROM compliance_documents d
          JOIN files f ON f.id = d.file_id AND f.user_id = d.user_id
          WHERE d.user_id = ? AND d.kind IN ('w9', 'eo') ORDER BY CASE d.kind WHEN 'w9' THEN 0 ELSE 1 END`,
    args: [userId],
  });
  return result.rows.map((r) => ({
    kind: String(r.kind) as DocumentKind,
    file: { id: Number(r.id), name: String(r.name), contentType: String(r.content_type), size: Number(r.size) },
  }));
}

/** The caller's onboarding, as GET /api/onboarding answers it (never with the tax id number). */
export async function onboardingOf(db: ReferenceDb, user: SessionUser): Promise<Onboarding> {
  const [rows, profile, documents] = await Promise.all([
    stepRows(db, user.userId),
    profileOf(db, user),
    storedDocuments(db, user.userId),
  ]);
  const done = (key: OnboardingStepKey) =>
    key === "documents"
      ? DOCUMENT_KINDS.every((kind) => documents.some((d) => d.kind === kind))
      : rows.get(key)?.completedAt != null;

  const personal = rows.get("personal")?.data as OnboardingPersonalData | undefined;
  const banking = rows.get("banking")?.data as OnboardingBankingData | undefined;
  const signature = rows.get("signature");
  const optout = rows.get("optout")?.data as OnboardingOptoutData | undefined;
  return {
    complete: user.onboardingComplete,
    steps: onboardingSteps(user).map((s) => ({ ...s, complete: done(s.key) })),
    personal: personal
      ? {
          firstName: personal.firstName,
          lastName: personal.lastName,
          phone: personal.phone ?? null,
          dateOfBirth: personal.dateOfBirth ?? null,
          addressLine1: personal.addressLine1 ?? null,
          city: personal.city ?? null,
          state: personal.state ?? null,
          zip: personal.zip ?? null,
          taxIdType: personal.taxIdType ?? null,
        }
      : null,
    licenses: profile.licenses,
    banking: banking
      ? {
          accountHolder: banking.accountHolder,
          accountType: banking.accountType,
          routingNumber: banking.routingNumber,
          accountNumberLast4: banking.accountNumber.slice(-4),
        }
      : null,
    documents,
    signature:
      signature?.completedAt != null
        ? { signedAt: signature.completedAt, points: (signature.data as OnboardingSignatureData).points }
        : null,
    optout: optout ? { marketingEmails: optout.marketingEmails, leadPrograms: optout.leadPrograms } : null,
  };
}

/* ---- Steps ---- */

function jsonBody(req: Request, step: OnboardingStepKey): Record<string, unknown> {
  const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
  if (hasBody && !req.is("application/json")) throw new HttpError(415, `Send the ${step} step as JSON`);
  const body: unknown = req.body ?? {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(422, "The body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

async function savePersonal(db: ReferenceDb, user: SessionUser, body: unknown): Promise<void> {
  const input = parse(PersonalBody, body);
  if (input.ssn && input.ein) throw new HttpError(422, ONE_TAX_ID_ONLY);
  const existing = (await stepRows(db, user.userId)).get("personal")?.data as OnboardingPersonalData | undefined;
  let taxIdType: OnboardingPersonalData["taxIdType"] = existing?.taxIdType ?? null;
  let taxId = existing?.taxId ?? null;
  if (input.ssn) [taxIdType, taxId] = ["ssn", input.ssn];
  else if (input.ein) [taxIdType, taxId] = ["ein", input.ein];
  if (user.roleRequiresSsnOrTin && (taxIdType === null || taxId === null)) throw new HttpError(422, TAX_ID_REQUIRED);

  const data: OnboardingPersonalData = {
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    dateOfBirth: input.dateOfBirth,
    addressLine1: input.addressLine1,
    city: input.city,
    state: input.state,
    zip: input.zip,
    taxIdType,
    taxId,
  };
  await db.client.batch(
    [
      {
        sql: `INSERT INTO onboarding_steps (user_id, step, data, completed_at) VALUES (?, 'personal', ?, ?)
              ON CONFLICT (user_id, step) DO UPDATE SET data = excluded.data, completed_at = excluded.completed_at`,
        args: [user.userId, JSON.stringify(data), new Date().toISOString()],
      },
      {
        sql: "UPDATE users SET first_name = ?, last_name = ?, phone = ? WHERE id = ?",
        args: [input.firstName, input.lastName, input.phone, user.userId],
      },
    ],
    "write",
  );
}

async function saveLicenses(db: ReferenceDb, user: SessionUser, body: unknown): Promise<void> {
  const { license } = parse(LicensesBody, body);
  const { licenses } = await profileOf(db, user);
  if (license) {
    const duplicate = licenses.some(
      (l) => l.state === license.state && l.licenseNumber.toLowerCase() === license.licenseNumber.toLowerCase(),
    );
    if (duplicate) throw new HttpError(422, LICENSE_ALREADY_ON_FILE);
    await db.client.execute({
      sql: `INSERT INTO licenses (user_id, state, license_number, license_type, status, expires_on)
            VALUES (?, ?, ?, ?, 'Active', ?)`,
      args: [user.userId, license.state, license.licenseNumber, license.licenseType, license.expiresOn],
    });
    return;
  }
  if (licenses.length === 0) throw new HttpError(422, ADD_A_LICENSE);
  await saveStep(db, user.userId, "licenses", {}, new Date().toISOString());
}

async function saveLegal(db: ReferenceDb, user: SessionUser): Promise<void> {
  const [questions, answers] = await Promise.all([
    legalQuestions(db, ONBOARDING_LEGAL_PRODUCT_ID),
    legalAnswers(db, user.userId),
  ]);
  const answered = new Set(answers.map((a) => a.legalQuestionId));
  if (!questions.every((q) => answered.has(q.id))) throw new HttpError(422, ANSWER_EVERY_LEGAL_QUESTION);
  await saveStep(db, user.userId, "legal", {}, new Date().toISOString());
}

async function saveBanking(db: ReferenceDb, user: SessionUser, body: unknown): Promise<void> {
  const data: OnboardingBankingData = parse(BankingBody, body);
  await saveStep(db, user.userId, "banking", data, new Date().toISOString());
}

async function saveSignature(db: ReferenceDb, user: SessionUser, body: unknown): Promise<void> {
  const { strokes } = parse(SignatureBody, body);
  if (!signatureIsValid(strokes)) throw new HttpError(422, SIGNATURE_TOO_SHORT);
  const data: OnboardingSignatureData = { strokes, points: signaturePointCount(strokes) };
  await saveStep(db, user.userId, "signature", data, new Date().toISOString());
}

async function saveOptout(db: ReferenceDb, user: SessionUser, body: unknown): Promise<void> {
  const data: OnboardingOptoutData = parse(OptoutBody, body);
  await saveStep(db, user.userId, "optout", data, new Date().toISOString());
}

/** Validates the w9/eo parts of the form, then stores them (replacing a stored file of the same kind). */
async function saveDocuments(db: ReferenceDb, user: SessionUser, form: FormData): Promise<void> {
  const sent: (Upload & { kind: DocumentKind })[] = [];
  for (const kind of DOCUMENT_KINDS) {
    const values = form.getAll(kind);
    if (values.length > 1) throw new HttpError(422, `Send one ${kind} file only`);
    const value = values[0];
    if (value === undefined || value === "") continue;
    if (typeof value === "string") throw new HttpError(422, `${kind} must be a file`);
    if (value.size === 0 && value.name === "") continue; // a file input left empty
    sent.push({ kind, ...(await readUpload(value, `The file of ${DOCUMENT_NAMES[kind]} is empty`)) });
  }

  await db.exclusive(async () => {
    const stored = await storedDocuments(db, user.userId);
    if (sent.length === 0) {
      const missing = DOCUMENT_KINDS.filter((kind) => !stored.some((d) => d.kind === kind));
      if (missing.length > 0) {
        throw new HttpError(422, `Attach ${missing.map((k) => DOCUMENT_NAMES[k]).join(" and ")} (image or PDF)`);
      }
      return;
    }
    const maxFile = await db.client.execute("SELECT COALESCE(MAX(id), 0) AS n FROM files");
    let nextFileId = Number(maxFile.rows[0]!.n) + 1;
    const now = new Date().toISOString();
    const statements: { sql: string; args: (string | number | Uint8Array)[] }[] = [];
    for (const file of sent) {
      const old = stored.find((d) => d.kind === file.kind);
      if (old)
        statements.push({ sql: "DELETE FROM files WHERE id = ? AND user_id = ?", args: [old.file.id, user.userId] });
      const fileId = nextFileId++;
      statements.push(
        {
          sql: "INSERT INTO files (id, user_id, name, content_type, size, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
          args: [fileId, user.userId, file.name, file.contentType, file.data.byteLength, file.data, now],
        },
        {
          // The profile's compliance documents are the same records (one set per user): a new file awaits an
          // administrator's review and, without an expiry date asked here, does not run out.
          sql: `INSERT INTO compliance_documents (user_id, kind, file_id, review, reviewer_note, expires_on, uploaded_at)
                VALUES (?, ?, ?, 'pending', NULL, NULL, ?)
                ON CONFLICT (user_id, kind) DO UPDATE SET file_id = excluded.file_id, review = 'pending',
                  reviewer_note = NULL, expires_on = NULL, expiry_noticed_on = NULL, uploaded_at = excluded.uploaded_at`,
          args: [user.userId, file.kind, fileId, now],
        },
      );
    }
    await db.client.batch(statements, "write");
  });
}

function isBroker(user: SessionUser): boolean {
  return user.role === "Agent" || user.role === "Agency";
}

export function registerOnboardingRoutes(
  app: Express,
  { db, logger, requireSession }: { db: ReferenceDb; logger: Logger; requireSession: RequestHandler },
): void {
  const send = async (res: Authed, user: SessionUser) => {
    const body: { onboarding: Onboarding } = { onboarding: await onboardingOf(db, user) };
    res.json(body);
  };

  const answerError = (res: Response, error: unknown): void => {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 413) res.set("Connection", "close");
    fail(res, error.status, error.message);
  };

  app.get("/api/onboarding", requireSession, async (_req, res: Authed) => {
    const { user } = res.locals.session;
    if (!isBroker(user)) return fail(res, 403, ONBOARDING_BROKERS_ONLY);
    await send(res, user);
  });

  app.put("/api/onboarding/steps/:step", requireSession, async (req, res: Authed) => {
    const { user } = res.locals.session;
    try {
      if (!isBroker(user)) throw new HttpError(403, ONBOARDING_BROKERS_ONLY);
      const step = req.params.step as string;
      if (!(ONBOARDING_STEP_KEYS as readonly string[]).includes(step)) {
        throw new HttpError(404, `Unknown onboarding step "${step}"`);
      }
      const key = step as OnboardingStepKey;
      if (!onboardingSteps(user).some((s) => s.key === key)) {
        throw new HttpError(404, `The ${key} step is not part of your onboarding`);
      }
      switch (key) {
        case "documents":
          await saveDocuments(db, user, await readFormData(req, MAX_DOCUMENTS_BODY_BYTES, "the documents"));
          break;
        case "personal":
          await db.exclusive(async () => savePersonal(db, user, jsonBody(req, key)));
          break;
        case "licenses":
          await db.exclusive(async () => saveLicenses(db, user, jsonBody(req, key)));
          break;
        case "legal":
          jsonBody(req, key);
          await db.exclusive(async () => saveLegal(db, user));
          break;
        case "banking":
          await saveBanking(db, user, jsonBody(req, key));
          break;
        case "signature":
          await saveSignature(db, user, jsonBody(req, key));
          break;
        case "optout":
          await saveOptout(db, user, jsonBody(req, key));
          break;
      }
      logger.info({ userId: user.userId, step: key }, "onboarding step saved");
    } catch (error) {
      return answerError(res, error);
    }
    await send(res, user);
  });

  app.post("/api/onboarding/complete", requireSession, async (_req, res: Authed) => {
    const { user } = res.locals.session;
    if (!isBroker(user)) return fail(res, 403, ONBOARDING_BROKERS_ONLY);
    try {
      await db.exclusive(async () => {
        const onboarding = await onboardingOf(db, user);
        const incomplete = onboarding.steps.find((s) => !s.complete);
        if (incomplete) throw new HttpError(422, `Finish the ${SHORT_NAMES[incomplete.key]} step first`);
        await db.client.execute({
          sql: `UPDATE users SET flags = json_set(flags, '$.onboardingComplete', json('true'), '$.onboardingInProgress', json('false'))
                WHERE id = ?`,
          args: [user.userId],
        });
      });
    } catch (error) {
      return answerError(res, error);
    }
    logger.info({ userId: user.userId }, "onboarding completed");
    const fresh = await db.findUser(user.userId, user.returnToUserId);
    if (!fresh) return fail(res, 404, "Not found");
    await send(res, fresh);
  });
}
