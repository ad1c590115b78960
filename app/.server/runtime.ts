import type { Logger } from "pino";
import type { Env } from "./env";

/**
 * What server/index.ts decides at boot (validated env, the upstream URL, session secrets, logger,
 * error reporter) and the app's server code reads. It lives on globalThis because server/index.ts and
 * the React Router server build are separate module graphs.
 */
export interface Runtime {
  env: Env;
  upstreamUrl: string;
  sessionSecrets: string[];
  logger: Logger;
  reportError: (error: unknown, context?: Record<string, unknown>) => void;
}

const KEY = Symbol.for("agent-portal.runtime");
type Holder = { [KEY]?: Runtime };

export function setRuntime(runtime: Runtime): void {
  (globalThis as Holder)[KEY] = runtime;
}

export function runtime(): Runtime {
  const value = (globalThis as Holder)[KEY];
  if (!value) throw new Error("The server runtime was read before server/index.ts configured it");
  return value;
}
