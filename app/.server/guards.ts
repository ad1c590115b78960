import { type MiddlewareFunction, type RouterContextProvider, data, redirect } from "react-router";
import { canOpen } from "~/domain/access";
import { UNAUTHORIZED_REQUEST } from "~/domain/errors";
import { homeFor } from "~/domain/home";
import { errorToasts } from "~/domain/toast";
import { viewerContext } from "~/context";
import { getSession, destroySession, type PortalSession } from "./session";
import { redirectWithToast } from "./toast";
import { UnauthorizedError, UpstreamError } from "./upstream/client";
import { type LoadedViewer, loadViewer } from "./viewer";

/** Spec §8: an upstream 401 at any time ends the session and lands on index with 'Unauthorized Request'. */
export async function endSessionResponse(session: PortalSession): Promise<Response> {
  return redirectWithToast("/", errorToasts([UNAUTHORIZED_REQUEST]), {
    headers: { "set-cookie": await destroySession(session) },
  });
}

/**
 * Turns an upstream failure inside a loader or action into what the user should see: a 401 ends the
 * session; other upstream errors become an error response the error boundary shows with their messages.
 */
export async function upstreamFailure(error: unknown, session: PortalSession): Promise<never> {
  if (error instanceof UnauthorizedError) throw await endSessionResponse(session);
  if (error instanceof UpstreamError) {
    throw data({ messages: error.messages }, { status: error.status >= 500 ? 503 : error.status });
  }
  throw error;
}

/** Root middleware: loads the session and the viewer once per request, for every loader and action. */
export const viewerMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await getSession(request);
  let viewer: LoadedViewer | null = null;
  try {
    viewer = await loadViewer(session);
  } catch (error) {
    await upstreamFailure(error, session);
  }
  context.set(viewerContext, viewer);
  return next();
};

export function signInUrl(request: Request): string {
  const url = new URL(request.url);
  const wanted = url.pathname + url.search;
  return wanted === "/" ? "/" : `/?redirectTo=${encodeURIComponent(wanted)}`;
}

/** Spec §2: a visitor without a session goes to index; the wanted URL is kept for after sign-in. */
export function requireViewer(request: Request, context: Readonly<RouterContextProvider>): LoadedViewer {
  const viewer = context.get(viewerContext);
  if (!viewer) throw redirect(signInUrl(request));
  return viewer;
}

/**
 * Layout middleware for every signed-in page: the same `canOpen` rule the menu reads. Runs before the
 * loaders and actions of the page, so a refused URL never reaches the upstream.
 */
export const accessMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  refuseUnlessAllowed(requireViewer(request, context), request);
  return next();
};

/** The 403 answer for a URL the shared rule refuses (its page carries a link to the user's home). */
export function refuseUnlessAllowed(viewer: LoadedViewer, request: Request): void {
  if (!canOpen(viewer, new URL(request.url).pathname)) {
    throw data({ home: homeFor(viewer.user) }, { status: 403, statusText: "Forbidden" });
  }
}
