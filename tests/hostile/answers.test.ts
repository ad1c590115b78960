import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { portal, signIn } from "./support";

interface Raw {
  status: number;
  /** Each header line as sent: a header sent twice is two entries. */
  lines: Array<[string, string]>;
}

/** A request whose answer's header lines are kept as sent (Fetch joins a repeated header into one). */
function raw(path: string, options: { cookie?: string } = {}) {
  return new Promise<Raw>((resolve, reject) => {
    const req = httpRequest(new URL(path, portal), {
      headers: { ...(options.cookie && { cookie: options.cookie }) },
    });
    req.on("response", (res) => {
      const lines: Array<[string, string]> = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        lines.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
      }
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, lines }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("an answer's headers", () => {
  let admin = "";
  beforeAll(async () => {
    admin = await signIn("admin@demo.test");
  });

  // Issue 35 §3: the raw payload's download set nosniff itself, and the server's nosniff was added to it.
  it.each([
    "/admin/carrier_enrollments/1/payload",
    "/admin/carrier_enrollments/1",
    "/admin/carrier_enrollments/1.data",
    "/admin/carrier_imports",
  ])("%s: each header once (Set-Cookie aside), nosniff as one value", async (path) => {
    const answer = await raw(path, { cookie: admin });
    expect(answer.status, path).toBe(200);
    const names = answer.lines.map(([name]) => name).filter((name) => name !== "set-cookie");
    expect(
      names.filter((name, i) => names.indexOf(name) !== i),
      path,
    ).toEqual([]);
    expect(
      answer.lines.filter(([name]) => name === "x-content-type-options"),
      path,
    ).toEqual([["x-content-type-options", "nosniff"]]);
  });
});
