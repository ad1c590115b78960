import { data, redirect } from "react-router";
import { homeFor } from "~/domain/home";
import { safeRedirect } from "~/domain/redirect";
import { type Toast, errorToasts } from "~/domain/toast";
import { actionForm } from "~/.server/form-failure";
import { sessionOf, signInUrl } from "~/.server/guards";
import { logErrorToasts, redirectWithToast } from "~/.server/toast";
import { dismissSystemNotification } from "~/.server/upstream/profile";
import type { Route } from "./+types/account.dismiss_notice";

export const NOTICE_UNKNOWN = "This notification cannot be dismissed: it may have ended or been dismissed already.";

/**
 * Issue 22 §2.3: the banner's Dismiss. The upstream records it for this user, for good
 * (POST /api/profile/notifications/:id/dismissal), so the notice stays gone after a reload and in every later
 * session. Answered with a redirect back (plain form) or with data for the fetcher; a failure is a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { viewer: loadViewer } = sessionOf(context);
  const form = actionForm(request, context);
  const formData = await form.read();
  const viaFetcher = formData.get("mode") === "fetcher";
  const rawId = formData.get("id");
  const id = typeof rawId === "string" && /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;

  async function respond(toasts: Toast[], back: string) {
    if (!viaFetcher) return toasts.length ? redirectWithToast(back, toasts) : redirect(back);
    logErrorToasts(new URL(request.url).pathname, toasts);
    return data({ toasts });
  }

  let back = safeRedirect(formData.get("redirectTo"), "/");
  return form.answer(
    async () => {
      const viewer = await loadViewer();
      if (!viewer) return redirect(signInUrl(request));
      back = safeRedirect(formData.get("redirectTo"), homeFor(viewer.user));
      if (id === null || id < 1) return respond(errorToasts([NOTICE_UNKNOWN]), back);
      await dismissSystemNotification(viewer.token, id);
      return respond([], back);
    },
    // A 401 ended the session (thrown); an upstream refusal (not theirs, ended: its reason) or fault is a toast.
    async ({ messages }) => respond(errorToasts(messages), back),
  );
}

export function loader() {
  return new Response(null, { status: 405, headers: { allow: "POST" } });
}
