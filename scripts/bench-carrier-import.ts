/**
 * The carrier import benchmark (issue 24 §Performance; `npm run bench`, or alone after a build:
 * `npx tsx scripts/bench-carrier-import.ts`): a 100,000-row carrier policies file, generated as it is sent (never
 * built in memory), uploaded through the production portal (its multipart body streamed on to the upstream) and
 * imported in the background by the reference API (its own process, fresh database) — upload → ready → confirm →
 * imported — while two other users load their pages (agent@'s book of business, agency@'s downlines) one after the
 * other. Prints the import's seconds, both processes' RSS (before, peak), and the other users' page latency before
 * and during the import (median, p95, max); fails (exit 1) past 60 s.
 */
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import {
  PORTAL_ENTRY,
  freePort,
  residentBytes,
  signIn,
  spawnServer,
  startReferenceApiProcess,
  waitUntilUp,
} from "./lib/portal-process.ts";

const ROWS = Number(process.env.BENCH_CARRIER_IMPORT_ROWS ?? 100_000);
const GOAL_SECONDS = 60;
const PRODUCTS = ["Medicare Advantage", "Medicare Supplement", "Prescription Drug Plans"];
const STATUSES = ["Active", "Pending", "Terminated", "Canceled"];

/** The file's bytes, a chunk of rows at a time: bulk agents' NPNs (seed ids 101–320), 1 row in 100 with a bad date. */
function* policiesFile(rows: number, tag: string): Generator<Buffer> {
  yield Buffer.from("Policy Number,Agent NPN,Member,Product,Status,Effective Date\r\n");
  for (let start = 0; start < rows; start += 1000) {
    let chunk = "";
    for (let i = start; i < Math.min(rows, start + 1000); i++) {
      const npn = 30000000 + (101 + (i % 200)) * 37;
      const date = i % 100 === 99 ? "2026-02-30" : `2026-${String(1 + (i % 12)).padStart(2, "0")}-01`;
      chunk += `BENCH-${tag}-${i},${npn},Member ${i},${PRODUCTS[i % PRODUCTS.length]},${STATUSES[i % STATUSES.length]},${date}\r\n`;
    }
    yield Buffer.from(chunk);
  }
}

/** A multipart/form-data body: the carrier and kind, then the file, streamed. */
async function* multipartBody(boundary: string, rows: number, tag: string): AsyncGenerator<Uint8Array> {
  const field = (name: string, value: string) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  yield Buffer.from(
    `${field("carrierId", "1")}${field("kind", "policies")}--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="bench-policies.csv"\r\ncontent-type: text/csv\r\n\r\n`,
  );
  yield* policiesFile(rows, tag);
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const figures = (values: number[]) =>
  `median ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (${values.length} loads)`;

export async function benchCarrierImport(): Promise<{ seconds: number; ok: boolean; text: string }> {
  const upstream = await startReferenceApiProcess();
  const port = await freePort();
  const portal = spawnServer(PORTAL_ENTRY, {
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PORT: String(port),
    UPSTREAM_API_URL: upstream.url,
    SESSION_SECRET: randomBytes(32).toString("hex"),
  });
  const url = `http://127.0.0.1:${port}`;
  const peaks = { portal: 0, upstream: 0 };
  const sampler = setInterval(() => {
    void residentBytes(portal.child.pid ?? 0).then((rss) => {
      if (rss && rss > peaks.portal) peaks.portal = rss;
    });
    void residentBytes(upstream.pid).then((rss) => {
      if (rss && rss > peaks.upstream) peaks.upstream = rss;
    });
  }, 50);
  try {
    await waitUntilUp(portal, `${url}/healthz`, 60_000);
    const [admin, agent, agency] = [
      await signIn(url, "admin@demo.test"),
      await signIn(url, "agent@demo.test"),
      await signIn(url, "agency@demo.test"),
    ];
    const others = [
      { cookie: agent, path: "/book_of_business" },
      { cookie: agency, path: "/downlines" },
    ];
    const load = async (i: number) => {
      const other = others[i % others.length] ?? others[0];
      if (!other) throw new Error("no page to load");
      const started = performance.now();
      const response = await fetch(`${url}${other.path}`, { headers: { cookie: other.cookie, accept: "text/html" } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${other.path} answered ${response.status}`);
      return performance.now() - started;
    };
    // The other users' pages before the import (warmed first).
    for (let i = 0; i < 4; i++) await load(i);
    const before: number[] = [];
    for (let i = 0; i < 30; i++) before.push(await load(i));
    const rss = {
      portal: (await residentBytes(portal.child.pid ?? 0)) ?? 0,
      upstream: (await residentBytes(upstream.pid)) ?? 0,
    };
    peaks.portal = rss.portal;
    peaks.upstream = rss.upstream;

    // During the import: the other users keep loading pages until it is done.
    let importing = true;
    const during: number[] = [];
    const others$ = (async () => {
      for (let i = 0; importing; i++) during.push(await load(i));
    })();

    const started = performance.now();
    const boundary = `bench${randomBytes(8).toString("hex")}`;
    const body = Readable.toWeb(Readable.from(multipartBody(boundary, ROWS, String(Date.now()))));
    const uploaded = await fetch(`${url}/admin/carrier_imports/upload`, {
      method: "POST",
      headers: { cookie: admin, "content-type": `multipart/form-data; boundary=${boundary}`, origin: url },
      body,
      duplex: "half",
      redirect: "manual",
    } as RequestInit);
    const location = uploaded.headers.get("location") ?? "";
    const id = /\/admin\/carrier_imports\/(\d+)$/.exec(location)?.[1];
    if (uploaded.status !== 302 || !id) throw new Error(`upload answered ${uploaded.status} ${location}`);
    const readSeconds = (performance.now() - started) / 1000;
    const confirmed = await fetch(`${url}/admin/carrier_imports/${id}`, {
      method: "POST",
      headers: { cookie: admin, "content-type": "application/x-www-form-urlencoded", origin: url },
      body: "intent=confirm",
      redirect: "manual",
    });
    if (confirmed.status !== 302) throw new Error(`confirm answered ${confirmed.status}`);
    const login = await fetch(`${upstream.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@demo.test", password: "demo-pass-123" }),
    });
    const { token } = (await login.json()) as { token: string };
    let record = { status: "importing", rowsRead: 0, counts: {} as Record<string, number> };
    while (record.status === "importing") {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const polled = await fetch(`${upstream.url}/api/admin/carrier_imports/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      record = ((await polled.json()) as { record: typeof record }).record;
    }
    const seconds = (performance.now() - started) / 1000;
    importing = false;
    await others$;
    const ok = record.status === "imported" && record.rowsRead === ROWS && seconds <= GOAL_SECONDS;
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    const c = record.counts;
    const text = [
      `carrier import: ${ROWS.toLocaleString("en-US")} policy rows in ${seconds.toFixed(1)} s (read ${readSeconds.toFixed(1)} s; ` +
        `${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.refused} refused; ${record.status}) ` +
        `${ok ? "✓" : "✗"}≤${GOAL_SECONDS} s`,
      `  RSS: portal ${mb(rss.portal)} MB before, peak ${mb(peaks.portal)} MB; reference API ${mb(rss.upstream)} MB before, peak ${mb(peaks.upstream)} MB`,
      `  other users' pages before: ${figures(before)}`,
      `  other users' pages during: ${figures(during)}`,
    ].join("\n");
    return { seconds, ok, text };
  } finally {
    clearInterval(sampler);
    await portal.kill();
    await upstream.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const result = await benchCarrierImport();
  console.log(result.text);
  if (!result.ok) process.exit(1);
}
