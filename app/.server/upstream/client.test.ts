import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { UNDEFINED_RESPONSE } from "~/domain/errors";
import { parseEnv } from "../env";
import { setRuntime } from "../runtime";
import { UPSTREAM_UNREACHABLE, UnauthorizedError, UpstreamError, call } from "./client";

/** A fake upstream: each path answers as the test needs. */
const seen: Array<{ method?: string; url?: string; accept?: string; authorization?: string }> = [];
const hits = (url: string) => seen.filter((s) => s.url === url).length;
let server: Server;
let baseUrl: string;
/** What the client logged (JSON lines), to check that failures are told apart. */
const logs: Array<Record<string, unknown>> = [];
const logged = (msg: string) => logs.filter((l) => l.msg === msg);

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({
      method: req.method,
      url: req.url,
      accept: req.headers.accept,
      authorization: req.headers.authorization,
    });
    const send = (status: number, body: string) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(body);
    };
    switch (req.url) {
      case "/api/ok":
        return send(200, JSON.stringify({ value: 42 }));
      case "/api/garbage":
        return send(200, "<html>not json</html>");
      case "/api/wrong-shape":
        return send(200, JSON.stringify({ value: "forty-two" }));
      case "/api/unauthorized":
        return send(401, JSON.stringify({ error: "Unauthorized Request" }));
      case "/api/error-string":
        return send(422, JSON.stringify({ error: "Carrier is not accepting requests" }));
      case "/api/error-list":
        return send(422, JSON.stringify({ error: ["First problem", "Second problem"] }));
      case "/api/error-fields":
        return send(
          422,
          JSON.stringify({
            error: "npn: unknown",
            fields: {
              npn: ["We could not find this NPN"],
              "bad name!": ["x"],
              phone: "not a list",
              terms: [1, "Accept"],
            },
          }),
        );
      case "/api/error-reason":
        return send(410, JSON.stringify({ error: "This link was already used", reason: "used" }));
      case "/api/error-plain":
        return send(400, JSON.stringify("A plain message"));
      case "/api/error-message":
        return send(400, JSON.stringify({ message: "An object with a message" }));
      case "/api/error-array":
        return send(400, JSON.stringify(["One", "Two"]));
      case "/api/error-empty":
        return send(500, "");
      case "/api/slow":
        setTimeout(() => send(200, JSON.stringify({ value: 1 })), 2500);
        return;
      case "/api/slow-body":
        // Headers at once, the body stalls past the timeout.
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"value":');
        setTimeout(() => res.end("1}"), 2500);
        return;
      case "/api/html":
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<!doctype html><title>Maintenance</title><h1>Back soon</h1>");
      case "/api/server-error":
        return send(503, JSON.stringify({ error: "The contracting service is paused" }));
      case "/api/reset-once":
        // A kept-alive socket the upstream dropped: the first attempt is reset before any answer.
        if (hits("/api/reset-once") === 1) return void req.socket.destroy();
        return send(200, JSON.stringify({ value: 7 }));
      case "/api/reset-always":
        return void req.socket.destroy();
      case "/api/reset-mid-body": {
        // Headers and part of the body, then the connection drops.
        res.writeHead(200, { "content-type": "application/json", "content-length": "40" });
        res.write('{"value": 4');
        setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      default:
        return send(404, JSON.stringify({ error: "Not found" }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  useUpstream(baseUrl);
});

function useUpstream(upstreamUrl: string) {
  setRuntime({
    env: parseEnv({ UPSTREAM_TIMEOUT_MS: "1000" }),
    upstreamUrl,
    sessionSecrets: ["a-test-secret-of-enough-length"],
    logger: pino(
      { level: "debug" },
      { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
    ),
    reportError: () => {},
  });
}

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const Value = z.object({ value: z.number() });

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("the upstream client (spec §7, §8)", () => {
  it("sends Accept json and the session's token, and returns the validated body", async () => {
    await expect(call("GET", "/api/ok", Value, { token: "t0k" })).resolves.toEqual({ value: 42 });
    expect(seen.at(-1)).toMatchObject({
      method: "GET",
      url: "/api/ok",
      accept: "application/json",
      authorization: "Bearer t0k",
    });
  });

  it("garbage or a response of the wrong shape becomes 'Undefined response from server'", async () => {
    expect((await failure(call("GET", "/api/garbage", Value))).messages).toEqual([UNDEFINED_RESPONSE]);
    expect((await failure(call("GET", "/api/wrong-shape", Value))).messages).toEqual([UNDEFINED_RESPONSE]);
  });

  it("a 401 is an UnauthorizedError (the session is over)", async () => {
    const error = await failure(call("GET", "/api/unauthorized", Value, { token: "x" }));
    expect(error).toBeInstanceOf(UnauthorizedError);
  });

  it("a 401 at sign-in is a plain error carrying the upstream's message", async () => {
    const error = await failure(call("GET", "/api/unauthorized", Value, { unauthorizedIsError: true }));
    expect(error).not.toBeInstanceOf(UnauthorizedError);
    expect(error.messages).toEqual(["Unauthorized Request"]);
  });

  it("reads the error field of the body: a string, or one message per string of a list", async () => {
    expect((await failure(call("POST", "/api/error-string", Value))).messages).toEqual([
      "Carrier is not accepting requests",
    ]);
    expect((await failure(call("POST", "/api/error-list", Value))).messages).toEqual([
      "First problem",
      "Second problem",
    ]);
    expect((await failure(call("POST", "/api/error-empty", Value))).messages).toEqual([UNDEFINED_RESPONSE]);
  });

  it("keeps a refusal's field messages and a token's reason (issue 13), ignoring anything malformed", async () => {
    const refused = await failure(call("POST", "/api/error-fields", Value));
    expect(refused.fields).toEqual({ npn: ["We could not find this NPN"], terms: ["Accept"] });
    expect(refused.reason).toBeNull();
    const gone = await failure(call("GET", "/api/error-reason", Value));
    expect([gone.status, gone.reason, gone.messages]).toEqual([410, "used", ["This link was already used"]]);
  });

  it("without an error field, the body itself: a string, a list of strings, or an object with message", async () => {
    expect((await failure(call("POST", "/api/error-plain", Value))).messages).toEqual(["A plain message"]);
    expect((await failure(call("POST", "/api/error-message", Value))).messages).toEqual(["An object with a message"]);
    expect((await failure(call("POST", "/api/error-array", Value))).messages).toEqual(["One", "Two"]);
  });

  it("an upstream that does not answer in time, or is down, gives a clear message", async () => {
    const slow = await failure(call("GET", "/api/slow", Value));
    expect(slow.status).toBe(503);
    expect(slow.messages).toEqual([UPSTREAM_UNREACHABLE]);
  });
});

describe("upstream failures are told apart (kind), and logged so", () => {
  it("a refused connection is 'unreachable' (503), logged at warn with its kind", async () => {
    // A port that was just free: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    useUpstream(`http://127.0.0.1:${port}`);
    try {
      const error = await failure(call("GET", "/api/ok", Value));
      expect(error).toMatchObject({
        kind: "unreachable",
        status: 503,
        unanswered: true,
        messages: [UPSTREAM_UNREACHABLE],
      });
      expect(logged("upstream not answering").at(-1)).toMatchObject({
        level: 40,
        kind: "unreachable",
        code: "ECONNREFUSED",
        method: "GET",
        path: "/api/ok",
      });
    } finally {
      useUpstream(baseUrl);
    }
  });

  it("no headers in time, or a body that stalls, is 'timeout'", async () => {
    expect(await failure(call("GET", "/api/slow", Value))).toMatchObject({
      kind: "timeout",
      status: 503,
      unanswered: true,
    });
    expect(await failure(call("GET", "/api/slow-body", Value))).toMatchObject({ kind: "timeout", status: 503 });
    expect(logged("upstream not answering").at(-1)).toMatchObject({
      level: 40,
      kind: "timeout",
      path: "/api/slow-body",
      status: 200,
    });
  });

  it("a reset while the body is read is 'reset', not a contract mismatch, and is not retried", async () => {
    const before = hits("/api/reset-mid-body");
    const error = await failure(call("GET", "/api/reset-mid-body", Value));
    expect(error).toMatchObject({ kind: "reset", status: 503, messages: [UPSTREAM_UNREACHABLE] });
    expect(hits("/api/reset-mid-body") - before).toBe(1);
    expect(
      logged("upstream response did not match the contract").filter((l) => l.path === "/api/reset-mid-body"),
    ).toEqual([]);
  });

  it("a GET reset before any answer is retried once (undici's retry interceptor)", async () => {
    await expect(call("GET", "/api/reset-once", Value)).resolves.toEqual({ value: 7 });
    expect(hits("/api/reset-once")).toBe(2);
    const before = hits("/api/reset-always");
    expect(await failure(call("GET", "/api/reset-always", Value))).toMatchObject({ kind: "reset", status: 503 });
    expect(hits("/api/reset-always") - before).toBe(2);
  });

  it("a write is never retried: a reset POST is one attempt", async () => {
    const before = hits("/api/reset-always");
    expect(await failure(call("POST", "/api/reset-always", Value, { body: { a: 1 } }))).toMatchObject({
      kind: "reset",
    });
    expect(hits("/api/reset-always") - before).toBe(1);
  });

  it("a 5xx with a JSON error is 'status' with the upstream's message, not retried, logged at warn", async () => {
    const before = hits("/api/server-error");
    const error = await failure(call("GET", "/api/server-error", Value));
    expect(error).toMatchObject({
      kind: "status",
      status: 503,
      unanswered: false,
      messages: ["The contracting service is paused"],
    });
    expect(hits("/api/server-error") - before).toBe(1);
    expect(logged("upstream answered with an error").at(-1)).toMatchObject({ level: 40, kind: "status", status: 503 });
  });

  it("a 200 with HTML is a 'contract' mismatch: 'Undefined response from server' (502), logged at error", async () => {
    const error = await failure(call("GET", "/api/html", Value));
    expect(error).toMatchObject({ kind: "contract", status: 502, unanswered: false, messages: [UNDEFINED_RESPONSE] });
    expect(logged("upstream response did not match the contract").at(-1)).toMatchObject({
      level: 50,
      kind: "contract",
      path: "/api/html",
      notJson: true,
      contentType: "text/html",
    });
  });

  it("a 401 is 'unauthorized'", async () => {
    expect(await failure(call("GET", "/api/unauthorized", Value, { token: "x" }))).toMatchObject({
      kind: "unauthorized",
      status: 401,
    });
  });
});
