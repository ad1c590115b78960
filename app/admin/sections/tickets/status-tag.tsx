import { Tag } from "~/components/admin/tag";
import { CONVERSATION_STATUS_LABELS, type ConversationStatus } from "./records";

const STATUS_COLORS: Record<ConversationStatus, "orange" | "blue" | "gray"> = {
  open: "orange",
  answered: "blue",
  closed: "gray",
};

/** A conversation's status as a tag: awaiting staff (orange), answered (blue), closed (gray). */
export function ConversationStatusTag({ status }: { status: ConversationStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{CONVERSATION_STATUS_LABELS[status]}</Tag>;
}

/** How long ago the last message came: "today", "1 day ago", "12 days ago". */
export function waitingDaysText(days: number): string {
  return days === 0 ? "today" : days === 1 ? "1 day ago" : `${days} days ago`;
}
