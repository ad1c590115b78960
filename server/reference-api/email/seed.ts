/**
 * The seed of e-mail communications (issue 22 §2.5): every template with its built-in text, a month of sent
 * e-mails to the bulk users (each template as often as the product sends it, a few failures with their
 * reasons, a few still queued today) and one message an administrator sent to a list of users. The same on
 * every seed day (dates relative to it). Bodies of one-time-link e-mails are not kept (mailer.ts).
 */
import type { InStatement } from "@libsql/client";
import { BULK_USERS } from "../admin-people/seed.ts";
import type { SeedDates } from "../seed/seed-dates.ts";
import { EMAIL_TEMPLATES, type EmailKind, renderTemplate, TEMPLATE_BY_KEY } from "../mail/templates.ts";

/** How many e-mails the seed's log holds (before the message's). */
export const SEED_EMAIL_LOG_COUNT = 150;

const FAILURES = [
  "EENVELOPE: 550 5.1.1 <address>: Recipient address rejected: User unknown",
  "ETIMEDOUT: Connection timed out",
  "EENVELOPE: 452 4.2.2 Mailbox full",
  "EMESSAGE: 554 5.7.1 Message rejected as spam by the receiving server",
] as const;

/** The kinds in the proportions the product sends them. */
const KINDS: readonly EmailKind[] = [
  "reset",
  "password-changed",
  "invitation",
  "verify",
  "reset",
  "activate",
  "already-registered",
  "invitation",
  "password-changed",
  "verify",
];

export const SEED_MESSAGE_SUBJECT = "New carrier appointments open for {{firstName}}";

export function seedEmailStatements(dates: SeedDates, portalUrl: string): InStatement[] {
  const base = portalUrl.replace(/\/+$/, "");
  const statements: InStatement[] = EMAIL_TEMPLATES.map((t) => ({
    sql: "INSERT INTO email_templates (id, key, subject, body, updated_at) VALUES (?, ?, ?, ?, ?)",
    args: [t.id, t.key, t.subject, t.body, dates.daysAgo(120, "09:00")],
  }));
  const recipients = BULK_USERS.filter((u) => u.status !== "disabled");
  for (let i = 0; i < SEED_EMAIL_LOG_COUNT; i++) {
    const u = recipients[(i * 37) % recipients.length]!;
    const kind = KINDS[i % KINDS.length]!;
    const day = 30 - Math.floor((i * 30) / SEED_EMAIL_LOG_COUNT);
    const time = `${String(7 + ((i * 5) % 12)).padStart(2, "0")}:${String((i * 17) % 60).padStart(2, "0")}`;
    const at = dates.daysAgo(day, time);
    const failed = i % 13 === 6;
    const queued = !failed && i >= SEED_EMAIL_LOG_COUNT - 2;
    const subject = renderTemplate(
      TEMPLATE_BY_KEY[kind as Exclude<EmailKind, "message">],
      { agencyName: "Sunrise Senior Benefits", firstName: u.firstName },
      base,
    ).subject;
    const keepBody = kind === "password-changed" || kind === "already-registered";
    const body = keepBody
      ? renderTemplate(
          TEMPLATE_BY_KEY[kind],
          {
            firstName: u.firstName,
            email: u.email,
            signInLink: `${base}/`,
            resetLink: `${base}/account/update_password`,
          },
          base,
        )
      : null;
    statements.push({
      sql: `INSERT INTO email_log (kind, to_address, user_id, subject, status, failure_reason, created_at, sent_at,
              message_id, resend_of, test, text_body, html_body)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, 0, ?, ?)`,
      args: [
        kind,
        u.email,
        u.id,
        subject,
        failed ? "failed" : queued ? "queued" : "sent",
        failed ? FAILURES[i % FAILURES.length]!.replace("<address>", `<${u.email}>`) : null,
        at,
        queued ? null : at,
        body?.text ?? null,
        body?.html ?? null,
      ],
    });
  }
  // A message from admin@ (Grace Harper) to the active users of one agency, twelve days ago.
  const listed = BULK_USERS.filter((u) => u.status === "active" && u.uplineUserId === 5);
  const message = {
    subject: SEED_MESSAGE_SUBJECT,
    body: "Hello {{firstName}},\n\nBlue Harbor Health opened appointments for the new plan year. Request yours on the Contracting page.\n\nThe Agent Portal team",
  };
  statements.push({
    sql: `INSERT INTO email_messages (id, subject, body, filter, recipient_count, created_by_user_id, created_by_name,
            created_at)
          VALUES (1, ?, ?, ?, ?, 9, 'Grace Harper', ?)`,
    args: [
      message.subject,
      message.body,
      JSON.stringify({ roleId: null, agencyId: 5, documents: null, contracts: null }),
      listed.length,
      dates.daysAgo(12, "10:00"),
    ],
  });
  for (const u of listed) {
    const r = renderTemplate(message, { firstName: u.firstName, lastName: u.lastName, email: u.email }, base);
    statements.push({
      sql: `INSERT INTO email_log (kind, to_address, user_id, subject, status, failure_reason, created_at, sent_at,
              message_id, resend_of, test, text_body, html_body)
            VALUES ('message', ?, ?, ?, 'sent', NULL, ?, ?, 1, NULL, 0, ?, ?)`,
      args: [u.email, u.id, r.subject, dates.daysAgo(12, "10:00"), dates.daysAgo(12, "10:01"), r.text, r.html],
    });
  }
  return statements;
}
