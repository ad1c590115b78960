/**
 * E-mail communications (issue 22 §2.5): the templates list's sorts (a template's page is :id), and what the log's
 * URL may carry (its sorts and filters, checked before the upstream is asked, ADR 020). Pure.
 */
import type { SectionShape } from "~/domain/admin/shapes";
import type { ListShape } from "~/domain/list-query";

export const shape = {
  sortable: ["name", "sentLast30Days", "updatedAt"],
  filters: {},
  recordUrl: "id",
  creatable: false,
} as const satisfies SectionShape;

export const EMAIL_KINDS = [
  "invitation",
  "verify",
  "already-registered",
  "activate",
  "reset",
  "password-changed",
  "readiness-reminder",
  "message",
] as const;

export const LOG_SHAPE = {
  sortable: ["createdAt", "to", "kind", "status"],
  filters: {
    status: { values: ["queued", "sent", "failed"] },
    kind: { values: EMAIL_KINDS },
    messageId: "id",
  },
} as const satisfies ListShape;
