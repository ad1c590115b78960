import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AdminCarrierExportResponseSchema,
  AdminCarrierExportsResponseSchema,
  CarrierExportSchedulesResponseSchema,
} from "../../../app/admin/sections/carrier_exports/contract.server.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import type { ReferenceApi } from "../index.ts";
import { expectError, expectFields, sqlite, startTestApi, tempDbPath, testClient } from "../core/test-support.ts";
import { firstRecords, INACTIVE_CARRIER, UNKNOWN_CARRIER } from "./routes.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-carrier-exports-");
let api: ReferenceApi;
const client = testClient(() => api.url, { jsonContentTypeOnly: true });
const { tokenOf, ok } = client;
const as = async (email: string, method: string, path: string, json?: unknown) =>
  client.send(method, path, { token: await tokenOf(email), json });
const admin = async (method: string, path: string, json?: unknown) => as("admin@demo.test", method, path, json);
const BASE = "/api/admin/carrier_exports";

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});

const list = async (query = "") =>
  ok(AdminCarrierExportsResponseSchema, "GET", `${BASE}?perPage=50${query}`, {
    token: await tokenOf("admin@demo.test"),
  });

describe("the carrier exports' history", () => {
  it("has the seeded files built on demand and the schedules' runs, each file's rows as many as it says", async () => {
    const all = await list();
    expect(all.meta.totalCount).toBeGreaterThan(20);
    const manual = await list("&trigger=manual");
    expect(manual.records).toHaveLength(6);
    expect(manual.records.every((r) => r.builtBy !== null && r.frequency === null)).toBe(true);
    const daily = await list("&carrier=2&kind=new_contracts&trigger=schedule");
    expect(daily.meta.totalCount).toBeGreaterThanOrEqual(27);
    expect(daily.records.every((r) => r.frequency === "daily" && r.builtBy === null)).toBe(true);
    for (const run of manual.records) {
      const file = await admin("GET", `${BASE}/${run.id}/file`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(file.text.split("\r\n").filter(Boolean)).toHaveLength(run.rowCount + 1);
    }
    expect(manual.records.some((r) => r.rowCount > 0)).toBe(true);
    expect(all.facets.month.length).toBeGreaterThan(0);
  });

  it("reading again builds no slot twice", async () => {
    const before = (await list()).meta.totalCount;
    expect((await list()).meta.totalCount).toBe(before);
  });

  it("a run's page: its facts, history and first rows", async () => {
    const [run] = (await list("&trigger=manual&kind=new_contracts&sort=rows&order=DESC")).records;
    const one = await ok(AdminCarrierExportResponseSchema, "GET", `${BASE}/${run!.id}`, {
      token: await tokenOf("admin@demo.test"),
    });
    expect(one.preview.header[0]).toBe("Request id");
    expect(one.preview.rows.length).toBe(Math.min(10, run!.rowCount));
    expectError(await admin("GET", `${BASE}/999999`), 404);
  });

  it("refuses a malformed filter", async () => {
    expectError(await admin("GET", `${BASE}?kind=everything`), 422);
    expectError(await admin("GET", `${BASE}?month=2026-13`), 422);
  });
});

describe("building a file now", () => {
  it("builds it from the changes since the carrier's last file of that kind, in the history and the audit", async () => {
    const created = await admin("POST", BASE, { carrierId: 3, kind: "new_contracts" });
    expect(created.status, created.text).toBe(201);
    const record = AdminCarrierExportResponseSchema.shape.record.parse((created.json as { record: unknown }).record);
    expect(record.trigger).toBe("manual");
    expect(record.builtBy?.id).toBe(9);
    const one = await ok(AdminCarrierExportResponseSchema, "GET", `${BASE}/${record.id}`, {
      token: await tokenOf("admin@demo.test"),
    });
    expect(one.history[0]?.action).toBe("built");
    // The next one starts where this one ended.
    const again = await admin("POST", BASE, { carrierId: 3, kind: "new_contracts" });
    const next = (again.json as { record: { coveredFrom: string } }).record;
    expect(next.coveredFrom).toBe(record.coveredTo);
  });

  it("refuses an unknown or inactive carrier, a bad kind, and a non-administrator", async () => {
    expect(expectFields(await admin("POST", BASE, { carrierId: 999, kind: "terminations" })).carrierId).toEqual([
      UNKNOWN_CARRIER,
    ]);
    const db = sqlite(dbPath);
    await db.execute("UPDATE carriers SET active = 0 WHERE id = 7");
    expect(expectFields(await admin("POST", BASE, { carrierId: 7, kind: "terminations" })).carrierId).toEqual([
      INACTIVE_CARRIER,
    ]);
    await db.execute("UPDATE carriers SET active = 1 WHERE id = 7");
    db.close();
    expect(expectFields(await admin("POST", BASE, { carrierId: 1, kind: "everything" })).kind).toBeDefined();
    expectFields(await admin("POST", BASE, ["nonsense"]));
    expectError(
      await as("agent@demo.test", "POST", BASE, { carrierId: 1, kind: "terminations" }),
      403,
      ADMIN_ONLY_AREA,
    );
    expectError(await as("agent@demo.test", "GET", `${BASE}/1/file`), 403, ADMIN_ONLY_AREA);
  });
});

describe("the schedules", () => {
  it("lists every carrier with its kinds' frequencies; a change is saved and audited", async () => {
    const token = await tokenOf("admin@demo.test");
    const { schedules } = await ok(CarrierExportSchedulesResponseSchema, "GET", `${BASE}/schedules`, { token });
    expect(schedules.find((s) => s.carrier.id === 2)?.frequencies.new_contracts).toBe("daily");
    expect(schedules.find((s) => s.carrier.id === 6)?.frequencies).toEqual({
      new_contracts: "off",
      terminations: "off",
      address_changes: "off",
    });
    const saved = await admin("PUT", `${BASE}/schedules/6`, {
      new_contracts: "weekly",
      terminations: "off",
      address_changes: "daily",
    });
    expect(saved.status, saved.text).toBe(200);
    const after = await ok(CarrierExportSchedulesResponseSchema, "GET", `${BASE}/schedules`, { token });
    expect(after.schedules.find((s) => s.carrier.id === 6)?.frequencies).toEqual({
      new_contracts: "weekly",
      terminations: "off",
      address_changes: "daily",
    });
    const db = sqlite(dbPath);
    const audited = await db.execute(
      "SELECT action FROM admin_audit WHERE resource = 'carrier_export_schedules' AND record_id = 6",
    );
    db.close();
    expect(audited.rows.map((r) => r.action)).toEqual(["updated"]);
  });

  it("refuses a bad frequency and an unknown carrier", async () => {
    expect(
      expectFields(
        await admin("PUT", `${BASE}/schedules/1`, {
          new_contracts: "hourly",
          terminations: "off",
          address_changes: "off",
        }),
      ).new_contracts,
    ).toBeDefined();
    expectError(
      await admin("PUT", `${BASE}/schedules/999`, {
        new_contracts: "off",
        terminations: "off",
        address_changes: "off",
      }),
      404,
    );
  });
});

describe("firstRecords", () => {
  it("reads quoted cells with line breaks", () => {
    expect(firstRecords('a,b\r\n"x\r\ny","q""z"\r\n', 5)).toEqual([
      ["a", "b"],
      ["x\r\ny", 'q"z'],
    ]);
  });
});
