/** Spec §8/§9: red error toasts (one per string) and green success toasts, 7 s lifetime. */
export const TOAST_LIFETIME_MS = 7000;

export type ToastType = "error" | "success";

/** Spec §8 success message of every export (the upstream e-mails the file). */
export const DOWNLOAD_SENT = "Download was sent to your email";

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  /** How many times this message happened in one request (identical messages collapse into one toast). */
  count?: number;
}

let counter = 0;
function nextId(): string {
  counter = (counter + 1) % 1_000_000;
  return `${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

export function errorToasts(messages: string[]): Toast[] {
  return messages.map((message) => ({ id: nextId(), type: "error", message }));
}

export function successToast(message: string): Toast {
  return { id: nextId(), type: "success", message };
}

/** The most toasts one flash carries; past it the rest are summed up in one last toast (never dropped silently). */
export const MAX_FLASH_TOASTS = 5;
/** A longer message is cut (with '…'): a toast is a notice, not a report, and the flash cookie is small. */
export const MAX_TOAST_MESSAGE_CHARS = 300;

/** What a toast reads: its message, and how many times it happened when more than once. */
export function toastText(toast: Toast): string {
  return toast.count && toast.count > 1 ? `${toast.message} (${toast.count} times)` : toast.message;
}

/** Identical toasts (same type and message) collapse into the first one, with a count; order is kept. */
export function collapseToasts(toasts: Toast[]): Toast[] {
  const byKey = new Map<string, Toast>();
  for (const toast of toasts) {
    const key = `${toast.type}\u0000${toast.message}`;
    const seen = byKey.get(key);
    if (seen) seen.count = (seen.count ?? 1) + (toast.count ?? 1);
    else byKey.set(key, { ...toast, count: toast.count ?? 1 });
  }
  return [...byKey.values()].map(({ count = 1, ...toast }) => (count > 1 ? { ...toast, count } : toast));
}

export function moreMessagesText(count: number): string {
  return `…and ${count} more ${count === 1 ? "message" : "messages"} not shown here.`;
}

function cut(message: string): string {
  const chars = [...message];
  return chars.length > MAX_TOAST_MESSAGE_CHARS ? `${chars.slice(0, MAX_TOAST_MESSAGE_CHARS - 1).join("")}…` : message;
}

/**
 * The toasts a flash carries: identical ones collapsed, long messages cut, at most `max` toasts. When
 * more are left, the last one says how many messages were not shown (red if any of them was an error).
 */
export function flashToasts(toasts: Toast[], max = MAX_FLASH_TOASTS): Toast[] {
  const collapsed = collapseToasts(toasts).map((t) => ({ ...t, message: cut(t.message) }));
  if (collapsed.length <= max) return collapsed;
  const kept = collapsed.slice(0, Math.max(0, max - 1));
  const rest = collapsed.slice(kept.length);
  const hidden = rest.reduce((sum, t) => sum + (t.count ?? 1), 0);
  const type: ToastType = rest.some((t) => t.type === "error") ? "error" : "success";
  const [first] = rest;
  return max > 0 && first ? [...kept, { id: first.id, type, message: moreMessagesText(hidden) }] : [];
}
