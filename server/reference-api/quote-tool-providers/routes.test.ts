import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AdminQuoteToolProviderResponseSchema,
  AdminQuoteToolProvidersResponseSchema,
  PROVIDER_ADDRESS,
} from "../../../app/admin/sections/quote_tool_providers/contract.server.ts";
import { QuoteToolAvailabilitySchema } from "../../../app/.server/upstream/schemas/enrollments.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import type { ReferenceApi } from "../index.ts";
import { NO_TEST_SITE, QUOTE_TOOL_OFF, ROLE_NOT_ALLOWED, SIGN_ON_PATH } from "../sunfire/routes.ts";
import { expectError, expectFields, sqlite, startTestApi, tempDbPath, testClient } from "../core/test-support.ts";
import { LAST_ENABLED, NAME_TAKEN } from "./routes.ts";
import { DEMO_TEST_SIGN_ON_PATH } from "./seed.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-quote-providers-");
let api: ReferenceApi;
const bodies: string[] = [];
const client = testClient(() => api.url, { jsonContentTypeOnly: true, onBody: (text) => bodies.push(text) });
const { tokenOf, ok } = client;
const as = async (email: string, method: string, path: string, json?: unknown) =>
  client.send(method, path, { token: await tokenOf(email), json });
const admin = async (method: string, path: string, json?: unknown) => as("admin@demo.test", method, path, json);
const SignOn = z.strictObject({ url: z.string() });

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});

const SECRET = "s3cret-never-shown-0042";

describe("/api/admin/quote_tool_providers", () => {
  it("lists the seed's providers, the secret only as hasSecret", async () => {
    const list = await ok(AdminQuoteToolProvidersResponseSchema, "GET", "/api/admin/quote_tool_providers", {
      token: await tokenOf("admin@demo.test"),
    });
    expect(list.records.map((p) => [p.name, p.enabled, p.hasSecret])).toEqual([
      ["Sunfire", true, true],
      ["Connecture DRX", false, false],
    ]);
    expect(JSON.stringify(list)).not.toContain("demo-sunfire-client-secret");
    const disabled = await ok(
      AdminQuoteToolProvidersResponseSchema,
      "GET",
      "/api/admin/quote_tool_providers?enabled=no",
      {
        token: await tokenOf("admin@demo.test"),
      },
    );
    expect(disabled.records.map((p) => p.name)).toEqual(["Connecture DRX"]);
    expectError(await admin("GET", "/api/admin/quote_tool_providers?role=Nobody"), 422);
  });

  it("creates with a secret it never answers, exports or audits; keeps it on a change without one", async () => {
    bodies.length = 0;
    const created = await admin("POST", "/api/admin/quote_tool_providers", {
      name: "Spare provider",
      signOnUrl: "https://spare.example.com/sso",
      testSiteUrl: null,
      roles: ["Agency"],
      enabled: false,
      secret: SECRET,
    });
    expect(created.status).toBe(201);
    const { record } = AdminQuoteToolProviderResponseSchema.pick({ record: true }).parse(created.json);
    expect(record).toMatchObject({ hasSecret: true, roles: ["Agency"], enabled: false });
    const patched = await admin("PATCH", `/api/admin/quote_tool_providers/${record.id}`, { name: "Spare provider 2" });
    expect(patched.status).toBe(200);
    const read = await ok(AdminQuoteToolProviderResponseSchema, "GET", `/api/admin/quote_tool_providers/${record.id}`, {
      token: await tokenOf("admin@demo.test"),
    });
    expect(read.record).toMatchObject({ name: "Spare provider 2", hasSecret: true });
    expect(read.history[1]!.changes).toContainEqual({ field: "secret", from: null, to: "replaced" });
    await admin("GET", "/api/admin/quote_tool_providers/export");
    for (const body of bodies) expect(body).not.toContain(SECRET);
    const stored = await sqlite(dbPath).execute({
      sql: "SELECT secret FROM quote_tool_providers WHERE id = ?",
      args: [record.id],
    });
    expect(stored.rows[0]!.secret).toBe(SECRET);
    expect(
      expectFields(await admin("POST", "/api/admin/quote_tool_providers", { ...read.record, secret: null })),
    ).toEqual({
      name: [NAME_TAKEN],
    });
    expect(
      expectFields(
        await admin("PATCH", `/api/admin/quote_tool_providers/${record.id}`, { signOnUrl: "javascript:alert(1)" }),
      ),
    ).toEqual({ signOnUrl: [PROVIDER_ADDRESS] });
    expect((await admin("DELETE", `/api/admin/quote_tool_providers/${record.id}`)).status).toBe(204);
  });

  it("is an administrator's own: 403 to anyone else", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/quote_tool_providers"],
      ["GET", "/api/admin/quote_tool_providers/1"],
      ["GET", "/api/admin/quote_tool_providers/export"],
      ["POST", "/api/admin/quote_tool_providers"],
      ["PATCH", "/api/admin/quote_tool_providers/1"],
      ["DELETE", "/api/admin/quote_tool_providers/1"],
    ] as const)
      expectError(await as("agent@demo.test", method, path, method === "GET" ? undefined : {}), 403, ADMIN_ONLY_AREA);
  });
});

describe("the quote tool follows its providers (GET /partners/sunfire)", () => {
  const signOn = async (email: string, query = "") =>
    new URL((await ok(SignOn, "GET", `/partners/sunfire${query}`, { token: await tokenOf(email) })).url);
  const availability = async (email: string, query = "") =>
    QuoteToolAvailabilitySchema.parse((await as(email, "GET", `/partners/sunfire/availability${query}`)).json);

  it("opens the provider's address; ?site=test its test address", async () => {
    expect((await signOn("agent@demo.test")).pathname).toBe(SIGN_ON_PATH);
    expect(await availability("agent@demo.test")).toEqual({ available: true, provider: "Sunfire" });
    const test = await signOn("admin@demo.test", "?site=test");
    expect(test.pathname).toBe(DEMO_TEST_SIGN_ON_PATH);
    const page = await fetch(test);
    expect(await page.text()).toContain("(test site)");
    await admin("PATCH", "/api/admin/quote_tool_providers/1", {
      testSiteUrl: "https://uat.quotes.example.com/sso?x=1",
    });
    const changed = await signOn("admin@demo.test", "?site=test");
    expect(changed.origin + changed.pathname).toBe("https://uat.quotes.example.com/sso");
    expect(changed.searchParams.get("x")).toBe("1");
    expect(changed.searchParams.get("token")).toBeTruthy();
    await admin("PATCH", "/api/admin/quote_tool_providers/1", { testSiteUrl: null });
    expectError(await admin("GET", "/partners/sunfire?site=test"), 409, NO_TEST_SITE);
    expect(await availability("admin@demo.test", "?site=test")).toEqual({ available: false, reason: "no_test_site" });
    await admin("PATCH", "/api/admin/quote_tool_providers/1", { testSiteUrl: DEMO_TEST_SIGN_ON_PATH });
  });

  it("a role removed is refused; disabled is off for everyone; the last enabled one is not deleted", async () => {
    await admin("PATCH", "/api/admin/quote_tool_providers/1", { roles: ["Agency"] });
    expectError(await as("agent@demo.test", "GET", "/partners/sunfire"), 403, ROLE_NOT_ALLOWED);
    expectError(await as("agent@demo.test", "GET", "/partners/sunfire/availability"), 403, ROLE_NOT_ALLOWED);
    expect((await signOn("agency@demo.test")).pathname).toBe(SIGN_ON_PATH);
    expectError(await admin("DELETE", "/api/admin/quote_tool_providers/1"), 409, LAST_ENABLED);
    await admin("PATCH", "/api/admin/quote_tool_providers/1", { roles: ["Agent", "Agency"], enabled: false });
    expectError(await as("agent@demo.test", "GET", "/partners/sunfire"), 409, QUOTE_TOOL_OFF);
    expect(await availability("agent@demo.test")).toEqual({ available: false, reason: "disabled" });
    await admin("PATCH", "/api/admin/quote_tool_providers/1", { enabled: true });
    expect(await availability("agent@demo.test")).toEqual({ available: true, provider: "Sunfire" });
  });
});
