import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isCrossSiteWrite } from "./security";

const HOST = "portal.example";

describe("cross-site form posts are refused: a state-changing request must come from this site", () => {
  it.each(["GET", "HEAD", "OPTIONS", "get"])("%s is never refused", (method) => {
    expect(isCrossSiteWrite(method, { host: HOST, "sec-fetch-site": "cross-site", origin: "https://evil.example" })).toBe(false);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE", "post"])("%s with Sec-Fetch-Site: cross-site is refused", (method) => {
    expect(isCrossSiteWrite(method, { host: HOST, "sec-fetch-site": "cross-site" })).toBe(true);
  });

  it("POST with Sec-Fetch-Site: same-site (a sibling subdomain) is refused", () => {
    expect(isCrossSiteWrite("POST", { host: HOST, "sec-fetch-site": "same-site" })).toBe(true);
  });

  it("POST with Sec-Fetch-Site: same-origin is allowed", () => {
    expect(isCrossSiteWrite("POST", { host: HOST, "sec-fetch-site": "same-origin", origin: `https://${HOST}` })).toBe(false);
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
});
