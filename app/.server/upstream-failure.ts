import { data } from "react-router";
import { UNAUTHORIZED_REQUEST } from "~/domain/errors";
import { errorToasts } from "~/domain/toast";
import type { PortalSession } from "./session";
import { destroySession } from "./session";
import { redirectWithToast } from "./toast";
import { UnauthorizedError, UpstreamError } from "./upstream/client";

/**
 * What an upstream failure becomes, in one place: routes never see the client's error classes.
 *
 * - at any time, a 401 ends the session (endSessionResponse, thrown);
 * - a page load gets an error page (upstreamFailure), or a 404 where the upstream did not know what the
 *   URL named (orNotFound, upstreamStatus), or a 400 where it refused a list's filters (listRead);
 * - a form gets itself back with what was typed (formFailure, app/.server/form-failure.ts);
 * - an action answered by a toast gets the upstream's messages (upstreamMessages).
 */

/** Spec §8: an upstream 401 at any time ends the session and lands on index with 'Unauthorized Request'. */
export async function endSessionResponse(session: PortalSession): Promise<Response> {
  return redirectWithToast("/", errorToasts([UNAUTHORIZED_REQUEST]), {
    headers: { "set-cookie": await destroySession(session) },
  });
}

/** The upstream error behind an error page thrown by upstreamFailure (a form can still answer with it). */
const UPSTREAM_CAUSE = Symbol("upstream cause");

/** The upstream ended the session (its 401): nothing else may be answered. */
export function endsSession(error: unknown): boolean {
  return error instanceof UnauthorizedError;
}

/**
 * Turns an upstream failure inside a loader or action into what the user should see: a 401 ends the
 * session; other upstream errors become an error page carrying the upstream's messages (503 when it
 * cannot be reached, 502 otherwise: the portal's own 403/404 pages are not the upstream's).
 */
export async function upstreamFailure(error: unknown, session: PortalSession): Promise<never> {
  if (endsSession(error)) throw await endSessionResponse(session);
  if (error instanceof UpstreamError) {
    const page = data({ messages: error.messages }, { status: error.status === 503 ? 503 : 502 });
    throw Object.assign(page, { [UPSTREAM_CAUSE]: error });
  }
  throw error;
}

/** The upstream error (not a 401) an action caught: raw, or behind the error page upstreamFailure made. */
export function upstreamErrorOf(error: unknown): UpstreamError | null {
  if (error instanceof UpstreamError) return endsSession(error) ? null : error;
  if (error !== null && typeof error === "object" && UPSTREAM_CAUSE in error) {
    const cause = (error as { [UPSTREAM_CAUSE]: unknown })[UPSTREAM_CAUSE];
    return cause instanceof UpstreamError ? cause : null;
  }
  return null;
}

/**
 * The status the upstream answered a call with when it refused it (404 unknown, 422 not valid; a 401
 * where the call said a 401 is an answer, as sign-in does); null for anything else: no answer, an answer
 * the portal cannot use, a 401 that ended the session, or not an upstream failure at all.
 */
export function upstreamStatus(error: unknown): number | null {
  return error instanceof UpstreamError && !endsSession(error) && error.kind === "status" ? error.status : null;
}

/** A read whose 404 means "no such thing" (an unknown id or product): null then; any other failure propagates. */
export async function orNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (upstreamStatus(error) === 404) return null;
    throw error;
  }
}

/**
 * For an action that answers with a toast (an export, a withdrawal): the upstream's messages. A 401 ends
 * the session (thrown), anything that is not an upstream failure is rethrown.
 */
export async function upstreamMessages(error: unknown, session: PortalSession): Promise<string[]> {
  const cause = upstreamErrorOf(error);
  if (!cause) return upstreamFailure(error, session);
  return cause.messages;
}

/** What a list page's 400 carries: where the same list is without its filters. */
export interface RefusedFilters {
  resetHref: string;
}

/**
 * A list read whose filters the upstream refused (400, 404 or 422: a product, carrier or period it does
 * not know) was asked for by its URL: the page's 400, drawn inside the layout with a link to the list
 * without filters (ADR 020). Anything else propagates (a 401 ends the session, no answer is a 503).
 */
export async function listRead<T>(read: Promise<T>, resetHref: string): Promise<T> {
  try {
    return await read;
  } catch (error) {
    const status = upstreamStatus(error);
    if (status === 400 || status === 404 || status === 422) throw refusedFilters(resetHref);
    throw error;
  }
}

/** The 400 of a list whose filters cannot be shown (listRead; also a filter id the upstream does not offer). */
export function refusedFilters(resetHref: string) {
  const body: RefusedFilters = { resetHref };
  return data(body, { status: 400, statusText: "Bad Request" });
}

/**
 * A part of a page whose upstream failed is left out with a note (the enrollment hub's lists, the member
 * rewards), the rest of the page still shown: null for an upstream failure; a 401 still ends the session
 * (the page's loadWithViewer), anything else is thrown on.
 */
export async function orUnavailable<T>(read: Promise<T>): Promise<T | null> {
  return read.catch((error: unknown) => {
    if (upstreamErrorOf(error)) return null;
    throw error;
  });
}
