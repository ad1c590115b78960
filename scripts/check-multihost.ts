/**
 * `npm run check:multihost` (issue 21, docs/decisions/025-many-cores-many-hosts.md): several hosts behind a load
 * balancer act as one. Real parts, installed by scripts/ensure-servers.mjs: Debian's redis-server (its own port,
 * no persistence, a temporary directory) and haproxy (round-robin, health check /readyz: scripts/lib/haproxy.ts),
 * the reference API in its own process, and the production build (`npm run build`) as
 * - host A: WEB_CONCURRENCY=2 (a cluster: a primary and two workers), REDIS_URL;
 * - host B: one process, REDIS_URL; both with the same SESSION_SECRET and UPSTREAM_API_URL;
 * - host D: a demo host (DEMO=1, WEB_CONCURRENCY=2, no Redis): the bundled reference API runs once, in the
 *   primary, and its two workers share their limiter counts through it.
 * Checks:
 * (a) 10 wrong passwords for one account, alternately on host A and host B, each on a new connection (so
 *     host A's two workers both count): the account is then refused on A, on B and through the balancer,
 *     even with the right password ("Too many attempts. Try again in …");
 * (b) a session signed in on host A is accepted by host B, and one from B by A (its signed-in page, not the
 *     sign-in page);
 * (c) 200 keep-alive clients through haproxy, SIGTERM to host A's primary mid-run: 0 failed requests (no
 *     reset, no unexpected status), host A exits 0, host B answers the rest; A's session still works on B;
 * (d) host D: one reference API, two workers, 10 wrong passwords over new connections lock the account.
 * Prints the figures; exits 1 when a check fails. Every process it started is killed in any case.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { SERVED_BY, haproxyConfig } from "./lib/haproxy.ts";
import {
  PORTAL_ENTRY,
  ROOT,
  type ServerProcess,
  serverProcess,
  freePorts,
  signIn,
  spawnServer,
  startReferenceApiProcess,
  waitUntilUp,
} from "./lib/portal-process.ts";

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? "/usr/bin/redis-server";
const HAPROXY = process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy";
const TOO_MANY = "Too many attempts. Try again in";
const WRONG = "wrong-password-1";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface MultihostReport {
  lockout: { failures: string[]; refusedOn: Record<string, boolean> };
  sessions: { aOnB: number; bOnA: number };
  load: {
    clients: number;
    sent: number;
    answered: number;
    resets: number;
    failed: number;
    errors: Record<string, number>;
    unexpected: Record<string, number>;
    servedBy: Record<string, number>;
    servedByAfterExit: Record<string, number>;
    hostAExit: number | null | "timeout";
    msFromSigtermToExit: number;
    sessionAfterExit: number;
  };
  demo: { referenceApis: number; workers: number; lockedAfter10: boolean };
  seconds: number;
  /** Seconds from the start to each phase's end. */
  phases: Record<string, number>;
  failures: string[];
  passed: boolean;
}

/** An external program (redis-server, haproxy) whose output is kept for the report. */
function spawnTool(bin: string, args: string[]): ServerProcess {
  return serverProcess(spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"] }));
}

/** One request on a connection of its own (each goes to the next worker of a cluster). */
function send(
  port: number,
  target: string,
  options: { method?: string; form?: Record<string, string>; cookie?: string } = {},
): Promise<{ status: number; text: string; servedBy: string }> {
  const body = options.form ? Buffer.from(new URLSearchParams(options.form).toString()) : null;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: target,
        method: options.method ?? (body ? "POST" : "GET"),
        agent: false,
        headers: {
          accept: "text/html",
          ...(body && { "content-type": "application/x-www-form-urlencoded", "content-length": body.length }),
          ...(options.cookie && { cookie: options.cookie }),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, text, servedBy: String(res.headers[SERVED_BY] ?? "") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

async function waitForLine(server: ServerProcess, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.stdout().includes(text)) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`exited before "${text}": ${server.stderr().trim()}`);
    }
    if (Date.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** A signed-in page of agency@demo.test, not the sign-in page. */
function isBookOfBusiness(answer: { status: number; text: string }): boolean {
  return (
    answer.status === 200 &&
    answer.text.includes("<title>Book of Business</title>") &&
    answer.text.includes("agency@demo.test")
  );
}

export async function checkMultihost(options: { clients?: number; runBeforeTermMs?: number } = {}) {
  const clients = options.clients ?? 200;
  const runBeforeTermMs = options.runBeforeTermMs ?? 1500;
  const began = Date.now();
  const mark = () => Math.round((Date.now() - began) / 100) / 10;
  if (!existsSync(path.join(ROOT, PORTAL_ENTRY))) throw new Error("No build found: run `npm run build` first");
  for (const bin of [REDIS_SERVER, HAPROXY]) {
    if (!existsSync(bin)) throw new Error(`${bin} is missing: run node scripts/ensure-servers.mjs`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), "agent-portal-multihost-"));
  const cleanups: (() => Promise<unknown>)[] = [];
  const logs: Record<string, () => string> = {};
  try {
    const [redisPort = 0, portA = 0, portB = 0, portLb = 0, portD = 0] = await freePorts(5);
    const redisServer = spawnTool(REDIS_SERVER, [
      "--port",
      String(redisPort),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--dir",
      dir,
      "--daemonize",
      "no",
    ]);
    cleanups.push(redisServer.kill);
    logs.redis = redisServer.stdout;
    const upstream = await startReferenceApiProcess();
    cleanups.push(upstream.dispose);
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 200 });
    probe.on("error", () => {});
    for (let i = 0; (await probe.ping().catch(() => "")) !== "PONG"; i++) {
      if (i > 50) throw new Error(`redis-server did not answer: ${redisServer.stdout()}${redisServer.stderr()}`);
      await sleep(100);
    }

    const secret = randomBytes(32).toString("hex");
    const hostEnv = (port: number, extra: Record<string, string>) => ({
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      PORT: String(port),
      UPSTREAM_API_URL: upstream.url,
      SESSION_SECRET: secret,
      REDIS_URL: redisUrl,
      ...extra,
    });
    const hostA = spawnServer(PORTAL_ENTRY, hostEnv(portA, { WEB_CONCURRENCY: "2" }));
    const hostB = spawnServer(PORTAL_ENTRY, hostEnv(portB, {}));
    const hostD = spawnServer(PORTAL_ENTRY, {
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      PORT: String(portD),
      DEMO: "1",
      WEB_CONCURRENCY: "2",
      REFERENCE_API_DB: path.join(dir, "demo.db"),
    });
    for (const [name, host] of [
      ["A", hostA],
      ["B", hostB],
      ["D", hostD],
    ] as const) {
      cleanups.push(host.kill);
      logs[`host ${name}`] = () => `${host.stdout()}${host.stderr()}`;
    }
    const lbConfig = path.join(dir, "haproxy.cfg");
    await writeFile(
      lbConfig,
      haproxyConfig({
        port: portLb,
        hosts: [
          { name: "a", port: portA },
          { name: "b", port: portB },
        ],
      }),
    );
    await Promise.all([
      waitForLine(hostA, "every worker started", 90_000),
      waitUntilUp(hostB, `http://127.0.0.1:${portB}/healthz`),
      waitForLine(hostD, "every worker started", 90_000),
    ]);
    const balancer = spawnTool(HAPROXY, ["-f", lbConfig, "-db"]);
    cleanups.push(balancer.kill);
    logs.haproxy = balancer.stdout;
    // Both hosts in the rotation: answers named by each.
    const seen = new Set<string>();
    for (let i = 0; seen.size < 2; i++) {
      if (i > 300)
        throw new Error(`haproxy did not put both hosts in rotation: ${balancer.stdout()}${balancer.stderr()}`);
      const answer = await send(portLb, "/healthz").catch(() => null);
      if (answer?.status === 200 && answer.servedBy) seen.add(answer.servedBy);
      else await sleep(100);
    }

    const report: MultihostReport = {
      lockout: { failures: [], refusedOn: {} },
      sessions: { aOnB: 0, bOnA: 0 },
      load: {
        clients,
        sent: 0,
        answered: 0,
        resets: 0,
        failed: 0,
        errors: {},
        unexpected: {},
        servedBy: {},
        servedByAfterExit: {},
        hostAExit: null,
        msFromSigtermToExit: 0,
        sessionAfterExit: 0,
      },
      demo: { referenceApis: 0, workers: 0, lockedAfter10: false },
      seconds: 0,
      phases: { started: mark() },
      failures: [],
      passed: false,
    };
    const f = report.failures;

    // (d) The demo host: one reference API (in the primary), two workers sharing their counts. Alongside (a), (b).
    const demoChecks = (async () => {
      const demoLog = hostD.stdout();
      report.demo.referenceApis = demoLog.split("bundled reference API started").length - 1;
      report.demo.workers = new Set(
        [...demoLog.matchAll(/"worker":(\d+),[^\n]*"msg":"portal listening"/g)].map((m) => m[1]),
      ).size;
      for (let i = 0; i < 10; i++) {
        await send(portD, "/?index", { form: { email: "agent@demo.test", password: WRONG } });
      }
      const demoRight = await send(portD, "/?index", { form: { email: "agent@demo.test", password: "demo-pass-123" } });
      report.demo.lockedAfter10 = demoRight.status === 429 && demoRight.text.includes(TOO_MANY);
      if (report.demo.referenceApis !== 1) f.push(`demo host: ${report.demo.referenceApis} reference APIs started`);
      if (report.demo.workers !== 2) f.push(`demo host: ${report.demo.workers} workers listening, not 2`);
      if (!report.demo.lockedAfter10) f.push("demo host: not locked after 10 failures over its two workers");
      hostD.child.kill("SIGTERM");
      const demoExit = await Promise.race([hostD.exited, sleep(30_000).then(() => "timeout" as const)]);
      if (demoExit !== 0) f.push(`demo host: SIGTERM → exit ${demoExit}`);
    })();
    // Awaited after (b); a failure meanwhile must not count as unhandled.
    demoChecks.catch(() => {});

    // (a) 10 wrong passwords spread over both hosts lock the account on both.
    for (let i = 0; i < 10; i++) {
      const answer = await send(i % 2 ? portB : portA, "/?index", {
        form: { email: "agent@demo.test", password: WRONG },
      });
      report.lockout.failures.push(`${i % 2 ? "B" : "A"} ${answer.status}`);
      if (answer.status !== 400 || answer.text.includes(TOO_MANY)) f.push(`wrong password ${i + 1}: ${answer.status}`);
    }
    for (const [name, port] of [
      ["host A", portA],
      ["host B", portB],
      ["balancer", portLb],
    ] as const) {
      const answer = await send(port, "/?index", { form: { email: "agent@demo.test", password: "demo-pass-123" } });
      report.lockout.refusedOn[name] = answer.status === 429 && answer.text.includes(TOO_MANY);
      if (!report.lockout.refusedOn[name]) f.push(`after 10 failures the right password was not refused on ${name}`);
    }

    report.phases.lockout = mark();
    // (b) A session from one host works on the other.
    const fromA = await signIn(`http://127.0.0.1:${portA}`, "agency@demo.test");
    const fromB = await signIn(`http://127.0.0.1:${portB}`, "agency@demo.test");
    const aOnB = await send(portB, "/book_of_business", { cookie: fromA });
    const bOnA = await send(portA, "/book_of_business", { cookie: fromB });
    report.sessions = { aOnB: aOnB.status, bOnA: bOnA.status };
    if (!isBookOfBusiness(aOnB)) f.push(`host A's session on host B: ${aOnB.status}, not the signed-in page`);
    if (!isBookOfBusiness(bOnA)) f.push(`host B's session on host A: ${bOnA.status}, not the signed-in page`);

    report.phases.sessions = mark();
    await demoChecks;
    report.phases.demo = mark();
    // (c) 200 keep-alive clients through the balancer; SIGTERM to host A mid-run.
    const load = report.load;
    let stop = false;
    let exitedAt = 0;
    const answeredClients = new Set<number>();
    let connected = () => {};
    const everyoneConnected = new Promise<void>((resolve) => (connected = resolve));
    const pathFor = (i: number) => (i % 10 === 5 ? "/" : i % 20 === 7 ? "/book_of_business" : "/healthz");
    async function client(index: number) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const target = pathFor(index);
      try {
        while (!stop) {
          await new Promise<void>((resolve) => {
            const req = httpRequest(
              {
                host: "127.0.0.1",
                port: portLb,
                path: target,
                agent,
                headers: target === "/book_of_business" ? { cookie: fromA } : {},
              },
              (res) => {
                res.resume();
                res.on("error", () => {
                  load.resets++;
                  resolve();
                });
                res.on("end", () => {
                  load.answered++;
                  answeredClients.add(index);
                  const by = String(res.headers[SERVED_BY] ?? "?");
                  const tally = exitedAt ? load.servedByAfterExit : load.servedBy;
                  tally[by] = (tally[by] ?? 0) + 1;
                  if (res.statusCode !== 200) {
                    load.failed++;
                    const key = `${target} ${res.statusCode}`;
                    load.unexpected[key] = (load.unexpected[key] ?? 0) + 1;
                  }
                  resolve();
                });
              },
            );
            req.on("error", (error: NodeJS.ErrnoException) => {
              load.resets++;
              const key = error.code ?? error.message;
              load.errors[key] = (load.errors[key] ?? 0) + 1;
              resolve();
            });
            load.sent++;
            req.end();
          });
          await everyoneConnected;
        }
      } finally {
        agent.destroy();
      }
    }
    const running = Array.from({ length: clients }, (_, i) => client(i));
    const started = Date.now();
    while (answeredClients.size < clients && Date.now() < started + 60_000) await sleep(50);
    connected();
    report.phases.clientsConnected = mark();
    // Deliberate: the clients hammer for this long, so SIGTERM lands mid-run.
    await sleep(runBeforeTermMs);
    const termAt = Date.now();
    hostA.child.kill("SIGTERM");
    const aExit = await Promise.race([hostA.exited, sleep(40_000).then(() => "timeout" as const)]);
    exitedAt = Date.now();
    load.msFromSigtermToExit = exitedAt - termAt;
    load.hostAExit = aExit;
    // Host B alone for a moment: the balancer has taken A out.
    await sleep(1000);
    stop = true;
    await Promise.all(running);
    const after = await send(portLb, "/book_of_business", { cookie: fromA });
    load.sessionAfterExit = after.status;

    if (answeredClients.size < clients) f.push(`only ${answeredClients.size} of ${clients} clients were answered`);
    if (load.resets > 0) f.push(`${load.resets} requests got no answer ${JSON.stringify(load.errors)}`);
    if (load.failed > 0) f.push(`${load.failed} answers with an unexpected status ${JSON.stringify(load.unexpected)}`);
    if (aExit !== 0) f.push(`host A: SIGTERM → ${aExit === "timeout" ? "no exit within 40 s" : `exit ${aExit}`}`);
    if (!load.servedBy.a || !load.servedBy.b) f.push(`both hosts did not serve: ${JSON.stringify(load.servedBy)}`);
    if (!isBookOfBusiness(after)) f.push(`host A's session after A exited: ${after.status}`);
    if (load.sent < clients * 2) f.push(`only ${load.sent} requests were sent`);

    report.phases.load = mark();
    report.seconds = mark();
    report.passed = f.length === 0;
    probe.disconnect();
    const serverLogs = Object.entries(logs)
      .map(([name, log]) => {
        const lines = log()
          .split("\n")
          .filter((line) => line && !line.includes('"msg":"request"'));
        return `--- ${name}\n${lines.slice(-40).join("\n")}`;
      })
      .join("\n");
    return { report, serverLogs };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

export function formatMultihostReport(report: MultihostReport): string {
  const l = report.load;
  return [
    `lockout:   10 wrong passwords (${report.lockout.failures.join(", ")}) → right password refused on ${Object.entries(
      report.lockout.refusedOn,
    )
      .map(([name, refused]) => `${name} ${refused ? "✓" : "✗"}`)
      .join(", ")}`,
    `sessions:  host A's on host B → ${report.sessions.aOnB}, host B's on host A → ${report.sessions.bOnA}`,
    `demo host: ${report.demo.referenceApis} reference API, ${report.demo.workers} workers, locked after 10 failures: ${report.demo.lockedAfter10 ? "yes" : "NO"}`,
    `load:      ${l.clients} keep-alive clients through haproxy, SIGTERM to host A (2 workers) mid-run`,
    `           sent ${l.sent}, answered ${l.answered} (by host: ${JSON.stringify(l.servedBy)}; after A exited: ${JSON.stringify(l.servedByAfterExit)})`,
    `           no answer: ${l.resets}${Object.keys(l.errors).length ? ` ${JSON.stringify(l.errors)}` : ""}; unexpected status: ${l.failed}${l.failed ? ` ${JSON.stringify(l.unexpected)}` : ""}`,
    `           host A exit ${l.hostAExit} after ${l.msFromSigtermToExit} ms; its session on the balancer afterwards → ${l.sessionAfterExit}`,
    `took ${report.seconds} s (${Object.entries(report.phases)
      .map(([phase, s]) => `${phase} ${s}`)
      .join(", ")})`,
    report.passed ? "PASS: the hosts act as one" : `FAIL: ${report.failures.join("; ")}`,
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  checkMultihost().then(
    ({ report, serverLogs }) => {
      console.log(formatMultihostReport(report));
      if (!report.passed) console.log(`logs (without request lines):\n${serverLogs}`);
      process.exit(report.passed ? 0 : 1);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
