import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LearningResourceResponseSchema,
  LearningResourcesResponseSchema,
} from "../../../app/.server/upstream/schemas/learning-center.ts";
import type { ReferenceApi } from "../index.ts";
import { CARRIERS_NO_LEARNING_CENTER, INVALID_LIBRARY } from "./routes.ts";
import {
  AGENCY_ONLY_RESOURCE_IDS,
  UNSAFE_LEARNING_BODY,
  UNSAFE_LEARNING_RESOURCE_ID,
  seedLearningResources,
} from "./seed.ts";
import { tinyPdf } from "../contracting/seed.ts";
import { expectError, startTestApi, tempDbPath, testClient, testSeed } from "../core/test-support.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-learning-");
let api: ReferenceApi;
const client = testClient(() => api.url);
const { tokenOf, send } = client;
const AGENT = "agent@demo.test";
const AGENCY = "agency@demo.test";
const ADMIN = "admin@demo.test";
const CARRIER = "carrier@demo.test";

async function list(email: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return client.ok(LearningResourcesResponseSchema, "GET", `/api/learning_center/resources?${qs}`, {
    token: await tokenOf(email),
  });
}
const ids = (body: { resources: Array<{ id: number }> }) => body.resources.map((r) => r.id);

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

describe("the learning center seed (issue 12)", () => {
  const seed = seedLearningResources();
  it("has at least 12 resources per library, across three carriers and two products, some with attachments", () => {
    for (const library of ["agent", "documentation", "enrollment"] as const) {
      const of = seed.filter((r) => r.library === library);
      expect(of.length).toBeGreaterThanOrEqual(12);
      expect(new Set(of.map((r) => r.carrierId).filter((c) => c !== null)).size).toBe(3);
      expect(new Set(of.map((r) => r.productId).filter((p) => p !== null)).size).toBe(2);
      expect(of.some((r) => r.attachments.length > 0)).toBe(true);
      expect(of.some((r) => r.links.length > 0)).toBe(true);
    }
    expect(seed.flatMap((r) => r.attachments).some((a) => a.contentType === "image/png")).toBe(true);
  });
  it("one resource carries unsafe HTML; two are for agencies only", () => {
    expect(seed.find((r) => r.id === UNSAFE_LEARNING_RESOURCE_ID)?.body).toBe(UNSAFE_LEARNING_BODY);
    expect(seed.filter((r) => r.audience === "agencies").map((r) => r.id)).toEqual([...AGENCY_ONLY_RESOURCE_IDS]);
  });
});

describe("GET /api/learning_center/resources", () => {
  it("lists a library, most recently updated first, with the paging meta and the filter's choices", async () => {
    const body = await list(AGENCY, { library: "agent" });
    expect(body.resources).toHaveLength(14);
    expect(body.resources.every((r) => r.library === "agent")).toBe(true);
    const updated = body.resources.map((r) => r.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());
    expect(body.meta).toMatchObject({ currentPage: 1, perPage: 25, totalCount: 14, totalPages: 1, sort: null });
    expect(body.filters.carriers.map((c) => c.name)).toEqual([
      "Blue Harbor Health",
      "Evergreen Life & Health",
      "Summit Mutual",
    ]);
    expect(body.filters.products.map((p) => p.name)).toEqual(["Medicare Advantage", "Medicare Supplement"]);
    expect(body.resources[0]!.updatedAt).toBe(testSeed.daysAgo(2, "14:30"));
  });

  it("the audience rule: an agent never sees a resource for agencies; agencies and admins do", async () => {
    const agent = await list(AGENT, { library: "agent" });
    expect(agent.meta.totalCount).toBe(13);
    expect(ids(agent)).not.toContain(AGENCY_ONLY_RESOURCE_IDS[0]);
    expect(ids(await list(ADMIN, { library: "agent" }))).toContain(AGENCY_ONLY_RESOURCE_IDS[0]);
    expect(ids(await list(AGENCY, { library: "documentation" }))).toContain(AGENCY_ONLY_RESOURCE_IDS[1]);
    expect(ids(await list(AGENT, { library: "documentation" }))).not.toContain(AGENCY_ONLY_RESOURCE_IDS[1]);
    // Not even through the search of every library.
    expect((await list(AGENT, { search: "agency" })).resources.some((r) => r.audience === "agencies")).toBe(false);
  });

  it("searches title, description, category and carrier; filters by carrier and product; sorts; pages", async () => {
    const searched = await list(AGENT, { library: "enrollment", search: "CHECKLIST" });
    expect(searched.resources.map((r) => r.title).sort()).toEqual([
      "Blue Harbor Health Medicare Advantage enrollment checklist",
      "Evergreen Life & Health enrollment checklist",
    ]);
    const byCarrier = await list(AGENT, { library: "enrollment", search: "summit" });
    expect(byCarrier.resources.every((r) => r.carrierName === "Summit Mutual")).toBe(true);
    expect(byCarrier.resources.length).toBe(3);

    const filtered = await list(AGENT, { library: "agent", carrierId: 2, productId: 2 });
    expect(filtered.resources.map((r) => r.title).sort()).toEqual([
      "Summit Mutual Medicare Supplement underwriting guide",
      "Summit Mutual commission schedule",
    ]);

    const sorted = await list(AGENT, { library: "agent", sort: "title", order: "ASC" });
    const titles = sorted.resources.map((r) => r.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const desc = await list(AGENT, { library: "agent", sort: "title", order: "DESC" });
    expect(ids(desc)).toEqual([...ids(sorted)].reverse());

    const page2 = await list(AGENT, { library: "agent", perPage: 5, page: 2, sort: "title", order: "ASC" });
    expect(page2.meta).toMatchObject({ currentPage: 2, perPage: 5, totalCount: 13, totalPages: 3 });
    expect(ids(page2)).toEqual(ids(sorted).slice(5, 10));
  });

  it("without a library: every library (the hub's search)", async () => {
    const body = await list(AGENCY, { search: "Evergreen", perPage: 50 });
    expect(new Set(body.resources.map((r) => r.library))).toEqual(new Set(["agent", "documentation", "enrollment"]));
  });

  it("refuses a malformed library or filter (422) and carriers (403)", async () => {
    const token = await tokenOf(AGENT);
    expectError(await send("GET", "/api/learning_center/resources?library=secret", { token }), 422, INVALID_LIBRARY);
    expectError(await send("GET", "/api/learning_center/resources?carrierId=abc", { token }), 422);
    expectError(
      await send("GET", "/api/learning_center/resources", { token: await tokenOf(CARRIER) }),
      403,
      CARRIERS_NO_LEARNING_CENTER,
    );
    expectError(await send("GET", "/api/learning_center/resources"), 401);
  });
});

describe("GET /api/learning_center/resources/:id and its attachments", () => {
  it("a resource with its body, attachments and links; 404 in another library", async () => {
    const token = await tokenOf(AGENT);
    const { resource } = await client.ok(
      LearningResourceResponseSchema,
      "GET",
      "/api/learning_center/resources/1?library=agent",
      { token },
    );
    expect(resource).toMatchObject({
      id: 1,
      library: "agent",
      title: "Blue Harbor Health Medicare Advantage agent guide",
      carrierName: "Blue Harbor Health",
      productName: "Medicare Advantage",
      attachmentCount: 1,
      links: [{ title: "Blue Harbor Health broker portal", url: "https://portal.blueharbor.example.com" }],
    });
    expect(resource.attachments).toEqual([
      { id: 1, name: "blue-harbor-ma-agent-guide.pdf", contentType: "application/pdf", size: expect.any(Number) },
    ]);
    expect(resource.body).toContain("<h3>What it covers</h3>");
    expectError(await send("GET", "/api/learning_center/resources/1?library=enrollment", { token }), 404);
    expectError(await send("GET", "/api/learning_center/resources/9999", { token }), 404);
    expectError(await send("GET", "/api/learning_center/resources/abc", { token }), 404);
  });

  it("the unsafe HTML is stored and served as the upstream has it: sanitising is the portal's job", async () => {
    const { resource } = await client.ok(
      LearningResourceResponseSchema,
      "GET",
      `/api/learning_center/resources/${UNSAFE_LEARNING_RESOURCE_ID}`,
      { token: await tokenOf(AGENT) },
    );
    expect(resource.body).toBe(UNSAFE_LEARNING_BODY);
    expect(resource.body).toContain("<script>");
  });

  it("the audience rule: 404 for an agent, 200 for an agency, resource and attachment alike", async () => {
    const [id] = AGENCY_ONLY_RESOURCE_IDS;
    expectError(await send("GET", `/api/learning_center/resources/${id}`, { token: await tokenOf(AGENT) }), 404);
    const { resource } = await client.ok(
      LearningResourceResponseSchema,
      "GET",
      `/api/learning_center/resources/${id}`,
      { token: await tokenOf(AGENCY) },
    );
    expect(resource.audience).toBe("agencies");
    const path = `/api/learning_center/resources/${id}/attachments/${resource.attachments[0]!.id}`;
    expectError(await send("GET", path, { token: await tokenOf(AGENT) }), 404);
    const download = await fetch(`${api.url}${path}`, {
      headers: { authorization: `Bearer ${await tokenOf(AGENCY)}` },
    });
    expect(download.status).toBe(200);
  });

  it("serves an attachment's bytes inertly; 404 for another resource's attachment or another library", async () => {
    const token = await tokenOf(AGENT);
    const download = await fetch(`${api.url}/api/learning_center/resources/1/attachments/1?library=agent`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toMatch(/^inline; filename="blue-harbor-ma-agent-guide.pdf"/);
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(
      tinyPdf("Blue Harbor Health Medicare Advantage agent guide"),
    );
    expectError(await send("GET", "/api/learning_center/resources/2/attachments/1", { token }), 404);
    expectError(await send("GET", "/api/learning_center/resources/1/attachments/1?library=enrollment", { token }), 404);
    expectError(await send("GET", "/api/learning_center/resources/1/attachments/x", { token }), 404);
  });
});
