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
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, accept: req.headers.accept, authorization: req.headers.authorization });
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
      case "/api/error-plain":
        return send(400, JSON.stringify("A plain message"));
      case "/api/error-message":
        return send(400, JSON.stringify({ message: "An object with a message" }));
      case "/api/error-array":
        return send(400, JSON.stringify(["One", "Two"]));
      case "/api/error-empty":
        return send(500, "");
      case "/api/slow":
        setTimeout(() => send(200, JSON.stringify({ value: 1 })), 500);
        return;
      default:
        return send(404, JSON.stringify({ error: "Not found" }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  setRuntime({
    env: parseEnv({ UPSTREAM_TIMEOUT_MS: "200" }),
    upstreamUrl: `http://127.0.0.1:${port}`,
    sessionSecrets: ["a-test-secret-of-enough-length"],
    logger: pino({ level: "silent" }),
    reportError: () => {},
  });
});

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
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: "/api/ok", accept: "application/json", authorization: "Bearer t0k" });
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
    expect((await failure(call("POST", "/api/error-string", Value))).messages).toEqual(["Carrier is not accepting requests"]);
    expect((await failure(call("POST", "/api/error-list", Value))).messages).toEqual(["First problem", "Second problem"]);
    expect((await failure(call("POST", "/api/error-empty", Value))).messages).toEqual([UNDEFINED_RESPONSE]);
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
