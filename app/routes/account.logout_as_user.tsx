import { redirect } from "react-router";
import { safeRedirect } from "~/domain/redirect";
import { requireViewer, upstreamFailure } from "~/.server/guards";
import { commitSession } from "~/.server/session";
import { logoutAsUser } from "~/.server/upstream/session";
import type { Route } from "./+types/account.logout_as_user";

/** Spec §4: logout-as-user restores the admin session and navigates to the remembered page. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  try {
    const { token, user } = await logoutAsUser(viewer.token);
    const { session } = viewer;
    const back = safeRedirect(session.get("returnTo"), "/admin");
    session.set("token", token);
    session.set("role", user.role);
    session.set("userId", user.userId);
    session.unset("returnTo");
    return redirect(back, { headers: { "set-cookie": await commitSession(session) } });
  } catch (error) {
    return upstreamFailure(error, viewer.session);
  }
}

export function loader() {
  return redirect("/");
}
