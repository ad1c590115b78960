/**
 * `npm run bench` (issue 21): what WEB_CONCURRENCY=2 buys against 1 on this machine. The production build in
 * front of the reference API in its own process (the same upstream for both runs, so demo mode's in-process
 * API does not tilt the comparison), autocannon on one page for `seconds` each, one run after the other.
 */
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import autocannon from "autocannon";
import {
  PORTAL_ENTRY,
  freePort,
  signIn,
  spawnServer,
  startReferenceApiProcess,
  waitUntilUp,
} from "./portal-process.ts";

export interface ThroughputRun {
  workers: number;
  rps: number;
  p99: number;
  failed: number;
}

export interface ConcurrencyThroughput {
  path: string;
  cores: number;
  runs: ThroughputRun[];
  /** Requests per second with 2 workers over those with 1. */
  ratio: number;
}

export async function concurrencyThroughput(
  options: { seconds?: number; connections?: number; path?: string; account?: string } = {},
): Promise<ConcurrencyThroughput> {
  const path = options.path ?? "/book_of_business";
  const account = options.account ?? "agency@demo.test";
  const upstream = await startReferenceApiProcess();
  const runs: ThroughputRun[] = [];
  try {
    for (const workers of [1, 2]) {
      const port = await freePort();
      const portal = spawnServer(PORTAL_ENTRY, {
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        PORT: String(port),
        UPSTREAM_API_URL: upstream.url,
        SESSION_SECRET: randomBytes(32).toString("hex"),
        WEB_CONCURRENCY: String(workers),
      });
      const url = `http://127.0.0.1:${port}`;
      try {
        await waitUntilUp(portal, `${url}/healthz`, 60_000);
        // Every worker listening (the primary says so), not just the first.
        while (workers > 1 && !portal.stdout().includes("every worker started")) {
          if (portal.child.exitCode !== null) throw new Error(`WEB_CONCURRENCY=${workers}: ${portal.stderr()}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        const headers = { accept: "text/html", cookie: await signIn(url, account) };
        // Warm-up: each worker renders the page once before the measure.
        await autocannon({ url: `${url}${path}`, connections: 4, duration: 2, headers });
        const result = await autocannon({
          url: `${url}${path}`,
          connections: options.connections ?? 10,
          duration: options.seconds ?? 10,
          headers,
        });
        runs.push({
          workers,
          rps: result.requests.average,
          p99: result.latency.p99,
          failed: result.errors + result.timeouts + result.non2xx,
        });
      } finally {
        await portal.kill();
      }
    }
  } finally {
    await upstream.dispose();
  }
  const [one, two] = runs;
  return { path, cores: availableParallelism(), runs, ratio: (two?.rps ?? 0) / (one?.rps || Number.NaN) };
}

export function formatConcurrencyThroughput(result: ConcurrencyThroughput): string {
  const runs = result.runs
    .map(
      (run) =>
        `${run.workers} ${run.workers === 1 ? "worker" : "workers"} ${run.rps.toFixed(0)} req/s (p99 ${run.p99} ms, ${run.failed} failed)`,
    )
    .join(", ");
  return `WEB_CONCURRENCY on ${result.path} (${result.cores} cores): ${runs}; 2 against 1: ×${result.ratio.toFixed(2)}`;
}
