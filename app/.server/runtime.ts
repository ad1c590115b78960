import type { Logger } from "pino";
import type { Env } from "./env";

/**
 * What server/index.ts decides at boot (validated env, the upstream URL, session secrets, logger,
 * error reporter) and the app's server code reads. Server and app are one module graph (the compiled
 * build/server/index.js; Vite's module runner in `npm run dev`: docs/decisions/018-one-compiled-server.md),
 * so this module is loaded once. The value still sits on globalThis under a Symbol.for key rather than in
 * a module variable so that it survives this module being evaluated again: Vite re-runs an edited module
 * in development while the server that called setRuntime keeps running, and tests reset modules.
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
