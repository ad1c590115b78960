import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import { requireViewer } from "../guards";
import type { LoadedViewer } from "../viewer";
import { recordIdOf } from "~/domain/admin/shapes";

/**
 * Every admin loader and action starts here (issue 14): the signed-in viewer, refused unless the shared access
 * rule lets them open /admin (an administrator, not signed in as someone else). The rule is the one the
 * menu reads (app/domain/access.ts); this re-states it for the admin area so that no admin call is made
 * for anyone else even if a route were mounted elsewhere.
 */
export async function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<LoadedViewer> {
  const viewer = await requireViewer(request, context);
  if (viewer.user.role !== "Admin" || viewer.user.returnToUserId != null)
    throw data({ messages: [] }, { status: 403, statusText: "Forbidden" });
  return viewer;
}

/** The page's 404 (an admin URL naming a section, record or file that is not one). */
export function notFound(): never {
  throw data({ messages: [] }, { status: 404, statusText: "Not Found" });
}

/** The record id a URL segment names (a positive integer), or the 404 page. */
export function idOr404(raw: string | undefined): number {
  const id = recordIdOf(raw);
  return id === null ? notFound() : id;
}
