import { pathId } from "./url";
import { normalisePath } from "./access";

/**
 * Feedback conversations (spec §2 /feedback/*, §7 show_unread_messages / show_unresponded_messages; issue 12):
 * the user's conversations with the organisation's staff. Pure rules shared by the pages, the browser's
 * validation and the reference API.
 */

/** The optional rating a conversation starts with: 1 (poor) to 5 (excellent). */
export const FEEDBACK_RATINGS = [1, 2, 3, 4, 5] as const;
export const RATING_CHOICE = "Choose a rating from 1 to 5, or no rating";

/** The rating's options, "No rating" first (an optional radio group must offer a way back to none). */
export const RATING_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: "", label: "No rating" },
  ...FEEDBACK_RATINGS.map((n) => ({
    value: String(n),
    label: n === 1 ? "1 (poor)" : n === 5 ? "5 (excellent)" : String(n),
  })),
];

/** "Rated 4 of 5", or null without a rating. */
export function ratingText(rating: number | null): string | null {
  return rating === null ? null : `Rated ${rating} of 5`;
}

/** The id of /feedback/:id: a positive whole number (at most 9 digits), else null (the page is a 404). */
export function feedbackIdOf(raw: string | undefined): number | null {
  return pathId(raw);
}

/** The longest excerpt of a conversation's last message in the lists. */
export const EXCERPT_LENGTH = 140;

/** The start of a message for a list: whitespace folded, at most `max` characters, cut at a word with "…". */
export function messageExcerpt(body: string, max = EXCERPT_LENGTH): string {
  const text = body.replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** "1 unread message", "3 unread messages". */
export function unreadText(count: number): string {
  return `${count} unread ${count === 1 ? "message" : "messages"}`;
}

/**
 * What the two filtered pages say above their list (spec §7 counts): /feedback/show the unread staff
 * messages, /feedback/conversation the conversations waiting for the user's reply.
 */
export function unreadSummary(count: number): string {
  return count === 0 ? "You have read every message from our staff." : `You have ${unreadText(count)} from our staff.`;
}

export function awaitingSummary(count: number): string {
  if (count === 0) return "No conversation is waiting for your reply.";
  return count === 1
    ? "1 conversation is waiting for your reply."
    : `${count} conversations are waiting for your reply.`;
}

/** The columns the lists sort by (the upstream's sort keys). */
export const FEEDBACK_SORTABLE = ["subject", "category", "createdAt", "updatedAt"] as const;

/** The feedback list pages: every conversation, those with unread staff messages, those awaiting a reply. */
export type FeedbackView = "all" | "unread" | "unresponded";

/** Spec §2: /feedback/show lists the unread, /feedback/conversation the unresponded; /feedback and /feedback/list all. */
export function feedbackViewOf(pathname: string): FeedbackView {
  const path = normalisePath(pathname);
  if (path === "/feedback/show") return "unread";
  if (path === "/feedback/conversation") return "unresponded";
  return "all";
}
