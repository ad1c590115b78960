/**
 * What the e-mail log's URL may carry (ADR 020): its sorts and filters, checked before the upstream is asked.
 * Pure.
 */
import type { ListShape } from "~/domain/list-query";

export const EMAIL_KINDS = [
  "invitation",
  "verify",
  "already-registered",
  "activate",
  "reset",
  "password-changed",
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
