/**
 * The records of the e-mail communications section (issue 22 §2.5) as its pages draw them. The upstream contract
 * (contract.server.ts) satisfies these types. Pure types.
 */
import type { AuditEntry, ContractState } from "~/domain/admin/records";

export type EmailStatus = "queued" | "sent" | "failed";

/** A template's placeholder: `{{name}}` and what it is. */
export interface EmailPlaceholder {
  name: string;
  description: string;
}

/** One e-mail the product sends, as administrators edit it. */
export interface EmailTemplate {
  id: number;
  /** The mailer's kind (invitation, verify, already-registered, activate, reset, password-changed). */
  key: string;
  name: string;
  /** When the product sends it. */
  description: string;
  subject: string;
  /** Plain text; blank lines part paragraphs; `{{name}}` placeholders. */
  body: string;
  placeholders: EmailPlaceholder[];
  /** E-mails of this template in the last 30 days. */
  sentLast30Days: number;
  updatedAt: string;
}

/** One e-mail sent (or being sent) to one address. */
export interface EmailLogEntry {
  id: number;
  /** A template's key, or "message" (a message to a list of users). */
  kind: string;
  kindLabel: string;
  to: string;
  user: { id: number; name: string } | null;
  subject: string;
  status: EmailStatus;
  /** Why it failed (the mail server's answer). */
  failureReason: string | null;
  createdAt: string;
  sentAt: string | null;
  messageId: number | null;
  resendOf: number | null;
  /** An administrator's "Send me a test". */
  test: boolean;
}

/** A log entry's page: the entry and the text it said (null: it held a one-time link, never kept). */
export interface EmailLogDetail extends EmailLogEntry {
  text: string | null;
}

/** A template filled with a user's values (links are examples, never a working token). */
export interface EmailPreview {
  subject: string;
  text: string;
  user: { id: number; name: string; email: string };
}

/** Who a message to users goes to: active users matching every choice given. */
export interface EmailMessageFilter {
  roleId: number | null;
  agencyId: number | null;
  /** awaiting_review: an upload awaits review; notifications: a document was rejected or ran out. */
  documents: "awaiting_review" | "notifications" | null;
  /** A contract request in this state (none: no contract request). */
  contracts: ContractState | "none" | null;
}

export interface EmailMessage {
  id: number;
  subject: string;
  body: string;
  filter: EmailMessageFilter;
  recipientCount: number;
  createdBy: { userId: number; name: string };
  createdAt: string;
}

export type { AuditEntry };
