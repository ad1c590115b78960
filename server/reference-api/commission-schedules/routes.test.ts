import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CommissionReconciliationResponseSchema,
  CommissionSchedulesResponseSchema,
  CommissionStatementsResponseSchema,
} from "../../../app/.server/upstream/schemas/commissions.ts";
import { reconcile } from "../../../app/domain/commission-reconciliation.ts";
import type { ReferenceApi } from "../index.ts";
import { publishedPeriods } from "../commission-statements/seed.ts";
import { SEED_CARRIER_PRODUCTS } from "../contracting/seed.ts";
import { LOA_NO_COMMISSIONS, UNKNOWN_PERIOD } from "../commissions/routes.ts";
import { NO_RECONCILIATION } from "../commissions/reconciliation.ts";
import { expectError, startTestApi, tempDbPath, testClient, testSeed } from "../core/test-support.ts";
import { NO_SCHEDULE } from "./routes.ts";
import { seedSchedule } from "./schedule.ts";

const { dbPath, remove: removeDb } = tempDbPath("reference-api-schedules-");
let api: ReferenceApi;
const client = testClient(() => api.url);
const { tokenOf } = client;

const PERIODS = publishedPeriods(testSeed);
const NEWEST = PERIODS.at(-1)!;

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

async function schedules(email: string) {
  return client.ok(CommissionSchedulesResponseSchema, "GET", "/api/commission_schedules", {
    token: await tokenOf(email),
  });
}

async function reconciliation(email: string, period?: string) {
  const query = period === undefined ? "" : `?period=${encodeURIComponent(period)}`;
  return client.ok(CommissionReconciliationResponseSchema, "GET", `/api/commissions/reconciliation${query}`, {
    token: await tokenOf(email),
  });
}

describe("GET /api/commission_schedules (issue 25 §3)", () => {
  it("one row per carrier product, with its carrier and product, whole cents, the same every seed day", async () => {
    const { schedules: rows } = await schedules("agent@demo.test");
    expect(rows).toHaveLength(SEED_CARRIER_PRODUCTS.length);
    expect(new Set(rows.map((r) => r.carrierProductId))).toEqual(new Set(SEED_CARRIER_PRODUCTS.map((cp) => cp.id)));
    const seeded = new Map(seedSchedule().map((s) => [s.carrierProductId, s]));
    for (const row of rows) {
      expect(row).toMatchObject(seeded.get(row.carrierProductId)!);
      expect(row.initialCents).toBeGreaterThan(row.renewalCents);
      expect(row.carrierName).not.toBe("");
      expect(row.productName).not.toBe("");
    }
  });

  it("agencies and administrators read it; a carrier is refused", async () => {
    expect((await schedules("agency@demo.test")).schedules.length).toBeGreaterThan(0);
    expect((await schedules("admin@demo.test")).schedules.length).toBeGreaterThan(0);
    const carrier = await client.send("GET", "/api/commission_schedules", {
      token: await tokenOf("carrier@demo.test"),
    });
    expectError(carrier, 403, NO_SCHEDULE);
    expect((await client.send("GET", "/api/commission_schedules")).status).toBe(401);
  });
});

describe("GET /api/commissions/reconciliation (issue 25 §3)", () => {
  it("the newest published period by default: the caller's whole book, their splits and approved entries", async () => {
    const r = await reconciliation("agent@demo.test");
    expect(r.period).toBe(NEWEST);
    expect(r.periods).toEqual([...PERIODS].reverse());
    expect(r.policies).toHaveLength(60);
    expect(new Set(r.policies.map((p) => p.status))).toEqual(new Set(["Active", "Pending", "Terminated", "Canceled"]));
    expect(r.lines.length).toBeGreaterThan(0);
    expect(r.lines.every((l) => l.level === 0)).toBe(true); // agent@ writes under no one: street only
  });

  it("its received totals are the Commissions summary's, for every period, for an agent and an agency", async () => {
    for (const email of ["agent@demo.test", "agency@demo.test"]) {
      const token = await tokenOf(email);
      const [{ schedules: schedule }] = await Promise.all([schedules(email)]);
      for (const period of PERIODS) {
        const [r, statements] = await Promise.all([
          reconciliation(email, period),
          client.ok(CommissionStatementsResponseSchema, "GET", `/api/commissions/statements?period=${period}`, {
            token,
          }),
        ]);
        const { totals } = reconcile({ period, policies: r.policies, schedule, lines: r.lines, entries: r.entries });
        expect(
          { street: totals.streetCents, overrides: totals.overridesCents, entries: totals.entriesCents },
          `${email} ${period}`,
        ).toEqual({
          street: statements.summary!.streetCents,
          overrides: statements.summary!.overridesCents,
          entries: statements.summary!.entriesCents,
        });
      }
    }
  });

  it("agent@'s newest published period holds a missing, a short and an unexpected payment (the seed's)", async () => {
    const [r, { schedules: schedule }] = await Promise.all([
      reconciliation("agent@demo.test"),
      schedules("agent@demo.test"),
    ]);
    const { counts, discrepancies } = reconcile({
      period: NEWEST,
      policies: r.policies,
      schedule,
      lines: r.lines,
      entries: r.entries,
    });
    expect(counts.missing).toBeGreaterThanOrEqual(1);
    expect(counts.short).toBeGreaterThanOrEqual(1);
    expect(counts.unexpected).toBeGreaterThanOrEqual(1);
    const missing = discrepancies.find((d) => d.status === "missing")!;
    expect(missing.receivedCents).toBe(0);
    expect(missing.expectedCents).toBeGreaterThan(0);
    expect(discrepancies.find((d) => d.status === "unexpected")!.why).toMatch(/terminated/);
  });

  it("refuses an unknown period (422), an administrator and an LOA agent (403)", async () => {
    const token = await tokenOf("agent@demo.test");
    for (const period of ["2001-01", "nope", "2026-13"]) {
      expectError(
        await client.send("GET", `/api/commissions/reconciliation?period=${period}`, { token }),
        422,
        UNKNOWN_PERIOD,
      );
    }
    expectError(
      await client.send("GET", "/api/commissions/reconciliation", { token: await tokenOf("admin@demo.test") }),
      403,
      NO_RECONCILIATION,
    );
    expectError(
      await client.send("GET", "/api/commissions/reconciliation", { token: await tokenOf("loa@demo.test") }),
      403,
      LOA_NO_COMMISSIONS,
    );
  });
});
