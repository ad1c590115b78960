import type { Logger } from "pino";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/portal-process";
import { configureLimiterStore, createLimiter, limiterStoreKind } from "./limiter-store";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  // Back to the default store for the other tests of this process.
  configureLimiterStore({ logger: fakeLogger().logger });
});

function fakeLogger() {
  const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) => lines.push({ level, msg, fields });
  return { lines, logger: { error: at("error"), warn: at("warn"), info: at("info") } as unknown as Logger };
}

describe("where the limiters keep their counts (ADR 025)", () => {
  it("REDIS_URL set: Redis, on every host and worker; else a cluster worker asks its primary; else memory", () => {
    expect(limiterStoreKind({ redisUrl: "redis://127.0.0.1:6379", clusterWorker: false })).toBe("redis");
    expect(limiterStoreKind({ redisUrl: "redis://127.0.0.1:6379", clusterWorker: true })).toBe("redis");
    expect(limiterStoreKind({ clusterWorker: true })).toBe("cluster");
    expect(limiterStoreKind({ clusterWorker: false })).toBe("memory");
  });

  it("one process without REDIS_URL: in memory, as before", () => {
    configureLimiterStore({ logger: fakeLogger().logger });
    expect(createLimiter({ keyPrefix: "t-memory", points: 1, duration: 60 })).toBeInstanceOf(RateLimiterMemory);
  });

  it("Redis unreachable: the limits still hold, counted in this process; one log line says so", async () => {
    const { lines, logger } = fakeLogger();
    const port = await freePort();
    closers.push(configureLimiterStore({ redisUrl: `redis://:secret@127.0.0.1:${port}`, logger }));
    const limiter = createLimiter({ keyPrefix: "t-redis-down", points: 2, duration: 60 });
    expect(limiter).toBeInstanceOf(RateLimiterRedis);

    const started = Date.now();
    await limiter.consume("someone");
    await limiter.consume("someone");
    const third = await limiter.consume("someone").catch((reason: unknown) => reason);
    expect(third).toBeInstanceOf(RateLimiterRes);
    expect((third as RateLimiterRes).msBeforeNext).toBeGreaterThan(55_000);
    // No waiting on the missing Redis.
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await limiter.get("someone"))?.consumedPoints).toBe(3);

    // Let ioredis try (and fail) to reconnect a few times: still one line, and without the password.
    await new Promise((r) => setTimeout(r, 700));
    const errors = lines.filter((l) => l.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]?.msg).toBe(
      "Redis unreachable: sign-in and account-form limits count per process until it is back",
    );
    expect(JSON.stringify(errors[0]?.fields)).not.toContain("secret");
  });
});
