import { StatusBadge } from "~/components/status-badge";
import { CONVERSATION_STATUS_LABELS, type ConversationStatus } from "./records";

/** A conversation's status as a badge (its colour the vocabulary's: domain/statuses.ts). */
export function ConversationStatusTag({ status }: { status: ConversationStatus }) {
  return <StatusBadge status={CONVERSATION_STATUS_LABELS[status]} />;
}

/** How long ago the last message came: "today", "1 day ago", "12 days ago". */
export function waitingDaysText(days: number): string {
  return days === 0 ? "today" : days === 1 ? "1 day ago" : `${days} days ago`;
}
