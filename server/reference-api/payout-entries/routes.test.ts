import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AdminPayoutChoicesSchema,
  AdminPayoutEntriesResponseSchema,
  AdminPayoutEntryResponseSchema,
} from "../../../app/admin/sections/payout_entries/contract.server.ts";
import { DECIDED_ENTRY, OWN_ENTRY } from "../../../app/admin/sections/payout_entries/records.ts";
import { VERSION_REQUIRED } from "../../../app/domain/record-version.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import { publishedPeriods, statementPeriods } from "../commission-statements/seed.ts";
import type { ReferenceApi } from "../index.ts";
import {
  expectError,
  expectFields,
  expectStale,
  sqlite,
  startTestApi,
  tempDbPath,
  testClient,
  testSeed,
} from "../core/test-support.ts";
import { NOTE_REQUIRED, NOT_A_BROKER, NOT_YOURS, NO_SUCH_POLICY } from "./routes.ts";
import { seedPayoutEntries } from "./seed.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-payout-entries-");
let api: ReferenceApi;
const client = testClient(() => api.url, { jsonContentTypeOnly: true });
const { tokenOf, ok } = client;
const as = async (email: string, method: string, path: string, json?: unknown) =>
  client.send(method, path, { token: await tokenOf(email), json });
const admin = async (method: string, path: string, json?: unknown) => as("admin@demo.test", method, path, json);
const finance = async (method: string, path: string, json?: unknown) => as("finance@demo.test", method, path, json);
const BASE = "/api/admin/payout_entries";

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});

const body = (over: Record<string, unknown> = {}) => ({
  userId: 1,
  kind: "bonus",
  amountCents: 123450,
  memo: "Test bonus",
  policyNumber: null,
  period: statementPeriods(testSeed).at(-1),
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const created = await admin("POST", BASE, body(over));
  expect(created.status, created.text).toBe(201);
  return AdminPayoutEntryResponseSchema.pick({ record: true }).parse(created.json).record;
}

describe("the payout entries' seed", () => {
  it("~40 entries in every state and of every kind, never decided by their creator; agent@ has approved ones published", () => {
    const entries = seedPayoutEntries(testSeed);
    expect(entries.length).toBeGreaterThanOrEqual(35);
    expect(new Set(entries.map((e) => e.status))).toEqual(new Set(["pending", "approved", "rejected"]));
    expect(new Set(entries.map((e) => e.kind)).size).toBe(5);
    for (const e of entries) {
      expect(e.amountCents).not.toBe(0);
      expect(Number.isInteger(e.amountCents)).toBe(true);
      if (e.status === "pending") expect(e.decidedBy).toBeNull();
      else expect(e.decidedBy).not.toBe(e.createdBy);
      expect([9, 13]).toContain(e.createdBy);
    }
    const published = new Set(publishedPeriods(testSeed));
    expect(
      entries.filter((e) => e.userId === 1 && e.status === "approved" && published.has(e.period)).length,
    ).toBeGreaterThanOrEqual(2);
    expect(entries.some((e) => e.userId === 5)).toBe(true);
  });
});

describe("/api/admin/payout_entries", () => {
  it("lists with paging, filters, search and facets; a malformed filter is a 422", async () => {
    const token = await tokenOf("admin@demo.test");
    const list = await ok(AdminPayoutEntriesResponseSchema, "GET", `${BASE}?perPage=10`, { token });
    expect(list.meta.totalCount).toBeGreaterThanOrEqual(35);
    expect(list.records).toHaveLength(10);
    expect(list.facets.kind.map((f) => f.value)).toEqual([
      "bonus",
      "fee",
      "advance",
      "chargeback_recovery",
      "correction",
    ]);
    expect(list.facets.period.length).toBeGreaterThan(1);
    const approved = await ok(AdminPayoutEntriesResponseSchema, "GET", `${BASE}?status=approved&userId=1&perPage=50`, {
      token,
    });
    expect(approved.records.length).toBeGreaterThanOrEqual(2);
    for (const r of approved.records) expect(r).toMatchObject({ status: "approved", agent: { id: 1 } });
    const searched = await ok(AdminPayoutEntriesResponseSchema, "GET", `${BASE}?search=alvarez`, { token });
    expect(searched.records.every((r) => r.agent.id === 1)).toBe(true);
    const sorted = await ok(AdminPayoutEntriesResponseSchema, "GET", `${BASE}?sort=amount&order=ASC&perPage=100`, {
      token,
    });
    const amounts = sorted.records.map((r) => r.amountCents);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expectError(await admin("GET", `${BASE}?kind=gift`), 422);
    expectError(await admin("GET", `${BASE}?period=2025-13`), 422);
    expectError(await admin("GET", `${BASE}?userId=abc`), 422);
  });

  it("refuses non-administrators everywhere (403)", async () => {
    for (const email of ["agent@demo.test", "agency@demo.test", "carrier@demo.test"]) {
      for (const [method, path] of [
        ["GET", BASE],
        ["GET", `${BASE}/1`],
        ["GET", `${BASE}/export`],
        ["GET", `${BASE}/choices`],
        ["POST", BASE],
        ["PATCH", `${BASE}/1`],
        ["POST", `${BASE}/1/approve`],
        ["POST", `${BASE}/1/reject`],
        ["DELETE", `${BASE}/1`],
      ] as const)
        expectError(await as(email, method, path, method === "GET" ? undefined : {}), 403, ADMIN_ONLY_AREA);
    }
  });

  it("offers the active agents and agencies as choices", async () => {
    const choices = await ok(AdminPayoutChoicesSchema, "GET", `${BASE}/choices`, {
      token: await tokenOf("admin@demo.test"),
    });
    const ids = choices.brokers.map((b) => b.value);
    expect(ids).toContain("1");
    expect(ids).toContain("5");
    expect(ids).not.toContain("9");
    expect(ids).not.toContain("10");
  });

  it("refuses a malformed entry at its fields (422)", async () => {
    const fields = expectFields(
      await admin("POST", BASE, body({ userId: "x", kind: "gift", amountCents: 0, memo: " ", period: "2025-13" })),
    );
    expect(Object.keys(fields).sort()).toEqual(["amountCents", "kind", "memo", "period", "userId"]);
    expect(expectFields(await admin("POST", BASE, body({ amountCents: 12.5 }))).amountCents).toBeDefined();
    expect(expectFields(await admin("POST", BASE, body({ memo: "x".repeat(501) }))).memo).toBeDefined();
    expect(expectFields(await admin("POST", BASE, body({ userId: 9 }))).userId).toEqual([NOT_A_BROKER]);
    expect(expectFields(await admin("POST", BASE, body({ userId: 999999 }))).userId).toEqual([NOT_A_BROKER]);
    expect(expectFields(await admin("POST", BASE, body({ policyNumber: "NO-SUCH-1" }))).policyNumber).toEqual([
      NO_SUCH_POLICY,
    ]);
    expect(expectFields(await admin("POST", BASE, [])).body).toBeDefined();
  });

  it("creates in whole cents (a deduction negative), pending, audited; with a policy by its number", async () => {
    const policy = await sqlite(dbPath).execute("SELECT id, policy_number FROM policies WHERE user_id = 1 LIMIT 1");
    const policyNumber = String(policy.rows[0]!.policy_number);
    const record = await create({ kind: "fee", amountCents: -123450, policyNumber });
    expect(record).toMatchObject({
      amountCents: -123450,
      status: "pending",
      createdBy: { id: 9, name: "Grace Harper" },
      decidedBy: null,
      createdByYou: true,
      policy: { id: Number(policy.rows[0]!.id), policyNumber },
    });
    const read = await ok(AdminPayoutEntryResponseSchema, "GET", `${BASE}/${record.id}`, {
      token: await tokenOf("finance@demo.test"),
    });
    expect(read.record.createdByYou).toBe(false);
    expect(read.history[0]).toMatchObject({ action: "created", actor: { userId: 9 } });
    expect(read.history[0]!.changes).toContainEqual({ field: "amount", from: null, to: "-$1,234.50" });
  });

  it("the creator cannot approve or reject their own entry; another administrator can, and it is final", async () => {
    const record = await create();
    const { version } = record;
    expectError(await admin("POST", `${BASE}/${record.id}/approve`, { version }), 403, OWN_ENTRY);
    expectError(await admin("POST", `${BASE}/${record.id}/reject`, { note: "no", version }), 403, OWN_ENTRY);
    const approved = await finance("POST", `${BASE}/${record.id}/approve`, { note: null, version });
    expect(approved.status, approved.text).toBe(200);
    const after = AdminPayoutEntryResponseSchema.pick({ record: true }).parse(approved.json).record;
    expect(after).toMatchObject({ status: "approved", decidedBy: { id: 13, name: "Nora Whitfield" } });
    expect(after.decidedAt).not.toBeNull();
    expectError(await finance("POST", `${BASE}/${record.id}/approve`, { version: after.version }), 409, DECIDED_ENTRY);
    expectError(
      await finance("POST", `${BASE}/${record.id}/reject`, { note: "late", version: after.version }),
      409,
      DECIDED_ENTRY,
    );
    expectError(await admin("PATCH", `${BASE}/${record.id}`, { memo: "changed" }), 409, DECIDED_ENTRY);
    expectError(await admin("DELETE", `${BASE}/${record.id}`), 409, DECIDED_ENTRY);
    const read = await ok(AdminPayoutEntryResponseSchema, "GET", `${BASE}/${record.id}`, {
      token: await tokenOf("admin@demo.test"),
    });
    expect(read.history[0]).toMatchObject({ action: "approved", actor: { userId: 13 } });
  });

  it("a rejection needs a note", async () => {
    const record = await create();
    const { version } = record;
    expect(expectFields(await finance("POST", `${BASE}/${record.id}/reject`, { version })).note).toEqual([
      NOTE_REQUIRED,
    ]);
    expect(expectFields(await finance("POST", `${BASE}/${record.id}/reject`, { note: "   ", version })).note).toEqual([
      NOTE_REQUIRED,
    ]);
    const rejected = await finance("POST", `${BASE}/${record.id}/reject`, {
      note: "Duplicate of another entry",
      version,
    });
    expect(rejected.status).toBe(200);
    expect(rejected.json).toMatchObject({ record: { status: "rejected", decisionNote: "Duplicate of another entry" } });
  });

  it("a decision carries the version it was shown: changed since, 409 stale and nothing decided (issue 35 §2)", async () => {
    // admin@ creates a $10.00 bonus; finance@ opens it (version 1); admin@ makes it $9,999.00 (version 2).
    const shown = await create({ amountCents: 1000 });
    expect(shown.version).toBe(1);
    const edited = await admin("PATCH", `${BASE}/${shown.id}`, { amountCents: 999900 });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ record: { amountCents: 999900, version: 2 } });
    // finance@ approves (or rejects) what the page showed: refused, with the words and the reason.
    for (const [verdict, note] of [
      ["approve", null],
      ["reject", "Not what we agreed"],
    ] as const) {
      expectStale(await finance("POST", `${BASE}/${shown.id}/${verdict}`, { note, version: shown.version }));
    }
    const read = await ok(AdminPayoutEntryResponseSchema, "GET", `${BASE}/${shown.id}`, {
      token: await tokenOf("finance@demo.test"),
    });
    expect(read.record).toMatchObject({ status: "pending", decidedBy: null, amountCents: 999900, version: 2 });
    expect(read.history.map((h) => h.action)).toEqual(["updated", "created"]);
    // A version the entry never had is as stale; without one the body is refused at the field.
    expectStale(await finance("POST", `${BASE}/${shown.id}/approve`, { version: 3 }));
    for (const version of [undefined, null, "2", 0, 1.5])
      expect(expectFields(await finance("POST", `${BASE}/${shown.id}/approve`, { version })).version).toEqual([
        VERSION_REQUIRED,
      ]);
    // Decided on what it is now: approved, one version more.
    const approved = await finance("POST", `${BASE}/${shown.id}/approve`, { version: 2 });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json).toMatchObject({ record: { status: "approved", amountCents: 999900, version: 3 } });
  });

  it("counts every change as a version; a change that changes nothing is none", async () => {
    const record = await create();
    const same = await admin("PATCH", `${BASE}/${record.id}`, { memo: record.memo });
    expect(same.json).toMatchObject({ record: { version: 1 } });
    const memo = await admin("PATCH", `${BASE}/${record.id}`, { memo: "Another memo" });
    expect(memo.json).toMatchObject({ record: { version: 2 } });
    const rejected = await finance("POST", `${BASE}/${record.id}/reject`, { note: "No", version: 2 });
    expect(rejected.json).toMatchObject({ record: { status: "rejected", version: 3 } });
    const listed = await ok(
      AdminPayoutEntriesResponseSchema,
      "GET",
      `${BASE}?search=${encodeURIComponent("Another memo")}`,
      {
        token: await tokenOf("admin@demo.test"),
      },
    );
    expect(listed.records.find((r) => r.id === record.id)?.version).toBe(3);
  });

  it("only the creator may change or delete a pending entry", async () => {
    const record = await create();
    expectError(await finance("PATCH", `${BASE}/${record.id}`, { memo: "theirs" }), 403, NOT_YOURS);
    expectError(await finance("DELETE", `${BASE}/${record.id}`), 403, NOT_YOURS);
    expect(expectFields(await admin("PATCH", `${BASE}/${record.id}`, { amountCents: 0 })).amountCents).toBeDefined();
    const patched = await admin("PATCH", `${BASE}/${record.id}`, { memo: "Changed memo", amountCents: 500 });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json).toMatchObject({ record: { memo: "Changed memo", amountCents: 500 } });
    const deleted = await admin("DELETE", `${BASE}/${record.id}`);
    expect(deleted.status).toBe(204);
    expectError(await admin("GET", `${BASE}/${record.id}`), 404);
    expectError(await admin("GET", `${BASE}/nope`), 404);
  });

  it("exports the filtered list as CSV, formula injection neutralised", async () => {
    const record = await create({ memo: "=cmd|' /C calc'!A0", userId: 5 });
    const exported = await admin("GET", `${BASE}/export?search=${encodeURIComponent("=cmd")}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("text/csv");
    const lines = exported.text.trim().split("\r\n");
    expect(lines[0]).toMatch(/^Id,Agent,Agent id,Kind,Direction,Amount,Period,Status/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${record.id},Linda Chen,5,Bonus,Payment,"$1,234.50"`);
    expect(lines[1]).toContain(`,'=cmd|' /C calc'!A0,`);
    expect(lines[1]).not.toMatch(/,=cmd/);
  });
});
