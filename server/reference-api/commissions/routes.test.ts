import { pathToFileURL } from "node:url";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BookOfBusinessResponseSchema } from "../../../app/.server/upstream/schemas/book-of-business.ts";
import {
  CommissionPayoutsResponseSchema,
  CommissionStatementsResponseSchema,
} from "../../../app/.server/upstream/schemas/commissions.ts";
import { LOA_NO_COMMISSIONS, NO_COMMISSIONS, UNKNOWN_PERIOD } from "./routes.ts";
import type { ReferenceApi } from "../index.ts";
import { publishedPeriods } from "../commission-statements/seed.ts";
import { expectError, startTestApi, tempDbPath, testClient, testSeed } from "../core/test-support.ts";

type Statements = ReturnType<typeof CommissionStatementsResponseSchema.parse>;
type Line = Statements["lines"][number];

const { dbPath, remove: removeDb } = tempDbPath("reference-api-commissions-");
let api: ReferenceApi;

const client = testClient(() => api.url);
const { tokenOf } = client;

function pathOf(base: string, query: Record<string, string | number>): string {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `${base}${qs ? `?${qs}` : ""}`;
}

async function statements(email: string, query: Record<string, string | number> = {}): Promise<Statements> {
  return client.ok(CommissionStatementsResponseSchema, "GET", pathOf("/api/commissions/statements", query), {
    token: await tokenOf(email),
  });
}

async function payouts(email: string) {
  return client.ok(CommissionPayoutsResponseSchema, "GET", "/api/commissions/payouts", { token: await tokenOf(email) });
}

/** Every line of the query, page by page (perPage 50). */
async function allLines(email: string, query: Record<string, string | number> = {}): Promise<Line[]> {
  const first = await statements(email, { ...query, perPage: 50, page: 1 });
  const rest = [];
  for (let page = 2; page <= first.meta.totalPages; page++)
    rest.push(statements(email, { ...query, perPage: 50, page }));
  return [first, ...(await Promise.all(rest))].flatMap((s) => s.lines);
}

const sumCents = (lines: Line[]) => lines.reduce((sum, l) => sum + l.amountCents, 0);
/** The seed's periods, oldest first; the newest is last month. */
const COMMISSION_PERIODS = publishedPeriods(testSeed);
const NEWEST = COMMISSION_PERIODS[COMMISSION_PERIODS.length - 1]!;

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

describe("GET /api/commissions/statements", () => {
  it("defaults to the newest period; periods newest first; agency@ has several pages", async () => {
    const s = await statements("agency@demo.test");
    expect(s.period).toBe(NEWEST);
    expect(s.periods).toEqual([...COMMISSION_PERIODS].reverse());
    expect(s.meta).toMatchObject({ page: 1, currentPage: 1, perPage: 25, search: "", sort: null, order: "ASC" });
    expect(s.meta.totalCount).toBeGreaterThanOrEqual(60);
    expect(s.meta.totalPages).toBe(Math.ceil(s.meta.totalCount / 25));
    expect(s.lines).toHaveLength(25);
    expect(s.lines.every((l) => l.period === NEWEST && l.paidOn === `${testSeed.monthsAgo(1)}-15`)).toBe(true);
    expect(s.lines.map((l) => l.id)).toEqual([...s.lines.map((l) => l.id)].sort((a, b) => a - b));
    for (const l of s.lines) {
      expect(l.policyNumber).toMatch(/^[A-Z]{2,3}-\d{7}$/);
      expect(Number.isSafeInteger(l.amountCents)).toBe(true); // whole cents
      // agency@'s lines include overrides on its agents' business (a share of theirs); a chargeback is negative.
      if (l.type === "Chargeback") expect(l.amountCents).toBeLessThan(0);
      else expect(l.amountCents).toBeGreaterThan(0);
      expect(l.source).toBe(l.overrideLevel === 0 ? "Street" : "Override");
    }
    // agency@ earns overrides on its downline's business (levels 1 and 2) besides its own street commission.
    const every = await allLines("agency@demo.test");
    expect(new Set(every.map((l) => l.overrideLevel))).toEqual(new Set([0, 1, 2]));
    for (const type of ["Initial", "True-up", "Renewal", "Chargeback"] as const) {
      expect(
        every.some((l) => l.type === type),
        type,
      ).toBe(true);
    }
  });

  it("lines match the caller's book of business (member names, policy numbers)", async () => {
    const lines = await allLines("agent@demo.test");
    const token = await tokenOf("agent@demo.test");
    const pages = await Promise.all(
      [1, 2].map(async (page) =>
        client.ok(BookOfBusinessResponseSchema, "GET", `/api/book_of_business?perPage=50&page=${page}`, { token }),
      ),
    );
    expect(pages[0]!.meta.totalPages).toBe(2);
    const byNumber = new Map(pages.flatMap((b) => b.policies).map((p) => [p.policyNumber, p]));
    expect(lines.length).toBeGreaterThan(0);
    const inactivePaid = new Set<string>();
    for (const l of lines) {
      const policy = byNumber.get(l.policyNumber);
      expect(policy, l.policyNumber).toBeDefined();
      expect(l.memberName).toBe(policy!.memberName);
      expect(l.carrierName).toBe(policy!.carrierName);
      if (policy!.status !== "Active") inactivePaid.add(`${l.period} ${policy!.status}`);
    }
    // Active policies pay; the one exception is the seed's unexpected payment (issue 25 §3): a renewal on a
    // terminated policy in the newest published period.
    expect([...inactivePaid]).toEqual([`${NEWEST} Terminated`]);
  });

  it("the summary's street and overrides are the sums over all pages of the period, by street and override", async () => {
    for (const period of [NEWEST, COMMISSION_PERIODS[0]!, COMMISSION_PERIODS[7]!]) {
      const s = await statements("agency@demo.test", { period, perPage: 10 });
      expect(s.period).toBe(period);
      const lines = await allLines("agency@demo.test", { period });
      expect(lines).toHaveLength(s.meta.totalCount);
      const summary = s.summary!;
      expect(summary.streetCents).toBe(sumCents(lines.filter((l) => l.source === "Street")));
      expect(summary.overridesCents).toBe(sumCents(lines.filter((l) => l.source === "Override")));
      expect(summary.availableCents).toBe(
        summary.carriedInCents + summary.streetCents + summary.overridesCents + summary.entriesCents,
      );
      expect(summary.payoutCents + summary.carriedForwardCents).toBe(summary.availableCents);
      expect(summary.minimumPayoutCents).toBe(5000);
    }
  });

  it("pages: perPage options, page beyond the last, page numbers", async () => {
    const first = await statements("agency@demo.test", { perPage: 10 });
    expect(first.lines).toHaveLength(10);
    expect(first.meta.totalPages).toBe(Math.ceil(first.meta.totalCount / 10));
    expect(first.meta.pageNumbers).toEqual([1, 2, 3, 4, 5]);
    const beyond = await statements("agency@demo.test", { perPage: 10, page: 999 });
    expect(beyond.meta).toMatchObject({ page: 999, currentPage: first.meta.totalPages });
    expect((await statements("agency@demo.test", { perPage: 7 })).meta.perPage).toBe(25);
    const ids = (await allLines("agency@demo.test")).map((l) => l.id);
    expect(new Set(ids).size).toBe(first.meta.totalCount);
  });

  it("sorts by each column (ties by id), DESC is ASC reversed", async () => {
    const key: Record<string, (l: Line) => string | number> = {
      memberName: (l) => l.memberName.toLowerCase(),
      carrierName: (l) => l.carrierName,
      type: (l) => l.type,
      source: (l) => l.overrideLevel,
      amount: (l) => l.amountCents,
      paidOn: (l) => l.paidOn,
    };
    for (const [sort, get] of Object.entries(key)) {
      const asc = await allLines("agency@demo.test", { sort, order: "ASC" });
      const expected = [...asc].sort((a, b) => {
        const [x, y] = [get(a), get(b)];
        return x < y ? -1 : x > y ? 1 : a.id - b.id;
      });
      expect(
        asc.map((l) => l.id),
        sort,
      ).toEqual(expected.map((l) => l.id));
      const desc = await allLines("agency@demo.test", { sort, order: "desc" });
      expect(
        desc.map((l) => l.id),
        sort,
      ).toEqual(asc.map((l) => l.id).reverse());
    }
    expect((await statements("agency@demo.test", { sort: "bogus" })).meta.sort).toBeNull();
  });

  it("searches member name or policy number; totals stay those of the whole period", async () => {
    const all = await statements("agency@demo.test");
    const line = all.lines[3]!;
    const byNumber = await statements("agency@demo.test", { search: line.policyNumber.toLowerCase() });
    expect(byNumber.lines.map((l) => l.id)).toEqual([line.id]);
    expect(byNumber.meta.search).toBe(line.policyNumber.toLowerCase());
    expect(byNumber.summary).toEqual(all.summary);
    const name = line.memberName.split(" ")[1]!.toUpperCase();
    const byName = await allLines("agency@demo.test", { search: name });
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((l) => l.memberName.toUpperCase().includes(name) || l.policyNumber.includes(name))).toBe(true);
    const none = await statements("agency@demo.test", { search: "zzz-no-match" });
    expect(none.lines).toEqual([]);
    expect(none.meta).toMatchObject({ totalCount: 0, totalPages: 1, currentPage: 1, pageNumbers: [1] });
  });

  it("an unknown period is 422", async () => {
    for (const period of ["2024-01", "2026-13", "garbage"]) {
      const response = await client.send("GET", `/api/commissions/statements?period=${period}`, {
        token: await tokenOf("agent@demo.test"),
      });
      expectError(response, 422, UNKNOWN_PERIOD);
    }
  });

  it("newagent@ has no lines: period null, empty page, no summary", async () => {
    const s = await statements("newagent@demo.test");
    expect(s).toMatchObject({
      lines: [],
      periods: [],
      period: null,
      summary: null,
    });
    expect(s.meta).toMatchObject({ totalCount: 0, totalPages: 1, pageNumbers: [1] });
  });

  it("an admin sees everyone's lines: every split of the period's locked statements", async () => {
    const admin = await statements("admin@demo.test", { perPage: 5 });
    const db = createClient({ url: pathToFileURL(dbPath).href });
    try {
      const { rows } = await db.execute({
        sql: `SELECT COUNT(*) AS n, SUM(sp.amount_cents) AS cents FROM commission_splits sp
              JOIN statement_lines l ON l.id = sp.statement_line_id
              JOIN commission_statements s ON s.id = l.statement_id AND s.status = 'locked' WHERE sp.period = ?`,
        args: [NEWEST],
      });
      expect(admin.meta.totalCount).toBe(Number(rows[0]!.n));
      expect(admin.summary).toBeNull();
      expect(Number(rows[0]!.cents)).not.toBe(0);
    } finally {
      db.close();
    }
    const agent = await statements("agent@demo.test", { perPage: 5 });
    expect(admin.meta.totalCount).toBeGreaterThan(agent.meta.totalCount);
  });

  it("LOA agents and carriers get 403; no token 401", async () => {
    for (const path of ["/api/commissions/statements", "/api/commissions/payouts"]) {
      expectError(await client.send("GET", path, { token: await tokenOf("loa@demo.test") }), 403, LOA_NO_COMMISSIONS);
      expectError(await client.send("GET", path, { token: await tokenOf("carrier@demo.test") }), 403, NO_COMMISSIONS);
      expectError(await client.send("GET", path), 401);
    }
  });
});

describe("GET /api/commissions/payouts", () => {
  it("one per period, oldest first, the period's summary, paid the 15th of the next month", async () => {
    const { payouts: list } = await payouts("agency@demo.test");
    expect(list.map((p) => p.period)).toEqual([...COMMISSION_PERIODS]);
    // The 15th of the next period's month (the newest, last month's, is paid this month), across a new year too.
    expect(list.map((p) => p.paidOn)).toEqual(
      [...COMMISSION_PERIODS.slice(1), testSeed.monthsAgo(1)].map((m) => `${m}-15`),
    );
    const totals = await Promise.all(
      list.map(async (p) => statements("agency@demo.test", { period: p.period, perPage: 5 })),
    );
    list.forEach((p, i) => {
      const summary = totals[i]!.summary!;
      expect(p.payoutCents, p.period).toBe(summary.payoutCents);
      expect(p.carriedForwardCents, p.period).toBe(summary.carriedForwardCents);
      expect(p.earnedCents, p.period).toBe(summary.streetCents + summary.overridesCents + summary.entriesCents);
    });
  });

  it("is empty for newagent@", async () => {
    expect(await payouts("newagent@demo.test")).toEqual({ payouts: [] });
  });
});
