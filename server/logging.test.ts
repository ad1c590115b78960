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
