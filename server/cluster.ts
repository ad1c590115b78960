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
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { parseEnv, upstreamMode } from "../app/.server/env.ts";
import { CLUSTER_STORE_ENV, startClusterStore } from "../app/.server/limiter-store.ts";
import {
  type PortalOptions,
  createLogger,
  demoSessionSecret,
  runMain,
  startDemoUpstream,
  startPortal,
} from "./index.ts";

/** How long the primary waits before starting a worker again after a replacement died during start-up. */
const RESTART_DELAY_MS = 1000;

export interface PrimaryOptions {
  workers: number;
  /** Added to each worker's environment (which is the primary's otherwise). */
  workerEnv: Record<string, string>;
  logger: Logger;
  /** Runs once every worker has exited (the primary's own resources: the demo reference API). */
  onStopped?: () => Promise<void>;
}

export interface RunningPrimary {
  /** Every worker is listening. Rejects when one exits before it listened at first start. */
  ready: Promise<void>;
  /** Forward SIGTERM to every worker, wait for each to exit; resolves with the exit code for the primary. */
  stop(): Promise<number>;
}

/** Forks the workers; the caller decides when to stop (runPrimary: on SIGTERM/SIGINT). */
export function startPrimary(options: PrimaryOptions): RunningPrimary {
  const { logger } = options;
  // Before the first fork: a worker's limiter announces itself to this store when it is created.
  startClusterStore();
  let stopping: Promise<number> | null = null;
  let started = false;
  const listened = new Set<number>();
  const exits = new Map<number, Promise<boolean>>();
  let failStart: (error: Error) => void = () => {};
  let allListening: () => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    allListening = resolve;
    failStart = reject;
  });

  const fork = (): Worker => {
    const worker = cluster.fork({ ...options.workerEnv, [CLUSTER_STORE_ENV]: "1" });
    exits.set(
      worker.id,
      new Promise((resolve) => worker.once("exit", (code, signal) => resolve(code === 0 && !signal))),
    );
    worker.once("listening", () => {
      listened.add(worker.id);
      if (!started && listened.size >= options.workers) {
        started = true;
        allListening();
      }
    });
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (!started) {
      // Its own one-line reason is already on stderr (runMain).
      failStart(new Error(`a worker exited during start-up (${signal ?? `exit code ${code}`})`));
      return;
    }
    const wasServing = listened.has(worker.id);
    logger.error(
      { pid: worker.process.pid, code, signal },
      wasServing ? "a worker died: starting another" : "a new worker died during start-up: trying again",
    );
    exits.delete(worker.id);
    if (wasServing) fork();
    else setTimeout(() => stopping || fork(), RESTART_DELAY_MS).unref();
  });

  for (let i = 0; i < options.workers; i++) fork();

  const stop = () => {
    stopping ??= (async () => {
      const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
      logger.info({ workers: running.length }, "shutting down: every worker drains");
      // A signal, not worker.disconnect(): each worker drains its connections (drainAndClose), then exits.
      for (const worker of running) worker.process.kill("SIGTERM");
      const clean = await Promise.all(running.map((w) => exits.get(w.id) ?? Promise.resolve(false)));
      await options.onStopped?.();
      const failed = clean.filter((ok) => !ok).length;
      if (failed > 0) logger.error({ failed }, "shut down: a worker did not exit cleanly");
      else logger.info("shut down");
      logger.flush();
      return failed > 0 ? 1 : 0;
    })();
    return stopping;
  };
  return { ready, stop };
}

/**
 * The production entry's choice (server/main.ts): a worker of a cluster, or one process (WEB_CONCURRENCY=1),
 * runs the portal (runMain); a primary with WEB_CONCURRENCY > 1 forks the workers. A configuration error is
 * one line on stderr and exit 1, as before.
 */
export async function runPortal(source: Record<string, string | undefined>, options: PortalOptions): Promise<void> {
  if (cluster.isWorker) return runMain(() => startPortal(source, options));
  let env: ReturnType<typeof parseEnv>;
  let mode: ReturnType<typeof upstreamMode>;
  try {
    env = parseEnv(source);
    mode = upstreamMode(env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  if (env.WEB_CONCURRENCY <= 1) return runMain(() => startPortal(source, options));

  const logger = createLogger(env.LOG_LEVEL).child({ component: "cluster" });
  const workerEnv: Record<string, string> = {};
  let onStopped: (() => Promise<void>) | undefined;
  if (mode === "demo") {
    try {
      // Once for the host: the workers share its database as they would an external upstream.
      const referenceApi = await startDemoUpstream(env, options.root, logger);
      onStopped = () => referenceApi.close();
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
