import { data } from "react-router";
import { errorMessages } from "~/domain/errors";
import { safeRedirect } from "~/domain/redirect";
import { errorToasts, successToast } from "~/domain/toast";
import { requireViewer } from "~/.server/guards";
import { commitSession } from "~/.server/session";
import { redirectWithToast } from "~/.server/toast";
import { UnauthorizedError, UpstreamError } from "~/.server/upstream/client";
import { setSmsConsent } from "~/.server/upstream/profile";
import { endSessionResponse } from "~/.server/guards";
import type { Route } from "./+types/account.sms_consent";

/** Spec §4 SMS consent prompt: Yes → POST /api/profile/sms_consent, No → DELETE. Both hide the prompt. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const consent = form.get("consent");
  const back = safeRedirect(form.get("redirectTo"), "/dashboard");
  const viaFetcher = form.get("mode") === "fetcher";

  let toasts;
  if (consent !== "yes" && consent !== "no") {
    toasts = errorToasts(["Choose Yes or No."]);
  } else {
    try {
      await setSmsConsent(viewer.token, consent === "yes");
      viewer.session.set("smsPrompt", false);
      toasts = [successToast(consent === "yes" ? "You will receive text-message alerts." : "You will not receive text-message alerts.")];
    } catch (error) {
      if (error instanceof UnauthorizedError) throw await endSessionResponse(viewer.session);
      toasts = errorToasts(error instanceof UpstreamError ? error.messages : errorMessages(error));
    }
  }
  const headers = { "set-cookie": await commitSession(viewer.session) };
  if (viaFetcher) return data({ toasts }, { headers });
  return redirectWithToast(back, toasts, { headers });
}

export function loader() {
  return new Response(null, { status: 405, headers: { allow: "POST" } });
}
