/**
 * The reference API's e-mails (issue 13): each one built from paragraphs and links (so the text body and the
 * HTML body say the same, and the HTML escapes every value it quotes), with links into the portal at the base
 * URL it is given (`portalUrl`: PUBLIC_URL of the portal that starts it, REFERENCE_API_PORTAL_URL standalone).
 * With an SMTP server (`smtpUrl`, smtp:// or smtps://) an e-mail is sent through it with nodemailer, from
 * `from`; without one it is written to the `outbox` table (npm run outbox, GET /__outbox). Sending happens
 * after the request's answer; a failure is logged (never with the link) and never fails the request.
 */
import type { Transporter } from "nodemailer";
import type { Logger } from "pino";
import type { AfterAnswer } from "../core/after-answer.ts";
import type { ReferenceDb } from "../core/db.ts";
import { type EmailKind, type EmailTemplateKey, isTemplateKey, renderTemplate, TEMPLATE_BY_KEY } from "./templates.ts";

export const DEFAULT_MAIL_FROM = "Agent Portal <no-reply@agent-portal.invalid>";
export const DEFAULT_PORTAL_URL = "http://localhost:3000";

export type { EmailKind } from "./templates.ts";
export { escapeHtml } from "./templates.ts";

export interface Email {
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The placeholders' values it was rendered with: the mailer renders it again from the edited template. */
  values?: Record<string, string>;
}

/** The portal's base URL without a trailing slash. */
export function portalBase(portalUrl: string): string {
  return portalUrl.replace(/\/+$/, "");
}

/** An e-mail from the built-in text of its template (the mailer uses the edited one, see Mailer.deliver). */
function email(kind: EmailTemplateKey, to: string, portalUrl: string, values: Record<string, string>): Email {
  return { kind, to, ...renderTemplate(TEMPLATE_BY_KEY[kind], values, portalBase(portalUrl)), values };
}

/** The e-mail of POST /api/downline_invitations and of its resend: the registration link (14 days). */
export function invitationEmail(
  portalUrl: string,
  i: { to: string; firstName: string; agencyName: string; level: string; token: string },
): Email {
  const { firstName, agencyName, level } = i;
  const link = `${portalBase(portalUrl)}/registration/${i.token}`;
  return email("invitation", i.to, portalUrl, { firstName, agencyName, level, link });
}

/** After a registration: the link that verifies the e-mail address (24 hours). */
export function verifyEmail(portalUrl: string, v: { to: string; firstName: string; token: string }): Email {
  const link = `${portalBase(portalUrl)}/account/verify/${v.token}`;
  return email("verify", v.to, portalUrl, { firstName: v.firstName, link });
}

/** A registration with an address that already has an account: where to sign in or reset the password. */
export function alreadyRegisteredEmail(portalUrl: string, a: { to: string; firstName: string }): Email {
  const base = portalBase(portalUrl);
  return email("already-registered", a.to, portalUrl, {
    firstName: a.firstName,
    signInLink: `${base}/`,
    resetLink: `${base}/account/update_password`,
  });
}

/** An account an administrator created: the link to choose its first password (7 days). */
export function activationEmail(portalUrl: string, a: { to: string; firstName: string; token: string }): Email {
  const link = `${portalBase(portalUrl)}/account/activate/${a.token}`;
  return email("activate", a.to, portalUrl, { firstName: a.firstName, email: a.to, link });
}

/** The link to choose a new password (1 hour). */
export function resetEmail(portalUrl: string, r: { to: string; firstName: string; token: string }): Email {
  const link = `${portalBase(portalUrl)}/account/update_password/${r.token}`;
  return email("reset", r.to, portalUrl, { firstName: r.firstName, link });
}

/** Sent after a password change (by a reset link or on the profile). */
export function passwordChangedEmail(portalUrl: string, c: { to: string; firstName: string }): Email {
  return email("password-changed", c.to, portalUrl, {
    firstName: c.firstName,
    email: c.to,
    resetLink: `${portalBase(portalUrl)}/account/update_password`,
  });
}

/** The statement that writes an e-mail to the outbox. */
export function outboxStatement(e: Email, now = new Date()) {
  return {
    sql: "INSERT INTO outbox (to_address, subject, text_body, html_body, created_at) VALUES (?, ?, ?, ?, ?)",
    args: [e.to, e.subject, e.text, e.html, now.toISOString()],
  };
}

/** What the mailer needs of a nodemailer transport (tests give a fake one). */
export type MailTransport = Pick<Transporter, "sendMail">;

export interface MailerOptions {
  db: ReferenceDb;
  logger: Logger;
  after: AfterAnswer;
  /** The portal's base URL for the links (default DEFAULT_PORTAL_URL). */
  portalUrl?: string;
  /** smtp:// or smtps:// URL; unset: the outbox table. */
  smtpUrl?: string;
  /** The From header (default DEFAULT_MAIL_FROM). */
  from?: string;
  /** Instead of the one smtpUrl would create (tests). */
  transport?: MailTransport;
}

/** What the e-mail log records besides the e-mail (routes of email/routes.ts). */
export interface DeliveryMeta {
  /** The queued email_log row this delivery completes (a message to users); unset: a new row. */
  logId?: number;
  /** The recipient's user id (unset: looked up by address). */
  userId?: number | null;
  /** The log entry this one resends. */
  resendOf?: number | null;
  /** An administrator's "Send me a test". */
  test?: boolean;
  /** The message to users it belongs to. */
  messageId?: number | null;
}

/** The kinds whose body holds a one-time link (a token). */
export const ONE_TIME_LINK_KINDS: ReadonlySet<string> = new Set(["invitation", "verify", "activate", "reset"]);

export class Mailer {
  readonly portalUrl: string;
  private readonly from: string;
  private transport: Promise<MailTransport> | null;

  constructor(private readonly options: MailerOptions) {
    this.portalUrl = portalBase(options.portalUrl ?? DEFAULT_PORTAL_URL);
    this.from = options.from ?? DEFAULT_MAIL_FROM;
    const { smtpUrl, transport } = options;
    this.transport = transport
      ? Promise.resolve(transport)
      : smtpUrl
        ? import("nodemailer").then((m) => m.createTransport(smtpUrl))
        : null;
  }

  /** Where e-mails go: "smtp" or "outbox". */
  get via(): "smtp" | "outbox" {
    return this.transport ? "smtp" : "outbox";
  }

  /** Sends after the answer (see AfterAnswer); never throws. */
  send(e: Email, meta: DeliveryMeta = {}): void {
    this.options.after.run(`send the ${e.kind} e-mail`, async () => {
      await this.deliver(e, meta);
    });
  }

  /** Sends now: true when sent (or written to the outbox); a failure is logged without the e-mail's content. */
  async deliver(e: Email, meta: DeliveryMeta = {}): Promise<boolean> {
    return (await this.deliverLogged(e, meta)).sent;
  }

  /**
   * Sends now and records it in the e-mail log (email_log: queued, then sent or failed with the reason); an
   * e-mail of a template is rendered from the template as administrators left it. Never throws.
   */
  async deliverLogged(e: Email, meta: DeliveryMeta = {}): Promise<{ sent: boolean; logId: number | null }> {
    const { logger, db } = this.options;
    let logId: number | null = meta.logId ?? null;
    try {
      e = await this.fromTemplate(e);
      logId ??= await this.logQueued(e, meta);
      if (this.transport) {
        const transport = await this.transport;
        await transport.sendMail({ from: this.from, to: e.to, subject: e.subject, text: e.text, html: e.html });
      } else {
        await db.client.execute(outboxStatement(e));
      }
      if (logId != null) await this.logOutcome(logId, null);
      logger.info({ kind: e.kind, via: this.via }, "e-mail sent");
      return { sent: true, logId };
    } catch (error) {
      const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
      // Only the code and the message: an SMTP error can quote the command or the message it refused.
      logger.error(
        { kind: e.kind, via: this.via, code: typeof code === "string" ? code : undefined, message: String(message) },
        "e-mail not sent",
      );
      const reason = [typeof code === "string" ? code : null, message == null ? null : String(message)]
        .filter(Boolean)
        .join(": ");
      if (logId != null) await this.logOutcome(logId, reason || "Not sent").catch(() => undefined);
      return { sent: false, logId };
    }
  }

  /** `e` rendered from its template's row (the edited text), when it carries its values and the row exists. */
  private async fromTemplate(e: Email): Promise<Email> {
    if (!e.values || !isTemplateKey(e.kind)) return e;
    const row = (
      await this.options.db.client.execute({
        sql: "SELECT subject, body FROM email_templates WHERE key = ?",
        args: [e.kind],
      })
    ).rows[0];
    if (!row) return e;
    return {
      ...e,
      ...renderTemplate({ subject: String(row.subject), body: String(row.body) }, e.values, this.portalUrl),
    };
  }

  private async logQueued(e: Email, meta: DeliveryMeta): Promise<number> {
    const { db } = this.options;
    const userId =
      meta.userId !== undefined
        ? meta.userId
        : ((await db.client.execute({ sql: "SELECT id FROM users WHERE email = ? COLLATE NOCASE", args: [e.to] }))
            .rows[0]?.id ?? null);
    // A one-time link is no business of the log: its body is kept only when it holds none.
    const keepBody = meta.test || !ONE_TIME_LINK_KINDS.has(e.kind);
    const inserted = await db.client.execute({
      sql: `INSERT INTO email_log (kind, to_address, user_id, subject, status, created_at, message_id, resend_of, test,
              text_body, html_body)
            VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?)`,
      args: [
        e.kind,
        e.to,
        userId == null ? null : Number(userId),
        e.subject,
        new Date().toISOString(),
        meta.messageId ?? null,
        meta.resendOf ?? null,
        meta.test ? 1 : 0,
        keepBody ? e.text : null,
        keepBody ? e.html : null,
      ],
    });
    return Number(inserted.lastInsertRowid);
  }

  private async logOutcome(logId: number, failure: string | null): Promise<void> {
    await this.options.db.client.execute({
      sql: `UPDATE email_log SET status = ?, failure_reason = ?, sent_at = ? WHERE id = ?`,
      args: [failure ? "failed" : "sent", failure ? failure.slice(0, 300) : null, new Date().toISOString(), logId],
    });
  }
}
