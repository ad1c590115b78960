import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { MAX_FLASH_TOASTS, type Toast, flashToasts } from "~/domain/toast";
import { combineHeaders, secureCookies } from "./cookies";
import { runtime } from "./runtime";

/**
 * The whole Set-Cookie line of the flash stays within 4 KB: browsers drop a larger cookie silently
 * (and with it every message it carried).
 */
export const TOAST_COOKIE_MAX_BYTES = 4096;

const ToastsSchema = z.array(
  z.object({
    id: z.string(),
    type: z.enum(["error", "success"]),
    message: z.string(),
    count: z.number().int().positive().optional(),
  }),
);

function toastCookie() {
  return createCookie("portal_toast", {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    maxAge: 60,
    secrets: runtime().sessionSecrets,
  });
}

/**
 * Flash toasts survive a redirect in their own cookie; the root loader reads and clears them. Identical
 * messages collapse into one with a count, and fewer toasts are carried until the cookie fits
 * TOAST_COOKIE_MAX_BYTES (the last one then says how many messages were not shown).
 */
export async function toastHeaders(toasts: Toast[]): Promise<Headers> {
  const cookie = toastCookie();
  for (let max = MAX_FLASH_TOASTS; max >= 0; max--) {
    const header = await cookie.serialize(flashToasts(toasts, max));
    if (Buffer.byteLength(header) <= TOAST_COOKIE_MAX_BYTES) return new Headers({ "set-cookie": header });
  }
  return new Headers({ "set-cookie": await cookie.serialize([]) });
}

/**
 * Error toasts are expected, user-facing events (a refused request, a form the upstream turned down):
 * they are logged once per response at info level and never sent to the error reporter, which is for
 * the unexpected (the error boundary and entry.server report those).
 */
export function logErrorToasts(url: string, toasts: Toast[]): void {
  const errors = flashToasts(toasts.filter((t) => t.type === "error"));
  if (errors.length === 0) return;
  const total = toasts.filter((t) => t.type === "error").length;
  runtime().logger.info(
    { url, total, toasts: errors.map((t) => ({ message: t.message, count: t.count ?? 1 })) },
    "error toast shown",
  );
}

export async function redirectWithToast(url: string, toasts: Toast[], init?: ResponseInit): Promise<Response> {
  logErrorToasts(url, toasts);
  return redirect(url, { ...init, headers: combineHeaders(init?.headers, await toastHeaders(toasts)) });
}

/** Reads the flash toasts and returns the header that clears them (null when there were none). */
export async function readToasts(request: Request): Promise<{ toasts: Toast[]; headers: Headers | null }> {
  const cookie = toastCookie();
  const value = await cookie.parse(request.headers.get("cookie"));
  if (value == null || value === "") return { toasts: [], headers: null };
  const parsed = ToastsSchema.safeParse(value);
  return {
    toasts: parsed.success ? parsed.data : [],
    headers: new Headers({ "set-cookie": await cookie.serialize("", { maxAge: 0, expires: new Date(0) }) }),
  };
}
