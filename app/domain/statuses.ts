/**
 * Issue 37 §4 "one vocabulary with one colour each": every status word the portal and its admin area show, and
 * its one tone, defined once. Lists, record pages and badges read it (components/status-badge.tsx), so a word
 * never has two colours. The tones mean:
 * - green: done, in force (Active, Imported, Locked, Published);
 * - blue: under way or planned (Approved, Scheduled, Submitted, Importing);
 * - yellow: waiting for someone (Pending, In preview, Not handled);
 * - orange: needs attention (Awaiting staff, Unmatched, Imported with problems);
 * - red: refused, failed or lapsed (Denied, Rejected, Refused, Failed, Expired);
 * - gray: not started, stopped or ended (Draft, Inactive, Disabled, Ended, Closed, Canceled).
 * Pure.
 */
export type Tone = "green" | "blue" | "yellow" | "orange" | "red" | "gray";

export const STATUS_TONES = {
  // Accounts, carriers, providers, policies, contracts.
  Active: "green",
  Inactive: "gray",
  Enabled: "green",
  Disabled: "gray",
  Pending: "yellow",
  "Pending activation": "yellow",
  "E-mail not verified": "orange",
  Approved: "blue",
  Denied: "red",
  Terminated: "gray",
  Canceled: "gray",
  // Publishing: learning-center resources, notices, statements.
  Draft: "gray",
  Scheduled: "blue",
  Published: "green",
  Showing: "green",
  Ended: "gray",
  Locked: "green",
  // Reviews and approvals.
  "Pending approval": "yellow",
  "Awaiting review": "yellow",
  Rejected: "red",
  Valid: "green",
  "Expiring soon": "yellow",
  Expired: "red",
  Missing: "red",
  Accepted: "green",
  // Files and syncs.
  Reading: "blue",
  "In preview": "yellow",
  Importing: "blue",
  Imported: "green",
  "Imported with problems": "orange",
  Refused: "red",
  Discarded: "gray",
  Failed: "red",
  Succeeded: "green",
  "Some failed": "orange",
  Queued: "yellow",
  Sent: "blue",
  // Enrollments.
  Submitted: "blue",
  "Pending at the carrier": "yellow",
  "Pending carrier review": "yellow",
  "RFI: information requested": "orange",
  Enrolled: "green",
  // Alerts and notifications.
  Handled: "green",
  "Not handled": "yellow",
  "Not handled, on hold": "red",
  "Handled, on hold": "orange",
  "On hold": "orange",
  // Conversations (tickets, admin support).
  "Awaiting staff": "orange",
  "Awaiting your reply": "orange",
  Answered: "blue",
  Closed: "gray",
  Open: "orange",
  Unassigned: "orange",
  // Statement lines and expected payments.
  Matched: "green",
  Unmatched: "orange",
  "Set aside": "gray",
  "Paid as expected": "green",
  Short: "orange",
  Over: "blue",
  Unexpected: "yellow",
  // Ready to sell.
  Done: "green",
  "Done, expires soon": "yellow",
  Waiting: "yellow",
  "Action needed": "red",
  "After an earlier step": "gray",
} as const satisfies Record<string, Tone>;

export type StatusLabel = keyof typeof STATUS_TONES;

/** A status word's tone; a word outside the vocabulary (an upstream's own, e.g. an RTS status) is gray. */
export function toneOf(label: string): Tone {
  return (STATUS_TONES as Record<string, Tone>)[label] ?? "gray";
}

/** Whether a word is in the vocabulary. */
export function isStatusLabel(label: string): label is StatusLabel {
  return Object.hasOwn(STATUS_TONES, label);
}

/** A file import's states, one lifecycle for carrier files, Sunfire exports and commission statements. */
export const IMPORT_STATES = ["reading", "ready", "importing", "imported", "failed", "discarded"] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** Each import state's word, the same on every import list and page. */
export const IMPORT_STATUS_WORDS = {
  reading: "Reading",
  ready: "In preview",
  importing: "Importing",
  imported: "Imported",
  failed: "Refused",
  discarded: "Discarded",
} as const satisfies Record<ImportState, StatusLabel>;

/**
 * A file import's status word: "Imported" only when every row went in; an import that refused rows says so
 * (issue 37 §4: a carrier file with refused rows showed a green "Imported").
 */
export function importStatusLabel(label: string, refusedRows: number): string {
  return label === "Imported" && refusedRows > 0 ? "Imported with problems" : label;
}

/**
 * How long a conversation has waited for staff, as its colour (issue 37 §4: the tickets queue shows the time waiting,
 * amber after 7 days and red after 30, instead of one "Awaiting staff" badge on every row). Whole days.
 */
export function waitingTone(days: number): Tone {
  if (days > 30) return "red";
  if (days > 7) return "yellow";
  return "gray";
}

/** "Awaiting staff since today", "Awaiting staff for 1 day", "… for 12 days". */
export function waitingText(days: number): string {
  return days <= 0 ? "Awaiting staff since today" : `Awaiting staff for ${days} ${days === 1 ? "day" : "days"}`;
}
