import { isRouteErrorResponse } from "react-router";

/**
 * What handleError does with an error React Router hands it (issue 11 point 8):
 * - ignore: the client went away (an aborted request is nobody's fault);
 * - warn: React Router refused a cross-site post (the check working; logged in case the proxy is wrong);
 * - info: a route error response below 500 (404 no route, 405 method not allowed, 400, 403): a request the
 *   portal answered as it should, logged at info and never reported as a fault;
 * - report: anything else, an unexpected fault: the error reporter (Sentry when configured).
 */
export type ErrorVerdict = "ignore" | "warn" | "info" | "report";

/** React Router's own refusal of a post whose Origin is not the request's origin (answered with 400). */
const ACTION_ORIGIN_REFUSED = /origin does not match `origin` header|`origin` header is not a valid URL/;

export function errorVerdict(error: unknown, aborted: boolean): ErrorVerdict {
  if (aborted) return "ignore";
  if (error instanceof Error && ACTION_ORIGIN_REFUSED.test(error.message)) return "warn";
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) return "info";
  return "report";
}

/** What the info line says about a route error response: its status and React Router's reason, if any. */
export function routeErrorFields(error: unknown): { status?: number; reason?: string } {
  if (!isRouteErrorResponse(error)) return {};
  const inner = (error as { error?: unknown }).error;
  return { status: error.status, ...(inner instanceof Error ? { reason: inner.message } : {}) };
}
