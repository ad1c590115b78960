import { request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  forwardedHeaders,
  isCrossSiteWrite,
  noStoreByDefault,
  refuseCrossSiteWrites,
  requestOrigin,
  securityHeaders,
} from "./security";

const HOST = "portal.example";

describe("cross-site form posts are refused: a state-changing request must come from this site", () => {
  it.each(["GET", "HEAD", "OPTIONS", "get"])("%s is never refused", (method) => {
    expect(
      isCrossSiteWrite(method, { host: HOST, "sec-fetch-site": "cross-site", origin: "https://evil.example" }),
    ).toBe(false);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE", "post"])("%s with Sec-Fetch-Site: cross-site is refused", (method) => {
    expect(isCrossSiteWrite(method, { host: HOST, "sec-fetch-site": "cross-site" })).toBe(true);
  });

  it("POST with Sec-Fetch-Site: same-site (a sibling subdomain) is refused", () => {
    expect(isCrossSiteWrite("POST", { host: HOST, "sec-fetch-site": "same-site" })).toBe(true);
  });

  it("POST with Sec-Fetch-Site: same-origin is allowed", () => {
    expect(isCrossSiteWrite("POST", { host: HOST, "sec-fetch-site": "same-origin", origin: `https://${HOST}` })).toBe(
      false,
    );
  });

  it("POST with Sec-Fetch-Site: none (typed or bookmarked) is allowed", () => {
    expect(isCrossSiteWrite("POST", { host: HOST, "sec-fetch-site": "none" })).toBe(false);
  });

  it("POST whose Origin is this host is allowed", () => {
    expect(isCrossSiteWrite("POST", { host: HOST, origin: `https://${HOST}` })).toBe(false);
    expect(isCrossSiteWrite("POST", { host: "localhost:3000", origin: "http://localhost:3000" })).toBe(false);
  });

  it("POST whose Origin is another host is refused", () => {
    expect(isCrossSiteWrite("POST", { host: HOST, origin: "https://evil.example" })).toBe(true);
    expect(isCrossSiteWrite("POST", { host: HOST, origin: `https://${HOST}.evil.example` })).toBe(true);
    expect(isCrossSiteWrite("POST", { host: "localhost:3000", origin: "http://localhost:4000" })).toBe(true);
  });

  it("POST with Origin 'null' (sandboxed or opaque origin) is refused", () => {
    expect(isCrossSiteWrite("POST", { host: HOST, origin: "null" })).toBe(true);
  });

  it("POST with Origin 'null' that the browser says is same-origin (a no-referrer page's form) is allowed", () => {
    expect(
      isCrossSiteWrite("POST", { origin: "null", "sec-fetch-site": "same-origin", host: HOST }, `http://${HOST}`),
    ).toBe(false);
    expect(
      isCrossSiteWrite("POST", { origin: "null", "sec-fetch-site": "cross-site", host: HOST }, `http://${HOST}`),
    ).toBe(true);
  });

  it("POST with an unparseable Origin is refused", () => {
    expect(isCrossSiteWrite("POST", { host: HOST, origin: "::not a url::" })).toBe(true);
  });

  it("POST with neither Origin nor Sec-Fetch-Site (old browsers, curl) is allowed", () => {
    expect(isCrossSiteWrite("POST", { host: HOST })).toBe(false);
  });

  it("X-Forwarded-Host is honoured (behind a proxy the Host header is internal)", () => {
    const behindProxy = { host: "app:3000", "x-forwarded-host": HOST };
    expect(isCrossSiteWrite("POST", { ...behindProxy, origin: `https://${HOST}` })).toBe(false);
    expect(isCrossSiteWrite("POST", { ...behindProxy, origin: "https://evil.example" })).toBe(true);
    expect(isCrossSiteWrite("POST", { ...behindProxy, origin: "http://app:3000" })).toBe(true);
  });

  it("with several X-Forwarded-Host values the first (client-facing) one counts", () => {
    const headers = { host: "app:3000", "x-forwarded-host": `${HOST}, internal-proxy` };
    expect(isCrossSiteWrite("POST", { ...headers, origin: `https://${HOST}` })).toBe(false);
    expect(isCrossSiteWrite("POST", { ...headers, origin: "https://internal-proxy" })).toBe(true);
  });
});

describe("Content-Security-Policy", () => {
  const nonce = "bm9uY2UtZm9yLXRlc3Q=";
  const csp = contentSecurityPolicy(nonce);
  const directives = new Map(
    csp.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );

  it("scripts need the request's nonce", () => {
    expect(directives.get("script-src")).toContain(`'nonce-${nonce}'`);
    expect(directives.get("script-src")).not.toContain("'unsafe-inline'");
    expect(directives.get("script-src")).not.toContain("'unsafe-eval'");
  });

  it("a different nonce gives a different policy", () => {
    expect(contentSecurityPolicy("other")).toContain("'nonce-other'");
    expect(contentSecurityPolicy("other")).not.toContain(nonce);
  });

  it("frame-ancestors 'none' (no framing)", () => {
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("object-src 'none'", () => {
    expect(directives.get("object-src")).toEqual(["'none'"]);
  });

  it("default-src 'self', base-uri and form-action limited to this site", () => {
    expect(directives.get("default-src")).toEqual(["'self'"]);
    expect(directives.get("base-uri")).toEqual(["'self'"]);
    expect(directives.get("form-action")).toEqual(["'self'"]);
  });

  it("is one header line", () => {
    expect(csp).not.toMatch(/[\r\n]/);
  });

  it("form-action adds exactly the quote tool's origins, whose sign-on redirect follows a form post (ADR 021)", () => {
    const withQuoteTool = contentSecurityPolicy(nonce, [], ["https://quotes.example.com"]);
    expect(withQuoteTool).toContain("form-action 'self' https://quotes.example.com;");
    expect(withQuoteTool).toContain("default-src 'self';");
  });
});

describe("with the request's own origin, a browser's Origin must match it exactly (as React Router's check does)", () => {
  const SELF = "https://portal.example.com";

  it("the same origin is allowed, with or without Sec-Fetch-Site: same-origin", () => {
    expect(isCrossSiteWrite("POST", { origin: SELF }, SELF)).toBe(false);
    expect(isCrossSiteWrite("POST", { origin: SELF, "sec-fetch-site": "same-origin" }, SELF)).toBe(false);
    expect(isCrossSiteWrite("POST", { origin: "https://portal.example.com:443" }, SELF)).toBe(false);
  });

  it("another scheme or port is refused, even when the browser says same-origin (an untrusted proxy)", () => {
    expect(
      isCrossSiteWrite("POST", { origin: SELF, "sec-fetch-site": "same-origin" }, "http://portal.example.com"),
    ).toBe(true);
    expect(isCrossSiteWrite("POST", { origin: "https://portal.example.com:8443" }, SELF)).toBe(true);
  });

  it("no Origin (curl, old browsers) is allowed; 'null', garbage or an unusable Host is refused", () => {
    expect(isCrossSiteWrite("POST", {}, SELF)).toBe(false);
    expect(isCrossSiteWrite("POST", { origin: "null" }, SELF)).toBe(true);
    expect(isCrossSiteWrite("POST", { origin: "::nope::" }, SELF)).toBe(true);
    expect(isCrossSiteWrite("POST", { origin: SELF }, null)).toBe(true);
  });

  it("cross-site and same-site Sec-Fetch-Site are refused whatever the Origin", () => {
    expect(isCrossSiteWrite("POST", { origin: SELF, "sec-fetch-site": "cross-site" }, SELF)).toBe(true);
    expect(isCrossSiteWrite("POST", { origin: SELF, "sec-fetch-site": "same-site" }, SELF)).toBe(true);
  });
});

/** A small express app with the portal's middleware order, on a free port. */
async function serve(trustProxy: unknown, logs: Record<string, unknown>[] = []) {
  const logger = pino(
    { level: "info" },
    new Writable({
      write(chunk, _encoding, done) {
        logs.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    }),
  );
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(forwardedHeaders);
  app.use(securityHeaders({ hsts: true }));
  app.use(refuseCrossSiteWrites(logger));
  app.use(noStoreByDefault);
  app.get("/own-cache", (_req, res) => {
    res.set("Cache-Control", "public, max-age=60").send("cached");
  });
  app.get("/redirect", (_req, res) => {
    res.redirect(302, "/");
  });
  app.all(/.*/, (req, res) => {
    res.json({
      origin: requestOrigin(req),
      protocol: req.protocol,
      host: req.get("host"),
      forwardedFor: req.get("x-forwarded-for") ?? null,
    });
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, logs };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map(async (s) => new Promise((resolve) => s.close(resolve))));
});

/** node:http, because fetch does not let a test choose the Host header. */
async function send(port: number, method: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, method, path, headers: { connection: "close", ...headers } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(method === "POST" ? "email=a%40b.c" : undefined);
  });
}

const BEHIND_TLS_PROXY = {
  host: "10.1.2.3:3000",
  "x-forwarded-proto": "https",
  "x-forwarded-host": "portal.example.com",
  "x-forwarded-for": "198.51.100.20",
  origin: "https://portal.example.com",
  "sec-fetch-site": "same-origin",
  "content-type": "application/x-www-form-urlencoded",
};

describe("TRUST_PROXY decides whose forwarded headers count; sign-in works behind a TLS-terminating proxy", () => {
  it.each([1, "loopback", ["127.0.0.1"], ["loopback", "linklocal", "uniquelocal"]])(
    "trusted proxy (%o): the request's origin is the browser's, the post passes, HSTS is sent",
    async (trust) => {
      const { port } = await serve(trust);
      const response = await send(port, "POST", "/?index", BEHIND_TLS_PROXY);
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body)).toEqual({
        origin: "https://portal.example.com",
        protocol: "https",
        // X-Forwarded-Host without a port replaces Host, so React Router's adapter takes no port from it.
        host: "portal.example.com",
        forwardedFor: "198.51.100.20",
      });
      expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    },
  );

  it.each([0, ["203.0.113.7"], ["10.0.0.0/8"]])(
    "untrusted peer (%o): forwarded headers are dropped, the post is refused (403) and logged at warn",
    async (trust) => {
      const { port, logs } = await serve(trust);
      const response = await send(port, "POST", "/?index", BEHIND_TLS_PROXY);
      expect(response.status).toBe(403);
      expect(response.headers["strict-transport-security"]).toBeUndefined();
      const refusal = logs.find((l) => l.msg === "cross-site write refused");
      expect(refusal).toMatchObject({
        level: 40,
        origin: "https://portal.example.com",
        expectedOrigin: "http://10.1.2.3:3000",
        secFetchSite: "same-origin",
      });
      expect(String(refusal?.hint)).toContain("TRUST_PROXY");
      expect(logs.some((l) => (l.level as number) >= 50)).toBe(false);

      const get = await send(port, "GET", "/", BEHIND_TLS_PROXY);
      expect(JSON.parse(get.body)).toEqual({
        origin: "http://10.1.2.3:3000",
        protocol: "http",
        host: "10.1.2.3:3000",
        forwardedFor: null,
      });
    },
  );

  it("a trusted proxy's first X-Forwarded-Host value counts (port kept)", async () => {
    const { port } = await serve(1);
    const response = await send(port, "GET", "/", {
      host: "app:3000",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "portal.example.com:8443, internal-proxy",
    });
    expect(JSON.parse(response.body)).toMatchObject({
      origin: "https://portal.example.com:8443",
      host: "portal.example.com:8443",
    });
  });

  it("a cross-site post to a trusted-proxy deployment is still refused", async () => {
    const { port } = await serve(1);
    const response = await send(port, "POST", "/?index", {
      ...BEHIND_TLS_PROXY,
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(response.status).toBe(403);
  });

  it("no HSTS over plain http", async () => {
    const { port } = await serve(1);
    const response = await send(port, "GET", "/", { host: "localhost:3000" });
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });
});

describe("pages and data answers: Cache-Control: private, no-store unless the route chose one", () => {
  it("answers and redirects without Cache-Control get private, no-store", async () => {
    const { port } = await serve(0);
    expect((await send(port, "GET", "/dashboard.data", { host: "localhost" })).headers["cache-control"]).toBe(
      "private, no-store",
    );
    expect((await send(port, "GET", "/redirect", { host: "localhost" })).headers["cache-control"]).toBe(
      "private, no-store",
    );
  });

  it("a route's own Cache-Control is kept, not doubled", async () => {
    const { port } = await serve(0);
    expect((await send(port, "GET", "/own-cache", { host: "localhost" })).headers["cache-control"]).toBe(
      "public, max-age=60",
    );
  });
});

describe("an account link's token never leaves through the Referer header (issue 13)", () => {
  it("a page or data request naming a token is sent with Referrer-Policy: no-referrer; other pages are not", async () => {
    const { port } = await serve(false);
    const token = "Ab3_-".repeat(8) + "xyz";
    for (const path of [
      `/account/update_password/${token}`,
      `/registration/${token}.data`,
      `/account/verify/${token}`,
    ]) {
      expect((await send(port, "GET", path, {})).headers["referrer-policy"]).toBe("no-referrer");
    }
    for (const path of ["/registration", "/account/update_password", "/"]) {
      expect((await send(port, "GET", path, {})).headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });

  it("the refused cross-site post's log line has no token", async () => {
    const { port, logs } = await serve(false);
    const token = "Ab3_-".repeat(8) + "xyz";
    await send(port, "POST", `/account/update_password/${token}`, {
      host: "127.0.0.1",
      origin: "https://evil.example",
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(JSON.stringify(logs)).not.toContain(token);
    expect(JSON.stringify(logs)).toContain("/account/update_password/[redacted]");
  });
});
