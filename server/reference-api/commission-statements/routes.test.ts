import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AdminCommissionStatementResponseSchema,
  AdminCommissionStatementsResponseSchema,
  StatementImportPreviewSchema,
  StatementImportResponseSchema,
  StatementLinesResponseSchema,
} from "../../../app/admin/sections/commission_statements/contract.server.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import { seedPolicies } from "../book-of-business/seed.ts";
import type { ReferenceApi } from "../index.ts";
import { VERSION_REQUIRED } from "../../../app/domain/record-version.ts";
import { formatPeriod } from "../../../app/domain/formats.ts";
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
import { IMPORT_LIMITS, fileTooLarge } from "./imports.ts";
import { LOCKED, NOT_AN_AGENT, UNKNOWN_POLICY, unmatchedLeft } from "./routes.ts";
import { NOT_UTF8_TEXT } from "../../../app/domain/text-file.ts";
import { rowTooLong } from "../core/file-imports/csv-file.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-statements-");
let api: ReferenceApi;
const client = testClient(() => api.url, { jsonContentTypeOnly: true });
const { tokenOf, ok } = client;
const admin = async (method: string, path: string, json?: unknown) =>
  client.send(method, path, { token: await tokenOf("admin@demo.test"), json });
const finance = async (method: string, path: string, json?: unknown) =>
  client.send(method, path, { token: await tokenOf("finance@demo.test"), json });
const base = "/api/admin/commission_statements";

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});

/** agent@'s Active policies (the seed's books of business). */
const agentPolicies = seedPolicies(testSeed).filter((p) => p.userId === 1 && p.status === "Active");
const PERIOD = testSeed.monthsAgo(2);

type Body = string | Uint8Array | ReadableStream<Uint8Array>;

/** POST …/imports with the file as the body (a stream is sent as it is pulled, never built whole). */
async function upload(body: Body, facts: Record<string, string> = {}) {
  const params = new URLSearchParams({
    carrierId: "1",
    period: PERIOD,
    carrierStatementDate: `${PERIOD}-28`,
    fileName: "statement.csv",
    ...facts,
  });
  const response = await fetch(`${api.url}${base}/imports?${params.toString()}`, {
    method: "POST",
    headers: { authorization: `Bearer ${await tokenOf("admin@demo.test")}`, "content-type": "text/csv" },
    body,
    duplex: "half",
  } as RequestInit);
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Confirms an import and waits until it is written. */
async function confirm(importId: number) {
  const started = await admin("POST", `${base}/imports/${importId}/confirm`);
  expect(started.status, JSON.stringify(started.json)).toBe(202);
  for (let i = 0; i < 200; i++) {
    const preview = await ok(StatementImportPreviewSchema, "GET", `${base}/imports/${importId}`, {
      token: await tokenOf("admin@demo.test"),
    });
    if (preview.import.status !== "importing") return preview.import;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the import never finished");
}

const nonce = () => Math.floor(Math.random() * 1e9);

/** Carrier 1's file (its remembered headers): agent@'s two policies, one unknown number, one amount "N/A". */
function goodFile(tag = nonce()) {
  const [a, b] = agentPolicies;
  if (!a || !b) throw new Error("agent@ has no two Active policies");
  return [
    "Policy #,Member,Commission Type,Commission",
    `${a.policyNumber},${a.memberName},Renewal,123.45`,
    `${b.policyNumber},"=HYPERLINK(""http://x"")",First Year,"1,000.00"`,
    `ZZ-${tag},Somebody Else,renewal,10.00`,
    `${a.policyNumber},${a.memberName},CB,N/A`,
    "",
  ].join("\r\n");
}

/** Pulls `chunk` up to `total` bytes, counting what was pulled: a body never allocated whole. */
function generated(chunk: Uint8Array, total: number) {
  const sent = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent.bytes >= total) return controller.close();
      sent.bytes += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, sent };
}

describe("/api/admin/commission_statements: importing a statement file", () => {
  let statementId = 0;
  let firstImportId = 0;

  it("reads a file into a preview: counts, the problem rows first, formulas kept as text", async () => {
    const up = await upload(goodFile());
    expect(up.status, JSON.stringify(up.json)).toBe(201);
    const { import: record } = StatementImportResponseSchema.parse(up.json);
    expect(record).toMatchObject({
      status: "ready",
      rowsRead: 4,
      unmappedFields: [],
      counts: { rows: 4, ready: 3, problems: 1, unmatched: 1 },
    });
    firstImportId = record.id;
    const preview = await ok(StatementImportPreviewSchema, "GET", `${base}/imports/${record.id}?perPage=10`, {
      token: await tokenOf("admin@demo.test"),
    });
    expect(preview.rows[0]).toMatchObject({
      lineNo: 5,
      amountText: "N/A",
      problem: "The amount is not a number: “N/A”.",
    });
    expect(preview.rows[1]).toMatchObject({ lineNo: 4, policyId: null, problem: null });
    expect(preview.rows.find((r) => r.lineNo === 3)?.memberName).toBe('=HYPERLINK("http://x")');
  });

  it("confirms: a draft statement, lines matched by policy number, splits up the hierarchy, an audit record", async () => {
    const done = await confirm(firstImportId);
    expect(done).toMatchObject({ status: "imported", rowsWritten: 3 });
    statementId = done.statementId ?? 0;
    const one = await ok(AdminCommissionStatementResponseSchema, "GET", `${base}/${statementId}`, {
      token: await tokenOf("admin@demo.test"),
    });
    expect(one.record).toMatchObject({
      status: "draft",
      lineCount: 3,
      unmatchedCount: 1,
      totalCents: 12345 + 100000 + 1000,
    });
    expect(one.totals.find((t) => t.kind === "initial")).toEqual({ kind: "initial", lineCount: 1, totalCents: 100000 });
    expect(one.history[0]).toMatchObject({ action: "imported" });
    const lines = await ok(StatementLinesResponseSchema, "GET", `${base}/${statementId}/lines`, {
      token: await tokenOf("admin@demo.test"),
    });
    expect(lines.records.map((l) => l.state)).toEqual(["unmatched", "matched", "matched"]);
    expect(lines.records[1]?.agent?.userId).toBe(1);
    const db = sqlite(dbPath);
    const splits = await db.execute({
      sql: `SELECT s.user_id, s.level, s.amount_cents FROM commission_splits s JOIN statement_lines l ON l.id = s.statement_line_id
            WHERE l.statement_id = ? ORDER BY l.line_no, s.level`,
      args: [statementId],
    });
    db.close();
    // agent@ (1) writes under agency@ (5): street, then a 10 % override.
    expect(splits.rows.slice(0, 2).map((r) => [Number(r.user_id), Number(r.level), Number(r.amount_cents)])).toEqual([
      [1, 0, 12345],
      [5, 1, 1235],
    ]);
  });

  it("refuses the same file again, naming the first import", async () => {
    const file = goodFile();
    const first = await upload(file);
    expect(first.status).toBe(201);
    const again = await upload(file);
    expect(again.status).toBe(409);
    const { import: firstRecord } = StatementImportResponseSchema.parse(first.json);
    expect((again.json as { error: string }).error).toMatch(
      new RegExp(
        `^This file was already uploaded on \\d\\d/\\d\\d/\\d{4}: .+ ${formatPeriod(PERIOD)} import #${firstRecord.id}`,
      ),
    );
    const done = await confirm(firstRecord.id);
    const third = await upload(file);
    expect((third.json as { error: string }).error).toMatch(
      new RegExp(
        `^This file was already imported on \\d\\d/\\d\\d/\\d{4}: .+ ${formatPeriod(PERIOD)} statement #${done.statementId}\\.$`,
      ),
    );
    const { import: refused } = StatementImportResponseSchema.parse(third.json);
    expect(refused).toMatchObject({ status: "failed", duplicateOf: { statementId: done.statementId } });
  });

  it("reconciles: unknown policy and agent refused at their field, a note required; match by hand writes splits", async () => {
    const token = await tokenOf("admin@demo.test");
    const lines = await ok(StatementLinesResponseSchema, "GET", `${base}/${statementId}/lines?state=unmatched`, {
      token,
    });
    const line = lines.records[0];
    if (!line) throw new Error("no unmatched line");
    const path = `${base}/${statementId}/lines/${line.id}/reconcile`;
    const unknown = await admin("POST", path, { action: "policy", policyNumber: "NOPE-1" });
    expect(unknown.status).toBe(422);
    expect(unknown.json).toMatchObject({ fields: { policyNumber: [UNKNOWN_POLICY] } });
    const notAgent = await admin("POST", path, { action: "agent", agentUserId: 9 });
    expect(notAgent.json).toMatchObject({ fields: { agentUserId: [NOT_AN_AGENT] } });
    const blank = await admin("POST", path, { action: "set_aside", note: "  " });
    expect(blank.status).toBe(422);
    expect(Object.keys((blank.json as { fields: object }).fields)).toEqual(["note"]);

    const before = await ok(AdminCommissionStatementResponseSchema, "GET", `${base}/${statementId}`, { token });
    expect(before.record.version).toBe(1);
    const locking = await admin("POST", `${base}/${statementId}/lock`, { version: before.record.version });
    expectError(locking, 409, unmatchedLeft(1));

    const policy = agentPolicies[2] ?? agentPolicies[0];
    const matched = await admin("POST", path, { action: "policy", policyNumber: policy?.policyNumber.toLowerCase() });
    expect(matched.status, JSON.stringify(matched.json)).toBe(200);
    expect(matched.json).toMatchObject({ line: { state: "matched", agent: { userId: 1 }, matchedBy: { userId: 9 } } });
    const byAgent = await admin("POST", path, { action: "agent", agentUserId: 101 });
    expect(byAgent.json).toMatchObject({ line: { state: "matched", policy: null, agent: { userId: 101 } } });
    const db = sqlite(dbPath);
    const splits = await db.execute({
      sql: "SELECT user_id, level FROM commission_splits WHERE statement_line_id = ? ORDER BY level",
      args: [line.id],
    });
    db.close();
    expect(splits.rows[0]).toMatchObject({ user_id: 101, level: 0 });
    const aside = await admin("POST", path, { action: "set_aside", note: "Not our business" });
    expect(aside.json).toMatchObject({ line: { state: "set_aside", note: "Not our business", agent: null } });
    const one = await ok(AdminCommissionStatementResponseSchema, "GET", `${base}/${statementId}`, { token });
    expect(one.history.map((h) => h.action).slice(0, 3)).toEqual(["line_set_aside", "line_matched", "line_matched"]);
    // Each line reconciled is a change of the statement: three versions more; the refusals changed nothing.
    expect(one.record.version).toBe(before.record.version + 3);
  });

  it("the lock carries the version it was shown: a line reconciled since, 409 stale and nothing locked (issue 35 §2)", async () => {
    const token = await tokenOf("admin@demo.test");
    const shown = (await ok(AdminCommissionStatementResponseSchema, "GET", `${base}/${statementId}`, { token })).record;
    expect(shown).toMatchObject({ status: "draft", unmatchedCount: 0 });
    // finance@ matches the set-aside line to agent@ while admin@ looks at the statement, about to lock it.
    const aside = await ok(StatementLinesResponseSchema, "GET", `${base}/${statementId}/lines?state=set_aside`, {
      token,
    });
    const line = aside.records[0];
    if (!line) throw new Error("no set-aside line");
    const matched = await finance("POST", `${base}/${statementId}/lines/${line.id}/reconcile`, {
      action: "agent",
      agentUserId: 1,
    });
    expect(matched.status, JSON.stringify(matched.json)).toBe(200);
    expectStale(await admin("POST", `${base}/${statementId}/lock`, { version: shown.version }));
    const now = await ok(AdminCommissionStatementResponseSchema, "GET", `${base}/${statementId}`, { token });
    expect(now.record).toMatchObject({ status: "draft", lockedAt: null, lockedBy: null, version: shown.version + 1 });
    expect(now.history[0]).toMatchObject({ action: "line_matched", actor: { userId: 13 } });
    // Without a version (or not a whole number) the body is refused at the field.
    for (const version of [undefined, "2", 0])
      expect(expectFields(await admin("POST", `${base}/${statementId}/lock`, { version })).version).toEqual([
        VERSION_REQUIRED,
      ]);
  });

  it("locks; a locked statement refuses every change with the correction's way", async () => {
    const token = await tokenOf("admin@demo.test");
    const { version } = (await ok(AdminCommissionStatementResponseSchema, "GET", `${base}/${statementId}`, { token }))
      .record;
    const locked = await admin("POST", `${base}/${statementId}/lock`, { version });
    expect(locked.status).toBe(200);
    expect(locked.json).toMatchObject({ record: { status: "locked", lockedBy: { userId: 9 }, version: version + 1 } });
    expectError(await admin("POST", `${base}/${statementId}/lock`, { version: version + 1 }), 409, LOCKED);
    const lines = await ok(StatementLinesResponseSchema, "GET", `${base}/${statementId}/lines`, {
      token: await tokenOf("admin@demo.test"),
    });
    const path = `${base}/${statementId}/lines/${lines.records[0]?.id}/reconcile`;
    expectError(await admin("POST", path, { action: "set_aside", note: "late" }), 409, LOCKED);
    expectError(await admin("PATCH", `${base}/${statementId}`, { status: "draft" }), 409, LOCKED);
    expectError(await admin("DELETE", `${base}/${statementId}`), 409, LOCKED);
  });

  it("lists with filters, facets and sort; exports the same as CSV", async () => {
    const token = await tokenOf("admin@demo.test");
    const list = await ok(AdminCommissionStatementsResponseSchema, "GET", `${base}?period=${PERIOD}&carrier=1`, {
      token,
    });
    expect(list.records.length).toBeGreaterThanOrEqual(2);
    expect(list.records.every((r) => r.period === PERIOD && r.carrierId === 1)).toBe(true);
    expect(list.facets.status.map((f) => f.value)).toEqual(["draft", "locked"]);
    const drafts = await ok(AdminCommissionStatementsResponseSchema, "GET", `${base}?status=draft&perPage=50`, {
      token,
    });
    expect(drafts.records.every((r) => r.status === "draft")).toBe(true);
    expectError(await admin("GET", `${base}?status=nope`), 422);
    expectError(await admin("GET", `${base}?period=2024-13`), 422);
    const csv = await client.send("GET", `${base}/export?period=${PERIOD}&carrier=1`, { token });
    expect(csv.text.split("\r\n").filter(Boolean)).toHaveLength(list.records.length + 1);
  });
});

describe("a carrier's column mapping", () => {
  it("stops at ready for mapping, refuses to confirm, saves the mapping, re-reads, and remembers it", async () => {
    const [a] = agentPolicies;
    const file = (tag: number) =>
      `Ref,Insured,What,Paid\n${a?.policyNumber},Ann,renewal,5.00\nXX-${tag},Bo,renewal,1.00\n`;
    const up = await upload(file(nonce()), { carrierId: "2" });
    const { import: record } = StatementImportResponseSchema.parse(up.json);
    expect(record).toMatchObject({ status: "ready", headers: ["Ref", "Insured", "What", "Paid"], rowsRead: 2 });
    expect(record.unmappedFields).toEqual(["policyNumber", "memberName", "kind", "amount"]);
    expectError(await admin("POST", `${base}/imports/${record.id}/confirm`), 409);
    const bad = await admin("PUT", `${base}/imports/${record.id}/mapping`, {
      policyNumber: "Nope",
      memberName: "Insured",
      kind: "What",
      amount: "Paid",
    });
    expect(bad.json).toMatchObject({ fields: { policyNumber: ["The file has no column “Nope”."] } });
    const saved = await admin("PUT", `${base}/imports/${record.id}/mapping`, {
      policyNumber: "Ref",
      memberName: "Insured",
      kind: "What",
      amount: "Paid",
    });
    expect(saved.status).toBe(200);
    expect(StatementImportResponseSchema.parse(saved.json).import).toMatchObject({
      unmappedFields: [],
      counts: { rows: 2, ready: 2, problems: 0, unmatched: 1 },
    });
    const next = await upload(file(nonce()), { carrierId: "2" });
    expect(StatementImportResponseSchema.parse(next.json).import).toMatchObject({
      unmappedFields: [],
      counts: { ready: 2 },
    });
  });
});

describe("hostile statement files", () => {
  it("refuses a file that is not UTF-8, an empty one, bad facts at their fields", async () => {
    const latin1 = Uint8Array.from([...Buffer.from("Policy #,Member,Commission Type,Commission\nX,Ren"), 0xe9, 0x0a]);
    const up = await upload(latin1);
    expect(up.status).toBe(422);
    expect((up.json as { error: string }).error).toBe(NOT_UTF8_TEXT);
    // Valid UTF-8 that is not text (issue 35): UTF-16BE without its mark, NULs only, a PDF.
    const utf16be = Uint8Array.from(
      [..."Policy #,Member,Commission Type,Commission\nX,Ann,Initial,1\n"].flatMap((ch) => [0, ch.charCodeAt(0)]),
    );
    for (const notText of [utf16be, new Uint8Array(512), "%PDF-1.4\n%%EOF\n"]) {
      const refused = await upload(notText);
      expect(refused.status).toBe(422);
      expect((refused.json as { error: string }).error).toBe(NOT_UTF8_TEXT);
    }
    expect((await upload("")).status).toBe(422);
    const facts = await upload("a,b\n", { period: "2024-13", carrierId: "999" });
    expect(facts.status).toBe(422);
    expect(Object.keys((facts.json as { fields: object }).fields)).toEqual(["period"]);
    expect((await upload("a,b\n", { carrierId: "999" })).json).toMatchObject({
      fields: { carrierId: expect.any(Array) },
    });
  });

  it("stops a million columns and an endless line at once, memory flat", async () => {
    const before = process.memoryUsage().rss;
    const commas = generated(new TextEncoder().encode(",".repeat(64 * 1024)), 1_000_000);
    const wide = await upload(commas.stream);
    expect(wide.status).toBe(422);
    const endless = generated(new TextEncoder().encode("x".repeat(64 * 1024)), 1024 ** 3);
    const up = await upload(endless.stream);
    expect(up.status).toBe(422);
    expect((up.json as { error: string }).error).toBe(rowTooLong(1));
    expect(endless.sent.bytes).toBeLessThan(16 * 1024 * 1024);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it("stops a 1 GB body of rows at the size limit, memory flat", async () => {
    const limit = IMPORT_LIMITS.maxBytes;
    IMPORT_LIMITS.maxBytes = 512 * 1024;
    try {
      const before = process.memoryUsage().rss;
      const rows = `MA-1,${"Ann ".repeat(100)},renewal,1.00\n`.repeat(200);
      const body = generated(
        new TextEncoder().encode(`Policy #,Member,Commission Type,Commission\n${rows}`),
        1024 ** 3,
      );
      const up = await upload(body.stream);
      expect(up.status).toBe(413);
      expect((up.json as { error: string }).error).toBe(fileTooLarge(512 * 1024));
      expect(body.sent.bytes).toBeLessThan(64 * 1024 * 1024);
      expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
      const db = sqlite(dbPath);
      const staged = await db.execute({
        sql: "SELECT COUNT(*) AS n FROM statement_import_rows WHERE import_id = (SELECT MAX(id) FROM statement_imports)",
      });
      db.close();
      expect(Number(staged.rows[0]?.n)).toBe(0);
    } finally {
      IMPORT_LIMITS.maxBytes = limit;
    }
  });
});

describe("non-administrators", () => {
  it("get 403 on every endpoint", async () => {
    const token = await tokenOf("agent@demo.test");
    for (const [method, path] of [
      ["GET", base],
      ["GET", `${base}/export`],
      ["GET", `${base}/1`],
      ["GET", `${base}/1/lines`],
      ["POST", `${base}/1/lock`],
      ["POST", `${base}/1/lines/1/reconcile`],
      ["POST", `${base}/imports`],
      ["GET", `${base}/imports/1`],
      ["PUT", `${base}/imports/1/mapping`],
      ["POST", `${base}/imports/1/confirm`],
      ["POST", `${base}/imports/1/discard`],
    ] as const) {
      expectError(
        await client.send(method, path, { token, json: method === "GET" ? undefined : {} }),
        403,
        ADMIN_ONLY_AREA,
      );
    }
  });
});
