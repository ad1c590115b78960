/**
 * The statement import benchmark (issue 23 §Performance; `npm run bench`, or alone: `npx tsx scripts/bench-import.ts`):
 * a 50,000-line carrier statement, generated as it is sent (never built in memory), imported through the reference
 * API (its own process, fresh database) end to end — upload → ready → confirm → imported. Prints the seconds of each
 * step and the reference API's peak RSS (sampled from /proc every 50 ms), and fails (exit 1) past 30 s.
 */
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { residentBytes, startReferenceApiProcess } from "./lib/portal-process.ts";

const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 50_000);
const GOAL_SECONDS = 30;

/** The file's bytes, a chunk of lines at a time (carrier 1's headers: the seed's remembered mapping). */
function* statementFile(lines: number, tag: string): Generator<Buffer> {
  yield Buffer.from("Policy #,Member,Commission Type,Commission\r\n");
  const kinds = ["Renewal", "First Year", "True-Up", "CB"];
  for (let start = 0; start < lines; start += 1000) {
    let chunk = "";
    for (let i = start; i < Math.min(lines, start + 1000); i++) {
      const kind = kinds[i % kinds.length] ?? "Renewal";
      const cents = 1000 + ((i * 7919) % 90000);
      const amount = `${kind === "CB" ? "-" : ""}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
      // Every 50th line a policy of the seed (MA-… numbers match some), the rest the carrier's own numbers.
      chunk += `${i % 50 === 0 ? `MA-${1000000 + ((i * 7919) % 9000000)}` : `BENCH-${tag}-${i}`},Member ${i},${kind},${amount}\r\n`;
    }
    yield Buffer.from(chunk);
  }
}

export async function benchImport(): Promise<{ seconds: number; peakRssMb: number; ok: boolean; text: string }> {
  const upstream = await startReferenceApiProcess();
  let peak = 0;
  const sampler = setInterval(() => {
    void residentBytes(upstream.pid).then((rss) => {
      if (rss && rss > peak) peak = rss;
    });
  }, 50);
  try {
    const login = await fetch(`${upstream.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@demo.test", password: "demo-pass-123" }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const before = (await residentBytes(upstream.pid)) ?? 0;
    const started = performance.now();
    const params = new URLSearchParams({
      carrierId: "1",
      period: "2020-01",
      carrierStatementDate: "2020-01-31",
      fileName: "bench.csv",
    });
    const body = Readable.toWeb(Readable.from(statementFile(LINES, String(Date.now())))) as ReadableStream<Uint8Array>;
    const uploaded = await fetch(`${upstream.url}/api/admin/commission_statements/imports?${params.toString()}`, {
      method: "POST",
      headers: { ...auth, "content-type": "text/csv" },
      body,
      duplex: "half",
    } as RequestInit);
    const { import: record } = (await uploaded.json()) as { import: { id: number; rowsRead: number } };
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}`);
    const readSeconds = (performance.now() - started) / 1000;
    const confirm = await fetch(`${upstream.url}/api/admin/commission_statements/imports/${record.id}/confirm`, {
      method: "POST",
      headers: auth,
    });
    if (confirm.status !== 202) throw new Error(`confirm answered ${confirm.status}: ${await confirm.text()}`);
    let status = "importing";
    let written = 0;
    while (status === "importing") {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const polled = await fetch(`${upstream.url}/api/admin/commission_statements/imports/${record.id}?perPage=5`, {
        headers: auth,
      });
      const answer = (await polled.json()) as { import: { status: string; rowsWritten: number } };
      status = answer.import.status;
      written = answer.import.rowsWritten;
    }
    const seconds = (performance.now() - started) / 1000;
    const ok = status === "imported" && written === LINES && seconds <= GOAL_SECONDS;
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    const text =
      `statement import: ${LINES.toLocaleString("en-US")} lines in ${seconds.toFixed(1)} s ` +
      `(read ${readSeconds.toFixed(1)} s, ${record.rowsRead} rows; written ${written}, ${status}) ` +
      `${ok ? "✓" : "✗"}≤${GOAL_SECONDS} s; reference API RSS ${mb(before)} MB before, peak ${mb(peak)} MB`;
    return { seconds, peakRssMb: peak / 1024 / 1024, ok, text };
  } finally {
    clearInterval(sampler);
    await upstream.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const result = await benchImport();
  console.log(result.text);
  if (!result.ok) process.exit(1);
}
