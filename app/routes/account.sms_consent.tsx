import { data, redirect } from "react-router";
import { homeFor } from "~/domain/home";
import { safeRedirect } from "~/domain/redirect";
import { type Toast, errorToasts, successToast } from "~/domain/toast";
import { SMS_BROKERS_ONLY, SMS_CHOOSE, SMS_NO, SMS_YES, smsAnswerOf } from "~/domain/sms-consent";
import { isBroker } from "~/domain/user";
import { actionForm } from "~/.server/form-failure";
import { sessionOf, signInUrl } from "~/.server/guards";
import { commitSession } from "~/.server/session";
import { logErrorToasts, redirectWithToast } from "~/.server/toast";
import { setSmsConsent } from "~/.server/upstream/profile";
import type { Route } from "./+types/account.sms_consent";

/**
 * Spec §4 SMS consent prompt: Yes → POST /api/profile/sms_consent, No → DELETE; both hide the prompt.
 * Answered with a redirect back (plain form) or with data for the fetcher; failures are toasts, never
 * an error page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { session, viewer: loadViewer } = sessionOf(context);
  const form = actionForm(request, context);
  const formData = await form.read();
  const viaFetcher = formData.get("mode") === "fetcher";
  const answer = smsAnswerOf(formData.get("consent"));

  async function respond(toasts: Toast[], back: string) {
    const headers = { "set-cookie": await commitSession(session) };
    if (!viaFetcher) return redirectWithToast(back, toasts, { headers });
    logErrorToasts(new URL(request.url).pathname, toasts);
    return data({ toasts }, { headers });
  }

  // Until the viewer is known, back to where the form was (or index).
  let back = safeRedirect(formData.get("redirectTo"), "/");
  return form.answer(
    async () => {
      const viewer = await loadViewer();
      if (!viewer) return redirect(signInUrl(request));
      back = safeRedirect(formData.get("redirectTo"), homeFor(viewer.user));
      // Only agents and agencies are asked (spec §4: their profile carries smsConsent).
      if (!isBroker(viewer.user)) return respond(errorToasts([SMS_BROKERS_ONLY]), back);
      if (!answer) return respond(errorToasts([SMS_CHOOSE]), back);
      await setSmsConsent(viewer.token, answer === "yes");
      session.set("smsPrompt", false);
      return respond([successToast(answer === "yes" ? SMS_YES : SMS_NO)], back);
    },
    // A 401 ended the session (thrown); an upstream fault is a toast.
    async ({ messages }) => respond(errorToasts(messages), back),
  );
}

export function loader() {
  return new Response(null, { status: 405, headers: { allow: "POST" } });
}
