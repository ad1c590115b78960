import { data, redirect } from "react-router";
import { homeFor } from "~/domain/home";
import { safeRedirect } from "~/domain/redirect";
import { type Toast, errorToasts, successToast } from "~/domain/toast";
import { isBroker } from "~/domain/user";
import { formFailure } from "~/.server/form-failure";
import { sessionOf, signInUrl } from "~/.server/guards";
import { formDataOf } from "~/.server/forms";
import { commitSession } from "~/.server/session";
import { logErrorToasts, redirectWithToast } from "~/.server/toast";
import { setSmsConsent } from "~/.server/upstream/profile";
import type { Route } from "./+types/account.sms_consent";

const SMS_YES = "You will receive text-message alerts.";
const SMS_NO = "You will not receive text-message alerts.";

/**
 * Spec §4 SMS consent prompt: Yes → POST /api/profile/sms_consent, No → DELETE; both hide the prompt.
 * Answered with a redirect back (plain form) or with data for the fetcher; failures are toasts, never
 * an error page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { session, viewer: loadViewer } = sessionOf(context);
  const form = await formDataOf(request);
  const viaFetcher = form.get("mode") === "fetcher";
  const consent = form.get("consent");

  async function respond(toasts: Toast[], back: string) {
    const headers = { "set-cookie": await commitSession(session) };
    if (!viaFetcher) return redirectWithToast(back, toasts, { headers });
    logErrorToasts(new URL(request.url).pathname, toasts);
    return data({ toasts }, { headers });
  }

  let viewer;
  try {
    viewer = await loadViewer();
  } catch (error) {
    // A 401 ended the session (rethrown); an upstream fault is a toast.
    const { messages } = await formFailure(error, context, form);
    return respond(errorToasts(messages), safeRedirect(form.get("redirectTo"), "/"));
  }
  if (!viewer) return redirect(signInUrl(request));
  const back = safeRedirect(form.get("redirectTo"), homeFor(viewer.user));

  // Only agents and agencies are asked (spec §4: their profile carries smsConsent).
  if (!isBroker(viewer.user)) return respond(errorToasts(["Text-message alerts are only for agents and agencies."]), back);
  if (consent !== "yes" && consent !== "no") return respond(errorToasts(["Choose Yes or No."]), back);

  try {
    await setSmsConsent(viewer.token, consent === "yes");
  } catch (error) {
    const { messages } = await formFailure(error, context, form);
    return respond(errorToasts(messages), back);
  }
  session.set("smsPrompt", false);
  return respond([successToast(consent === "yes" ? SMS_YES : SMS_NO)], back);
}

export function loader() {
  return new Response(null, { status: 405, headers: { allow: "POST" } });
}
