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

export const DEFAULT_MAIL_FROM = "Agent Portal <no-reply@agent-portal.invalid>";
export const DEFAULT_PORTAL_URL = "http://localhost:3000";

export type EmailKind = "invitation" | "verify" | "already-registered" | "activate" | "reset" | "password-changed";

export interface Email {
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
}

type Block = string | { label: string; url: string };

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** The portal's base URL without a trailing slash. */
export function portalBase(portalUrl: string): string {
  return portalUrl.replace(/\/+$/, "");
}

function email(kind: EmailKind, to: string, subject: string, blocks: Block[]): Email {
  const text = blocks.map((b) => (typeof b === "string" ? b : `${b.label}: ${b.url}`)).join("\n\n");
  const paragraphs = blocks.map((b) =>
    typeof b === "string"
      ? `<p>${escapeHtml(b)}</p>`
      : `<p><a href="${escapeHtml(b.url)}">${escapeHtml(b.label)}</a><br>${escapeHtml(b.url)}</p>`,
  );
  const html = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family: sans-serif; line-height: 1.5">${paragraphs.join("")}</body></html>`,
  ].join("\n");
  return { kind, to, subject, text: `${text}\n`, html };
}

const hello = (firstName: string | null | undefined) => (firstName ? `Hello ${firstName},` : "Hello,");

/** The e-mail of POST /api/downline_invitations and of its resend: the registration link (14 days). */
export function invitationEmail(
  portalUrl: string,
  i: { to: string; firstName: string; agencyName: string; level: string; token: string },
): Email {
  return email("invitation", i.to, `${i.agencyName} invites you to the Agent Portal`, [
    hello(i.firstName),
    `${i.agencyName} invites you to join its downline on the Agent Portal (level: ${i.level}).`,
    { label: "Register", url: `${portalBase(portalUrl)}/registration/${i.token}` },
    "The link works for 14 days and only once. If you were not expecting this invitation, ignore this e-mail.",
  ]);
}

/** After a registration: the link that verifies the e-mail address (24 hours). */
export function verifyEmail(portalUrl: string, v: { to: string; firstName: string; token: string }): Email {
  return email("verify", v.to, "Verify your e-mail address", [
    hello(v.firstName),
    "Thank you for registering with the Agent Portal. Verify your e-mail address to sign in:",
    { label: "Verify your e-mail address", url: `${portalBase(portalUrl)}/account/verify/${v.token}` },
    "The link works for 24 hours. If you did not register, ignore this e-mail.",
  ]);
}

/** A registration with an address that already has an account: where to sign in or reset the password. */
export function alreadyRegisteredEmail(portalUrl: string, a: { to: string; firstName: string }): Email {
  const base = portalBase(portalUrl);
  return email("already-registered", a.to, "You already have an Agent Portal account", [
    hello(a.firstName),
    "Someone (probably you) tried to register with the Agent Portal using this e-mail address, but it already has an account.",
    { label: "Sign in", url: `${base}/` },
    { label: "Forgot your password? Reset it", url: `${base}/account/update_password` },
    "If this was not you, ignore this e-mail: nothing was changed.",
  ]);
}

/** An account an administrator created: the link to choose its first password (7 days). */
export function activationEmail(portalUrl: string, a: { to: string; firstName: string; token: string }): Email {
  return email("activate", a.to, "Activate your Agent Portal account", [
    hello(a.firstName),
    `An administrator created an Agent Portal account for you (${a.to}). Choose your password to activate it:`,
    { label: "Activate your account", url: `${portalBase(portalUrl)}/account/activate/${a.token}` },
    "The link works for 7 days and only once.",
  ]);
}

/** The link to choose a new password (1 hour). */
export function resetEmail(portalUrl: string, r: { to: string; firstName: string; token: string }): Email {
  return email("reset", r.to, "Reset your Agent Portal password", [
    hello(r.firstName),
    "Someone (probably you) asked to reset the password of your Agent Portal account. Choose a new password here:",
    { label: "Choose a new password", url: `${portalBase(portalUrl)}/account/update_password/${r.token}` },
    "The link works for 1 hour and only once. If you did not ask for it, ignore this e-mail: your password stays as it is.",
  ]);
}

/** Sent after a password change (by a reset link or on the profile). */
export function passwordChangedEmail(portalUrl: string, c: { to: string; firstName: string }): Email {
  return email("password-changed", c.to, "Your Agent Portal password was changed", [
    hello(c.firstName),
    `The password of your Agent Portal account (${c.to}) was just changed.`,
    "If this was you, there is nothing to do. If it was not, reset your password now and tell your administrator:",
    { label: "Reset your password", url: `${portalBase(portalUrl)}/account/update_password` },
  ]);
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
  send(e: Email): void {
    this.options.after.run(`send the ${e.kind} e-mail`, async () => {
      await this.deliver(e);
    });
  }

  /** Sends now: true when sent (or written to the outbox); a failure is logged without the e-mail's content. */
  async deliver(e: Email): Promise<boolean> {
    const { logger, db } = this.options;
    try {
      if (this.transport) {
        const transport = await this.transport;
        await transport.sendMail({ from: this.from, to: e.to, subject: e.subject, text: e.text, html: e.html });
      } else {
        await db.client.execute(outboxStatement(e));
      }
      logger.info({ kind: e.kind, via: this.via }, "e-mail sent");
      return true;
    } catch (error) {
      const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
      // Only the code and the message: an SMTP error can quote the command or the message it refused.
      logger.error(
        { kind: e.kind, via: this.via, code: typeof code === "string" ? code : undefined, message: String(message) },
        "e-mail not sent",
      );
      return false;
    }
  }
}
