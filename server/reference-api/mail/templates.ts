/**
 * The e-mail templates (issue 22 §2.5): every e-mail the product sends is a template, a subject and a plain-text
 * body with named placeholders (`{{firstName}}`), edited by administrators (email_templates table, routes.ts).
 * The built-in texts below are the templates' seed and what an e-mail says when its template has no row.
 * Rendering: the placeholders are filled in one pass (a value that holds `{{link}}` stays as written); the text
 * body is the filled text; the HTML body is its paragraphs (blank lines), every value escaped, and only the links
 * into the portal (its base URL) made into links (a name that holds a URL stays text). Pure: no I/O.
 */
import { READY_TO_SELL_HREF, STEP_TITLES } from "../../../app/domain/readiness.ts";

export const EMAIL_TEMPLATE_KEYS = [
  "invitation",
  "verify",
  "already-registered",
  "activate",
  "reset",
  "password-changed",
  "readiness-reminder",
] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];

/**
 * What every e-mail is: one of the templates, or a message an administrator wrote to a list of users. An agency's
 * reminder to its downline (issue 25 §2) is a message too (email_messages), but written from its template, so the
 * log files it under the template's key: its name in the log's kinds, its count in the template's month.
 */
export type EmailKind = EmailTemplateKey | "message";

export interface EmailTemplateDef {
  /** email_templates.id (fixed: the seed and the catalogue agree). */
  id: number;
  key: EmailTemplateKey;
  name: string;
  /** When the product sends it. */
  description: string;
  /** The placeholders it may use and what each one is. */
  placeholders: Readonly<Record<string, string>>;
  subject: string;
  body: string;
}

const FIRST_NAME = "The recipient's first name";

export const EMAIL_TEMPLATES: readonly EmailTemplateDef[] = [
  {
    id: 1,
    key: "invitation",
    name: "Downline invitation",
    description: "An agency invites an agent to register in its downline (sent again by Resend invitation).",
    placeholders: {
      firstName: FIRST_NAME,
      agencyName: "The inviting agency's name",
      level: "The downline level offered",
      link: "The registration link (14 days, once)",
    },
    subject: "{{agencyName}} invites you to the Agent Portal",
    body: [
      "Hello {{firstName}},",
      "{{agencyName}} invites you to join its downline on the Agent Portal (level: {{level}}).",
      "Register: {{link}}",
      "The link works for 14 days and only once. If you were not expecting this invitation, ignore this e-mail.",
    ].join("\n\n"),
  },
  {
    id: 2,
    key: "verify",
    name: "Verify the e-mail address",
    description: "After a registration: the link that verifies the address before the first sign-in.",
    placeholders: { firstName: FIRST_NAME, link: "The verification link (24 hours)" },
    subject: "Verify your e-mail address",
    body: [
      "Hello {{firstName}},",
      "Thank you for registering with the Agent Portal. Verify your e-mail address to sign in:",
      "Verify your e-mail address: {{link}}",
      "The link works for 24 hours. If you did not register, ignore this e-mail.",
    ].join("\n\n"),
  },
  {
    id: 3,
    key: "already-registered",
    name: "Already registered",
    description: "A registration with an address that already has an account: where to sign in or reset.",
    placeholders: {
      firstName: FIRST_NAME,
      signInLink: "The portal's sign-in page",
      resetLink: "The page that sends a password reset link",
    },
    subject: "You already have an Agent Portal account",
    body: [
      "Hello {{firstName}},",
      "Someone (probably you) tried to register with the Agent Portal using this e-mail address, but it already has an account.",
      "Sign in: {{signInLink}}",
      "Forgot your password? Reset it: {{resetLink}}",
      "If this was not you, ignore this e-mail: nothing was changed.",
    ].join("\n\n"),
  },
  {
    id: 4,
    key: "activate",
    name: "Account activation",
    description: "An account an administrator created: the link to choose its first password.",
    placeholders: {
      firstName: FIRST_NAME,
      email: "The account's e-mail address",
      link: "The activation link (7 days, once)",
    },
    subject: "Activate your Agent Portal account",
    body: [
      "Hello {{firstName}},",
      "An administrator created an Agent Portal account for you ({{email}}). Choose your password to activate it:",
      "Activate your account: {{link}}",
      "The link works for 7 days and only once.",
    ].join("\n\n"),
  },
  {
    id: 5,
    key: "reset",
    name: "Password reset",
    description: "Forgot password, or an administrator's Send password reset: the link to choose a new password.",
    placeholders: { firstName: FIRST_NAME, link: "The reset link (1 hour, once)" },
    subject: "Reset your Agent Portal password",
    body: [
      "Hello {{firstName}},",
      "Someone (probably you) asked to reset the password of your Agent Portal account. Choose a new password here:",
      "Choose a new password: {{link}}",
      "The link works for 1 hour and only once. If you did not ask for it, ignore this e-mail: your password stays as it is.",
    ].join("\n\n"),
  },
  {
    id: 6,
    key: "password-changed",
    name: "Password changed",
    description: "After a password change (by a reset link or on the profile).",
    placeholders: {
      firstName: FIRST_NAME,
      email: "The account's e-mail address",
      resetLink: "The page that sends a password reset link",
    },
    subject: "Your Agent Portal password was changed",
    body: [
      "Hello {{firstName}},",
      "The password of your Agent Portal account ({{email}}) was just changed.",
      "If this was you, there is nothing to do. If it was not, reset your password now and tell your administrator:",
      "Reset your password: {{resetLink}}",
    ].join("\n\n"),
  },
  {
    id: 7,
    key: "readiness-reminder",
    name: "Ready to sell reminder",
    description: "An agency reminds an agent in its downline of a step left before they can sell (Downline readiness).",
    placeholders: {
      firstName: FIRST_NAME,
      agencyName: "The agency's name",
      step: "The step left (License, AHIP certification …)",
      detail: "What is left at that step, as the agency's page words it",
      link: "The agent's Ready to Sell page",
    },
    subject: "{{agencyName}}: one step before you can sell",
    body: [
      "Hello {{firstName}},",
      "{{agencyName}} reminds you of a step left before you can sell: {{step}}.",
      "{{detail}}",
      "See every step and where to complete it: {{link}}",
    ].join("\n\n"),
  },
];

export const TEMPLATE_BY_KEY: Readonly<Record<EmailTemplateKey, EmailTemplateDef>> = Object.fromEntries(
  EMAIL_TEMPLATES.map((t) => [t.key, t]),
) as Record<EmailTemplateKey, EmailTemplateDef>;

/** The placeholders of a message to a list of users. */
export const MESSAGE_PLACEHOLDERS: Readonly<Record<string, string>> = {
  firstName: FIRST_NAME,
  lastName: "The recipient's last name",
  email: "The recipient's e-mail address",
};

/** What the log calls each kind. */
export const EMAIL_KIND_LABELS: Readonly<Record<EmailKind, string>> = {
  ...(Object.fromEntries(EMAIL_TEMPLATES.map((t) => [t.key, t.name])) as Record<EmailTemplateKey, string>),
  message: "Message to users",
};

export function isTemplateKey(value: string): value is EmailTemplateKey {
  return (EMAIL_TEMPLATE_KEYS as readonly string[]).includes(value);
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholder names a text uses, in order, once each. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** The message refusing the placeholders of `text` that are not among `known`, or null when all are known. */
export function unknownPlaceholderError(text: string, known: Readonly<Record<string, string>>): string | null {
  const unknown = placeholdersIn(text).filter((name) => !Object.hasOwn(known, name));
  if (unknown.length === 0) return null;
  const names = Object.keys(known)
    .map((n) => `{{${n}}}`)
    .join(", ");
  const listed = unknown.map((n) => `{{${n}}}`).join(", ");
  return `${listed} ${unknown.length === 1 ? "is not a placeholder" : "are not placeholders"} of this e-mail. Use ${names}.`;
}

/** `text` with each placeholder replaced by its value (one pass; an unknown one becomes empty). */
export function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => (Object.hasOwn(values, name) ? values[name]! : ""));
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** One line of text as HTML: escaped, the links into the portal (`portalBase`) made into links. */
function lineHtml(line: string, portalBase: string): string {
  let html = "";
  let last = 0;
  for (const match of line.matchAll(URL_IN_TEXT)) {
    const url = match[0];
    if (url !== portalBase && !url.startsWith(`${portalBase}/`)) continue;
    html += escapeHtml(line.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** A template (or message) filled with `values`: its subject on one line, its text body and HTML body. */
export function renderTemplate(
  template: { subject: string; body: string },
  values: Readonly<Record<string, string>>,
  portalBase: string,
): RenderedEmail {
  const subject = fill(template.subject, values).replace(/\s+/g, " ").trim();
  // "Hello {{firstName}}," without a first name reads "Hello,".
  const text = fill(template.body.replace(/\r\n?/g, "\n"), values)
    .replace(/[ \t]+(?=[,.;:!?])/g, "")
    .trim();
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map(
      (p) =>
        `<p>${p
          .split("\n")
          .map((line) => lineHtml(line, portalBase))
          .join("<br>")}</p>`,
    );
  const html = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family: sans-serif; line-height: 1.5">${paragraphs.join("")}</body></html>`,
  ].join("\n");
  return { subject, text: `${text}\n`, html };
}

/**
 * The values a preview or a test of template `key` uses: the user's own, and for the links real-looking ones, never a
 * working token (a reminder's link holds none: it is the Ready to Sell page itself).
 */
export function sampleValues(
  portalBase: string,
  user: { firstName: string; lastName: string; email: string; agencyName: string | null },
  key?: EmailTemplateKey,
): Record<string, string> {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    agencyName: user.agencyName ?? "Your agency",
    level: "Agent",
    step: STEP_TITLES.license,
    detail: "Your license in FL expires in 30 days: renew it with the state and upload it to your profile.",
    link:
      key === "readiness-reminder"
        ? `${portalBase}${READY_TO_SELL_HREF}`
        : `${portalBase}/account/update_password/EXAMPLE-LINK-NOT-A-REAL-TOKEN`,
    signInLink: `${portalBase}/`,
    resetLink: `${portalBase}/account/update_password`,
  };
}
