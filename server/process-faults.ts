/**
 * What the process does with a fault no code handled (issue 35, docs/decisions/040-process-faults.md).
 *
 * - A promise rejected with no handler is one request's lost error: it is reported once (error log line with the
 *   request it came from, and Sentry when SENTRY_DSN is set) and the process goes on serving. Node would otherwise
 *   end the process (`--unhandled-rejections=throw`, the default), and one request would take every user's
 *   portal down with it.
 * - An exception nobody caught left a function half-way: the process's state may be corrupt. It is reported
 *   once, then the portal drains (in-flight requests finish, /readyz says so) and the process exits 1, so the
 *   cluster's primary (WEB_CONCURRENCY > 1) or the container's restart policy (`--restart unless-stopped`)
 *   starts a clean one.
 *
 * The request id comes from the request's async context (requestContext below): Node runs the
 * `unhandledRejection` and `uncaughtException` listeners in the context of the promise or callback that failed.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  requestId: string;
}

/** Set by the request log for each request (server/index.ts), read by whoever reports a fault. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

type Report = (error: unknown, context?: Record<string, unknown>) => void;

export interface FaultHandlers {
  unhandledRejection: (reason: unknown) => void;
  uncaughtException: (error: Error) => void;
}

/**
 * The two listeners, for `report` (the portal's error reporter: log and Sentry) and `drainAndExit` (the
 * portal's shutdown, then exit 1). The exception drains once, whatever follows it.
 */
export function faultHandlers(report: Report, drainAndExit: () => void): FaultHandlers {
  let draining = false;
  const requestId = () => requestContext.getStore()?.requestId;
  return {
    unhandledRejection(reason) {
      report(reason, { fault: "unhandledRejection", requestId: requestId() });
    },
    uncaughtException(error) {
      report(error, { fault: "uncaughtException", requestId: requestId(), action: "draining, then exit 1" });
      if (draining) return;
      draining = true;
      drainAndExit();
    },
  };
}

let installed: FaultHandlers | null = null;

/** Installs the listeners on this process, replacing any this module installed before. */
export function installFaultHandlers(handlers: FaultHandlers): void {
  if (installed) {
    process.off("unhandledRejection", installed.unhandledRejection);
    process.off("uncaughtException", installed.uncaughtException);
  }
  installed = handlers;
  process.on("unhandledRejection", handlers.unhandledRejection);
  process.on("uncaughtException", handlers.uncaughtException);
}
