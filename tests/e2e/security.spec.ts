import { expect, loginAs, test } from "./fixtures";

test("health and readiness", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
});

test("security headers with a per-request CSP nonce", async ({ request }) => {
  const [a, b] = await Promise.all([request.get("/"), request.get("/")]);
  const csp = a.headers()["content-security-policy"];
  expect(csp).toContain("frame-ancestors 'none'");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(b.headers()["content-security-policy"]).not.toContain(nonce!);
  expect(await a.text()).toContain(`nonce="${nonce}"`);
  expect(a.headers()["x-content-type-options"]).toBe("nosniff");
  expect(a.headers()["x-request-id"]).toBeTruthy();
});

test("fingerprinted assets are cached for a year and compressed", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!, { headers: { "accept-encoding": "gzip" } });
  expect(response.headers()["cache-control"]).toContain("max-age=31536000");
  expect(response.headers()["cache-control"]).toContain("immutable");
  expect(response.headers()["content-encoding"]).toBe("gzip");
});

test("a script's answer carries a file's headers, not a page's (issue 21)", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const assets = [...html.matchAll(/\/assets\/[^"]+\.js/g)].map((match) => match[0]);
  expect(assets.length).toBeGreaterThan(2);
  for (const asset of assets) {
    const headers = (await request.get(asset, { headers: { "accept-encoding": "br, gzip" } })).headers();
    expect(headers["content-type"]).toContain("javascript");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    // Compressed, however small (the default leaves answers under 1 KB as they are).
    expect(headers["content-encoding"]).toBe("br");
    for (const name of ["content-security-policy", "x-frame-options", "permissions-policy", "x-request-id", "etag"]) {
      expect(headers[name], `${asset}: ${name}`).toBeUndefined();
    }
  }
  // The page itself keeps them.
  const page = (await request.get("/")).headers();
  expect(page["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(page["x-frame-options"]).toBe("DENY");
});

test("a cross-site form post is refused", async ({ request }) => {
  const response = await request.post("/?index", {
    form: { email: "agent@demo.test", password: "demo-pass-123" },
    headers: { origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
});

test("the upstream token never reaches the browser", async ({ page, context }) => {
  await loginAs(page, "agent@demo.test");
  const session = (await context.cookies()).find((c) => c.name === "portal_session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  expect(await page.evaluate(() => document.cookie)).not.toContain("portal_session");
  const html = await page.content();
  expect(html).not.toMatch(/[0-9a-f]{64}/);
  expect(html).not.toContain('"token"');
});
