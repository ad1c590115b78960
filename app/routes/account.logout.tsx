import { redirect } from "react-router";
import { runtime } from "~/.server/runtime";
import { destroySession, getSession } from "~/.server/session";
import { logout } from "~/.server/upstream/session";
import type { Route } from "./+types/account.logout";

/**
 * Spec §4: logout clears the session and the remembered state: upstream DELETE /api/logout, the
 * session cookie destroyed, back at index. A failed upstream call still signs the user out here.
 */
async function signOut(request: Request): Promise<Response> {
  const session = await getSession(request);
  const token = session.get("token");
  if (token) {
    await logout(token).catch((error: unknown) => runtime().logger.warn({ err: error }, "upstream logout failed"));
  }
  return redirect("/", { headers: { "set-cookie": await destroySession(session) } });
}

export async function action({ request }: Route.ActionArgs) {
  return signOut(request);
}

/** The spec's /account/logout route: opening it signs out too. */
export async function loader({ request }: Route.LoaderArgs) {
  return signOut(request);
}
