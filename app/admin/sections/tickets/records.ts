/**
 * One conversation model for the staff's side of the support desk (issue 22 §2.6–2.7): a support ticket, a
 * commission inquiry and a feedback conversation are one record with a kind. The tickets queue draws the first two,
 * the admin_support inbox the third. Pure TS types: the upstream contract (contract.server.ts) satisfies them.
 */

export const CONVERSATION_KINDS = ["support", "commission_inquiry", "feedback"] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];
export const CONVERSATION_STATUSES = ["open", "answered", "closed"] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
/** Days since the owner's last message (open) or since the last message (else). */
export const CONVERSATION_AGES = ["0-7", "8-30", "31-90", "91+"] as const;
export type ConversationAge = (typeof CONVERSATION_AGES)[number];

export const CONVERSATION_KIND_LABELS: Record<ConversationKind, string> = {
  support: "Support ticket",
  commission_inquiry: "Commission inquiry",
  feedback: "Feedback",
};
export const CONVERSATION_STATUS_LABELS: Record<ConversationStatus, string> = {
  open: "Awaiting staff",
  answered: "Answered",
  closed: "Closed",
};

export interface AdminConversation {
  id: number;
  kind: ConversationKind;
  subject: string;
  category: string;
  status: ConversationStatus;
  owner: { id: number; name: string; email: string };
  carrier: { id: number; name: string } | null;
  /** A commission inquiry's statement or policy number. */
  reference: string | null;
  /** A feedback conversation's rating (1–5). */
  rating: number | null;
  assignee: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
  /** Whole days since the conversation's last message. */
  waitingDays: number;
  /** Public messages (internal notes not counted). */
  messageCount: number;
  notesCount: number;
  lastMessage: { author: string; fromStaff: boolean; createdAt: string; excerpt: string };
}

/** One entry of a conversation's thread as staff see it: a public message or an internal note. */
export interface ConversationEntry {
  id: number;
  /** `note`: internal, never shown to the owner or the carrier. */
  kind: "message" | "note";
  author: string;
  fromStaff: boolean;
  body: string;
  createdAt: string;
  attachment: { id: number; name: string; contentType: string; size: number } | null;
}
