/**
 * WEB_CONCURRENCY (docs/decisions/025-many-cores-many-hosts.md): N > 1 runs the portal as a node:cluster
 * primary and N workers, each one the whole portal (startPortal) on the same port; the kernel's connections
 * are handed to the workers in turn. With N = 1 (the default) there is no cluster at all: one process, as
 * before.
 *
 * The primary serves nothing itself. It keeps the limiters' counts for its workers (unless REDIS_URL puts
 * them in Redis), starts the bundled reference API once in demo mode (its workers get its URL and the demo
 * session secret), replaces a worker that dies, and on SIGTERM or SIGINT has every worker drain as a single
 * process does (server/index.ts' drainAndClose), then exits: 0 when every worker exited 0.
 */
import cluster from "node:cluster";
import { parseEnv, upstreamMode } from "../app/.server/env.ts";
import { startPrimary } from "./cluster-primary.ts";
import {
  type PortalOptions,
  createLogger,
  demoSessionSecret,
  runMain,
  startDemoUpstream,
  startPortal,
} from "./index.ts";

/**
 * The production entry's choice (server/main.ts): a worker of a cluster, or one process (WEB_CONCURRENCY=1),
 * runs the portal (runMain); a primary with WEB_CONCURRENCY > 1 forks the workers. A configuration error is
 * one line on stderr and exit 1, as before.
 */
export async function runPortal(source: Record<string, string | undefined>, options: PortalOptions): Promise<void> {
  if (cluster.isWorker) return runMain(async () => startPortal(source, options));
  let env: ReturnType<typeof parseEnv>;
  let mode: ReturnType<typeof upstreamMode>;
  try {
    env = parseEnv(source);
    mode = upstreamMode(env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  if (env.WEB_CONCURRENCY <= 1) return runMain(async () => startPortal(source, options));

  const logger = createLogger(env.LOG_LEVEL).child({ component: "cluster" });
  const workerEnv: Record<string, string> = {};
  let onStopped: (() => Promise<void>) | undefined;
  if (mode === "demo") {
    try {
      // Once for the host: the workers share its database as they would an external upstream.
      const referenceApi = await startDemoUpstream(env, options.root, logger);
      onStopped = async () => referenceApi.close();
      workerEnv.DEMO = "";
      workerEnv.UPSTREAM_API_URL = referenceApi.url;
      workerEnv.SESSION_SECRET = (
        env.SESSION_SECRET ?? [await demoSessionSecret(options.root, env.REFERENCE_API_DB)]
      ).join(",");
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    }
  }
  const primary = startPrimary({ workers: env.WEB_CONCURRENCY, workerEnv, logger, onStopped });
  const exit = () => {
    primary.stop().then(
      (code) => process.exit(code),
      () => process.exit(1),
    );
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, exit);
  try {
    await primary.ready;
    logger.info({ workers: env.WEB_CONCURRENCY, port: env.PORT }, "portal listening: every worker started");
  } catch (error) {
    logger.error(error instanceof Error ? error.message : String(error));
    exit();
  }
}
