import { createCookie, redirect } from "react-router";
import { z } from "zod";
import type { Toast } from "~/domain/toast";
import { combineHeaders, secureCookies } from "./cookies";
import { runtime } from "./runtime";

const ToastsSchema = z.array(
  z.object({ id: z.string(), type: z.enum(["error", "success"]), message: z.string() }),
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

/** Flash toasts survive a redirect in their own cookie; the root loader reads and clears them. */
export async function toastHeaders(toasts: Toast[]): Promise<Headers> {
  return new Headers({ "set-cookie": await toastCookie().serialize(toasts) });
}

export async function redirectWithToast(url: string, toasts: Toast[], init?: ResponseInit): Promise<Response> {
  for (const toast of toasts) {
    if (toast.type === "error") runtime().reportError(new Error(toast.message), { toast: true, url });
  }
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
