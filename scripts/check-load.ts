/**
 * `npm run check:load`: the portal holds under load and gives its memory back. Starts the reference API
 * (fresh database) and, in front of it, the production build as deployed (NODE_ENV=production,
 * UPSTREAM_API_URL), signs in as agency@demo.test, warms up, then runs autocannon with 200
 * connections for 60 s on the heaviest signed-in page (/book_of_business, a full table from the upstream)
 * and measures the server's memory before, right after and 30 s after the run:
 * - RSS from /proc/<pid>/status (VmRSS), what the container's memory limit sees;
 * - the V8 heap in use before and after a full GC (the server is started with --expose-gc and a probe that
 *   answers SIGUSR2; the probe is loaded by this script only, never in production).
 * Passes when no request errored or timed out, every answer was 2xx, and 30 s after the run the heap after
 * GC is back within 25 % (or 16 MB) of its warmed-up start.
 * Overrides: LOAD_CONNECTIONS, LOAD_SECONDS, LOAD_PATH, LOAD_SETTLE_SECONDS.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon, { type Result } from "autocannon";
import {
  type PortalProcess,
  residentBytes,
  signIn,
  startPortalProcess,
  startReferenceApiProcess,
} from "./lib/portal-process.ts";

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PAGE = process.env.LOAD_PATH ?? "/book_of_business";
const SETTLE_SECONDS = Number(process.env.LOAD_SETTLE_SECONDS ?? 30);
const MB = 1024 * 1024;

interface MemorySample {
  label: string;
  rss: number;
  heapUsed: number;
  heapUsedAfterGc: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** RSS from /proc/<pid>/status (VmRSS); NaN when it cannot be read. */
async function vmRss(pid: number): Promise<number> {
  return (await residentBytes(pid)) ?? Number.NaN;
}

/** RSS from /proc, heap before and after a full GC from the probe (one `MEMORY {…}` line on stderr). */
async function sample(portal: PortalProcess, label: string): Promise<MemorySample> {
  const rss = await vmRss(portal.pid);
  const seen = portal.stderr().length;
  portal.child.kill("SIGUSR2");
  for (let i = 0; i < 200; i++) {
    const line = /MEMORY (\{.*\})\n/.exec(portal.stderr().slice(seen));
    if (line) {
      const probe = JSON.parse(line[1] ?? "") as { heapUsed: number; heapUsedAfterGc: number };
      return { label, rss, heapUsed: probe.heapUsed, heapUsedAfterGc: probe.heapUsedAfterGc };
    }
    await sleep(50);
  }
  throw new Error("the memory probe did not answer");
}

function run(url: string, cookie: string, connections: number, duration: number): Promise<Result> {
  return Promise.resolve(
    autocannon({ url, connections, duration, timeout: 30, headers: { cookie, accept: "text/html" } }),
  );
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

export async function checkLoad() {
  // As deployed: the portal in front of an upstream in its own process (the reference API, fresh seed),
  // not the demo mode's in-process one, which would share the portal's event loop and memory.
  const upstream = await startReferenceApiProcess();
  let portal: PortalProcess;
  try {
    portal = await startPortalProcess({
      nodeArgs: ["--expose-gc", "--import", "./scripts/lib/memory-probe.mjs"],
      env: { DEMO: "0", UPSTREAM_API_URL: upstream.url, SESSION_SECRET: "a-load-check-session-secret-0123456789" },
    });
  } catch (error) {
    await upstream.dispose();
    throw error;
  }
  try {
    const cookie = await signIn(portal.url, "agency@demo.test");
    const url = `${portal.url}${PAGE}`;
    const first = await fetch(url, { headers: { cookie }, redirect: "manual" });
    const html = await first.text();
    if (first.status !== 200) throw new Error(`${PAGE} as agency@demo.test answered ${first.status}, not 200`);
    console.log(`${PAGE}: ${(html.length / 1024).toFixed(0)} kB of HTML per answer`);

    // Warm-up: JIT, module loading and the upstream connection pool settle before the baseline.
    await run(url, cookie, 20, 5);
    // Deliberate: a quiet pause before the baseline sample (part of the measurement, not synchronisation).
    await sleep(2000);
    const before = await sample(portal, "before (warmed up)");

    console.log(`running: ${CONNECTIONS} connections for ${SECONDS} s on ${PAGE} as agency@demo.test …`);
    const result = await run(url, cookie, CONNECTIONS, SECONDS);
    const rightAfter = await sample(portal, "right after");
    // Deliberate: memory is judged this long after the run (the behaviour under test).
    await sleep(SETTLE_SECONDS * 1000);
    const settled = await sample(portal, `${SETTLE_SECONDS} s after`);

    const failures: string[] = [];
    if (result.errors > 0) failures.push(`${result.errors} errors (${result.timeouts} timeouts)`);
    if (result.non2xx > 0)
      failures.push(`${result.non2xx} answers were not 2xx: ${JSON.stringify(result.statusCodeStats)}`);
    if (result["2xx"] === 0) failures.push("no successful answer");
    const heapLimit = Math.max(before.heapUsedAfterGc * 1.25, before.heapUsedAfterGc + 16 * MB);
    if (settled.heapUsedAfterGc > heapLimit) {
      failures.push(`heap after GC ${mb(settled.heapUsedAfterGc)} is not back near ${mb(before.heapUsedAfterGc)}`);
    }
    return { result, samples: [before, rightAfter, settled], failures, passed: failures.length === 0 };
  } catch (error) {
    const exit = portal.child.exitCode ?? portal.child.signalCode;
    const detail = exit === null ? "" : ` (the server exited: ${exit}; stderr: ${portal.stderr().trim().slice(-2000)})`;
    const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : "";
    throw new Error(`${error instanceof Error ? error.message : String(error)}${cause}${detail}`);
  } finally {
    await portal.dispose();
    await upstream.dispose();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  checkLoad().then(
    ({ result, samples, failures, passed }) => {
      const r = result;
      console.log(
        [
          `requests:   ${r["2xx"] + r.non2xx} answered in ${r.duration} s, ${r.requests.average.toFixed(0)} req/s on average`,
          `latency:    p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms`,
          `statuses:   ${JSON.stringify(Object.fromEntries(Object.entries(r.statusCodeStats).map(([k, v]) => [k, v.count])))}`,
          `errors:     ${r.errors} (timeouts ${r.timeouts}, resets ${r.resets}), non-2xx ${r.non2xx}`,
          "memory:     RSS / heap in use / heap after full GC",
          ...samples.map(
            (s) =>
              `  ${s.label.padEnd(20)} ${mb(s.rss).padStart(9)} / ${mb(s.heapUsed).padStart(9)} / ${mb(s.heapUsedAfterGc).padStart(9)}`,
          ),
          passed ? "PASS: no errors, memory back near its start" : `FAIL: ${failures.join("; ")}`,
        ].join("\n"),
      );
      process.exit(passed ? 0 : 1);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
