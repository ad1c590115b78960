/**
 * Contracting routes (issue 3, docs/upstream-api.md): products, product carriers, carrier resources,
 * contracting entries (contract requests, with Idempotency-Key), legal questions, legal answers
 * (multipart, Rails nested attributes) and stored files.
 */
import type { Express, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import type {
  CarrierResource,
  ContractingStatuses,
  LegalAnswer,
  LegalQuestion,
  Product,
  ProductCarrier,
} from "../../../app/.server/upstream/schemas/contracting.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import {
  allLegalQuestions,
  carrierResources,
  contractStatusesByCarrierProduct,
  contractingStatuses,
  createPendingEntries,
  knownCarrierProductIds,
  legalAnswers,
  legalQuestions,
  productCarriers,
  productExists,
  products,
  storedFile,
} from "./queries.ts";
import { findIdempotentAnswer, storeIdempotentAnswer } from "../core/idempotency.ts";
import { documentNotifications } from "../profile/queries.ts";
import { statesOfSaleOf } from "../nipr/holds.ts";
import { holdsRefusal } from "../../../app/domain/nipr-holds.ts";
import { HttpError, legalAnswerEntries, type RawLegalAnswerEntry, readFormData } from "../core/legal-answers-form.ts";
import { readUpload, sendStoredFile, type Upload } from "../core/uploads.ts";

/** Spec §8 alert text: contract requests are refused while document notifications exist. */
export const DOCUMENTS_NEED_ATTENTION =
  "You cannot request new contracts until your documentation is up to date. Please visit the User Profile to find this icon next to any documentation that requires your attention.";
export const BROKERS_ONLY = "Only agents and agencies can request contracts or answer legal questions";
export const IDEMPOTENCY_KEY_REUSED = "This Idempotency-Key was already used for a different request";

/** Every answer may carry a file: room for several of them, then 413. */
const MAX_LEGAL_ANSWERS_BODY_BYTES = 60 * 1024 * 1024;
const MAX_TEXT = 5000;
const MAX_SHORT_TEXT = 255;

type Authed = Response<unknown, { session: SessionRecord }>;

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

/** A positive integer path/query parameter, or null. */
function positiveInt(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

const ContractRequestBody = z.object({
  carrierProductIds: z
    .array(z.number().int().positive(), { error: "carrierProductIds must be a list of carrier product ids" })
    .min(1, { error: "carrierProductIds must list at least one carrier product" })
    .max(100, { error: "carrierProductIds may list at most 100 carrier products" }),
});

function isBroker(res: Authed): boolean {
  const { role } = res.locals.session.user;
  return role === "Agent" || role === "Agency";
}

export function registerContractingRoutes(
  app: Express,
  { db, logger, requireSession }: { db: ReferenceDb; logger: Logger; requireSession: RequestHandler },
): void {
  app.get("/api/resource_lists/products", requireSession, async (_req, res) => {
    const body: { products: Product[] } = { products: await products(db) };
    res.json(body);
  });

  app.get("/api/resource_lists/product_carriers/:productId", requireSession, async (req, res) => {
    const productId = positiveInt(req.params.productId);
    if (productId == null || !(await productExists(db, productId))) {
      return fail(res, 404, `No product with id ${req.params.productId}`);
    }
    const body: { productCarriers: ProductCarrier[] } = { productCarriers: await productCarriers(db, productId) };
    res.json(body);
  });

  app.get("/api/learning_center/center_resources", requireSession, async (req, res) => {
    const raw = req.query.carrierProductId;
    let carrierProductId: number | null = null;
    if (raw !== undefined && raw !== "") {
      carrierProductId = positiveInt(raw);
      if (carrierProductId == null) return fail(res, 422, "carrierProductId must be a positive integer");
    }
    const body: { learningCenterResources: CarrierResource[] } = {
      learningCenterResources: await carrierResources(db, carrierProductId),
    };
    res.json(body);
  });

  const statusesBody = async (userId: number) => {
    const statuses: ContractingStatuses = await contractingStatuses(db, userId);
    return { contractingStatuses: { statuses } };
  };

  app.get("/api/profile/contracting_entries", requireSession, async (_req, res: Authed) => {
    res.json(await statusesBody(res.locals.session.user.userId));
  });

  app.post("/api/profile/contracting_entries", requireSession, async (req, res: Authed) => {
    const { userId } = res.locals.session.user;
    if (!isBroker(res)) return fail(res, 403, BROKERS_ONLY);
    const key = req.get("idempotency-key")?.trim();
    if (key !== undefined && (key.length === 0 || key.length > 255)) {
      return fail(res, 422, "Idempotency-Key must be 1 to 255 characters");
    }
    const parsed = ContractRequestBody.safeParse(req.body ?? {});
    if (!parsed.success) return fail(res, 422, parsed.error.issues.map((i) => i.message).join("; "));
    const ids = [...new Set(parsed.data.carrierProductIds)].sort((a, b) => a - b);
    const fingerprint = ids.join(",");

    await db.exclusive(async () => {
      if (key) {
        const previous = await findIdempotentAnswer(db, userId, key);
        if (previous) {
          if (previous.fingerprint !== fingerprint) return fail(res, 422, IDEMPOTENCY_KEY_REUSED);
          res.status(previous.status).set("Idempotent-Replayed", "true").type("application/json").send(previous.body);
          return;
        }
      }
      if ((await documentNotifications(db, userId)).length > 0) return fail(res, 422, DOCUMENTS_NEED_ATTENTION);
      // Issue 24 §7: a request leaves out the states NIPR holds, and is refused when that leaves none.
      const sale = await statesOfSaleOf(db, userId);
      if (sale.refused) return fail(res, 422, holdsRefusal(sale.held));
      const known = await knownCarrierProductIds(db, ids);
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        return fail(res, 422, `Unknown carrier product${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`);
      }
      const existing = await contractStatusesByCarrierProduct(db, userId);
      // Pending, approved and active entries are not requested again; denied ones may be.
      const toRequest = ids.filter((id) => {
        const status = existing.get(id);
        return status === undefined || status === "denied";
      });
      if (toRequest.length > 0) {
        const { firstName, lastName } = res.locals.session.user;
        const actor = { userId, name: `${firstName} ${lastName}` };
        await createPendingEntries(db, userId, toRequest, new Date().toISOString(), actor, existing, sale.covered);
      }
      const body = JSON.stringify(await statusesBody(userId));
      if (key) await storeIdempotentAnswer(db, userId, key, fingerprint, 201, body);
      logger.info({ userId, requested: toRequest, skipped: ids.length - toRequest.length }, "contracts requested");
      res.status(201).type("application/json").send(body);
    });
  });

  app.get("/api/resource_lists/legal_questions/:productId", requireSession, async (req, res) => {
    const productId = positiveInt(req.params.productId);
    if (productId == null || !(await productExists(db, productId))) {
      return fail(res, 404, `No product with id ${req.params.productId}`);
    }
    const body: { legalQuestions: LegalQuestion[] } = { legalQuestions: await legalQuestions(db, productId) };
    res.json(body);
  });

  const legalAnswersBody = async (userId: number) => {
    const body: { legalAnswers: LegalAnswer[] } = { legalAnswers: await legalAnswers(db, userId) };
    return body;
  };

  app.get("/api/profile/legal_answers", requireSession, async (_req, res: Authed) => {
    res.json(await legalAnswersBody(res.locals.session.user.userId));
  });

  app.put("/api/profile/legal_answers", requireSession, async (req, res: Authed) => {
    const { userId } = res.locals.session.user;
    try {
      if (!isBroker(res)) throw new HttpError(403, BROKERS_ONLY);
      const form = await readFormData(req, MAX_LEGAL_ANSWERS_BODY_BYTES);
      const entries = legalAnswerEntries(form);
      if (entries.length === 0) {
        throw new HttpError(422, "No legal answers sent (expected user[legalAnswersAttributes][] fields)");
      }
      await db.exclusive(async () => {
        const plan = await planLegalAnswers(db, userId, entries);
        await db.client.batch(await plan(), "write");
      });
    } catch (error) {
      if (error instanceof HttpError) {
        if (error.status === 413) res.set("Connection", "close");
        return fail(res, error.status, error.message);
      }
      throw error;
    }
    res.json(await legalAnswersBody(userId));
  });

  app.get("/api/profile/files/:id", requireSession, async (req, res: Authed) => {
    const fileId = positiveInt(req.params.id);
    const file = fileId == null ? null : await storedFile(db, res.locals.session.user.userId, fileId);
    if (!file) return fail(res, 404, "Not found");
    sendStoredFile(res, file);
  });
}

const TRUE = new Set(["true", "1", "on", "yes"]);
const FALSE = new Set(["false", "0", "off", "no", ""]);

function flag(value: string | undefined, name: string, where: string): boolean | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  throw new HttpError(422, `${where}: ${name} must be true or false`);
}

export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

interface StoredAnswer {
  id: number;
  legalQuestionId: number;
  hasOccurred: boolean;
  actionOn: string | null;
  action: string | null;
  reason: string | null;
  explanation: string | null;
  fileId: number | null;
}

/**
 * Validates every entry against the caller's stored answers (throwing HttpError on the first problem,
 * before anything is written) and returns a function giving the statements that apply them.
 */
async function planLegalAnswers(
  db: ReferenceDb,
  userId: number,
  entries: readonly RawLegalAnswerEntry[],
): Promise<() => Promise<{ sql: string; args: (string | number | null | Uint8Array)[] }[]>> {
  const [questions, stored] = await Promise.all([allLegalQuestions(db), legalAnswers(db, userId)]);
  const byQuestion = new Map<number, StoredAnswer>(
    stored.map((a) => [a.legalQuestionId, { ...a, fileId: a.file?.id ?? null }]),
  );
  const byId = new Map<number, StoredAnswer>([...byQuestion.values()].map((a) => [a.id, a]));
  const seen = new Set<number>();

  type Op =
    | { kind: "destroy"; answer: StoredAnswer }
    | {
        kind: "upsert";
        existing: StoredAnswer | undefined;
        legalQuestionId: number;
        hasOccurred: boolean;
        actionOn: string | null;
        action: string | null;
        reason: string | null;
        explanation: string | null;
        /** undefined = keep the stored file; null = no file. */
        newFile: Upload | null | undefined;
      };
  const ops: Op[] = [];

  for (const entry of entries) {
    const where = `Legal answer ${entry.position}`;
    const legalQuestionId = positiveInt(entry.legalQuestionId?.trim());
    if (legalQuestionId == null) throw new HttpError(422, `${where}: legalQuestionId is missing or not a number`);
    const questionText = questions.get(legalQuestionId);
    if (questionText === undefined) throw new HttpError(422, `${where}: unknown legal question ${legalQuestionId}`);
    const named = `"${questionText}"`;
    if (seen.has(legalQuestionId)) throw new HttpError(422, `${named} is answered twice`);
    seen.add(legalQuestionId);

    let existing = byQuestion.get(legalQuestionId);
    const rawId = entry.id?.trim();
    if (rawId) {
      const id = positiveInt(rawId);
      const answer = id == null ? undefined : byId.get(id);
      if (!answer) throw new HttpError(422, `${named}: unknown legal answer id ${rawId}`);
      if (answer.legalQuestionId !== legalQuestionId) {
        throw new HttpError(422, `${named}: legal answer ${rawId} belongs to another question`);
      }
      existing = answer;
    }

    if (flag(entry._destroy, "_destroy", named)) {
      if (existing) ops.push({ kind: "destroy", answer: existing });
      continue;
    }

    const hasOccurred = flag(entry.hasOccurred, "hasOccurred", named) ?? existing?.hasOccurred ?? false;
    if (!hasOccurred) {
      // A "No" answer keeps none of the details.
      ops.push({
        kind: "upsert",
        existing,
        legalQuestionId,
        hasOccurred,
        actionOn: null,
        action: null,
        reason: null,
        explanation: null,
        newFile: existing?.fileId == null ? undefined : null,
      });
      continue;
    }

    let newFile: Upload | null | undefined;
    if (entry.file) {
      newFile = await readUpload(entry.file, `${named}: the attached file is empty`);
    } else if (flag(entry.removeFile, "removeFile", named)) {
      newFile = null;
    }

    const text = (value: string | undefined, stored: string | null | undefined, name: string, max: number) => {
      if (value === undefined) return stored ?? null;
      const trimmed = value.trim();
      if (trimmed.length > max) throw new HttpError(422, `${named}: ${name} must be at most ${max} characters`);
      return trimmed === "" ? null : trimmed;
    };
    const explanation = text(entry.explanation, existing?.explanation, "the explanation", MAX_TEXT);
    const action = text(entry.action, existing?.action, "the action", MAX_SHORT_TEXT);
    const reason = text(entry.reason, existing?.reason, "the reason", MAX_SHORT_TEXT);
    const actionOn = text(entry.actionOn, existing?.actionOn, "the date of action", 100);

    if (!explanation) throw new HttpError(422, `${named}: an explanation is required when the answer is Yes`);
    if (!actionOn) throw new HttpError(422, `${named}: the date of action is required when the answer is Yes`);
    if (!isIsoDate(actionOn))
      throw new HttpError(422, `${named}: the date of action must be a valid date (YYYY-MM-DD)`);
    const hasFile = newFile === undefined ? existing?.fileId != null : newFile !== null;
    if (!hasFile) {
      throw new HttpError(422, `${named}: attach a document (image or PDF) when the answer is Yes`);
    }
    ops.push({
      kind: "upsert",
      existing,
      legalQuestionId,
      hasOccurred,
      actionOn,
      action,
      reason,
      explanation,
      newFile,
    });
  }

  return async () => {
    const statements: { sql: string; args: (string | number | null | Uint8Array)[] }[] = [];
    const maxFile = await db.client.execute("SELECT COALESCE(MAX(id), 0) AS n FROM files");
    let nextFileId = Number(maxFile.rows[0]!.n) + 1;
    const now = new Date().toISOString();
    const dropFile = (fileId: number | null | undefined) => {
      if (fileId != null)
        statements.push({ sql: "DELETE FROM files WHERE id = ? AND user_id = ?", args: [fileId, userId] });
    };
    for (const op of ops) {
      if (op.kind === "destroy") {
        statements.push({
          sql: "DELETE FROM legal_answers WHERE id = ? AND user_id = ?",
          args: [op.answer.id, userId],
        });
        dropFile(op.answer.fileId);
        continue;
      }
      let fileId = op.existing?.fileId ?? null;
      if (op.newFile !== undefined) {
        dropFile(op.existing?.fileId);
        fileId = null;
        if (op.newFile) {
          fileId = nextFileId++;
          statements.push({
            sql: "INSERT INTO files (id, user_id, name, content_type, size, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            args: [
              fileId,
              userId,
              op.newFile.name,
              op.newFile.contentType,
              op.newFile.data.byteLength,
              op.newFile.data,
              now,
            ],
          });
        }
      }
      const values = [op.hasOccurred ? 1 : 0, op.actionOn, op.action, op.reason, op.explanation, fileId];
      if (op.existing) {
        statements.push({
          sql: `UPDATE legal_answers SET has_occurred = ?, action_on = ?, action = ?, reason = ?, explanation = ?, file_id = ?
                WHERE id = ? AND user_id = ?`,
          args: [...values, op.existing.id, userId],
        });
      } else {
        statements.push({
          sql: `INSERT INTO legal_answers (user_id, legal_question_id, has_occurred, action_on, action, reason, explanation, file_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          args: [userId, op.legalQuestionId, ...values],
        });
      }
    }
    return statements;
  };
}
