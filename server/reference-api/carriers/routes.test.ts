import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type z } from "zod";
import {
  AdminCarrierProductSavedSchema,
  AdminCarrierResponseSchema,
  AdminCarriersResponseSchema,
  AdminCarrierSavedSchema,
} from "../../../app/admin/sections/carriers/contract.server.ts";
import { LearningResourcesResponseSchema } from "../../../app/.server/upstream/schemas/learning-center.ts";
import {
  CenterResourcesResponseSchema,
  ContractingStatusesResponseSchema,
  ProductCarriersResponseSchema,
} from "../../../app/.server/upstream/schemas/contracting.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import type { ReferenceApi } from "../index.ts";
import { SEED_CARRIERS, SEED_CARRIER_PRODUCTS } from "../contracting/seed.ts";
import { expectError, expectFields, startTestApi, tempDbPath, testClient } from "../core/test-support.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-admin-carriers-");
let api: ReferenceApi;
const client = testClient(() => api.url);
const { tokenOf, ok } = client;
const admin = async () => tokenOf("admin@demo.test");
const get = async <S extends z.ZodType>(schema: S, path: string, email = "admin@demo.test") =>
  ok(schema, "GET", path, { token: await tokenOf(email) });
const send = async (method: string, path: string, json?: unknown) =>
  client.send(method, path, { token: await admin(), json });

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

describe("who may use the carriers endpoints", () => {
  it("answers 403 to agents, agencies and carriers, 401 without a token", async () => {
    const endpoints = [
      ["GET", "/api/admin/carriers"],
      ["GET", "/api/admin/carriers/export"],
      ["GET", "/api/admin/carriers/1"],
      ["PATCH", "/api/admin/carriers/1"],
      ["PATCH", "/api/admin/carriers/1/products/101"],
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

describe("carriers", () => {
  it("lists every carrier with its products, searched, filtered and sorted, with facets", async () => {
    const all = await get(AdminCarriersResponseSchema, "/api/admin/carriers?perPage=50");
    expect(all.meta.totalCount).toBe(SEED_CARRIERS.length);
    expect(all.records.map((c) => c.name)).toEqual(SEED_CARRIERS.map((c) => c.name).sort((a, b) => a.localeCompare(b)));
    const blueHarbor = all.records.find((c) => c.id === 1)!;
    expect(blueHarbor.active).toBe(true);
    expect(blueHarbor.products.map((p) => p.carrierProductId).sort()).toEqual(
      SEED_CARRIER_PRODUCTS.filter((cp) => cp.carrierId === 1)
        .map((cp) => cp.id)
        .sort(),
    );
    expect(all.facets.active.map((f) => f.value)).toEqual(["active", "inactive"]);
    expect(all.facets.productId.length).toBeGreaterThan(1);

    const searched = await get(AdminCarriersResponseSchema, "/api/admin/carriers?search=summit");
    expect(searched.records.map((c) => c.name)).toEqual(["Summit Mutual"]);
    const dental = await get(AdminCarriersResponseSchema, "/api/admin/carriers?perPage=50&productId=3");
    expect(dental.records.every((c) => c.products.some((p) => p.productId === 3))).toBe(true);
    const byContracts = await get(AdminCarriersResponseSchema, "/api/admin/carriers?sort=activeContracts&order=DESC");
    const counts = byContracts.records.map((c) => c.activeContracts);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expectError(await send("GET", "/api/admin/carriers?active=maybe"), 422);
    expectError(await send("GET", "/api/admin/carriers?productId=x"), 422);
    expectError(await send("GET", "/api/admin/carriers/999"), 404);
  });

  it("exports the filtered list as CSV", async () => {
    const response = await fetch(`${api.url}/api/admin/carriers/export?search=blue`, {
      headers: { authorization: `Bearer ${await admin()}` },
    });
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe("Id,Carrier,Status,Products,Active contracts,Updated");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^1,Blue Harbor Health,Active,/);
  });

  it("a carrier's record has every product's resource fields and its history", async () => {
    const { record, products, history } = await get(AdminCarrierResponseSchema, "/api/admin/carriers/1");
    expect(record.name).toBe("Blue Harbor Health");
    expect(products.map((p) => p.carrierProductId)).toEqual(record.products.map((p) => p.carrierProductId));
    const ma = products.find((p) => p.carrierProductId === 101)!;
    expect(ma.resource.description).toContain("Blue Harbor Health");
    expect(ma.resource.packageCode).toBe("PKG-MA-2026-01");
    expect(history).toEqual([]);
  });

  it("a saved resource is cleaned, audited and read at once by Contract Now's resources", async () => {
    const saved = AdminCarrierProductSavedSchema.parse(
      (
        await send("PATCH", "/api/admin/carriers/1/products/101", {
          transferPolicy: `<p>Transfers need a <strong>release</strong>.</p><script>alert(1)</script><a href="javascript:x">x</a>`,
          brokerServicesNumber: "",
        })
      ).json,
    );
    expect(saved.product.resource.transferPolicy).toBe("<p>Transfers need a <strong>release</strong>.</p><a>x</a>");
    expect(saved.product.resource.brokerServicesNumber).toBeNull();
    expect(saved.record.updatedAt).not.toBeNull();
    const center = await get(
      CenterResourcesResponseSchema,
      "/api/learning_center/center_resources?carrierProductId=101",
      "agent@demo.test",
    );
    expect(center.learningCenterResources[0]!.transferPolicy).toBe(saved.product.resource.transferPolicy);
    expect(center.learningCenterResources[0]!.brokerServicesNumber).toBeNull();
    const { history } = await get(AdminCarrierResponseSchema, "/api/admin/carriers/1");
    expect(history[0]!.changes.map((c) => c.field)).toEqual([
      "Medicare Advantage: transferPolicy",
      "Medicare Advantage: brokerServicesNumber",
    ]);
  });

  it("refuses a bad link, e-mail or date at its field, and a product of another carrier", async () => {
    const fields = expectFields(
      await send("PATCH", "/api/admin/carriers/1/products/101", {
        carrierPortalLink: "javascript:alert(1)",
        brokerSupportedEmail: "not an e-mail",
        certificationDate: "12/31/2026",
      }),
    );
    expect(Object.keys(fields).sort()).toEqual(["brokerSupportedEmail", "carrierPortalLink", "certificationDate"]);
    expectError(await send("PATCH", "/api/admin/carriers/1/products/102", { packageCode: "X" }), 404);
    expect(Object.keys(expectFields(await send("PATCH", "/api/admin/carriers/1", { name: " " })))).toEqual(["name"]);
  });

  it("an inactive carrier leaves Contract Now and the Learning Center; its contracts stay", async () => {
    const before = await get(ContractingStatusesResponseSchema, "/api/profile/contracting_entries", "agent@demo.test");
    const ofCarrier1 = Object.values(before.contractingStatuses.statuses)
      .flat()
      .filter((e) => e.carrierName === "Blue Harbor Health");
    expect(ofCarrier1.length).toBeGreaterThan(0);

    const off = AdminCarrierSavedSchema.parse((await send("PATCH", "/api/admin/carriers/1", { active: false })).json);
    expect(off.record.active).toBe(false);
    const carriers = await get(
      ProductCarriersResponseSchema,
      "/api/resource_lists/product_carriers/1",
      "agent@demo.test",
    );
    expect(carriers.productCarriers.map((c) => c.id)).not.toContain(1);
    const library = await get(
      LearningResourcesResponseSchema,
      "/api/learning_center/resources?perPage=50",
      "agency@demo.test",
    );
    expect(library.resources.some((r) => r.carrierId === 1)).toBe(false);
    expect(library.filters.carriers.map((c) => c.id)).not.toContain(1);
    const after = await get(ContractingStatusesResponseSchema, "/api/profile/contracting_entries", "agent@demo.test");
    expect(
      Object.values(after.contractingStatuses.statuses)
        .flat()
        .filter((e) => e.carrierName === "Blue Harbor Health"),
    ).toEqual(ofCarrier1);
    // No new request for an inactive carrier's product.
    const refused = await client.send("POST", "/api/profile/contracting_entries", {
      token: await tokenOf("newagent@demo.test"),
      json: { carrierProductIds: [101] },
    });
    expect(refused.status).toBe(422);
    const listed = await get(AdminCarriersResponseSchema, "/api/admin/carriers?active=inactive");
    expect(listed.records.map((c) => c.id)).toEqual([1]);

    await send("PATCH", "/api/admin/carriers/1", { active: true });
    const back = await get(ProductCarriersResponseSchema, "/api/resource_lists/product_carriers/1", "agent@demo.test");
    expect(back.productCarriers.map((c) => c.id)).toContain(1);
  });
});
