import { redirect } from "react-router";
import { safeRedirect } from "~/domain/redirect";
import { errorToasts } from "~/domain/toast";
import { formFailure } from "~/.server/form-failure";
import { sessionOf } from "~/.server/guards";
import { formDataOf } from "~/.server/forms";
import { commitSession } from "~/.server/session";
import { redirectWithToast } from "~/.server/toast";
import { logoutAsUser } from "~/.server/upstream/session";
import type { Route } from "./+types/account.logout_as_user";

/** Spec §4: logout-as-user restores the admin session and navigates to the remembered page. */
export async function action({ request, context }: Route.ActionArgs) {
  const { session } = sessionOf(context);
  const current = session.get("token");
  if (!current) return redirect("/");
  const form = await formDataOf(request);
  try {
    const { token, user } = await logoutAsUser(current);
    const back = safeRedirect(session.get("returnTo"), "/admin");
    session.set("token", token);
    session.set("role", user.role);
    session.set("userId", user.userId);
    session.unset("returnTo");
    session.set("smsPrompt", true);
    return redirect(back, { headers: { "set-cookie": await commitSession(session) } });
  } catch (error) {
    // A 401 ends the session; otherwise stay where the admin was, with the upstream's reason.
    const { messages } = await formFailure(error, context, form);
    return redirectWithToast(safeRedirect(form.get("redirectTo"), "/"), errorToasts(messages));
  }
}

export function loader() {
  return redirect("/");
}
