import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PolicyProductionResponseSchema } from "../../../app/admin/sections/policy_production/contract.server.ts";
import {
  addMonths,
  monthTotal,
  newestCompleteMonth,
  type ProductionRow,
} from "../../../app/admin/sections/policy_production/records.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import type { ReferenceApi } from "../index.ts";
import { expectError, sqlite, startTestApi, tempDbPath, testClient } from "../core/test-support.ts";
import { NOT_AN_AGENCY, RANGE_BACKWARDS } from "./routes.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-policy-production-");
let api: ReferenceApi;
const client = testClient(() => api.url, { jsonContentTypeOnly: true });
const { tokenOf, ok } = client;
const AGENCY = 5;

const list = async (query: string) =>
  ok(PolicyProductionResponseSchema, "GET", `/api/admin/policy_production${query}`, {
    token: await tokenOf("admin@demo.test"),
  });

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});

interface Policy {
  userId: number;
  month: string;
  kind: string;
  carrierId: number;
  productId: number;
}

/** The seed as the database holds it, read apart from the API: the brokers' uplines and every policy. */
async function seedOf() {
  const db = sqlite(dbPath);
  try {
    const users = await db.execute("SELECT id, upline_user_id, role FROM users WHERE role IN ('Agent', 'Agency')");
    const policies = await db.execute(`SELECT p.user_id, p.effective_date, p.sale_kind, cp.carrier_id, cp.product_id
      FROM policies p JOIN carrier_products cp ON cp.id = p.carrier_product_id`);
    return {
      uplines: new Map(
        users.rows.map((r) => [Number(r.id), r.upline_user_id == null ? null : Number(r.upline_user_id)]),
      ),
      policies: policies.rows.map((r): Policy => ({
        userId: Number(r.user_id),
        month: String(r.effective_date).slice(0, 7),
        kind: String(r.sale_kind),
        carrierId: Number(r.carrier_id),
        productId: Number(r.product_id),
      })),
    };
  } finally {
    db.close();
  }
}

/** The counts of `policies` by kind, as a row carries them. */
function countsOf(policies: Policy[]) {
  const of = (kind: string) => policies.filter((p) => p.kind === kind).length;
  return {
    newCount: of("new"),
    planChangeCount: of("plan_change"),
    renewalCount: of("renewal"),
    total: policies.length,
  };
}
const figures = (r: ProductionRow) => ({
  newCount: r.newCount,
  planChangeCount: r.planChangeCount,
  renewalCount: r.renewalCount,
  total: r.total,
});

describe("/api/admin/policy_production", () => {
  it("is the administrators' only", async () => {
    const response = await client.send("GET", "/api/admin/policy_production", {
      token: await tokenOf("agency@demo.test"),
    });
    expectError(response, 403, ADMIN_ONLY_AREA);
    expectError(
      await client.send("GET", "/api/admin/policy_production/export", { token: await tokenOf("agent@demo.test") }),
      403,
      ADMIN_ONLY_AREA,
    );
  });

  it("by default counts the last 24 complete months, and says which month is the newest complete one", async () => {
    const body = await list("");
    const newest = newestCompleteMonth(new Date());
    expect(body.summary).toMatchObject({ to: newest, from: addMonths(newest, -23), newestComplete: newest });
    expect(body.summary.series.map((m) => m.month)).toEqual(
      Array.from({ length: 24 }, (_, i) => addMonths(newest, i - 23)),
    );
    // Every month of the demo has production; plan changes and renewals are counted apart.
    for (const m of body.summary.series) expect(monthTotal(m), m.month).toBeGreaterThan(0);
    expect(body.summary.series.filter((m) => m.planChangeCount > 0).length).toBeGreaterThan(12);
    expect(body.summary.series.filter((m) => m.renewalCount > 0).length).toBeGreaterThan(6);
    // The top level: agency@ among the top-level agencies, each row's total its kinds' sum.
    expect(body.records.some((r) => r.id === AGENCY && r.kind === "Agency" && r.hasDownline)).toBe(true);
    for (const r of body.records) expect(r.total).toBe(r.newCount + r.planChangeCount + r.renewalCount);
    expect(body.facets.agencyId.some((f) => f.value === String(AGENCY))).toBe(true);
    expect(body.facets.from.find((f) => f.value === addMonths(newest, 1))?.label).toMatch(/\(incomplete\)$/);
  });

  it("rolls agency@'s row up: its own policies plus its whole downline's, three levels deep (computed apart)", async () => {
    const { uplines, policies } = await seedOf();
    const body = await list("?perPage=50");
    const from = body.summary.from;
    const to = body.summary.to;
    const inRange = policies.filter((p) => p.month >= from && p.month <= to);
    /** Whether `id` is `root` or under it, following the uplines. */
    const under = (id: number, root: number) => {
      for (let at: number | null | undefined = id, hops = 0; at != null && hops < 20; at = uplines.get(at), hops++)
        if (at === root) return true;
      return false;
    };
    const depth = Math.max(
      ...[...uplines.keys()]
        .filter((id) => under(id, AGENCY))
        .map((id) => {
          let d = 0;
          for (let at = id; at !== AGENCY; at = uplines.get(at) ?? AGENCY) d++;
          return d;
        }),
    );
    expect(depth).toBe(2);

    const agencyRow = body.records.find((r) => r.id === AGENCY);
    expect(agencyRow && figures(agencyRow)).toEqual(countsOf(inRange.filter((p) => under(p.userId, AGENCY))));

    // Opened: its own policies' row and its direct downline's rows add up to its row.
    const opened = await list(`?agencyId=${AGENCY}&perPage=50`);
    expect(opened.meta.totalCount).toBeLessThanOrEqual(50);
    expect(opened.summary.agency).toEqual({ id: AGENCY, name: "Chen Senior Benefits Group" });
    expect(opened.summary.path).toEqual([]);
    const [own, ...children] = opened.records;
    expect(own).toMatchObject({ id: AGENCY, own: true, name: "Chen Senior Benefits Group (own policies)" });
    expect(own && figures(own)).toEqual(countsOf(inRange.filter((p) => p.userId === AGENCY)));
    for (const child of children) {
      expect(uplines.get(child.id)).toBe(AGENCY);
      expect(figures(child), child.name).toEqual(countsOf(inRange.filter((p) => under(p.userId, child.id))));
    }
    const sum = (key: "newCount" | "planChangeCount" | "renewalCount" | "total") =>
      opened.records.reduce((n, r) => n + r[key], 0);
    expect({
      newCount: sum("newCount"),
      planChangeCount: sum("planChangeCount"),
      renewalCount: sum("renewalCount"),
      total: sum("total"),
    }).toEqual(agencyRow && figures(agencyRow));
    // The chart counts the same hierarchy.
    expect(opened.summary.series.reduce((n, m) => n + monthTotal(m), 0)).toBe(agencyRow?.total);

    // A bulk agency under agency@ opens in turn, agency@ in its path.
    const sub = children.find((c) => c.kind === "Agency" && c.hasDownline);
    expect(sub).toBeDefined();
    const deeper = await list(`?agencyId=${sub?.id}`);
    expect(deeper.summary.path).toEqual([{ id: AGENCY, name: "Chen Senior Benefits Group" }]);
    expect(deeper.records.reduce((n, r) => n + r.total, 0)).toBe(sub?.total);
  });

  it("filters by carrier, product and months, and the chart follows", async () => {
    const { policies } = await seedOf();
    const facets = (await list("")).facets;
    const carrierId = Number(facets.carrierId[0]?.value);
    const productId = Number(facets.productId[0]?.value);
    const newest = newestCompleteMonth(new Date());
    const from = addMonths(newest, -5);
    const body = await list(`?carrierId=${carrierId}&productId=${productId}&from=${from}&to=${newest}&perPage=50`);
    expect(body.summary.series).toHaveLength(6);
    const expected = policies.filter(
      (p) => p.carrierId === carrierId && p.productId === productId && p.month >= from && p.month <= newest,
    );
    expect(body.summary.series.reduce((n, m) => n + monthTotal(m), 0)).toBe(expected.length);
    expect(body.records.reduce((n, r) => n + r.total, 0)).toBe(expected.length);
  });

  it("tells brokers of the same name apart by their NPN, in the rows and the agency filter (issue 37 §5)", async () => {
    // The seed's bulk agencies share names ("Margaret Scott" three times at the top level): different brokers, each
    // with a users row, an e-mail and an NPN of their own.
    const body = await list("?perPage=100");
    const byName = new Map<string, ProductionRow[]>();
    for (const r of body.records) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
    const namesakes = [...byName.values()].filter((rows) => rows.length > 1);
    expect(namesakes.length).toBeGreaterThan(0);
    for (const rows of namesakes) {
      const npns = rows.map((r) => r.npnNumber);
      expect(npns.every((n) => n !== null)).toBe(true);
      expect(new Set(npns).size).toBe(rows.length);
    }
    const labels = body.facets.agencyId.map((f) => f.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.filter((l) => l.startsWith("Margaret Scott (NPN ")).length).toBeGreaterThan(1);
  });

  it("searches, sorts and pages", async () => {
    const byName = await list("?sort=name&order=ASC&perPage=5");
    const names = byName.records.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    expect(byName.records).toHaveLength(Math.min(5, byName.meta.totalCount));
    const byTotal = await list("?sort=total&order=DESC&perPage=50");
    const totals = byTotal.records.map((r) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const found = await list("?search=chen senior");
    expect(found.records.map((r) => r.id)).toEqual([AGENCY]);
  });

  it("refuses malformed filters with 422", async () => {
    const token = await tokenOf("admin@demo.test");
    const get = async (query: string) => client.send("GET", `/api/admin/policy_production${query}`, { token });
    expectError(await get("?from=2025-13"), 422);
    expectError(await get("?from=2025-06&to=2025-01"), 422, RANGE_BACKWARDS);
    expectError(await get("?from=2000-01&to=2025-01"), 422);
    expectError(await get("?carrierId=x"), 422);
    expectError(await get("?agencyId=1"), 422, NOT_AN_AGENCY);
    expectError(await get("?agencyId=999999"), 422, NOT_AN_AGENCY);
    expectError(await get("/export?agencyId=1"), 422, NOT_AN_AGENCY);
  });

  it("exports the filtered rows as CSV, every page", async () => {
    const token = await tokenOf("admin@demo.test");
    const page = await list(`?agencyId=${AGENCY}&perPage=50`);
    const response = await client.send("GET", `/api/admin/policy_production/export?agencyId=${AGENCY}`, { token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    const [header, ...rows] = parse(response.text) as string[][];
    expect(header).toEqual([
      "Agent id",
      "Agent",
      "NPN",
      "Kind",
      "From",
      "To",
      "New",
      "Plan change",
      "Renewal",
      "Total",
    ]);
    expect(rows.map((r) => [Number(r[0]), r[1], r[2], Number(r[9])])).toEqual(
      page.records.map((r) => [r.id, r.name, r.npnNumber ?? "", r.total]),
    );
    expect(rows[0]?.[3]).toBe("Own policies");
  });
});
