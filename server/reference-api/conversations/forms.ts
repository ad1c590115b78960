/**
 * The owners' forms of a conversation, whatever its kind (tickets.ts, feedback.ts): reading a message form (text
 * fields, the message, the optional attachment), storing an attachment, the author's name, the Idempotency-Key
 * replay of a create, and answering an HttpError as `{ error }`. The model itself is store.ts.
 */
import type { InStatement } from "@libsql/client";
import type { Request, Response } from "express";
import { IDEMPOTENCY_KEY_REUSED } from "../contracting/routes.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { findIdempotentAnswer, storeIdempotentAnswer } from "../core/idempotency.ts";
import { HttpError, readFormData } from "../core/legal-answers-form.ts";
import { formTextProblem } from "../core/text-rules.ts";
import { readUpload, type Upload } from "../core/uploads.ts";
import { conversationStatement, messageStatement, type NewConversation } from "./store.ts";

type User = SessionRecord["user"];

export const BLANK_MESSAGE = "message can't be blank";

export function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

/** Runs `fn`, answering an HttpError as `{ error }` with its status (413 closes the connection). */
export async function answerHttpErrors(res: Response, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof HttpError) {
      if (error.status === 413) res.set("Connection", "close");
      return fail(res, error.status, error.message);
    }
    throw error;
  }
}

/**
 * A text field of the form: trimmed, undefined when absent; a file sent instead is refused, and so are control
 * characters (with `line`, a field meant for one line such as a subject: tab and line breaks too).
 */
export function text(form: FormData, name: string, options: { line?: boolean } = {}): string | undefined {
  const value = form.get(name);
  if (value === null) return undefined;
  if (typeof value !== "string") throw new HttpError(422, `${name} must be a text field, not a file`);
  const problem = formTextProblem(name, value, options);
  if (problem) throw new HttpError(422, problem);
  return value.trim();
}

/** The optional `attachment` file (an empty file input = none). */
export async function attachmentOf(form: FormData): Promise<Upload | null> {
  const value = form.get("attachment");
  if (value === null || value === "") return null;
  if (typeof value === "string") throw new HttpError(422, "attachment must be a file");
  if (value.size === 0 && value.name === "") return null;
  return readUpload(value);
}

/** The required `message` (at most `max` characters); a problem is added to `problems`. */
export function messageOf(form: FormData, problems: string[], max: number): string {
  const message = text(form, "message") ?? "";
  if (!message) problems.push(BLANK_MESSAGE);
  else if (message.length > max) problems.push(`message is too long (at most ${max} characters)`);
  return message;
}

/** A required text field of at most `max` characters; a problem is added to `problems`. */
export function requiredText(form: FormData, name: string, max: number, problems: string[]): string {
  const value = text(form, name, { line: true }) ?? "";
  if (!value) problems.push(`${name} can't be blank`);
  else if (value.length > max) problems.push(`${name} is too long (at most ${max} characters)`);
  return value;
}

export type Statement = InStatement;

/** The statements storing `attachment` (owned by `userId`) with the next free file id; null file id when none. */
export async function fileStatements(db: ReferenceDb, userId: number, attachment: Upload | null, now: string) {
  if (!attachment) return { fileId: null, statements: [] as Statement[] };
  const max = await db.client.execute("SELECT COALESCE(MAX(id), 0) AS n FROM files");
  const fileId = Number(max.rows[0]!.n) + 1;
  const statement: Statement = {
    sql: "INSERT INTO files (id, user_id, name, content_type, size, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    args: [fileId, userId, attachment.name, attachment.contentType, attachment.data.byteLength, attachment.data, now],
  };
  return { fileId, statements: [statement] };
}

export const fullName = (user: User) => `${user.firstName} ${user.lastName}`;

/** The Idempotency-Key header of a create: undefined when absent; 1–255 characters, else a 422. */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  const key = header?.trim();
  if (key !== undefined && (key.length === 0 || key.length > 255)) {
    throw new HttpError(422, "Idempotency-Key must be 1 to 255 characters");
  }
  return key;
}

/**
 * Answers a create that was already made with this key: the stored answer again (with
 * `Idempotent-Replayed: true`) for the same request, a 422 for a different one. False when the key is new.
 */
export async function replayed(
  db: ReferenceDb,
  res: Response,
  userId: number,
  key: string | undefined,
  fingerprint: string,
): Promise<boolean> {
  if (!key) return false;
  const previous = await findIdempotentAnswer(db, userId, key);
  if (!previous) return false;
  if (previous.fingerprint !== fingerprint) fail(res, 422, IDEMPOTENCY_KEY_REUSED);
  else res.status(previous.status).set("Idempotent-Replayed", "true").type("application/json").send(previous.body);
  return true;
}

/** A reply's form: the required message (at most `maxMessage` characters, else a 422) and its optional attachment. */
export async function readReply(req: Request, maxBytes: number, maxMessage: number) {
  const form = await readFormData(req, maxBytes, "the message");
  const problems: string[] = [];
  const message = messageOf(form, problems, maxMessage);
  if (problems.length > 0) throw new HttpError(422, problems.join("; "));
  return { message, attachment: await attachmentOf(form) };
}

/** Answers a create with 201 and `body`, stored under the Idempotency-Key (when one came) for its replays. */
export async function sendCreated(
  db: ReferenceDb,
  res: Response,
  idempotency: { userId: number; key: string | undefined; fingerprint: string },
  body: unknown,
): Promise<void> {
  const text = JSON.stringify(body);
  const { userId, key, fingerprint } = idempotency;
  if (key) await storeIdempotentAnswer(db, userId, key, fingerprint, 201, text);
  res.status(201).type("application/json").send(text);
}

/**
 * A message written by `user` in conversation `conversationId` (owned by `ownerId`; "last": the one inserted just
 * before it in the same batch): the statements storing its attachment (`file`, to run first), and its own.
 */
export async function messageWithAttachment(
  db: ReferenceDb,
  m: { conversationId: number | "last"; ownerId: number; user: User; fromStaff: boolean; body: string; now: string },
  attachment: Upload | null,
): Promise<{ file: Statement[]; message: Statement }> {
  const { fileId, statements } = await fileStatements(db, m.user.userId, attachment, m.now);
  const message = messageStatement({
    conversationId: m.conversationId,
    ownerId: m.ownerId,
    author: { id: m.user.userId, name: fullName(m.user) },
    fromStaff: m.fromStaff,
    body: m.body,
    fileId,
    createdAt: m.now,
  });
  return { file: statements, message };
}

/**
 * Starts `user`'s conversation with its first message, once per Idempotency-Key (a replay answers the first
 * again, `replayed`): 201 with `answer(id)`. Returns the new id, or null for a replay.
 */
export async function startConversation(
  db: ReferenceDb,
  res: Response,
  start: {
    user: User;
    idempotency: { key: string | undefined; fingerprint: string };
    conversation: Omit<NewConversation, "userId" | "createdAt" | "updatedAt">;
    message: string;
    attachment: Upload | null;
    answer: (id: number) => Promise<unknown>;
  },
): Promise<number | null> {
  const { user, idempotency } = start;
  return db.exclusive(async () => {
    if (await replayed(db, res, user.userId, idempotency.key, idempotency.fingerprint)) return null;
    const now = new Date().toISOString();
    const { file, message } = await messageWithAttachment(
      db,
      { conversationId: "last", ownerId: user.userId, user, fromStaff: false, body: start.message, now },
      start.attachment,
    );
    const conversation = conversationStatement({
      ...start.conversation,
      userId: user.userId,
      createdAt: now,
      updatedAt: now,
    });
    // The file first, then the conversation, then its message (its last_insert_rowid() is the conversation).
    const results = await db.client.batch([...file, conversation, message], "write");
    const id = Number(results[file.length]?.lastInsertRowid);
    await sendCreated(db, res, { userId: user.userId, ...idempotency }, await start.answer(id));
    return id;
  });
}
