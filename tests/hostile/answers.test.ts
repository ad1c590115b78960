import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { multipart, portal, signIn, watchOutput } from "./support";

interface Raw {
  status: number;
  /** Each header line as sent: a header sent twice is two entries. */
  lines: Array<[string, string]>;
}

/** A request whose answer's header lines are kept as sent (Fetch joins a repeated header into one). */
function raw(path: string, options: { cookie?: string; method?: string; body?: Buffer; contentType?: string } = {}) {
  return new Promise<Raw>((resolve, reject) => {
    const req = httpRequest(new URL(path, portal), {
      method: options.method ?? "GET",
      headers: {
        ...(options.cookie && { cookie: options.cookie }),
        ...(options.contentType && { "content-type": options.contentType }),
      },
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
    req.end(options.body);
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

describe("a path whose percent-encoding is not UTF-8", () => {
  let admin = "";
  beforeAll(async () => {
    admin = await signIn("admin@demo.test");
  });

  // Issue 35 §4: React Router warned with console.warn, two raw lines on stderr a request.
  it("is answered, and the portal writes only JSON lines, nothing on stderr", async () => {
    const output = watchOutput();
    const paths = ["/%C0%AF", "/admin/%C0%AF", "/%E0%A4%A", "/admin/carrier_imports/%C0%AF", "/learning_center/%FF"];
    for (const cookie of ["", admin]) {
      for (const path of [...paths, "/%C0%AF.data", "/admin/%C0%AF.data"]) {
        const answer = await raw(path, { cookie });
        expect(answer.status, `${path} ${cookie ? "signed in" : "anonymous"}`).toBeLessThan(500);
      }
    }
    // A form with files posted there: its route (hence its body limit) is looked for too.
    const form = multipart([["file", "x"]]);
    for (const path of paths) {
      const answer = await raw(path, { cookie: admin, method: "POST", body: form.body, contentType: form.contentType });
      expect(answer.status, `POST ${path}`).toBeLessThan(500);
    }
    const { stdout, stderr } = output();
    expect(stderr).toBe("");
    for (const line of stdout.split("\n").filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
  });
});
