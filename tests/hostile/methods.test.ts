import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { portal, signIn, watchOutput } from "./support";

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Any method, as a scanner sends it (Fetch refuses to send TRACE at all). */
function raw(method: string, path: string, options: { cookie?: string; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, portal), {
      method,
      headers: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        // Node's client sends a DELETE's body without a length unless told one.
        ...(options.body !== undefined
          ? { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(options.body) }
          : {}),
      },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/** Methods the portal does not serve (it serves GET, HEAD and POST), every one Node's HTTP parser knows. */
const REFUSED = ["TRACE", "OPTIONS", "PUT", "PATCH", "DELETE", "PROPFIND", "MKCOL", "SEARCH", "PURGE"];
const PATHS = ["/", "/profile", "/profile.data", "/admin/users/110/edit", "/no-such-page"];

describe("a method the portal does not serve is a 405 page in the layout, logged at info (issue 20)", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await signIn("agent@demo.test");
  });

  it("signed out: 405 with Allow, the error page in the portal's HTML layout; nothing on stderr, no error logged", async () => {
    const output = watchOutput();
    for (const method of REFUSED) {
      for (const path of PATHS) {
        const answer = await raw(method, path);
        const what = `${method} ${path}`;
        expect(answer.status, what).toBe(405);
        expect(answer.headers.allow, what).toBe("GET, HEAD, POST");
        expect(answer.headers["content-type"], what).toMatch(/^text\/html/);
        expect(answer.body, what).toMatch(/^<!DOCTYPE html><html lang="en"/);
        expect(answer.body, what).toContain(`The portal does not answer ${method} requests.`);
        expect(answer.body, what).toContain("Back to the home page");
      }
    }
    // The server runs at LOG_LEVEL=error: a 405 (logged at info) writes nothing; a fault would.
    expect(output()).toEqual({ stdout: "", stderr: "" });
  });

  it("signed in: the same 405 inside the user's chrome (menu, name), and no action runs for PUT, PATCH or DELETE", async () => {
    const output = watchOutput();
    for (const method of ["TRACE", "PUT", "PATCH", "DELETE", "PROPFIND"]) {
      for (const path of ["/", "/profile", "/contact_support"]) {
        const answer = await raw(method, path, { cookie, body: "subject=x&message=y" });
        const what = `${method} ${path}`;
        expect(answer.status, what).toBe(405);
        expect(answer.headers.allow, what).toBe("GET, HEAD, POST");
        expect(answer.body, what).toContain(`The portal does not answer ${method} requests.`);
        expect(answer.body, what).toContain("Maria Alvarez");
        expect(answer.body, what).toContain('href="/contract_now"');
        // The body is never read: the connection closes after the answer.
        expect(answer.headers.connection, what).toBe("close");
      }
    }
    // Still signed in: the refused requests touched nothing.
    expect((await raw("GET", "/profile", { cookie })).status).toBe(200);
    expect(output()).toEqual({ stdout: "", stderr: "" });
  });

  it("a method Node's HTTP parser does not know is its 400, never a 500, and writes nothing", async () => {
    const output = watchOutput();
    for (const method of ["FOO", "BREW", "TRACK"]) {
      expect((await raw(method, "/")).status, method).toBe(400);
    }
    expect(output()).toEqual({ stdout: "", stderr: "" });
  });

  it("GET, HEAD and POST are served as before", async () => {
    expect((await raw("GET", "/")).status).toBe(200);
    expect((await raw("HEAD", "/")).status).toBe(200);
    expect((await raw("GET", "/profile", { cookie })).status).toBe(200);
  });
});
