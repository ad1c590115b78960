import cluster from "node:cluster";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import {
  type RateLimiterAbstract,
  RateLimiterCluster,
  RateLimiterClusterMaster,
  RateLimiterMemory,
  RateLimiterRedis,
  RLWrapperTimeouts,
} from "rate-limiter-flexible";

/**
 * Where the limiters (sign-in throttle, account forms: sign-in-throttle.ts) keep their counts
 * (docs/decisions/025-many-cores-many-hosts.md):
 * - `redis`: REDIS_URL is set: in Redis, shared by every worker of every host. When Redis cannot be reached
 *   each process counts in its own memory meanwhile (rate-limiter-flexible's insurance limiter), and says so
 *   in the log once per outage: the limits still hold per process, sign-in still works;
 * - `cluster`: a worker of WEB_CONCURRENCY > 1 on one host: in the primary's memory, asked over the cluster's
 *   IPC channel (the primary creates the store with `startClusterStore` before forking); a primary that does
 *   not answer within 2 s is stood in for by this process's memory;
 * - `memory`: one process: in its own memory, as before.
 */
export type LimiterStoreKind = "redis" | "cluster" | "memory";

export function limiterStoreKind(options: { redisUrl?: string; clusterWorker: boolean }): LimiterStoreKind {
  if (options.redisUrl) return "redis";
  return options.clusterWorker ? "cluster" : "memory";
}

export interface LimiterOptions {
  /** Unique per limiter: the counts' namespace. */
  keyPrefix: string;
  points: number;
  /** Seconds. */
  duration: number;
}

/** The keys' namespace in Redis, which other applications may share. */
export const REDIS_KEY_PREFIX = "agent-portal:";

interface Store {
  kind: LimiterStoreKind;
  redis: Redis | null;
}

/**
 * Set by the portal's own cluster primary (server/cluster.ts) in its workers' environment: the cluster store
 * answers only there. A worker of another cluster manager (PM2's cluster mode) has no such primary and keeps
 * memory (set REDIS_URL there).
 */
export const CLUSTER_STORE_ENV = "AGENT_PORTAL_CLUSTER_STORE";

function inPortalCluster(): boolean {
  return cluster.isWorker && process.env[CLUSTER_STORE_ENV] === "1";
}

/** On globalThis (as runtime.ts): tests and the development server evaluate this module again. */
const KEY = Symbol.for("agent-portal.limiter-store");
type Holder = { [KEY]?: Store };

function currentStore(): Store {
  const holder = globalThis as Holder;
  holder[KEY] ??= { kind: limiterStoreKind({ clusterWorker: inPortalCluster() }), redis: null };
  return holder[KEY];
}

/**
 * Chooses the store at start-up (server/index.ts' startPortal), before the first limiter is created. With a
 * REDIS_URL it opens the client (commands fail at once while Redis is away, so a sign-in never waits on it)
 * and logs the outages. Returns a function that closes the client.
 */
export function configureLimiterStore(options: { redisUrl?: string; logger: Logger }): () => Promise<void> {
  const kind = limiterStoreKind({ redisUrl: options.redisUrl, clusterWorker: inPortalCluster() });
  const redis = options.redisUrl ? redisClient(options.redisUrl, options.logger) : null;
  (globalThis as Holder)[KEY] = { kind, redis };
  return async () => {
    if (!redis) return;
    await redis.quit().catch(() => redis.disconnect());
  };
}

function redisClient(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    // Fail fast instead of queueing: the insurance limiter answers while Redis is away.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
    // Reconnect for ever, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  const where = safeUrl(url);
  let down = false;
  redis.on("error", (error: Error) => {
    if (down) return;
    down = true;
    logger.error(
      { redis: where, err: error.message },
      "Redis unreachable: sign-in and account-form limits count per process until it is back",
    );
  });
  redis.on("ready", () => {
    if (down) logger.warn({ redis: where }, "Redis is back: limits are shared again");
    down = false;
  });
  return redis;
}

/** The URL without its password, for the log. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** One limiter on the configured store. */
export function createLimiter(options: LimiterOptions): RateLimiterAbstract {
  const store = currentStore();
  if (store.kind === "redis" && store.redis) {
    return new RateLimiterRedis({
      ...options,
      keyPrefix: `${REDIS_KEY_PREFIX}${options.keyPrefix}`,
      storeClient: store.redis,
      useRedisPackage: false,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  }
  if (store.kind === "cluster") {
    // A primary too busy to answer within 2 s (it also runs the demo's reference API): this process counts
    // meanwhile, as with Redis away, rather than failing the sign-in.
    return new RLWrapperTimeouts({
      limiter: new RateLimiterCluster({ ...options, timeoutMs: 2500 }),
      timeoutMs: 2000,
      insuranceLimiter: new RateLimiterMemory(options),
    } as ConstructorParameters<typeof RLWrapperTimeouts>[0]);
  }
  return new RateLimiterMemory(options);
}

/** In the cluster's primary, before forking: the store its workers' `cluster` limiters ask. */
export function startClusterStore(): void {
  new RateLimiterClusterMaster();
}
