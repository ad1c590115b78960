import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./index";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger("info", stream) };
}

describe("JSON request logs redact secrets (authorization, cookies, passwords, ssn, tin)", () => {
  it("redacts them at the top level and one level down", () => {
    const { lines, logger } = capture();
    logger.info(
      {
        requestId: "r-1",
        password: "demo-pass-123",
        token: "abc",
        ssn: "123-45-6789",
        tin: "12-3456789",
        req: { headers: { authorization: "Bearer abc", cookie: "portal_session=xyz", accept: "text/html" } },
        body: { password: "demo-pass-123", ssn: "123-45-6789", tin: "12-3456789", name: "Maria" },
      },
      "request",
    );
    const text = JSON.stringify(lines);
    for (const secret of ["demo-pass-123", "123-45-6789", "12-3456789", "Bearer abc", "portal_session=xyz", '"abc"']) {
      expect(text).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({ requestId: "r-1", msg: "request", body: { name: "Maria" } });
    expect((lines[0]!.req as { headers: Record<string, string> }).headers.accept).toBe("text/html");
  });
});

/** The server's error handler with a runtime whose log lines and reported errors the test reads. */
async function errorHandling() {
  const { setRuntime } = await import("../app/.server/runtime");
  const { parseEnv } = await import("../app/.server/env");
  const { handleError } = await import("../app/entry.server");
  const { lines, logger } = capture();
  const reported: unknown[] = [];
  setRuntime({
    env: parseEnv({ DEMO: "1" }),
    upstreamUrl: "http://127.0.0.1:9",
    sessionSecrets: ["a-session-secret-of-32-characters"],
    logger,
    reportError: (error) => reported.push(error),
  });
  return { handleError, lines, reported };
}

describe("refused cross-site posts are logged at warn, not error", () => {
  it("React Router's action origin refusal goes to the log at warn and is not reported as an error", async () => {
    const { handleError, lines, reported } = await errorHandling();
    const request = new Request("http://portal.example.com/?index", {
      method: "POST",
      headers: { origin: "https://portal.example.com" },
    });
    const args = { request, params: {}, context: undefined } as unknown as Parameters<typeof handleError>[1];
    handleError(
      new Error(
        "The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.",
      ),
      args,
    );
    expect(reported).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, origin: "https://portal.example.com" });

    handleError(new Error("a real fault"), args);
    expect(reported).toHaveLength(1);
  });

  it("a route error response below 500 (no route, method not allowed) is logged at info and not reported (issue 11 point 8)", async () => {
    const { handleError, lines, reported } = await errorHandling();
    const { UNSAFE_ErrorResponseImpl: ErrorResponse } = await import("react-router");
    const request = new Request("http://portal.example.com/nope", { method: "PUT" });
    const args = { request, params: {}, context: undefined } as unknown as Parameters<typeof handleError>[1];
    const notFound = Object.assign(new ErrorResponse(404, "Not Found", "Error: No route matches", true), {
      error: new Error('No route matches URL "/nope"'),
    });
    handleError(notFound, args);
    handleError(new ErrorResponse(405, "Method Not Allowed", null, true), args);
    expect(reported).toEqual([]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, status: 404, reason: 'No route matches URL "/nope"', method: "PUT" });
    expect(lines[1]).toMatchObject({ level: 30, status: 405 });

    handleError(new ErrorResponse(500, "Internal Server Error", null), args);
    expect(reported).toHaveLength(1);
  });
});
