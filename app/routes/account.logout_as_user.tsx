import { redirect } from "react-router";
import { safeRedirect } from "~/domain/redirect";
import { errorToasts } from "~/domain/toast";
import { startSession } from "~/.server/auth";
import { actionForm } from "~/.server/form-failure";
import { sessionOf } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { logoutAsUser } from "~/.server/upstream/session";
import type { Route } from "./+types/account.logout_as_user";

/** Spec §4: logout-as-user restores the admin session and navigates to the remembered page. */
export async function action({ request, context }: Route.ActionArgs) {
  const { session } = sessionOf(context);
  const current = session.get("token");
  if (!current) return redirect("/");
  const form = actionForm(request, context);
  const formData = await form.read();
  return form.answer(
    async () => {
      const answer = await logoutAsUser(current);
      const back = safeRedirect(session.get("returnTo"), "/admin");
      return redirect(back, {
        headers: { "set-cookie": await startSession(session, answer, { kind: "end-impersonation" }) },
      });
    },
    // A 401 ends the session; otherwise stay where the admin was, with the upstream's reason.
    async ({ messages }) => redirectWithToast(safeRedirect(formData.get("redirectTo"), "/"), errorToasts(messages)),
  );
}

export function loader() {
  return redirect("/");
}
