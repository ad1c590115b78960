/** Spec §8/§9: red error toasts (one per string) and green success toasts, 7 s lifetime. */
export const TOAST_LIFETIME_MS = 7000;

export type ToastType = "error" | "success";

/** Spec §8 success message of every export (the upstream e-mails the file). */
export const DOWNLOAD_SENT = "Download was sent to your email";

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
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
