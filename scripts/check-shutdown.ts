/**
 * `npm run check:shutdown`: a deploy loses nothing. Starts the production build in demo mode, runs 200
 * keep-alive clients against `/`, `/healthz` and `/readyz` plus a few slow uploads (sign-in posts whose
 * body trickles in over seconds), sends SIGTERM mid-run and counts:
 * - resets: a request that was sent and got no answer (ECONNRESET, socket hang up …): must be 0;
 * - failed: an answer with an unexpected status: must be 0;
 * - refused: a client that, after an answer with `Connection: close`, finds no listener when it reconnects.
 *   Nothing was lost there (the request was never sent; a load balancer would use another instance);
 * - the slow uploads must all be answered, /readyz must turn 503, a new connection must be refused, and
 *   the process must exit 0 within the drain time.
 * Prints the numbers and exits 1 when any check fails. Needs `npm run build` (the npm script does it).
 */
import { Agent, request as httpRequest } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type PortalProcess, startPortalProcess } from "./lib/portal-process.ts";

export interface ShutdownReport {
  clients: number;
  sent: number;
  answered: number;
  answeredWithConnectionClose: number;
  resets: number;
  failed: number;
  refused: number;
  errors: Record<string, number>;
  unexpectedStatuses: Record<string, number>;
  readyzBeforeTerm: number;
  readyzUnavailable: number;
  msUntilAllClientsAnswered: number;
  readyz503AfterTerm: number;
  readyz200AfterA503: number;
  msToFirstReadyz503: number | null;
  slowUploads: { status: number | null; connection: string | null; error: string | null }[];
  newConnectionRefused: boolean;
  exitCode: number | null;
  msFromSigtermToExit: number;
  failures: string[];
  passed: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One client in ten asks for the sign-in page (a full server render), one in ten for /readyz (an upstream
 * call), the rest for /healthz. Every client hammers without pause; the mix keeps one turn of the server's
 * event loop short enough that the signal is seen within about a second, as on a busy but not drowning
 * server. (With 200 clients all rendering pages, one turn of the loop takes many seconds on two cores.)
 */
function pathFor(client: number): string {
  if (client % 10 === 0) return "/readyz";
  if (client % 10 === 5) return "/";
  return "/healthz";
}

export async function checkShutdown(
  options: {
    clients?: number;
    runBeforeTermMs?: number;
    uploadAfterTermMs?: number;
    /** More environment for the server (e.g. WEB_CONCURRENCY). */
    env?: Record<string, string>;
  } = {},
) {
  const clients = options.clients ?? 200;
  const runBeforeTermMs = options.runBeforeTermMs ?? 1500;
  const uploadAfterTermMs = options.uploadAfterTermMs ?? 1500;
  const portal: PortalProcess = await startPortalProcess({ env: { LOG_LEVEL: "info", ...options.env } });
  try {
    // One request of each kind first, so the run measures serving rather than first-render warm-up.
    for (const p of ["/", "/healthz", "/readyz"]) await (await fetch(`${portal.url}${p}`)).text();

    const report: ShutdownReport = {
      clients,
      sent: 0,
      answered: 0,
      answeredWithConnectionClose: 0,
      resets: 0,
      failed: 0,
      refused: 0,
      errors: {},
      unexpectedStatuses: {},
      readyzBeforeTerm: 0,
      readyzUnavailable: 0,
      msUntilAllClientsAnswered: 0,
      readyz503AfterTerm: 0,
      readyz200AfterA503: 0,
      msToFirstReadyz503: null,
      slowUploads: [],
      newConnectionRefused: false,
      exitCode: null,
      msFromSigtermToExit: 0,
      failures: [],
      passed: false,
    };
    let termAt = 0;
    let attempts = 0;
    let stop = false;
    let firstReadyz503At = 0;
    const answeredClients = new Set<number>();

    /** One keep-alive client: its own agent with one socket, one request after another. */
    async function client(index: number) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const target = pathFor(index);
      try {
        while (!stop) {
          const outcome = await new Promise<"again" | "done">((resolve) => {
            const sentAt = Date.now();
            const req = httpRequest({ host: "127.0.0.1", port: portal.port, path: target, agent }, (res) => {
              let text = "";
              res.setEncoding("utf8");
              res.on("data", (chunk: string) => (text += chunk));
              res.on("error", () => {
                report.resets++;
                resolve("again");
              });
              res.on("end", () => {
                report.answered++;
                answeredClients.add(index);
                const status = res.statusCode ?? 0;
                if (res.headers.connection === "close") report.answeredWithConnectionClose++;
                let expected = status === 200;
                if (target === "/readyz") {
                  const said =
                    status === 503 && text.includes("shutting down")
                      ? "shutting down"
                      : status === 200
                        ? "ready"
                        : "other";
                  if (said === "shutting down") {
                    report.readyz503AfterTerm++;
                    if (!firstReadyz503At) {
                      firstReadyz503At = Date.now();
                      report.msToFirstReadyz503 = firstReadyz503At - termAt;
                    }
                    expected = true;
                  } else if (said === "ready" && firstReadyz503At && sentAt > firstReadyz503At) {
                    // Asked after /readyz had already said it is shutting down, yet ready again.
                    report.readyz200AfterA503++;
                  } else if (said === "ready") {
                    report.readyzBeforeTerm++;
                  } else if (status === 503) {
                    // An answer all the same: the upstream health call was slower than 3 s under this load.
                    report.readyzUnavailable++;
                    expected = true;
                  }
                }
                if (!expected) {
                  report.failed++;
                  report.unexpectedStatuses[`${target} ${status}`] =
                    (report.unexpectedStatuses[`${target} ${status}`] ?? 0) + 1;
                }
                resolve("again");
              });
            });
            req.on("error", (error: NodeJS.ErrnoException) => {
              if (error.code === "ECONNREFUSED") {
                // No listener: the request never left this machine. The client stops, as after a deploy.
                report.refused++;
                resolve("done");
                return;
              }
              report.resets++;
              const key = error.code ?? error.message;
              report.errors[key] = (report.errors[key] ?? 0) + 1;
              resolve("again");
            });
            attempts++;
            req.end();
          });
          if (outcome === "done") break;
          // Every client connects and is answered once before any hammering: see below.
          await everyoneConnected;
        }
      } finally {
        agent.destroy();
      }
    }

    /**
     * A sign-in post whose body arrives in two pieces: the second only `uploadAfterTermMs` after SIGTERM,
     * so the request is in flight (the server waiting for its body) while the server drains.
     */
    function slowUpload() {
      const body = Buffer.from(new URLSearchParams({ email: "agent@demo.test", password: "demo-pass-123" }).toString());
      let sent = () => {};
      /** Resolves once the first piece has left on an open connection (or the request failed). */
      const started = new Promise<void>((resolve) => (sent = resolve));
      const answer = new Promise<ShutdownReport["slowUploads"][number]>((resolve) => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port: portal.port,
            method: "POST",
            path: "/?index",
            agent: false,
            headers: { "content-type": "application/x-www-form-urlencoded", "content-length": body.length },
          },
          (res) => {
            res.resume();
            res.on("end", () =>
              resolve({ status: res.statusCode ?? null, connection: res.headers.connection ?? null, error: null }),
            );
          },
        );
        req.on("error", (error: NodeJS.ErrnoException) => {
          sent();
          resolve({ status: null, connection: null, error: error.code ?? error.message });
        });
        req.write(body.subarray(0, 10), () => sent());
        const rest = setInterval(() => {
          if (termAt && Date.now() >= termAt + uploadAfterTermMs) {
            clearInterval(rest);
            req.end(body.subarray(10));
          }
        }, 50);
      });
      return { started, answer };
    }

    /** One GET on a connection of its own (no keep-alive pool), answered 200, else it throws. */
    function answeredOnNewConnection(target: string) {
      return new Promise<void>((resolve, reject) => {
        const req = httpRequest({ host: "127.0.0.1", port: portal.port, path: target, agent: false }, (res) => {
          res.resume();
          res.on("end", () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`${target} answered ${res.statusCode}`)),
          );
        });
        req.on("error", reject);
        req.end();
      });
    }

    /** A brand-new TCP connection: true when refused (nothing listens any more). */
    async function newConnectionRefused(withinMs: number): Promise<boolean> {
      const deadline = Date.now() + withinMs;
      while (Date.now() < deadline) {
        const refused = await new Promise<boolean>((resolve) => {
          const socket = connect(portal.port, "127.0.0.1");
          socket.once("connect", () => {
            socket.destroy();
            resolve(false);
          });
          socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
        });
        if (refused) return true;
        await sleep(50);
      }
      return false;
    }

    // The uploads connect while the server is idle; then every client connects and is answered once, and
    // only then do they all hammer their keep-alive connections. Under full CPU load Node's http server
    // accepts new connections slowly (they wait in the kernel's accept queue, a few per second), and
    // closing the listener resets whatever still waits there: connections that were never accepted, not
    // requests the drain could answer. See docs/decisions/011-deploys-and-proxies.md.
    const slow = Array.from({ length: 3 }, () => slowUpload());
    // Connected, their first piece sent, and accepted by the server before the crowd arrives: a request on
    // a newer connection is answered only once the server has accepted the older ones (the kernel's accept
    // queue is first in, first out). Conditions, not a fixed wait that a busy machine can outlast.
    await Promise.all(slow.map((upload) => upload.started));
    await answeredOnNewConnection("/healthz");
    const uploads = slow.map((upload) => upload.answer);
    let connected = () => {};
    const everyoneConnected = new Promise<void>((resolve) => (connected = resolve));
    const running = Array.from({ length: clients }, (_, i) => client(i));
    const started = Date.now();
    while (answeredClients.size < clients && Date.now() < started + 90_000) await sleep(50);
    report.msUntilAllClientsAnswered = Date.now() - started;
    connected();
    // Deliberate: the clients hammer for this long, so SIGTERM lands mid-run (the behaviour under test).
    await sleep(runBeforeTermMs);

    termAt = Date.now();
    portal.child.kill("SIGTERM");
    // Once the server says it is shutting down, nothing listens any more: a new connection is refused.
    const refusedCheck = (async () => {
      while (!firstReadyz503At && portal.child.exitCode === null) await sleep(10);
      return newConnectionRefused(1000);
    })();
    const exit = await Promise.race([portal.exited, sleep(40_000).then(() => "timeout" as const)]);
    report.msFromSigtermToExit = Date.now() - termAt;
    stop = true;
    report.exitCode = exit === "timeout" ? null : exit;
    report.newConnectionRefused = await refusedCheck;
    report.slowUploads = await Promise.all(uploads);
    await Promise.all(running);
    report.sent = attempts - report.refused;

    const f = report.failures;
    if (report.resets > 0) f.push(`${report.resets} requests reset`);
    if (report.failed > 0) f.push(`${report.failed} answers with an unexpected status`);
    if (exit === "timeout") f.push("the process did not exit within 40 s");
    else if (report.exitCode !== 0) f.push(`exit code ${report.exitCode}`);
    if (!report.newConnectionRefused) f.push("a new connection was accepted after /readyz said it was shutting down");
    if (report.readyz503AfterTerm === 0) f.push(`/readyz never answered 503 "shutting down" after SIGTERM`);
    if (report.readyz200AfterA503 > 0) f.push(`/readyz answered 200 ${report.readyz200AfterA503} times after a 503`);
    if (report.answeredWithConnectionClose === 0) f.push("no answer carried Connection: close");
    const badUploads = report.slowUploads.filter((u) => u.status !== 302);
    if (badUploads.length > 0) f.push(`slow uploads not answered with 302: ${JSON.stringify(badUploads)}`);
    if (report.sent < clients * 2) f.push(`only ${report.sent} requests were sent: the run did not get going`);
    if (report.msUntilAllClientsAnswered >= 90_000) f.push("not every client was answered within 90 s before SIGTERM");
    report.passed = f.length === 0;
    const serverLog = portal
      .stdout()
      .split("\n")
      .filter((line) => line && !line.includes('"msg":"request"'))
      .join("\n");
    return { report, stderr: portal.stderr(), serverLog };
  } finally {
    await portal.dispose();
  }
}

export function formatShutdownReport(report: ShutdownReport): string {
  const uploads = report.slowUploads.map((u) =>
    u.error ? u.error : `${u.status}${u.connection ? ` (${u.connection})` : ""}`,
  );
  return [
    `keep-alive clients:            ${report.clients} (all answered once after ${report.msUntilAllClientsAnswered} ms; SIGTERM mid-run)`,
    `requests sent:                 ${report.sent}`,
    `answered:                      ${report.answered} (${report.answeredWithConnectionClose} with Connection: close)`,
    `resets (sent, no answer):      ${report.resets}${Object.keys(report.errors).length ? ` ${JSON.stringify(report.errors)}` : ""}`,
    `failed (unexpected status):    ${report.failed}${report.failed ? ` ${JSON.stringify(report.unexpectedStatuses)}` : ""}`,
    `refused reconnects (not sent): ${report.refused}`,
    `/readyz:                       ready ×${report.readyzBeforeTerm}, 503 "shutting down" ×${report.readyz503AfterTerm} (first ${report.msToFirstReadyz503 ?? "–"} ms after SIGTERM), ready after that ×${report.readyz200AfterA503}, 503 upstream too slow under load ×${report.readyzUnavailable}`,
    `slow uploads in flight:        ${uploads.join(", ")}`,
    `new connection after SIGTERM:  ${report.newConnectionRefused ? "refused" : "ACCEPTED"}`,
    `exit code:                     ${report.exitCode ?? "none (did not exit)"} after ${report.msFromSigtermToExit} ms`,
    report.passed ? "PASS: the deploy lost nothing" : `FAIL: ${report.failures.join("; ")}`,
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  checkShutdown().then(
    ({ report, stderr, serverLog }) => {
      console.log(formatShutdownReport(report));
      if (!report.passed) console.log(`server log (without request lines):\n${serverLog}\n${stderr.trim()}`);
      process.exit(report.passed ? 0 : 1);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
