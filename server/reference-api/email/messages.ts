/**
 * Messages to a list of users (e-mail communications, issue 22 §2.5), written by an administrator (POST
 * /api/admin/email_messages, routes.ts) or by an agency reminding brokers of its downline of a step left before they
 * can sell (POST /api/downlines/readiness/reminders, issue 25 §2: "Send a reminder … through the e-mail
 * communications"). Both go one way, so the admin's e-mail log shows them alike: one email_messages row and one
 * email_log row per recipient, queued in one batch (all of them or none), then each e-mail sent after the answer
 * (the log says sent, or failed with the reason).
 */
import type { InStatement } from "@libsql/client";
import type { AfterAnswer } from "../core/after-answer.ts";
import type { ReferenceDb } from "../core/db.ts";
import type { Mailer } from "../mail/mailer.ts";
import { type EmailKind, type EmailTemplateKey, type RenderedEmail, TEMPLATE_BY_KEY } from "../mail/templates.ts";

export interface NewMessage {
  /** What was written: an administrator's text, or a template's as administrators left it. */
  subject: string;
  body: string;
  /** How its recipients were chosen (email_messages.filter, JSON). */
  filter: unknown;
  createdBy: { userId: number; name: string };
}

/** One recipient's e-mail of a message, rendered for them. */
export interface MessageEmail {
  userId: number;
  to: string;
  rendered: RenderedEmail;
}

export interface QueuedMessage {
  messageId: number;
  /** The log's kind of its e-mails: "message", or the template's key it was written from. */
  kind: EmailKind;
  emails: Array<{ logId: number; userId: number }>;
}

const text = (v: unknown): string => (v == null ? "" : String(v as string | number));

/**
 * The id the next message gets. Given in the insert, so its e-mails can name it in the same batch; never one a
 * deleted message had (email_messages is AUTOINCREMENT: a reset keeps its sequence).
 */
async function nextMessageId(db: ReferenceDb): Promise<number> {
  const found = await db.client.execute(
    `SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'email_messages'), 0),
            COALESCE((SELECT MAX(id) FROM email_messages), 0)) + 1 AS id`,
  );
  return Number(found.rows[0]!.id);
}

/**
 * Writes the message and one queued log entry per e-mail in one batch, with the statements `withIt` gives for its id
 * (the audit). Run inside db.exclusive (the id is read before the batch writes it); then sendQueued after the answer.
 */
export async function queueMessage(
  db: ReferenceDb,
  kind: EmailKind,
  message: NewMessage,
  emails: readonly MessageEmail[],
  withIt: (messageId: number) => InStatement[] = () => [],
): Promise<QueuedMessage> {
  const messageId = await nextMessageId(db);
  const now = new Date().toISOString();
  const results = await db.client.batch(
    [
      {
        sql: `INSERT INTO email_messages (id, subject, body, filter, recipient_count, created_by_user_id,
                created_by_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [
          messageId,
          message.subject,
          message.body,
          JSON.stringify(message.filter),
          emails.length,
          message.createdBy.userId,
          message.createdBy.name,
          now,
        ],
      },
      ...emails.map((e) => ({
        sql: `INSERT INTO email_log (kind, to_address, user_id, subject, status, created_at, message_id, test,
                text_body, html_body) VALUES (?, ?, ?, ?, 'queued', ?, ?, 0, ?, ?)`,
        args: [kind, e.to, e.userId, e.rendered.subject, now, messageId, e.rendered.text, e.rendered.html],
      })),
      ...withIt(messageId),
    ],
    "write",
  );
  return {
    messageId,
    kind,
    emails: emails.map((e, i) => ({ logId: Number(results[i + 1]!.lastInsertRowid), userId: e.userId })),
  };
}

/** Sends a queued message's e-mails after the answer, one after the other; each completes its log entry. */
export function sendQueued(
  { db, mailer, after }: { db: ReferenceDb; mailer: Mailer; after: AfterAnswer },
  queued: QueuedMessage,
  what: string,
): void {
  after.run(what, async () => {
    for (const { logId, userId } of queued.emails) {
      const row = (await db.client.execute({ sql: "SELECT * FROM email_log WHERE id = ?", args: [logId] })).rows[0];
      if (!row) continue;
      await mailer.deliverLogged(
        {
          kind: queued.kind,
          to: text(row.to_address),
          subject: text(row.subject),
          text: text(row.text_body),
          html: text(row.html_body),
        },
        { logId, userId, messageId: queued.messageId },
      );
    }
  });
}

/** A template's subject and body as administrators left them (its built-in text when it has no row). */
export async function editedTemplate(
  db: ReferenceDb,
  key: EmailTemplateKey,
): Promise<{ subject: string; body: string }> {
  const row = (await db.client.execute({ sql: "SELECT subject, body FROM email_templates WHERE key = ?", args: [key] }))
    .rows[0];
  const { subject, body } = TEMPLATE_BY_KEY[key];
  return row ? { subject: text(row.subject), body: text(row.body) } : { subject, body };
}
