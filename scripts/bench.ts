/**
 * `npm run bench` (issue 10): every performance figure measured in one run on the production build, each
 * beside its goal (scripts/budgets.ts). Takes a few minutes; not part of `npm test` (which checks only the
 * sizes, scripts/check-budgets.ts).
 *
 * - first-load JS and CSS per page (gzip), from the build's manifest;
 * - boot time (spawn → /healthz answers) and RSS after boot of the production server;
 * - per page: upstream calls per load and depth — the upstream (the reference API, its own process) sits
 *   behind a proxy that adds 50 ms to every call; depth = (median load time with the delay − without) / 50;
 * - throughput: autocannon on the sign-in page, then on the book of business (25 rows), same process,
 *   same connections; the ratio of their requests per second;
 * - Lighthouse (mobile preset, simulated throttling): performance, accessibility and CLS, median of 3;
 * - per page (issue 21, scripts/lib/page-figures.ts): the server's HTML (raw bytes; elements, inline `style`
 *   bytes and `<link rel="modulepreload">` counted with an HTML parser on the server's answer, before any
 *   script ran) and every script byte a cold load downloads until the network is idle, as Chrome counts them
 *   (Network.loadingFinished's encodedDataLength of Script resources, headers included; a fresh context with
 *   the cache disabled, the account's session cookie).
 *
 * Overrides: BENCH_LIGHTHOUSE_RUNS (3; 0 skips Lighthouse), BENCH_SECONDS (10 per throughput run),
 * BENCH_LOADS (9 per depth measure), CHROMIUM_PATH.
 */
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "@playwright/test";
import { ADMIN_ROUTE, BENCH_PAGES, BUDGETS, HTML_KB, goalFor, jsBudgetOf } from "./budgets.ts";
import { firstLoads, kb, readBuild } from "./lib/first-load.ts";
import { startLatencyProxy } from "./lib/latency-proxy.ts";
import { type HtmlFigures, htmlFigures, scriptBytesUntilIdle } from "./lib/page-figures.ts";
import {
  PORTAL_ENTRY,
  ROOT,
  freePort,
  measureBoot,
  residentBytes,
  signIn,
  spawnServer,
  startReferenceApiProcess,
  waitUntilUp,
} from "./lib/portal-process.ts";

const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LOADS = Number(process.env.BENCH_LOADS ?? 9);
const DELAY_MS = 50;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const mark = (ok: boolean) => (ok ? "✓" : "✗");
const rows: string[] = [];
const line = (text: string) => {
  rows.push(text);
  console.log(text);
};

// 1. Sizes, from the build.
const { manifest, sizeOf } = await readBuild(ROOT);
const pageIds = Object.entries(manifest.routes)
  .filter(([, route]) => route.hasDefaultExport)
  .map(([id]) => id);
const loads = new Map(firstLoads(manifest, sizeOf, pageIds).map((load) => [load.routeId, load]));
// The largest page outside the admin area (whose pages have their own budget, listed below when over it).
const largest = [...loads.values()]
  .filter((load) => !ADMIN_ROUTE.test(load.routeId))
  .sort((a, b) => b.jsBytes - a.jsBytes)[0];
const largestCss = [...loads.values()].sort((a, b) => b.cssBytes - a.cssBytes)[0];

// 2. The upstream in its own process, a latency proxy, and the production server in front of it.
const upstream = await startReferenceApiProcess();
const proxy = await startLatencyProxy(upstream.url);
const port = await freePort();
const started = performance.now();
const portal = spawnServer(PORTAL_ENTRY, {
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  PORT: String(port),
  UPSTREAM_API_URL: proxy.url,
  SESSION_SECRET: randomBytes(32).toString("hex"),
});
const url = `http://127.0.0.1:${port}`;
try {
  await waitUntilUp(portal, `${url}/healthz`, 60_000);
  const bootMs = performance.now() - started;
  const rssMb = ((await residentBytes(portal.child.pid ?? 0)) ?? Number.NaN) / 1024 / 1024;

  const cookies = new Map<string, string>();
  for (const page of BENCH_PAGES) {
    if (page.account && !cookies.has(page.account)) cookies.set(page.account, await signIn(url, page.account));
  }
  const headersFor = (account: string | null): Record<string, string> =>
    account ? { cookie: cookies.get(account) ?? "", accept: "text/html" } : { accept: "text/html" };

  async function timeLoads(path: string, account: string | null, count: number) {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      const response = await fetch(`${url}${path}`, { headers: headersFor(account), redirect: "manual" });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      times.push(performance.now() - t0);
    }
    return times;
  }

  // 3. Depth and upstream calls per load.
  const depth = new Map<string, { calls: number; depth: number }>();
  for (const page of BENCH_PAGES) {
    proxy.delayMs = 0;
    await timeLoads(page.path, page.account, 3);
    proxy.calls = 0;
    const fast = median(await timeLoads(page.path, page.account, LOADS));
    const calls = proxy.calls / LOADS;
    proxy.delayMs = DELAY_MS;
    const slow = median(await timeLoads(page.path, page.account, LOADS));
    proxy.delayMs = 0;
    depth.set(page.path, { calls, depth: Math.max(0, (slow - fast) / DELAY_MS) });
  }

  // 4. Throughput, side by side in this run.
  const rps = async (path: string, account: string | null) => {
    const result = await autocannon({
      url: `${url}${path}`,
      connections: 10,
      duration: SECONDS,
      headers: headersFor(account),
    });
    const failed = result.errors + result.timeouts + result.non2xx;
    return { rps: result.requests.average, p99: result.latency.p99, failed };
  };
  const signInRps = await rps("/", null);
  const bookRps = await rps("/book_of_business", "agency@demo.test");
  const ratio = bookRps.rps / signInRps.rps;

  // 4b. Issue 21's figures per page: the server's HTML, and the scripts of a cold load until the network is idle.
  const pageFigures = new Map<string, HtmlFigures & { scriptBytes: number; scripts: number }>();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
  try {
    for (const page of BENCH_PAGES) {
      const response = await fetch(`${url}${page.path}`, { headers: headersFor(page.account) });
      if (response.status !== 200) throw new Error(`${page.path}: ${response.status}`);
      const html = htmlFigures(await response.text());
      const cookie = page.account ? (cookies.get(page.account) ?? null) : null;
      const cold = await scriptBytesUntilIdle(browser, `${url}${page.path}`, cookie);
      pageFigures.set(page.path, { ...html, scriptBytes: cold.total, scripts: cold.scripts.length });
    }
  } finally {
    await browser.close();
  }

  // 5. Lighthouse.
  const lighthouseScores = new Map<string, { performance: number; accessibility: number; cls: number }>();
  if (LIGHTHOUSE_RUNS > 0) {
    for (const page of BENCH_PAGES) {
      // A browser per page: a session cookie another page's answer set must not stand in for this account's.
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
        chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
      });
      try {
        const runs: Array<{ performance: number; accessibility: number; cls: number }> = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
          const result = await lighthouse(`${url}${page.path}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
            extraHeaders: page.account ? { Cookie: cookies.get(page.account) ?? "" } : {},
          });
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`);
          if (lhr.runtimeError)
            console.error(`Lighthouse on ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          runs.push({
            performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
            cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
          });
        }
        lighthouseScores.set(page.path, {
          performance: median(runs.map((r) => r.performance)),
          accessibility: median(runs.map((r) => r.accessibility)),
          cls: median(runs.map((r) => r.cls)),
        });
      } finally {
        chrome.kill();
      }
    }
  }

  // The report.
  line(`\nnpm run bench — ${new Date().toISOString()} — goals from scripts/budgets.ts\n`);
  line(
    "page                 first-load JS     CSS        Lighthouse perf  a11y   CLS     depth        upstream calls/load",
  );
  for (const page of BENCH_PAGES) {
    const load = loads.get(page.routeId);
    const js = kb(load?.jsBytes ?? Number.NaN);
    const css = kb(load?.cssBytes ?? Number.NaN);
    const jsGoal = jsBudgetOf(page.routeId);
    const lh = lighthouseScores.get(page.path);
    const d = depth.get(page.path);
    line(
      [
        page.path.padEnd(20),
        `${js.toFixed(1).padStart(6)} KB ${mark(js <= jsGoal)}≤${jsGoal}`.padEnd(18),
        `${css.toFixed(1).padStart(5)} KB ${mark(css <= BUDGETS.cssKb)}`.padEnd(11),
        (lh
          ? `${lh.performance} ${mark(lh.performance >= BUDGETS.lighthousePerformance)}≥${BUDGETS.lighthousePerformance}`
          : "skipped"
        ).padEnd(17),
        (lh ? `${lh.accessibility} ${mark(lh.accessibility >= BUDGETS.lighthouseAccessibility)}` : "").padEnd(7),
        (lh ? `${lh.cls.toFixed(3)} ${mark(lh.cls === 0)}` : "").padEnd(8),
        `${(d?.depth ?? Number.NaN).toFixed(2)} ${mark((d?.depth ?? 99) <= BUDGETS.depth)}≤${BUDGETS.depth}`.padEnd(13),
        (d?.calls ?? Number.NaN).toFixed(1),
      ].join(" "),
    );
  }
  line("");
  line(
    "page                 HTML raw       elements  inline style  module preloads  scripts until network idle (Chrome)",
  );
  for (const page of BENCH_PAGES) {
    const f = pageFigures.get(page.path);
    if (!f) continue;
    const htmlGoal = HTML_KB[page.path];
    const scriptGoal = goalFor(page.routeId, {
      signIn: BUDGETS.signInScriptKb,
      admin: BUDGETS.adminPageScriptKb,
      page: BUDGETS.pageScriptKb,
    });
    line(
      [
        page.path.padEnd(20),
        `${kb(f.htmlBytes).toFixed(1).padStart(6)} KB${htmlGoal ? ` ${mark(kb(f.htmlBytes) <= htmlGoal)}≤${htmlGoal}` : ""}`.padEnd(
          14,
        ),
        String(f.elements).padStart(8),
        `${kb(f.inlineStyleBytes).toFixed(1).padStart(8)} KB`.padEnd(13),
        `${String(f.modulePreloads).padStart(4)} ${mark(f.modulePreloads <= BUDGETS.modulePreloads)}≤${BUDGETS.modulePreloads}`.padEnd(
          16,
        ),
        `${kb(f.scriptBytes).toFixed(1).padStart(6)} KB ${mark(kb(f.scriptBytes) <= scriptGoal)}≤${scriptGoal} (${f.scripts} files)`,
      ].join(" "),
    );
  }
  line("");
  line(
    `largest page outside the admin area: ${largest?.routeId} ${kb(largest?.jsBytes ?? 0).toFixed(1)} KB JS ${mark(kb(largest?.jsBytes ?? 0) <= BUDGETS.pageJsKb)}≤${BUDGETS.pageJsKb}; ` +
      `largest CSS: ${kb(largestCss?.cssBytes ?? 0).toFixed(1)} KB ${mark(kb(largestCss?.cssBytes ?? 0) <= BUDGETS.cssKb)}≤${BUDGETS.cssKb}`,
  );
  const overPages = [...loads.values()].filter((l) => kb(l.jsBytes) > jsBudgetOf(l.routeId));
  line(
    `pages over their JS budget: ${overPages.map((l) => `${l.routeId} ${kb(l.jsBytes).toFixed(1)}`).join(", ") || "none"}`,
  );
  line(
    `throughput: sign-in ${signInRps.rps.toFixed(0)} req/s (p99 ${signInRps.p99} ms, ${signInRps.failed} failed); ` +
      `book of business ${bookRps.rps.toFixed(0)} req/s (p99 ${bookRps.p99} ms, ${bookRps.failed} failed); ` +
      `ratio ${ratio.toFixed(2)} ${mark(ratio >= BUDGETS.throughputRatio && signInRps.failed + bookRps.failed === 0)}≥${BUDGETS.throughputRatio}`,
  );
  line("charts: no chart library (HTML/CSS bars drawn on the server: app/components/bar-chart.tsx) ✓");
  const demo = await measureBoot();
  line(
    `production server (node ${PORTAL_ENTRY}): boot ${(bootMs / 1000).toFixed(2)} s, RSS after boot ${rssMb.toFixed(0)} MB ` +
      `in front of an upstream; with DEMO=1 (seeding its database) ${(demo.bootMs / 1000).toFixed(2)} s, ${((demo.rssBytes ?? Number.NaN) / 1024 / 1024).toFixed(0)} MB`,
  );
} finally {
  await portal.kill();
  await proxy.close();
  await upstream.dispose();
}

// Issue 21: requests per second with WEB_CONCURRENCY=2 against 1 (its own processes, after the rest).
{
  const { concurrencyThroughput, formatConcurrencyThroughput } = await import("./lib/concurrency-throughput.ts");
  console.log(formatConcurrencyThroughput(await concurrencyThroughput({ seconds: SECONDS })));
}

// Issue 23: a 50,000-line carrier statement imported end to end (scripts/bench-import.ts).
{
  const { benchImport } = await import("./bench-import.ts");
  const result = await benchImport();
  console.log(result.text);
  if (!result.ok) process.exitCode = 1;
}

// Issue 24: a 100,000-row carrier file imported through the portal while other users load pages
// (scripts/bench-carrier-import.ts).
{
  const { benchCarrierImport } = await import("./bench-carrier-import.ts");
  const result = await benchCarrierImport();
  console.log(result.text);
  if (!result.ok) process.exitCode = 1;
}
