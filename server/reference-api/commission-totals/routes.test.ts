import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import {
  AdminCommissionTotalDetailSchema,
  AdminCommissionTotalsResponseSchema,
} from "../../../app/admin/sections/commission_totals/contract.server.ts";
import {
  CommissionPayoutsResponseSchema,
  CommissionStatementsResponseSchema,
} from "../../../app/.server/upstream/schemas/commissions.ts";
import type { ReferenceApi } from "../index.ts";
import { publishedPeriods } from "../commission-statements/seed.ts";
import { expectError, sqlite, startTestApi, tempDbPath, testClient, testSeed } from "../core/test-support.ts";
import { MINIMUM_PAYOUT_CENTS } from "./totals.ts";

type List = ReturnType<typeof AdminCommissionTotalsResponseSchema.parse>;
type Row = List["records"][number];

const { dbPath, remove: removeDb } = tempDbPath("reference-api-commission-totals-");
let api: ReferenceApi;
const client = testClient(() => api.url);
const csvClient = testClient(() => api.url, { jsonContentTypeOnly: true });
const PERIODS = publishedPeriods(testSeed);
const NEWEST = PERIODS[PERIODS.length - 1]!;
/** A bulk agent given a large deduction in the first period, so a negative balance is carried. */
let indebted = 0;

async function list(query: Record<string, string | number> = {}): Promise<List> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return client.ok(AdminCommissionTotalsResponseSchema, "GET", `/api/admin/commission_totals?${qs}`, {
    token: await client.tokenOf("admin@demo.test"),
  });
}

/** Every row of the query, page by page. */
async function allRows(query: Record<string, string | number> = {}): Promise<Row[]> {
  const first = await list({ ...query, perPage: 50 });
  const rest = [];
  for (let page = 2; page <= first.meta.totalPages; page++) rest.push(list({ ...query, perPage: 50, page }));
  return [first, ...(await Promise.all(rest))].flatMap((l) => l.records);
}

/** agent@'s approved entries of the newest period in the seed (the payout entries' seed), before this test's own. */
let seededEntries = 0;

beforeAll(async () => {
  api = await startTestApi(dbPath);
  const db = sqlite(dbPath);
  try {
    const found = await db.execute(
      "SELECT user_id FROM commission_splits WHERE user_id > 100 AND level = 0 ORDER BY user_id LIMIT 1",
    );
    indebted = Number(found.rows[0]!.user_id);
    const seeded = await db.execute({
      sql: "SELECT COALESCE(SUM(amount_cents), 0) AS cents FROM payout_entries WHERE user_id = 1 AND period = ? AND status = 'approved'",
      args: [NEWEST],
    });
    seededEntries = Number(seeded.rows[0]!.cents);
    // Payout entries of this test's own (the seed of another section may add more): only approved ones count.
    await db.execute({
      sql: `INSERT INTO payout_entries (user_id, kind, amount_cents, memo, period, status, created_by, created_at,
              decided_by, decided_at)
            VALUES (1, 'bonus', 12345, 'Q1 bonus', ?1, 'approved', 9, '2025-01-01', 10, '2025-01-02'),
                   (1, 'fee', -2501, 'E&O fee', ?1, 'approved', 9, '2025-01-01', 10, '2025-01-02'),
                   (1, 'bonus', 99999, 'Not yet', ?1, 'pending', 9, '2025-01-01', NULL, NULL),
                   (1, 'advance', 77777, 'Refused', ?1, 'rejected', 9, '2025-01-01', 10, '2025-01-02'),
                   (?2, 'chargeback_recovery', -1000000, 'Recovery', ?3, 'approved', 9, '2025-01-01', 10, '2025-01-02')`,
      args: [NEWEST, indebted, PERIODS[0]!],
    });
  } finally {
    db.close();
  }
}, 60_000);

afterAll(async () => {
  await api?.close();
  removeDb();
});

describe("GET /api/admin/commission_totals", () => {
  it(
    "lists one row per person and published period, newest first, each balance rolled forward",
    { timeout: 60_000 },
    async () => {
      const first = await list();
      expect(first.minimumPayoutCents).toBe(MINIMUM_PAYOUT_CENTS);
      expect(first.facets.period.map((f) => f.value)).toEqual([...PERIODS].reverse());
      expect(first.facets.carrierId.length).toBeGreaterThanOrEqual(6);
      expect(first.facets.agencyId.map((f) => f.value)).toContain("5");
      expect(first.records.every((r) => r.period === NEWEST)).toBe(true);
      const rows = await allRows();
      expect(rows).toHaveLength(first.meta.totalCount);
      const byUser = new Map<number, Row[]>();
      for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
      expect(byUser.size).toBeGreaterThan(50);
      for (const [userId, own] of byUser) {
        own.sort((a, b) => a.period.localeCompare(b.period));
        // From the person's first period to the newest, without gaps.
        expect(own.map((r) => r.period)).toEqual(PERIODS.slice(PERIODS.indexOf(own[0]!.period)));
        let carried = 0;
        for (const r of own) {
          expect(r.carriedInCents, `${userId} ${r.period}`).toBe(carried);
          const available = r.carriedInCents + r.streetCents + r.overridesCents + r.entriesCents;
          expect(r.payoutCents).toBe(available >= MINIMUM_PAYOUT_CENTS ? available : 0);
          expect(r.carriedForwardCents).toBe(available - r.payoutCents);
          expect(r.byCarrier.reduce((s, c) => s + c.streetCents, 0)).toBe(r.streetCents);
          expect(r.byCarrier.reduce((s, c) => s + c.overridesCents, 0)).toBe(r.overridesCents);
          carried = r.carriedForwardCents;
        }
      }
      // agency@ earns overrides; agent@ street.
      expect(byUser.get(5)!.some((r) => r.overridesCents > 0)).toBe(true);
      expect(byUser.get(1)!.every((r) => r.role === "Agent" && r.agencyName !== null)).toBe(true);
      // The deduction is carried as a negative balance until it is earned back.
      const debt = byUser.get(indebted)!;
      expect(debt[0]!).toMatchObject({ payoutCents: 0 });
      expect(debt[0]!.carriedForwardCents).toBeLessThan(0);
    },
  );

  it("counts only approved entries of the period", async () => {
    const [row] = (await list({ period: NEWEST, search: "agent@demo.test" })).records.filter((r) => r.userId === 1);
    expect(row!.entriesCents).toBe(seededEntries + 12345 - 2501);
  });

  it("filters by period, carrier (street and overrides of that carrier only) and agency hierarchy", async () => {
    const period = PERIODS[3]!;
    const inPeriod = await allRows({ period });
    expect(inPeriod.length).toBeGreaterThan(0);
    expect(inPeriod.every((r) => r.period === period)).toBe(true);

    const facets = (await list()).facets;
    const carrierId = Number(facets.carrierId[0]!.value);
    const byCarrier = await allRows({ period, carrierId });
    expect(byCarrier.length).toBeGreaterThan(0);
    expect(byCarrier.length).toBeLessThan(inPeriod.length);
    const whole = new Map(inPeriod.map((r) => [r.userId, r]));
    for (const r of byCarrier) {
      expect(r.byCarrier.map((c) => c.carrierId)).toEqual([carrierId]);
      const mine = whole.get(r.userId)!.byCarrier.find((c) => c.carrierId === carrierId)!;
      expect([r.streetCents, r.overridesCents]).toEqual([mine.streetCents, mine.overridesCents]);
      expect(r.payoutCents).toBe(whole.get(r.userId)!.payoutCents);
    }

    // agency@ (5): itself, agent@ and the bulk agencies and agents below it, three levels deep.
    const hierarchy = await allRows({ period, agencyId: 5 });
    const ids = new Set(hierarchy.map((r) => r.userId));
    expect(ids.has(5) && ids.has(1)).toBe(true);
    expect([...ids].some((id) => id > 100)).toBe(true);
    expect(ids.size).toBeLessThan(new Set(inPeriod.map((r) => r.userId)).size);
    const bulkAgency = [...ids].find((id) => id > 100 && (id - 101) % 10 === 0);
    expect(bulkAgency).toBeDefined();
    const below = await allRows({ period, agencyId: bulkAgency! });
    expect(below.every((r) => ids.has(r.userId))).toBe(true);
    expect(below.length).toBeLessThan(hierarchy.length);
  });

  it("searches by name or e-mail, pages and sorts", async () => {
    const found = await allRows({ search: "AGENT@DEMO" });
    expect(new Set(found.map((r) => r.userId))).toEqual(new Set([1]));
    const page = await list({ perPage: 10, page: 2, sort: "payout", order: "DESC" });
    expect(page.records).toHaveLength(10);
    const sorted = await allRows({ period: NEWEST, sort: "payout", order: "DESC" });
    expect(sorted.map((r) => r.payoutCents)).toEqual([...sorted.map((r) => r.payoutCents)].sort((a, b) => b - a));
    expectError(
      await client.send("GET", "/api/admin/commission_totals?period=2025-13", {
        token: await client.tokenOf("admin@demo.test"),
      }),
      422,
    );
    expectError(
      await client.send("GET", "/api/admin/commission_totals?agencyId=x", {
        token: await client.tokenOf("admin@demo.test"),
      }),
      422,
    );
  });

  it("exports the filtered list as CSV: the same rows", async () => {
    const query = { period: PERIODS[5]!, agencyId: 5, sort: "name", order: "ASC" };
    const rows = await allRows(query);
    const response = await csvClient.send(
      "GET",
      `/api/admin/commission_totals/export?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      { token: await client.tokenOf("admin@demo.test") },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    const [header, ...records] = parse(response.text) as string[][];
    expect(header).toEqual([
      "User id",
      "Name",
      "Role",
      "Agency",
      "Period",
      "Street",
      "Overrides",
      "Entries",
      "Carried in",
      "Payout",
      "Carried forward",
    ]);
    // A negative amount starts with "-": neutralised against formula injection like every cell (streamCsv).
    const dollars = (c: number) => `${c < 0 ? "'" : ""}${(c / 100).toFixed(2)}`;
    expect(records).toEqual(
      rows.map((r) => [
        String(r.userId),
        r.name,
        r.role,
        r.agencyName ?? "",
        r.period,
        dollars(r.streetCents),
        dollars(r.overridesCents),
        dollars(r.entriesCents),
        dollars(r.carriedInCents),
        dollars(r.payoutCents),
        dollars(r.carriedForwardCents),
      ]),
    );
  });

  it("drills down to the lines and entries behind a row: they add up to it", async () => {
    const token = await client.tokenOf("admin@demo.test");
    for (const [userId, period] of [
      [5, NEWEST],
      [1, NEWEST],
      [1, PERIODS[2]!],
    ] as const) {
      // Every page of each level's lines (perPage 50: agency@'s month holds hundreds).
      const levelLines = async (level: "street" | "overrides") => {
        const pages = [];
        for (let page = 1; ; page++) {
          const detail = await client.ok(
            AdminCommissionTotalDetailSchema,
            "GET",
            `/api/admin/commission_totals/${userId}-${period}?level=${level}&page=${page}&perPage=50`,
            { token },
          );
          expect(detail.level).toBe(level);
          expect(detail.lines.length).toBeLessThanOrEqual(50);
          pages.push(detail);
          if (page >= detail.meta.totalPages) return pages;
        }
      };
      const street = await levelLines("street");
      const overrides = await levelLines("overrides");
      const { record, entries, lineCounts } = street[0]!;
      expect(record).toMatchObject({ userId, period, key: `${userId}-${period}` });
      const streetLines = street.flatMap((d) => d.lines);
      const overrideLines = overrides.flatMap((d) => d.lines);
      expect(streetLines.every((l) => l.level === 0) && overrideLines.every((l) => l.level > 0)).toBe(true);
      expect([streetLines.length, overrideLines.length]).toEqual([lineCounts.street, lineCounts.overrides]);
      expect(new Set(streetLines.map((l) => l.id)).size).toBe(streetLines.length);
      const sum = (lines: typeof streetLines) => lines.reduce((s, l) => s + l.amountCents, 0);
      expect(sum(streetLines)).toBe(record.streetCents);
      expect(sum(overrideLines)).toBe(record.overridesCents);
      expect(entries.reduce((s, e) => s + e.amountCents, 0)).toBe(record.entriesCents);
      expect(
        [...streetLines, ...overrideLines].filter((l) => l.kind === "chargeback").every((l) => l.amountCents < 0),
      ).toBe(true);
    }
    // agency@'s month is more than one page of street lines and of overrides.
    const agency = await client.ok(
      AdminCommissionTotalDetailSchema,
      "GET",
      `/api/admin/commission_totals/5-${PERIODS[2]!}?level=overrides&perPage=50`,
      { token },
    );
    expect(agency.meta.totalPages).toBeGreaterThan(1);
    // Searched by a policy number (any case): that policy's lines only, counted as the search narrows them.
    const policy = agency.lines[0]!.policyNumber;
    const found = await client.ok(
      AdminCommissionTotalDetailSchema,
      "GET",
      `/api/admin/commission_totals/5-${PERIODS[2]!}?level=overrides&search=${encodeURIComponent(policy.toLowerCase())}`,
      { token },
    );
    expect(found.lines.map((l) => l.id)).toContain(agency.lines[0]!.id);
    expect(
      found.lines.every(
        (l) => l.policyNumber.includes(policy) || l.memberName.toLowerCase().includes(policy.toLowerCase()),
      ),
    ).toBe(true);
    expect(found.meta.totalCount).toBe(found.lines.length);
    expect(found.lineCounts).toEqual(agency.lineCounts);
    for (const bad of ["1", "1-2025-13", "0-2025-01", "1-1999-01", "999999-2025-01"]) {
      expectError(await client.send("GET", `/api/admin/commission_totals/${bad}`, { token }), 404);
    }
  });

  it("is refused to anyone but an administrator", async () => {
    for (const email of ["agent@demo.test", "agency@demo.test"]) {
      for (const path of ["", "/export", `/1-${NEWEST}`]) {
        const response = await client.send("GET", `/api/admin/commission_totals${path}`, {
          token: await client.tokenOf(email),
        });
        expectError(response, 403);
      }
    }
  });
});

describe("the agents' Commissions equal the administrators' totals", () => {
  it("for every seeded agent and agency and every published period: street, overrides, entries, balances, payout", async () => {
    const rows = await allRows();
    const users = [...new Set(rows.map((r) => r.userId))];
    // A session of each person's own, written straight into the test database (no sign-in per person).
    const db = sqlite(dbPath);
    try {
      await db.batch(
        users.map((id) => ({
          sql: "INSERT INTO sessions (token, user_id, created_at) VALUES (?, ?, ?)",
          args: [`equality-${id}`, id, new Date().toISOString()],
        })),
        "write",
      );
    } finally {
      db.close();
    }
    let compared = 0;
    const check = async (userId: number) => {
      const token = `equality-${userId}`;
      const own = rows.filter((r) => r.userId === userId);
      const payouts = await client.send("GET", "/api/commissions/payouts", { token });
      if (payouts.status === 403) return; // an LOA agent has no Commissions page
      const { payouts: list } = CommissionPayoutsResponseSchema.parse(payouts.json);
      expect(list.map((p) => p.period)).toEqual(own.map((r) => r.period).sort());
      for (const row of own) {
        const statement = await client.ok(
          CommissionStatementsResponseSchema,
          "GET",
          `/api/commissions/statements?period=${row.period}&perPage=5`,
          { token },
        );
        expect(statement.periods).toEqual(list.map((p) => p.period).reverse());
        const summary = statement.summary!;
        const payout = list.find((p) => p.period === row.period)!;
        const label = `${userId} ${row.period}`;
        expect(
          {
            street: summary.streetCents,
            overrides: summary.overridesCents,
            entries: summary.entriesCents,
            carriedIn: summary.carriedInCents,
            payout: summary.payoutCents,
            carriedForward: summary.carriedForwardCents,
            chartPayout: payout.payoutCents,
            chartCarried: payout.carriedForwardCents,
            earned: payout.earnedCents,
          },
          label,
        ).toEqual({
          street: row.streetCents,
          overrides: row.overridesCents,
          entries: row.entriesCents,
          carriedIn: row.carriedInCents,
          payout: row.payoutCents,
          carriedForward: row.carriedForwardCents,
          chartPayout: row.payoutCents,
          chartCarried: row.carriedForwardCents,
          earned: row.streetCents + row.overridesCents + row.entriesCents,
        });
        expect(summary.entries.reduce((s, e) => s + e.amountCents, 0)).toBe(row.entriesCents);
        compared++;
      }
    };
    for (let i = 0; i < users.length; i += 8) await Promise.all(users.slice(i, i + 8).map(check));
    expect(compared).toBeGreaterThan(rows.length * 0.9);
  }, 180_000);
});
