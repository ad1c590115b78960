import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { ReferenceApi } from "../index.ts";
import { NO_QUOTE_TOOL, SIGN_ON_PATH, SIGN_ON_TTL_MS, TEST_SITE_ADMINS_ONLY, UNKNOWN_SITE } from "./routes.ts";
import { expectError, startTestApi, tempDbPath, testClient } from "../core/test-support.ts";

/* Spec §7 "GET /partners/sunfire | reads url; opened in a new window", as docs/upstream-api.md states it. */
const SignOnSchema = z.strictObject({ url: z.string().url() });

const { dbPath, remove: removeDb } = tempDbPath("reference-api-sunfire-");
let api: ReferenceApi;
const client = testClient(() => api.url, { jsonContentTypeOnly: true });
const { tokenOf } = client;

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function signOnUrl(email: string, query = ""): Promise<URL> {
  const body = await client.ok(SignOnSchema, "GET", `/partners/sunfire${query}`, { token: await tokenOf(email) });
  return new URL(body.url);
}

/** Opens the link as a browser would: no session, no bearer token. */
async function visit(url: URL) {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

describe("GET /partners/sunfire: a single-use sign-on link", () => {
  it("leads to this service's own demo provider, with a random token of at least 128 bits, never cached", async () => {
    const response = await client.send("GET", "/partners/sunfire", { token: await tokenOf("agent@demo.test") });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const url = new URL(SignOnSchema.parse(response.json).url);
    expect(url.origin).toBe(new URL(api.url).origin);
    expect(url.pathname).toBe(SIGN_ON_PATH);
    const token = url.searchParams.get("token") ?? "";
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    // Another call, another token.
    expect((await signOnUrl("agent@demo.test")).searchParams.get("token")).not.toBe(token);
  });

  it("the link signs in once: the provider page names the agent; a second visit says it was used", async () => {
    const url = await signOnUrl("agent@demo.test");
    const first = await visit(url);
    expect(first.status).toBe(200);
    expect(first.html).toContain("Demo quote provider — signed in as Maria Alvarez");
    expect(first.html).not.toContain("test site");
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.headers.get("referrer-policy")).toBe("no-referrer");
    const second = await visit(url);
    expect(second.status).toBe(410);
    expect(second.html).toContain("This sign-on link has already been used or has expired");
    expect(second.html).not.toContain("Maria Alvarez");
  });

  it("expires quickly: a link visited after SIGN_ON_TTL_MS is refused", async () => {
    const url = await signOnUrl("agency@demo.test");
    const issued = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(issued + SIGN_ON_TTL_MS + 1);
    const late = await visit(url);
    expect(late.status).toBe(410);
    expect(late.html).not.toContain("Linda Chen");
  });

  it("just within its time it still works", async () => {
    const url = await signOnUrl("agency@demo.test");
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + SIGN_ON_TTL_MS - 5_000);
    expect((await visit(url)).html).toContain("signed in as Linda Chen");
  });

  it("an unknown, tampered or missing token is refused", async () => {
    const url = await signOnUrl("agent@demo.test");
    url.searchParams.set("token", `${url.searchParams.get("token")}x`);
    expect((await visit(url)).status).toBe(410);
    expect((await visit(new URL(`${api.url}${SIGN_ON_PATH}`))).status).toBe(410);
  });

  it("?site=test is the admin's test site", async () => {
    const url = await signOnUrl("admin@demo.test", "?site=test");
    const { html } = await visit(url);
    expect(html).toContain("Demo quote provider (test site) — signed in as Grace Harper");
  });

  it("refuses who has no quote tool: beta@ (no sunfireAccess), newagent@ (no active contracts), carrier@", async () => {
    for (const email of ["beta@demo.test", "newagent@demo.test", "carrier@demo.test"]) {
      expectError(await client.send("GET", "/partners/sunfire", { token: await tokenOf(email) }), 403, NO_QUOTE_TOOL);
    }
  });

  it("the test site is refused to anyone but an admin; an unknown site is a 422; no session is a 401", async () => {
    const token = await tokenOf("agent@demo.test");
    expectError(await client.send("GET", "/partners/sunfire?site=test", { token }), 403, TEST_SITE_ADMINS_ONLY);
    expectError(await client.send("GET", "/partners/sunfire?site=other", { token }), 422, UNKNOWN_SITE);
    expect((await client.send("GET", "/partners/sunfire")).status).toBe(401);
  });
});
