/**
 * The cluster's primary (WEB_CONCURRENCY > 1, docs/decisions/025-many-cores-many-hosts.md): forks the workers,
 * keeps their limiter counts, replaces one that dies, and on stop has every worker drain. Kept apart from
 * server/cluster.ts (which loads the whole server) so that server/cluster.test.ts can run it on its own.
 */
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { CLUSTER_STORE_ENV, startClusterStore } from "../app/.server/limiter-store.ts";
import { CLUSTER_CHANNEL, isClusterMessage } from "./cluster-messages.ts";

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
    else
      setTimeout(() => {
        if (!stopping) fork();
      }, RESTART_DELAY_MS).unref();
  });

  for (let i = 0; i < options.workers; i++) fork();

  const stop = async () => {
    stopping ??= (async () => {
      const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
      logger.info({ workers: running.length }, "shutting down: every worker drains");
      // Once no worker listens (the port refuses new connections), the workers send their keep-alive
      // clients away (server/index.ts' drainAndClose): a reconnect is refused then, never queued and reset.
      const listening = new Set(running.map((w) => w.id));
      const closedOne = (id: number) => {
        if (!listening.delete(id) || listening.size > 0) return;
        for (const worker of running) {
          if (!worker.isDead()) worker.send({ channel: CLUSTER_CHANNEL, type: "listeners-closed" }, () => {});
        }
      };
      for (const worker of running) {
        worker.on("message", (message: unknown) => {
          if (isClusterMessage(message, "listener-closed")) closedOne(worker.id);
        });
        worker.once("exit", () => closedOne(worker.id));
      }
      // A signal, not worker.disconnect(): each worker drains its connections (drainAndClose), then exits.
      for (const worker of running) worker.process.kill("SIGTERM");
      const clean = await Promise.all(running.map(async (w) => exits.get(w.id) ?? Promise.resolve(false)));
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
