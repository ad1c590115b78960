import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SunfireImportRecordResponseSchema,
  SunfireImportResponseSchema,
  SunfireImportRowResponseSchema,
  SunfireImportRowsResponseSchema,
  SunfireImportsResponseSchema,
} from "../../../app/admin/sections/sunfire_imports/contract.server.ts";
import { SubmittedEnrollmentsResponseSchema } from "../../../app/.server/upstream/schemas/enrollments.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import type { ReferenceApi } from "../index.ts";
import { expectError, startTestApi, tempDbPath, testClient } from "../core/test-support.ts";
import { NOT_UTF8_TEXT } from "../../../app/domain/text-file.ts";
import { fileTooLarge } from "../core/file-imports/read-file.ts";
import { NOT_CSV_BODY } from "../core/file-imports/http.ts";
import { NOT_AN_AGENT, NOT_UNMATCHED, SUNFIRE_IMPORT_LIMITS } from "./imports.ts";
import { alreadySubmitted, missingColumns, notADate, unknownCarrier, unknownPlan, unknownStatus } from "./rows.ts";
import { SEED_IMPORT_WITH_UNMATCHED, SEED_TWICE_ENTERED_MEDICARE_ID } from "./seed.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-sunfire-imports-");
let api: ReferenceApi;
const client = testClient(() => api.url, { jsonContentTypeOnly: true });
const { tokenOf, ok } = client;
const asAdmin = async () => ({ token: await tokenOf("admin@demo.test") });
const admin = async (method: string, path: string, json?: unknown) =>
  client.send(method, path, { token: await tokenOf("admin@demo.test"), json });
const base = "/api/admin/sunfire_imports";

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});

async function upload(body: string | Uint8Array, fileName = "sunfire.csv", contentType = "text/csv") {
  const params = new URLSearchParams({ fileName });
  const response = await fetch(`${api.url}${base}/upload?${params.toString()}`, {
    method: "POST",
    headers: { authorization: `Bearer ${(await asAdmin()).token}`, "content-type": contentType },
    body: typeof body === "string" ? body : Buffer.from(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

async function confirm(importId: number) {
  const started = await admin("POST", `${base}/${importId}/confirm`);
  expect(started.status, JSON.stringify(started.json)).toBe(202);
  for (let i = 0; i < 200; i++) {
    const { record } = await ok(SunfireImportRecordResponseSchema, "GET", `${base}/${importId}`, await asAdmin());
    if (record.status !== "importing") return record;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the import never finished");
}

const rowsOf = async (id: number, query = "perPage=100") =>
  ok(SunfireImportRowsResponseSchema, "GET", `${base}/${id}/rows?${query}`, await asAdmin());

const agentsEnrollments = async () =>
  ok(SubmittedEnrollmentsResponseSchema, "GET", "/api/submitted_enrollments?perPage=100", {
    token: await tokenOf("agent@demo.test"),
  });

const HEADER =
  "Agent NPN,Writing Agent,Carrier,Plan Name,Contract-PBP,Client ID,First Name,Last Name,Date of Birth,Email,Phone,Medicare ID,Status,Submitted Date,Effective Date,Confirmation Number";
const nonce = () => String(Math.floor(Math.random() * 1e9));

describe("Sunfire imports: an enrollment export", () => {
  it("previews each row's agent, client and problem; imports matched rows as agent@'s submitted enrollments", async () => {
    const n = nonce();
    const file = [
      HEADER,
      // 2: agent@ by NPN, client by id.
      `17845210,Maria Alvarez,Summit Mutual,Summit Choice (PPO),H1234-001,SF-100102,Walter,Brennan,1951-09-30,,,,Submitted,,2030-01-01,T-${n}-1`,
      // 3: by e-mail and date of birth (MM/DD/YYYY).
      `17845210,,Blue Harbor Health,Blue Harbor Medigap Plan G,,,Beatrice,Lund,01/17/1950,BEA.LUND@example.com,,,Enrolled,,2030-02-01,T-${n}-2`,
      // 4: a new client.
      `17845210,,Evergreen Life & Health,Evergreen Rx Plus (PDP),,,Nadia,Quill-${n},1958-03-03,nq${n}@example.com,,,Submitted,,2030-01-01,T-${n}-3`,
      // 5: ambiguous by Medicare id: reconciled by hand.
      `17845210,,Summit Mutual,Summit Rx Basic (PDP),,,Gloria,Vance,,,,${SEED_TWICE_ENTERED_MEDICARE_ID},Submitted,,2030-01-01,T-${n}-4`,
      // 6: no agent by this NPN.
      `99999999,,Summit Mutual,Summit Rx Basic (PDP),,,Howard,Pike,,,555 201 8080,,Submitted,,2030-01-01,T-${n}-5`,
      // 7–11: problems.
      `17845210,,Summit mutual,Summit Rx Basic (PDP),,,A,B,,,,,Submitted,,2030-01-01,T-${n}-6`,
      `17845210,,Summit Mutual,Summit Rx Basic,,,A,B,,,,,Submitted,,2030-01-01,T-${n}-7`,
      `17845210,,Summit Mutual,Summit Rx Basic (PDP),,,A,B,,,,,Approved,,2030-01-01,T-${n}-8`,
      `17845210,,Summit Mutual,Summit Rx Basic (PDP),,,A,B,,,,,Submitted,,2030-13-01,T-${n}-9`,
      `17845210,,Summit Mutual,Summit Rx Basic (PDP),,,A,B,,,,,Submitted,,2030-01-01,T-${n}-1`,
    ].join("\r\n");
    const uploaded = await upload(file);
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);
    const { import: record } = SunfireImportResponseSchema.parse(uploaded.json);
    expect(record).toMatchObject({ status: "ready", rowsRead: 10, counts: { rows: 10, problems: 5, toReconcile: 2 } });
    const preview = await rowsOf(record.id);
    // Problems first, then the rows waiting for a person, then the rest.
    expect(preview.rows.map((r) => r.lineNo)).toEqual([7, 8, 9, 10, 11, 5, 6, 2, 3, 4]);
    const line = (n: number) => preview.rows.find((r) => r.lineNo === n)!;
    expect(line(2)).toMatchObject({
      agent: { npn: "17845210" },
      client: { kind: "matched", rule: "id", clientId: "SF-100102" },
    });
    expect(line(3).client).toEqual({ kind: "matched", rule: "emailDob", clientId: "SF-100105" });
    expect(line(4).client).toEqual({ kind: "new" });
    expect(line(5).client).toEqual({ kind: "ambiguous", rule: "medicareId", candidates: ["SF-100106", "SF-100107"] });
    expect(line(6)).toMatchObject({
      agent: null,
      client: { kind: "matched", rule: "phoneFirstName", clientId: "SF-100108" },
    });
    expect(line(7).problem).toBe(unknownCarrier("Summit mutual"));
    expect(line(8).problem).toBe(unknownPlan("Summit Rx Basic", "Summit Mutual"));
    expect(line(9).problem).toBe(unknownStatus("Approved"));
    expect(line(10).problem).toBe(notADate("effective date"));
    expect(line(11).problem).toBe("Line 2 has the same carrier and confirmation number.");

    const done = await confirm(record.id);
    expect(done).toMatchObject({
      status: "imported",
      rowsWritten: 10,
      counts: { matched: 3, unmatched: 2, refused: 5 },
    });
    const after = await rowsOf(record.id, "outcome=matched");
    expect(after.rows.map((r) => r.lineNo)).toEqual([2, 3, 4]);
    expect(after.rows[2]!.clientId).toBe(`SF-${record.id}-4`);
    const mine = (await agentsEnrollments()).enrollments;
    const walter = mine.find((e) => e.confirmationNumber === `T-${n}-1`);
    expect(walter).toMatchObject({
      memberName: "Walter Brennan",
      planName: "Summit Choice (PPO)",
      productName: "Medicare Advantage",
      carrierName: "Summit Mutual",
      effectiveDate: "2030-01-01",
      status: "Submitted",
      writingAgent: { npnNumber: "17845210" },
    });
    expect(mine.find((e) => e.confirmationNumber === `T-${n}-2`)?.status).toBe("Enrolled");

    // The results CSV: each row's outcome, reason, agent and client.
    const csv = await client.send("GET", `${base}/${record.id}/results`, await asAdmin());
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toMatch(/^Line,Outcome,Reason,Agent,Client match,Client,Submitted enrollment,Agent NPN/);
    expect(lines[1]).toMatch(/^2,Matched,,/);
    expect(lines.find((l) => l.startsWith("5,"))).toMatch(/^5,Unmatched,,.*Ambiguous: 2 clients by Medicare id/);

    // The same file again: refused, naming the first.
    const again = await upload(file);
    expect(again.status).toBe(409);
    const refused = SunfireImportResponseSchema.parse(again.json).import;
    expect(refused).toMatchObject({ status: "failed", duplicateOf: record.id });
    expect(refused.problem).toMatch(new RegExp(`already imported on .*: Sunfire import #${record.id}\\.$`));

    // Reconciling line 5: the row offers the two clients; a wrong agent is refused at its field.
    const row5 = await ok(SunfireImportRowResponseSchema, "GET", `${base}/${record.id}/rows/5`, await asAdmin());
    expect(row5.candidates.map((c) => c.id)).toEqual(["SF-100106", "SF-100107"]);
    expect(row5.agents.length).toBeGreaterThan(5);
    const agentId = Number(row5.agents.find((a) => a.label.includes("17845210"))!.value);
    const wrong = await admin("POST", `${base}/${record.id}/rows/5/reconcile`, {
      agentUserId: 999999,
      clientId: "nobody",
    });
    expect(wrong.status).toBe(422);
    expect((wrong.json as { fields: Record<string, string[]> }).fields).toMatchObject({ agentUserId: [NOT_AN_AGENT] });
    const reconciled = await admin("POST", `${base}/${record.id}/rows/5/reconcile`, {
      agentUserId: agentId,
      clientId: "SF-100107",
    });
    expect(reconciled.status, JSON.stringify(reconciled.json)).toBe(200);
    expect((reconciled.json as { row: { outcome: string; clientId: string } }).row).toMatchObject({
      outcome: "reconciled",
      clientId: "SF-100107",
    });
    const twice = await admin("POST", `${base}/${record.id}/rows/5/reconcile`, {
      agentUserId: agentId,
      clientId: "SF-100107",
    });
    expectError(twice, 409, NOT_UNMATCHED);
    // Line 6 to agent@, as a new client.
    await admin("POST", `${base}/${record.id}/rows/6/reconcile`, { agentUserId: agentId, clientId: "new" });
    const { record: final } = await ok(
      SunfireImportRecordResponseSchema,
      "GET",
      `${base}/${record.id}`,
      await asAdmin(),
    );
    expect(final.counts).toMatchObject({ matched: 3, unmatched: 0, reconciled: 2, refused: 5 });
    const gloria = (await agentsEnrollments()).enrollments.find((e) => e.confirmationNumber === `T-${n}-4`);
    expect(gloria).toMatchObject({ memberName: "Gloria Vance", planName: "Summit Rx Basic (PDP)" });
    // A row confirmed already cannot come in twice.
    const third = await upload(
      `${HEADER}\r\n17845210,,Summit Mutual,Summit Choice (PPO),,,W,B,,,,,Submitted,,2030-01-01,T-${n}-1\r\n`,
    );
    expect((await rowsOf(SunfireImportResponseSchema.parse(third.json).import.id)).rows[0]!.problem).toBe(
      alreadySubmitted(`T-${n}-1`),
    );
  });

  it("lists every row in the results CSV by its line in the file, before and after the import", async () => {
    const n = nonce();
    const row = (k: number, npn = "17845210", carrier = "Summit Mutual") =>
      `${npn},,${carrier},Summit Rx Basic (PDP),,,Row,Line-${k}-${n},,,,,Submitted,,2030-01-01,L-${n}-${k}`;
    // Lines 2 to 12: line 3 waits for a person (no agent by its NPN), lines 11 and 12 have a problem; the preview
    // shows those first, the results CSV never does (nor does it order 10 before 2, as text would).
    const lines = Array.from({ length: 11 }, (_, i) => i + 2);
    const file = [
      HEADER,
      ...lines.map((k) => (k === 3 ? row(k, "99999999") : k >= 11 ? row(k, "17845210", "Summit mutual") : row(k))),
    ].join("\n");
    const { import: record } = SunfireImportResponseSchema.parse((await upload(file)).json);
    expect(record).toMatchObject({ status: "ready", counts: { rows: 11, problems: 2, toReconcile: 1 } });
    expect((await rowsOf(record.id)).rows.map((r) => r.lineNo)).toEqual([11, 12, 3, 2, 4, 5, 6, 7, 8, 9, 10]);
    const csvLines = async () => {
      const csv = await client.send("GET", `${base}/${record.id}/results`, await asAdmin());
      expect(csv.status).toBe(200);
      return csv.text
        .trim()
        .split("\r\n")
        .slice(1)
        .map((l) => Number(l.split(",")[0]));
    };
    expect(await csvLines()).toEqual(lines);
    expect(await confirm(record.id)).toMatchObject({ status: "imported", counts: { matched: 8, unmatched: 1 } });
    expect(await csvLines()).toEqual(lines);
  });

  it("lists the seeded history, whose first import waits for one row to be reconciled", async () => {
    const list = await ok(
      SunfireImportsResponseSchema,
      "GET",
      `${base}?perPage=100&sort=createdAt&order=asc`,
      await asAdmin(),
    );
    const first = list.records.find((r) => r.id === SEED_IMPORT_WITH_UNMATCHED.importId)!;
    expect(first).toMatchObject({ status: "imported", counts: { matched: 2, unmatched: 1, refused: 1 } });
    expect(list.records.find((r) => r.id === 2)).toMatchObject({ status: "failed", duplicateOf: 1 });
    const row = await ok(
      SunfireImportRowResponseSchema,
      "GET",
      `${base}/${SEED_IMPORT_WITH_UNMATCHED.importId}/rows/${SEED_IMPORT_WITH_UNMATCHED.line}`,
      await asAdmin(),
    );
    expect(row.row).toMatchObject({
      outcome: "unmatched",
      agent: null,
      client: { kind: "matched", clientId: "SF-100104" },
    });
    expect(row.candidates.map((c) => c.id)).toEqual(["SF-100104"]);
  });
});

describe("Sunfire imports: files that cannot be read, and who may", () => {
  it("refuses a file without Sunfire's columns, one not UTF-8, an empty one, one too large, a form body", async () => {
    const other = await upload("NPN,RTS Status\n123,RTS\n");
    expect(other.status).toBe(422);
    expect(SunfireImportResponseSchema.parse(other.json).import.problem).toBe(
      missingColumns([
        "Agent NPN",
        "Carrier",
        "Plan Name",
        "First Name",
        "Last Name",
        "Status",
        "Effective Date",
        "Confirmation Number",
      ]),
    );
    const latin1 = await upload(Uint8Array.from([0x4e, 0x50, 0x4e, 0x0a, 0xe9, 0xe9, 0x0a]));
    expect(latin1.status).toBe(422);
    expect(SunfireImportResponseSchema.parse(latin1.json).import.problem).toBe(NOT_UTF8_TEXT);
    // Valid UTF-8 that is not text (issue 35): UTF-16BE without its mark, NULs only, a PDF.
    const utf16be = Uint8Array.from([...`${HEADER}\n`].flatMap((ch) => [0, ch.charCodeAt(0)]));
    for (const notText of [utf16be, new Uint8Array(512), "%PDF-1.4\n%%EOF\n"]) {
      const refused = await upload(notText);
      expect(refused.status).toBe(422);
      expect(SunfireImportResponseSchema.parse(refused.json).import.problem).toBe(NOT_UTF8_TEXT);
    }
    expect((await upload("")).status).toBe(422);
    const saved = SUNFIRE_IMPORT_LIMITS.maxBytes;
    SUNFIRE_IMPORT_LIMITS.maxBytes = 1024;
    try {
      const big = await upload(`${HEADER}\n${"1,,,,,,,,,,,,,,,\n".repeat(200)}`);
      expect(big.status).toBe(413);
      expect((big.json as { error: string }).error).toBe(fileTooLarge(1024));
    } finally {
      SUNFIRE_IMPORT_LIMITS.maxBytes = saved;
    }
    expectError(await upload(`${HEADER}\n`, "x.csv", "application/x-www-form-urlencoded"), 415, NOT_CSV_BODY);
    expect((await upload(`${HEADER}\n`, "")).status).toBe(422);
    // Formula and markup cells are data: kept as text, neutralised in the results CSV.
    const hostile = SunfireImportResponseSchema.parse(
      (
        await upload(
          `${HEADER}\n=cmd|' /C calc'!A0,＝HYPERLINK(1),<b>x</b>,<script>alert(1)</script>,,,Ann,Lee,,,,,Submitted,,2030-01-01,X-${nonce()}\n`,
        )
      ).json,
    ).import;
    expect(hostile.counts.problems).toBe(1);
    const csv = await client.send("GET", `${base}/${hostile.id}/results`, await asAdmin());
    expect(csv.text).toContain("'=cmd|");
    expect(csv.text).toContain("'＝HYPERLINK(1)");
    expect(csv.text).toContain("<script>alert(1)</script>");
  });

  it("is the administrators' only", async () => {
    const agent = { token: await tokenOf("agent@demo.test") };
    expectError(await client.send("GET", base, agent), 403, ADMIN_ONLY_AREA);
    expectError(await client.send("POST", `${base}/1/confirm`, agent), 403, ADMIN_ONLY_AREA);
    expectError(await client.send("POST", `${base}/1/rows/4/reconcile`, { ...agent, json: {} }), 403, ADMIN_ONLY_AREA);
  });
});
