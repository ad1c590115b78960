import { type MiddlewareFunction, type RouterContextProvider, data, redirect } from "react-router";
import { type RequestSession, sessionContext } from "./context";
import { canOpen, refusedBySignInRole } from "~/domain/access";
import { SESSION_EXPIRED } from "~/domain/errors";
import { homeFor } from "~/domain/home";
import { errorToasts } from "~/domain/toast";
import { runtime } from "./runtime";
import { commitSession, destroySession, getSession, type PortalSession, sessionVerdict } from "./session";
import { redirectWithToast } from "./toast";
import { logout } from "./upstream/session";
import { upstreamErrorOf, upstreamFailure, upstreamStatus } from "./upstream-failure";
import { shellData } from "./shell";
import { type LoadedViewer, loadViewer } from "./viewer";

type Context = Readonly<RouterContextProvider>;

/**
 * A session past its age or idle time ends here, on the server (issue 8 point 8): its upstream session
 * is ended too (so a copied cookie is worth nothing), and the user lands at index with a toast.
 */
async function expiredSessionResponse(session: PortalSession): Promise<Response> {
  const { logger } = runtime();
  logger.info({ userId: session.get("userId") }, "session expired");
  const token = session.get("token");
  if (token)
    await logout(token).catch((error: unknown) =>
      logger.warn({ err: error }, "upstream logout of an expired session failed"),
    );
  return redirectWithToast("/", errorToasts([SESSION_EXPIRED]), {
    headers: { "set-cookie": await destroySession(session) },
  });
}

/** The response sets the session cookie itself (sign-in, sign-out, impersonation). */
function setsSessionCookie(response: Response): boolean {
  return response.headers.getSetCookie().some((c) => /^(__Host-)?portal_session=/.test(c));
}

/** Root middleware: reads the session; the viewer is loaded on first use, once per request. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await getSession(request);
  const verdict = sessionVerdict(session, Date.now(), runtime().env.SESSION_IDLE_MINUTES);
  if (verdict === "ended") return expiredSessionResponse(session);
  let pending: Promise<LoadedViewer | null> | null = null;
  const viewer = async () =>
    (pending ??= loadViewer(session).catch(async (error: unknown) => upstreamFailure(error, session)));
  // After a form answered an upstream fault, the page drawn under it asks the upstream again.
  const forgetViewerFailure = () => {
    const failed = pending;
    failed?.catch(() => {
      if (pending === failed) pending = null;
    });
  };
  context.set(sessionContext, { session, viewer, forgetViewerFailure });
  const response = await next();
  if (verdict === "touch" && !setsSessionCookie(response)) {
    session.set("seenAt", Date.now());
    response.headers.append("set-cookie", await commitSession(session));
  }
  return response;
};

export function sessionOf(context: Context): RequestSession {
  const value = context.get(sessionContext);
  if (!value) throw new Error("sessionMiddleware did not run");
  return value;
}

/**
 * The viewer's npnId as the session remembers it from sign-in (null: the user has none), so a page whose
 * calls name it need not wait for /api/me (ADR 017); undefined for a session started before the portal
 * kept it (the page then reads the viewer). The viewer stays the authority: a page compares when both are in.
 */
export function rememberedNpnId(context: Context): number | null | undefined {
  const value = sessionOf(context).session.get("npnId");
  return typeof value === "number" || value === null ? value : undefined;
}

/** Where a signed-out visitor signs in; a GET keeps the wanted URL for after sign-in (spec §2). */
export function signInUrl(request: Request): string {
  const url = new URL(request.url);
  const wanted = url.pathname + url.search;
  if (request.method !== "GET" || wanted === "/") return "/";
  return `/?redirectTo=${encodeURIComponent(wanted)}`;
}

/**
 * Spec §2: a visitor without a session goes to index; the wanted URL is kept for after sign-in. A URL the
 * shared rule refuses this viewer is the 403 here too, so no loader of a refused page produces data: the
 * refusal is a loader's error, drawn by the layout's boundary inside the chrome (see accessMiddleware).
 */
export async function requireViewer(request: Request, context: Context): Promise<LoadedViewer> {
  const viewer = await sessionOf(context).viewer();
  if (!viewer) throw redirect(signInUrl(request));
  refuseUnlessAllowed(viewer, request);
  return viewer;
}

/** The viewer when signed in and the upstream answers; null otherwise (pages that work signed out). */
export async function optionalViewer(context: Context): Promise<LoadedViewer | null> {
  try {
    return await sessionOf(context).viewer();
  } catch (error) {
    if (error instanceof Response) throw error; // a 401 ends the session
    return null;
  }
}

/**
 * A page's upstream calls, started together with the viewer's (no waterfall): `load` gets the session's
 * token at once. Upstream failures become what the user should see (upstreamFailure).
 */
export async function loadWithViewer<T>(
  request: Request,
  context: Context,
  load: (token: string) => Promise<T>,
): Promise<[LoadedViewer, T]> {
  const { session } = sessionOf(context);
  const token = session.get("token");
  if (!token) throw redirect(signInUrl(request));
  await verdictFirstIfRoleRefuses(request, context);
  try {
    // `load` is called inside an async function: a load that throws at once is a rejection Promise.all
    // handles, not an exception that leaves the viewer's promise without a handler (issue 35).
    return await Promise.all([requireViewer(request, context), (async () => load(token))()]);
  } catch (error) {
    // A page read the upstream refuses as not found (404) or not valid (422) was asked for by its URL:
    // an unknown or foreign id. That is the portal's 404 (issue 8 point 10), not a fault of the upstream.
    // (A list's filters it refuses are the list's 400 before they get here: listRead, ADR 020.)
    const status = upstreamStatus(error);
    if (status === 404 || status === 422) throw data({ messages: [] }, { status: 404, statusText: "Not Found" });
    // A read the upstream refuses this user (403: an administrator's compliance documents, found by the access
    // sweep of issue 35) is the portal's refusal in the chrome, not a fault of the upstream (502).
    if (status === 403) throw refusalFor(await requireViewer(request, context));
    return upstreamFailure(error, session);
  }
}

/**
 * A URL the session's sign-in role already refuses (the admin area, to anyone but an administrator in their
 * own session) runs none of the page's code (issue 35): the viewer's verdict comes first and throws the
 * refusal. A viewer it allows after all (a role changed since sign-in) goes on. Everyone else goes on at
 * once, the page's upstream calls alongside the viewer's (no waterfall).
 */
export async function verdictFirstIfRoleRefuses(request: Request, context: Context): Promise<void> {
  const { session } = sessionOf(context);
  const signIn = { role: session.get("role"), impersonating: session.has("returnTo") };
  if (refusedBySignInRole(signIn, new URL(request.url).pathname)) await requireViewer(request, context);
}

/**
 * The 403 answer for a URL the shared rule refuses: its page carries a link to the user's home, and the
 * chrome (menu, user menu) it is drawn in, so the user keeps their place (issue 11).
 */
export function refuseUnlessAllowed(viewer: LoadedViewer, request: Request): void {
  if (!canOpen(viewer, new URL(request.url).pathname)) throw refusalFor(viewer);
}

/** The 403 page for this viewer: a link to their home, in the chrome (issue 11). */
function refusalFor(viewer: LoadedViewer) {
  return data({ home: homeFor(viewer.user), shell: shellData(viewer) }, { status: 403, statusText: "Forbidden" });
}

/**
 * Layout middleware for every signed-in page: the same `canOpen` rule the menu reads. Actions run only
 * after the verdict, and must call requireViewer before anything else (see below). Loaders (reads) start at once, alongside the viewer's calls, and nothing they
 * produce is sent unless the verdict allows it.
 */
export const accessMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const verdict = requireViewer(request, context);
  if (request.method === "GET" || request.method === "HEAD") {
    // The loaders' run is awaited even when the verdict refuses: React Router draws an error thrown by a
    // middleware before its `next()` settled at the root's boundary (a bare page without the chrome), but
    // after it at this layout's boundary, inside the chrome the refusal carries. The loaders refused too
    // (each reads the viewer through requireViewer), so nothing they would have produced is in the page.
    const [refusal, response] = await Promise.all([
      verdict.then(
        () => null,
        (error: unknown) => ({ error }),
      ),
      next(),
    ]);
    if (refusal) throw refusal.error;
    return response;
  }
  try {
    await verdict;
  } catch (error) {
    // The upstream did not answer, or not usably, for the viewer: no verdict. The action still runs so
    // the form can come back with what was typed (formFailure): its first step, requireViewer, fails
    // with this same error, so nothing is done without the verdict. A 401 or a refusal stops here.
    if (!upstreamErrorOf(error)) throw error;
  }
  return next();
};
