import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  AdminLearningResourceResponseSchema,
  AdminLearningResourceSavedSchema,
  AdminLearningResourcesResponseSchema,
} from "../../../app/admin/sections/learning_center_resources/contract.server.ts";
import { LearningResourcesResponseSchema } from "../../../app/.server/upstream/schemas/learning-center.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import type { ReferenceApi } from "../index.ts";
import { tinyPdf } from "../contracting/seed.ts";
import { seedLearningResources } from "../learning-center/seed.ts";
import {
  expectError,
  expectFields,
  formOf,
  startTestApi,
  tempDbPath,
  testClient,
  testSeed,
} from "../core/test-support.ts";
import { CHOOSE_A_FILE, PUBLISH_DATE_REQUIRED, UNKNOWN_CARRIER } from "./routes.ts";
import { SEED_UNPUBLISHED_RESOURCES } from "./seed.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-admin-learning-");
let api: ReferenceApi;
const client = testClient(() => api.url);
const { tokenOf, ok } = client;
const admin = async () => tokenOf("admin@demo.test");
const get = async <S extends z.ZodType>(schema: S, path: string, email = "admin@demo.test") =>
  ok(schema, "GET", path, { token: await tokenOf(email) });
const send = async (method: string, path: string, json?: unknown) =>
  client.send(method, path, { token: await admin(), json });
const BASE = "/api/admin/learning_center_resources";

const draft = {
  title: "New agency webinar series",
  library: "agent",
  category: "Training",
  carrierId: null,
  productId: null,
  description: "Monthly webinars for agency principals.",
  body: "<p>Join us <strong>monthly</strong>.</p><script>alert(1)</script>",
  links: [{ title: "Sign up", url: "https://webinars.example.com" }],
  audience: "agencies",
  status: "draft",
  publishOn: null,
};

/** The ids of every resource of the agent library `email` sees. */
async function visibleIds(email: string): Promise<number[]> {
  const list = await get(
    LearningResourcesResponseSchema,
    "/api/learning_center/resources?perPage=50&library=agent",
    email,
  );
  return list.resources.map((r) => r.id);
}

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

describe("who may use the Learning Center resources endpoints", () => {
  it("answers 403 to agents, agencies and carriers, 401 without a token", async () => {
    const endpoints = [
      ["GET", BASE],
      ["GET", `${BASE}/export`],
      ["GET", `${BASE}/1`],
      ["POST", BASE],
      ["PATCH", `${BASE}/1`],
      ["DELETE", `${BASE}/1`],
      ["POST", `${BASE}/1/attachments`],
      ["GET", `${BASE}/1/attachments/1`],
      ["DELETE", `${BASE}/1/attachments/1`],
    ] as const;
    for (const [method, path] of endpoints) {
      for (const email of ["agent@demo.test", "agency@demo.test", "carrier@demo.test"]) {
        const response = await client.send(method, path, {
          token: await tokenOf(email),
          json: method === "GET" ? undefined : {},
        });
        expectError(response, 403, ADMIN_ONLY_AREA);
      }
      expectError(await client.send(method, path, { json: method === "GET" ? undefined : {} }), 401);
    }
  });
});

describe("Learning Center resources", () => {
  it("lists at least 40 resources of every library, state and audience, filtered, with facets", async () => {
    const all = await get(AdminLearningResourcesResponseSchema, `${BASE}?perPage=50`);
    expect(all.meta.totalCount).toBe(seedLearningResources().length + SEED_UNPUBLISHED_RESOURCES.length);
    expect(all.meta.totalCount).toBeGreaterThanOrEqual(40);
    expect(all.facets.state.map((f) => f.value)).toEqual(["draft", "scheduled", "published"]);
    for (const state of ["draft", "scheduled", "published"] as const) {
      const some = await get(AdminLearningResourcesResponseSchema, `${BASE}?perPage=50&state=${state}`);
      expect(some.records.length).toBeGreaterThan(0);
      expect(some.records.every((r) => r.state === state)).toBe(true);
    }
    const agencies = await get(AdminLearningResourcesResponseSchema, `${BASE}?perPage=50&audience=agencies`);
    expect(agencies.records.every((r) => r.audience === "agencies")).toBe(true);
    const library = await get(AdminLearningResourcesResponseSchema, `${BASE}?perPage=50&library=enrollment`);
    expect(new Set(library.records.map((r) => r.library))).toEqual(new Set(["enrollment"]));
    expectError(await send("GET", `${BASE}?state=gone`), 422);
    expectError(await send("GET", `${BASE}/9999`), 404);
  });

  it("drafts and scheduled resources stay out of the agents' libraries", async () => {
    const agencyIds = await visibleIds("agency@demo.test");
    for (const r of SEED_UNPUBLISHED_RESOURCES.filter((u) => u.library === "agent")) {
      expect(agencyIds).not.toContain(r.id);
    }
    expectError(
      await client.send("GET", "/api/learning_center/resources/101", { token: await tokenOf("agency@demo.test") }),
      404,
    );
  });

  it("creates a draft (body cleaned, audited), publishes it for agencies only: agency@ sees it, agent@ does not", async () => {
    const created = AdminLearningResourceSavedSchema.parse((await send("POST", BASE, draft)).json);
    expect(created.record.body).toBe("<p>Join us <strong>monthly</strong>.</p>");
    expect(created.record.state).toBe("draft");
    const id = created.record.id;
    expect(await visibleIds("agency@demo.test")).not.toContain(id);

    expect(Object.keys(expectFields(await send("PATCH", `${BASE}/${id}`, { status: "published" })))).toEqual([
      "publishOn",
    ]);
    expect(expectFields(await send("PATCH", `${BASE}/${id}`, { status: "published" })).publishOn).toEqual([
      PUBLISH_DATE_REQUIRED,
    ]);
    // Scheduled for tomorrow: nobody yet.
    const tomorrow = testSeed.daysFromNow(1);
    const scheduled = AdminLearningResourceSavedSchema.parse(
      (await send("PATCH", `${BASE}/${id}`, { status: "published", publishOn: tomorrow })).json,
    );
    expect(scheduled.record.state).toBe("scheduled");
    expect(await visibleIds("agency@demo.test")).not.toContain(id);
    // Published today: agencies (and admins) see it, agents do not.
    await send("PATCH", `${BASE}/${id}`, { publishOn: testSeed.day });
    expect(await visibleIds("agency@demo.test")).toContain(id);
    expect(await visibleIds("agent@demo.test")).not.toContain(id);
    // For everyone: agents too.
    await send("PATCH", `${BASE}/${id}`, { audience: "all" });
    expect(await visibleIds("agent@demo.test")).toContain(id);

    const { history } = await get(AdminLearningResourceResponseSchema, `${BASE}/${id}`);
    expect(history.map((h) => h.action)).toEqual(["updated", "updated", "updated", "created"]);

    expect((await send("DELETE", `${BASE}/${id}`)).status).toBe(204);
    expectError(await send("GET", `${BASE}/${id}`), 404);
  });

  it("refuses unknown carriers and bad links at their fields", async () => {
    const fields = expectFields(
      await send("POST", BASE, { ...draft, carrierId: 999, links: [{ title: "x", url: "javascript:alert(1)" }] }),
    );
    expect(fields.links).toBeDefined();
    const carrier = expectFields(await send("POST", BASE, { ...draft, carrierId: 999 }));
    expect(carrier.carrierId).toEqual([UNKNOWN_CARRIER]);
  });

  it("attaches, replaces and removes files; refuses what is not an image or a PDF", async () => {
    const token = await admin();
    const pdf = new Blob([tinyPdf("Rate sheet")], { type: "application/pdf" });
    const added = await client.send("POST", `${BASE}/103/attachments`, {
      token,
      form: formOf({ file: [pdf, "rates.pdf"] }),
    });
    expect(added.status, added.text).toBe(201);
    const attachment = AdminLearningResourceSavedSchema.parse(added.json).record.attachments[0]!;
    expect(attachment.name).toBe("rates.pdf");
    const bytes = await fetch(`${api.url}${BASE}/103/attachments/${attachment.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get("content-type")).toBe("application/pdf");

    const replaced = await client.send("POST", `${BASE}/103/attachments`, {
      token,
      form: formOf({ file: [pdf, "rates-v2.pdf"], replaces: String(attachment.id) }),
    });
    expect(AdminLearningResourceSavedSchema.parse(replaced.json).record.attachments.map((a) => a.name)).toEqual([
      "rates-v2.pdf",
    ]);
    const html = new Blob(["<script>alert(1)</script>"], { type: "text/html" });
    expect(
      (await client.send("POST", `${BASE}/103/attachments`, { token, form: formOf({ file: [html, "x.html"] }) }))
        .status,
    ).toBe(422);
    expectError(
      await client.send("POST", `${BASE}/103/attachments`, { token, form: formOf({ note: "no file" }) }),
      422,
      CHOOSE_A_FILE,
    );

    const newId = AdminLearningResourceSavedSchema.parse(replaced.json).record.attachments[0]!.id;
    expect((await send("DELETE", `${BASE}/103/attachments/${newId}`)).status).toBe(204);
    expect((await get(AdminLearningResourceResponseSchema, `${BASE}/103`)).record.attachments).toEqual([]);
    const { history } = await get(AdminLearningResourceResponseSchema, `${BASE}/103`);
    expect(history.map((h) => h.action)).toEqual(["attachment_removed", "attachment_replaced", "attachment_added"]);
  });
});
