import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { expect, inject } from "vitest";

export const portal = inject("portal");
export const referenceApi = inject("referenceApi");
const portalOutput = inject("portalOutput");

/**
 * Marks where the portal's output (stdout: its JSON log at LOG_LEVEL=error; stderr) stands now; the function
 * returned reads what each has written since.
 */
export function watchOutput(): () => { stdout: string; stderr: string } {
  const read = (file: string) => readFileSync(file, "utf8");
  const start = { stdout: read(portalOutput.stdout).length, stderr: read(portalOutput.stderr).length };
  return () => ({
    stdout: read(portalOutput.stdout).slice(start.stdout),
    stderr: read(portalOutput.stderr).slice(start.stderr),
  });
}
export const PASSWORD = "demo-pass-123";

/**
 * What every hostile request must get: an answer, small and quick (issue 8 "Done means"): 150 KB. Issue 20 raised
 * it to 170 KB for the users list (155 KB at 25 rows); issue 21's lean table took that list to under 120 KB.
 */
export const LIMITS = { bytes: 150_000, ms: 2_000 };

export interface Answer {
  status: number;
  body: string;
  bytes: number;
  ms: number;
  headers: Headers;
}

/** A request to the portal, timed; `cookie` is a signed-in session. */
export async function send(path: string, init: RequestInit & { cookie?: string } = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  const started = performance.now();
  const response = await fetch(`${portal}${path}`, { redirect: "manual", ...init, headers });
  const body = await response.text();
  return {
    status: response.status,
    body,
    bytes: Buffer.byteLength(body),
    ms: performance.now() - started,
    headers: response.headers,
  };
}

/** `what` names the request in a failure (a loop of cases otherwise does not say which one failed). */
export function expectSmallAndQuick(answer: Answer, what = ""): void {
  expect(answer.bytes, `answer size ${what}`.trim()).toBeLessThan(LIMITS.bytes);
  expect(answer.ms, `answer time (ms) ${what}`.trim()).toBeLessThan(LIMITS.ms);
}

export function form(body: string, init: RequestInit & { cookie?: string } = {}): RequestInit & { cookie?: string } {
  return {
    method: "POST",
    body,
    ...init,
    headers: { "content-type": "application/x-www-form-urlencoded", ...init.headers },
  };
}

let address = 0;
/** A client address of its own for each sign-in, so the throttle's per-address count stays out of the way. */
export function nextAddress(): string {
  address++;
  return `198.18.${Math.floor(address / 250)}.${(address % 250) + 1}`;
}

/** Signs in through the sign-in form; the session cookie to send with later requests. */
export async function signIn(email: string): Promise<string> {
  const answer = await send(
    "/?index",
    form(new URLSearchParams({ email, password: PASSWORD }).toString(), {
      headers: { "x-forwarded-for": nextAddress() },
    }),
  );
  expect(answer.status, `sign-in as ${email}`).toBe(302);
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** How many /api calls the reference API has answered so far. */
export async function apiCalls(): Promise<number> {
  const response = await fetch(`${referenceApi}/__stats`);
  return ((await response.json()) as { apiCalls: number }).apiCalls;
}

/**
 * A chunked body (no Content-Length) that keeps coming until the server answers: the status, and how
 * many bytes had been sent when the answer arrived. `preamble` goes first (a multipart part's head).
 */
export function chunkedFlood(
  path: string,
  options: { cookie?: string; contentType: string; upTo: number; preamble?: string },
): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(new URL(path, portal), {
      method: "POST",
      headers: {
        "content-type": options.contentType,
        "transfer-encoding": "chunked",
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    });
    req.on("response", (res) => {
      answered = true;
      resolve({ status: res.statusCode ?? 0, sent });
      res.resume();
      req.destroy();
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (options.preamble) {
      req.write(options.preamble);
      sent += options.preamble.length;
    }
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      while (!answered && sent < options.upTo) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/**
 * A client that never stops: a chunked POST written straight on a TCP socket, which goes on sending after the
 * server has answered (an HTTP client stops once its answer has come). It sends as fast as the server reads, up
 * to `upTo` bytes. Resolves with the status the server answered, how many body bytes the server let it send in
 * all, and how long until the connection ended.
 */
export function endlessFlood(
  path: string,
  options: { cookie?: string; contentType: string; upTo: number; preamble?: string },
): Promise<{ status: number; total: number; ms: number }> {
  const url = new URL(path, portal);
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(Number(url.port), url.hostname);
    let total = 0;
    let answer = "";
    let ended = false;
    socket.on("data", (data: Buffer) => {
      if (answer.length < 1000) answer += data.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      ended = true;
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), total, ms: performance.now() - started });
    });
    const head = [
      `POST ${url.pathname}${url.search} HTTP/1.1`,
      `Host: ${url.host}`,
      `Content-Type: ${options.contentType}`,
      "Transfer-Encoding: chunked",
      ...(options.cookie ? [`Cookie: ${options.cookie}`] : []),
    ];
    socket.write(`${head.join("\r\n")}\r\n\r\n`);
    const chunkOf = (data: Buffer) =>
      Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]);
    if (options.preamble) {
      socket.write(chunkOf(Buffer.from(options.preamble)));
      total += Buffer.byteLength(options.preamble);
    }
    const data = Buffer.alloc(64 * 1024, 0x61);
    const chunk = chunkOf(data);
    const pump = () => {
      while (!ended && total < options.upTo) {
        total += data.length;
        if (!socket.write(chunk)) {
          socket.once("drain", pump);
          return;
        }
      }
      if (!ended) socket.end("0\r\n\r\n");
    };
    pump();
  });
}

/** A multipart body with one text field whose bytes are given as is. */
export function multipart(
  fields: Array<[string, Buffer | string]>,
  boundary = "hostile-boundary",
): { body: Buffer; contentType: string } {
  const parts = fields.map(([name, value]) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.isBuffer(value) ? value : Buffer.from(value),
      Buffer.from("\r\n"),
    ]),
  );
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
