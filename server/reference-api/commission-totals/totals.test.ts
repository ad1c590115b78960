import { createClient, type Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_SQL } from "../core/schema.ts";
import { sqlStatements } from "../core/db.ts";
import { MINIMUM_PAYOUT_CENTS, type PeriodActivity, loadTotals, rollForward } from "./totals.ts";

const activityOf = (street: number, overrides = 0, entries: number[] = []): PeriodActivity => ({
  byCarrier: [{ carrierId: 1, carrierName: "A", streetCents: street, overridesCents: overrides }],
  entries: entries.map((amountCents, id) => ({ id, kind: "bonus", memo: "", amountCents, approvedAt: null })),
});

describe("rollForward", () => {
  const periods = ["2025-01", "2025-02", "2025-03", "2025-04"];

  it("starts at the user's first period and runs to the newest, carrying what is below the minimum", () => {
    const rows = rollForward(
      7,
      periods,
      new Map([
        ["2025-02", activityOf(3000, 500)],
        ["2025-03", activityOf(1000, 0, [499])],
      ]),
    );
    expect(rows.map((r) => r.period)).toEqual(["2025-02", "2025-03", "2025-04"]);
    expect(rows[0]).toMatchObject({
      carriedInCents: 0,
      availableCents: 3500,
      payoutCents: 0,
      carriedForwardCents: 3500,
    });
    // 3,500 + 1,000 + 499 = 4,999: one cent short of the minimum, carried again.
    expect(rows[1]).toMatchObject({
      entriesCents: 499,
      availableCents: 4999,
      payoutCents: 0,
      carriedForwardCents: 4999,
    });
    expect(rows[2]).toMatchObject({ streetCents: 0, carriedInCents: 4999, payoutCents: 0, carriedForwardCents: 4999 });
  });

  it("pays the whole balance once it reaches the minimum exactly", () => {
    const rows = rollForward(1, periods, new Map([["2025-01", activityOf(MINIMUM_PAYOUT_CENTS)]]));
    expect(rows[0]).toMatchObject({ payoutCents: MINIMUM_PAYOUT_CENTS, carriedForwardCents: 0 });
    expect(rows[1]).toMatchObject({ carriedInCents: 0, payoutCents: 0 });
  });

  it("carries a negative balance (a chargeback larger than the period's earnings) and nets it next time", () => {
    const rows = rollForward(
      1,
      periods,
      new Map([
        ["2025-01", activityOf(-12_345)],
        ["2025-02", activityOf(20_000, 1_000)],
      ]),
    );
    expect(rows[0]).toMatchObject({ payoutCents: 0, carriedForwardCents: -12_345 });
    expect(rows[1]).toMatchObject({ carriedInCents: -12_345, availableCents: 8_655, payoutCents: 8_655 });
  });

  it("has no rows for a user without activity", () => {
    expect(rollForward(1, periods, new Map())).toEqual([]);
  });
});

describe("loadTotals (SQL integer sums)", () => {
  let client: Client;
  beforeAll(async () => {
    client = createClient({ url: ":memory:" });
    await client.batch(sqlStatements(SCHEMA_SQL), "write");
  });
  afterAll(() => client.close());

  it("adds 10,000 random lines exactly: street, overrides, by carrier, locked statements and approved entries only", async () => {
    // A seeded generator: the same lines every run.
    let state = 2023;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
    const periods = ["2025-01", "2025-02", "2025-03"];
    const statements: string[] = [];
    let statementId = 0;
    const locked = new Map<number, { period: string; carrier: number; locked: boolean }>();
    for (const carrier of [1, 2, 3]) {
      await client.execute({ sql: "INSERT INTO carriers (id, name) VALUES (?, ?)", args: [carrier, `C${carrier}`] });
      for (const period of [...periods, "2025-04"]) {
        statementId++;
        // 2025-04 is a draft: never counted.
        const isLocked = period !== "2025-04" && !(carrier === 3 && period === "2025-02");
        locked.set(statementId, { period, carrier, locked: isLocked });
        statements.push(
          `(${statementId}, ${carrier}, '${period}', '${period}-28', 'f', 'sha${statementId}', '${isLocked ? "locked" : "draft"}', 9, '2025-01-01')`,
        );
      }
    }
    await client.execute(
      `INSERT INTO commission_statements (id, carrier_id, period, carrier_statement_date, file_name, file_sha256, status,
         imported_by, imported_at) VALUES ${statements.join(", ")}`,
    );
    // Exact expectation in BigInt, per user, period and level (street / override).
    const expected = new Map<string, bigint>();
    const add = (key: string, cents: number) => expected.set(key, (expected.get(key) ?? 0n) + BigInt(cents));
    const lines: string[] = [];
    const splits: string[] = [];
    for (let id = 1; id <= 10_000; id++) {
      const sid = 1 + Math.floor(random() * statementId);
      const s = locked.get(sid);
      if (!s) throw new Error("no statement");
      // Up to ±$99,999.99, a tenth of them chargebacks; odd cents so no float sum could stay exact by luck.
      const magnitude = Math.floor(random() * 9_999_999) + 1;
      const cents = random() < 0.1 ? -magnitude : magnitude;
      const user = pick([1, 2, 3, 4]);
      const level = pick([0, 0, 0, 1, 2]);
      lines.push(`(${id}, ${sid}, ${id + 1}, 'P${id}', 'M', 'initial', ${cents}, 'matched')`);
      splits.push(`(${id}, ${id}, ${user}, ${level}, ${cents}, '${s.period}', ${s.carrier})`);
      if (s.locked) add(`${user}|${s.period}|${level === 0 ? "street" : "overrides"}`, cents);
    }
    for (let i = 0; i < lines.length; i += 1000) {
      await client.execute(
        `INSERT INTO statement_lines (id, statement_id, line_no, policy_number, member_name, kind, amount_cents, state)
         VALUES ${lines.slice(i, i + 1000).join(", ")}`,
      );
      await client.execute(
        `INSERT INTO commission_splits (id, statement_line_id, user_id, level, amount_cents, period, carrier_id)
         VALUES ${splits.slice(i, i + 1000).join(", ")}`,
      );
    }
    // Entries: approved count, pending and rejected never; an approved one of a draft-only period waits.
    await client.execute(
      `INSERT INTO payout_entries (id, user_id, kind, amount_cents, memo, period, status, created_by, created_at)
       VALUES (1, 1, 'bonus', 12345, 'b', '2025-02', 'approved', 9, 'x'), (2, 1, 'fee', -2501, 'f', '2025-02', 'approved', 9, 'x'),
              (3, 1, 'bonus', 99999, 'p', '2025-02', 'pending', 9, 'x'), (4, 2, 'bonus', 777, 'r', '2025-03', 'rejected', 9, 'x'),
              (5, 3, 'advance', 5000, 'late', '2025-04', 'approved', 9, 'x')`,
    );
    add("1|2025-02|entries", 12345 - 2501);

    const totals = await loadTotals({ client });
    let carriedChecked = 0;
    for (const user of [1, 2, 3, 4]) {
      const rows = totals.get(user) ?? [];
      expect(rows.map((r) => r.period)).toEqual(periods);
      let carried = 0n;
      for (const row of rows) {
        const street = expected.get(`${user}|${row.period}|street`) ?? 0n;
        const overrides = expected.get(`${user}|${row.period}|overrides`) ?? 0n;
        const entries = expected.get(`${user}|${row.period}|entries`) ?? 0n;
        expect(BigInt(row.streetCents)).toBe(street);
        expect(BigInt(row.overridesCents)).toBe(overrides);
        expect(BigInt(row.entriesCents)).toBe(entries);
        expect(BigInt(row.carriedInCents)).toBe(carried);
        const available = carried + street + overrides + entries;
        const payout = available >= BigInt(MINIMUM_PAYOUT_CENTS) ? available : 0n;
        expect(BigInt(row.payoutCents)).toBe(payout);
        expect(BigInt(row.carriedForwardCents)).toBe(available - payout);
        // By carrier adds up to the row.
        expect(BigInt(row.byCarrier.reduce((s, c) => s + c.streetCents, 0))).toBe(street);
        expect(row.byCarrier.every((c) => c.carrierId !== 3 || row.period !== "2025-02")).toBe(true);
        carried = available - payout;
        carriedChecked++;
      }
    }
    expect(carriedChecked).toBe(12);
    expect(totals.get(1)?.[1]?.entries.map((e) => e.id)).toEqual([1, 2]);
  });
});
