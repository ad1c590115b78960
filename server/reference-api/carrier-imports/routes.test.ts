import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BrokerAppointmentsResponseSchema,
  CarrierImportRecordResponseSchema,
  CarrierImportResponseSchema,
  CarrierImportRowsResponseSchema,
  CarrierImportsResponseSchema,
} from "../../../app/admin/sections/carrier_imports/contract.server.ts";
import { DownlinesResponseSchema } from "../../../app/.server/upstream/schemas/downlines.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import type { ReferenceApi } from "../index.ts";
import { expectError, startTestApi, tempDbPath, testClient } from "../core/test-support.ts";
import { NOT_UTF8_TEXT } from "../../../app/domain/text-file.ts";
import { fileTooLarge } from "../core/file-imports/read-file.ts";
import { CARRIER_IMPORT_LIMITS } from "./imports.ts";
import {
  NOT_A_CONTRACT_PBP,
  NOT_A_DATE,
  NOT_A_MEDICARE_ID,
  OTHER_CARRIERS_ENROLLMENT,
  REASON_NOT_TERMINATED,
  TERMINATION_DATE_NEEDED,
  notAState,
  unknownAppointmentStatus,
  unknownEnrollmentStatus,
  unknownNpn,
  unknownPolicyStatus,
  unknownRtsStatus,
} from "./rows.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-carrier-imports-");
let api: ReferenceApi;
const client = testClient(() => api.url, { jsonContentTypeOnly: true });
const { tokenOf, ok } = client;
const asAdmin = async () => ({ token: await tokenOf("admin@demo.test") });
const admin = async (method: string, path: string, json?: unknown) =>
  client.send(method, path, { token: await tokenOf("admin@demo.test"), json });
const base = "/api/admin/carrier_imports";

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});

/** `text` as UTF-16BE without a byte-order mark. */
const utf16be = (text: string) => Uint8Array.from([...text].flatMap((ch) => [0, ch.charCodeAt(0)]));

async function upload(body: string | Uint8Array, facts: Record<string, string> = {}) {
  const params = new URLSearchParams({ carrierId: "4", kind: "rts", fileName: "rts.csv", ...facts });
  const response = await fetch(`${api.url}${base}/upload?${params.toString()}`, {
    method: "POST",
    headers: { authorization: `Bearer ${(await asAdmin()).token}`, "content-type": "text/csv" },
    body: typeof body === "string" ? body : Buffer.from(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

async function confirm(importId: number) {
  const started = await admin("POST", `${base}/${importId}/confirm`);
  expect(started.status, JSON.stringify(started.json)).toBe(202);
  for (let i = 0; i < 200; i++) {
    const { record } = await ok(CarrierImportRecordResponseSchema, "GET", `${base}/${importId}`, await asAdmin());
    if (record.status !== "importing") return record;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the import never finished");
}

const rowsOf = async (id: number, query = "perPage=100") =>
  ok(CarrierImportRowsResponseSchema, "GET", `${base}/${id}/rows?${query}`, await asAdmin());

/** agency@'s downline for a carrier (what /downlines shows). */
const downline = async (carrierId: number) =>
  ok(DownlinesResponseSchema, "GET", `/api/downlines/${carrierId}/agency/1005`, {
    token: await tokenOf("agency@demo.test"),
  });

const nonce = () => Math.floor(Math.random() * 1e9);

describe("carrier imports: an RTS file", () => {
  it("previews each row's problem, imports the rest, moves Samuel Ortiz to Ready to sell, and knows the file again", async () => {
    expect((await downline(4)).downlines.agents.find((a) => a.npnId === 5201)!.rtsStatus.statusCode).toBe("NRTS");
    const file = [
      "NPN,RTS Status,Note",
      "30005201,RTS,moved", // Samuel Ortiz: NRTS → RTS
      "30005202,RTS,same", // Rebecca Lin: RTS already with carrier 4
      "99999999,RTS,unknown",
      "30005204,WHATEVER,bad code",
      `30005231,Ready to Sell,${nonce()}`, // by the status's title
    ].join("\r\n");
    const uploaded = await upload(file);
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);
    const { import: record } = CarrierImportResponseSchema.parse(uploaded.json);
    expect(record).toMatchObject({ status: "ready", rowsRead: 5, unmappedFields: [] });
    expect(record.counts.problems).toBe(2);

    const preview = await rowsOf(record.id);
    expect(preview.rows.map((r) => [r.lineNo, r.problem])).toEqual([
      [4, unknownNpn("99999999")],
      [5, unknownRtsStatus("WHATEVER", "Pioneer Benefits")],
      [2, null],
      [3, null],
      [6, null],
    ]);
    // Nothing is written before the confirmation.
    expect((await downline(4)).downlines.agents.find((a) => a.npnId === 5201)!.rtsStatus.statusCode).toBe("NRTS");

    const done = await confirm(record.id);
    expect(done).toMatchObject({ status: "imported", rowsWritten: 5 });
    expect(done.counts).toMatchObject({ created: 0, updated: 1, unchanged: 2, refused: 2 });
    const samuel = (await downline(4)).downlines.agents.find((a) => a.npnId === 5201)!;
    expect(samuel.rtsStatus).toMatchObject({ statusCode: "RTS", displayStatus: "Ready to sell" });

    const results = await rowsOf(record.id);
    expect(results.rows.map((r) => [r.lineNo, r.outcome])).toEqual([
      [2, "updated"],
      [3, "unchanged"],
      [4, "refused"],
      [5, "refused"],
      [6, "unchanged"],
    ]);
    const refused = await rowsOf(record.id, "outcome=refused");
    expect(refused.rows.map((r) => r.lineNo)).toEqual([4, 5]);
    // The rows' pages (core/file-imports' stagedImportRoutes): counted first, a page past the last is the last.
    const first = await rowsOf(record.id, "perPage=5&page=1");
    expect([first.meta.totalCount, first.meta.totalPages, first.rows.length]).toEqual([5, 1, 5]);
    const past = await rowsOf(record.id, "perPage=5&page=9&outcome=refused");
    expect([past.meta.totalCount, past.meta.currentPage, past.rows.map((r) => r.lineNo)]).toEqual([2, 1, [4, 5]]);
    expectError(await admin("GET", `${base}/${record.id}/rows?outcome=accepted`), 422, "outcome is not an outcome");
    expectError(await admin("GET", `${base}/999999/rows`), 404);

    const csv = await client.send("GET", `${base}/${record.id}/results`, await asAdmin());
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toBe("Line,Outcome,Reason,Agent NPN,RTS status code");
    expect(lines[1]).toBe("2,Updated,,30005201,RTS");
    expect(lines[3]).toBe(`4,Refused,${unknownNpn("99999999")},99999999,RTS`);
    expect(lines).toHaveLength(6);

    // The same file again: recognised, naming the first import.
    const again = await upload(file);
    expect(again.status).toBe(409);
    const refusedAgain = CarrierImportResponseSchema.parse(again.json).import;
    expect(refusedAgain.status).toBe("failed");
    expect(refusedAgain.problem).toContain(`import #${record.id}`);
    expect(refusedAgain.duplicateOf).toBe(record.id);

    const { history } = await ok(CarrierImportRecordResponseSchema, "GET", `${base}/${record.id}`, await asAdmin());
    expect(history.map((h) => h.action)).toEqual(["imported", "uploaded"]);
    const list = await ok(CarrierImportsResponseSchema, "GET", `${base}?kind=rts&carrier=4`, await asAdmin());
    expect(list.records.map((r) => r.id)).toContain(record.id);
  });

  it("waits for a mapping when the carrier's columns differ, remembers it for the carrier and kind", async () => {
    const file = `Producer NPN,Readiness\r\n30005212,PEND\r\n${nonce()},RTS\r\n`;
    const { import: record } = CarrierImportResponseSchema.parse((await upload(file, { carrierId: "3" })).json);
    expect(record.unmappedFields).toEqual(["npn", "statusCode"]);
    const early = await admin("POST", `${base}/${record.id}/confirm`);
    expect(early.status).toBe(409);
    const wrong = await admin("PUT", `${base}/${record.id}/mapping`, { npn: "Producer NPN", statusCode: "Nope" });
    expect(wrong.status).toBe(422);
    const mapped = await admin("PUT", `${base}/${record.id}/mapping`, {
      npn: "Producer NPN",
      statusCode: "Readiness",
    });
    expect(mapped.status).toBe(200);
    const after = CarrierImportResponseSchema.parse(mapped.json).import;
    expect(after.unmappedFields).toEqual([]);
    expect(after.counts.problems).toBe(1);
    const next = await upload(`Producer NPN,Readiness\r\n30005212,PEND\r\n${nonce()},RTS\r\n`, { carrierId: "3" });
    expect(CarrierImportResponseSchema.parse(next.json).import.mapping).toEqual({
      npn: "Producer NPN",
      statusCode: "Readiness",
    });
  });
});

describe("carrier imports: a policies file", () => {
  it("creates and updates policies in the writing agent's book of business, refusing bad rows with the reason", async () => {
    const tag = nonce();
    const file = [
      "Policy Number,Agent NPN,Member,Product,Status,Effective Date",
      `CI-${tag}-1,17845210,Jordan Pike,Medicare Advantage,Active,2026-01-01`,
      `CI-${tag}-2,17845210,Lena Ward,medicare advantage,Pending,02/01/2026`,
      `CI-${tag}-3,17845210,Bad Date,Medicare Advantage,Active,2026-13-01`,
      `CI-${tag}-4,17845210,Bad Status,Medicare Advantage,Lapsed,2026-01-01`,
    ].join("\n");
    const { import: record } = CarrierImportResponseSchema.parse(
      (await upload(file, { kind: "policies", carrierId: "1", fileName: "policies.csv" })).json,
    );
    expect(record.counts.problems).toBe(2);
    const preview = await rowsOf(record.id);
    expect(preview.rows.slice(0, 2).map((r) => r.problem)).toEqual([NOT_A_DATE, unknownPolicyStatus("Lapsed")]);
    const done = await confirm(record.id);
    expect(done.counts).toMatchObject({ created: 2, updated: 0, unchanged: 0, refused: 2 });

    const book = await client.send("GET", `/api/book_of_business?search=CI-${tag}&perPage=50`, {
      token: await tokenOf("agent@demo.test"),
    });
    expect(book.status).toBe(200);
    expect(JSON.stringify(book.json)).toContain(`CI-${tag}-1`);
    expect(JSON.stringify(book.json)).toContain("Lena Ward");

    // The carrier's next file: one policy changed, one the same.
    const next = [
      "Policy Number,Agent NPN,Member,Product,Status,Effective Date",
      `CI-${tag}-1,17845210,Jordan Pike,Medicare Advantage,Terminated,2026-01-01`,
      `CI-${tag}-2,17845210,Lena Ward,Medicare Advantage,Pending,2026-02-01`,
    ].join("\n");
    const second = CarrierImportResponseSchema.parse(
      (await upload(next, { kind: "policies", carrierId: "1", fileName: "policies-2.csv" })).json,
    ).import;
    expect((await confirm(second.id)).counts).toMatchObject({ created: 0, updated: 1, unchanged: 1, refused: 0 });
  });
});

describe("carrier imports: an appointments file", () => {
  it("creates and updates the brokers' appointments shown beside their contracts, refusing bad rows with the reason", async () => {
    const appointments = async () =>
      ok(BrokerAppointmentsResponseSchema, "GET", "/api/admin/brokers/1/appointments", await asAdmin());
    const before = (await appointments()).appointments;
    expect(before.some((a) => a.carrierId === 2 && a.state === "WY")).toBe(false);
    const file = [
      "NPN,State,Appointment Status,Effective Date,Termination Reason",
      "17845210,WY,Appointed,2026-03-01,", // agent@ with Summit Mutual in Wyoming: created
      "17845210,wy,Appointed,03/01/2026,", // the same again: unchanged
      "17845210,VT,Pending,2026-03-01,", // created, then terminated by the next file
      "17845210,XX,Appointed,2026-03-01,",
      "17845210,WY,On hold,2026-03-01,",
      "17845210,WY,Appointed,2026-03-01,Moved away",
      `${nonce()},WY,Appointed,2026-03-01,`,
    ].join("\r\n");
    const { import: record } = CarrierImportResponseSchema.parse(
      (await upload(file, { kind: "appointments", carrierId: "2", fileName: "appointments.csv" })).json,
    );
    expect(record).toMatchObject({ status: "ready", unmappedFields: [] });
    const preview = await rowsOf(record.id);
    expect(preview.rows.slice(0, 4).map((r) => [r.lineNo, r.problem])).toEqual([
      [5, notAState("XX")],
      [6, unknownAppointmentStatus("On hold")],
      [7, REASON_NOT_TERMINATED],
      [8, expect.stringMatching(/^No agent has the NPN \d+\.$/)],
    ]);
    const done = await confirm(record.id);
    expect(done.counts).toMatchObject({ created: 2, updated: 0, unchanged: 1, refused: 4 });
    const after = (await appointments()).appointments;
    expect(after.find((a) => a.carrierId === 2 && a.state === "WY")).toMatchObject({
      carrierName: "Summit Mutual",
      status: "Appointed",
      effectiveDate: "2026-03-01",
      importId: record.id,
    });

    const next = [
      "NPN,State,Appointment Status,Effective Date,Termination Reason",
      "17845210,VT,Terminated,2026-04-30,Agent request",
      "17845210,WY,appointed,2026-03-01,",
    ].join("\r\n");
    const second = CarrierImportResponseSchema.parse(
      (await upload(next, { kind: "appointments", carrierId: "2", fileName: "appointments-2.csv" })).json,
    ).import;
    expect((await confirm(second.id)).counts).toMatchObject({ created: 0, updated: 1, unchanged: 1, refused: 0 });
    expect((await appointments()).appointments.find((a) => a.carrierId === 2 && a.state === "VT")).toMatchObject({
      status: "Terminated",
      terminationReason: "Agent request",
    });
  });
});

describe("carrier imports: an enrollments file", () => {
  const HEADER =
    "Confirmation Number,Agent NPN,Member,Medicare ID,Date of Birth,Plan,Plan Type,Contract PBP,County,State,Status,Submitted Date,Effective Date,Termination Date,Termination Reason";

  it("creates and updates carrier enrollments by confirmation number, each row's cells its raw payload", async () => {
    const tag = nonce();
    const line = (n: string, status = "Submitted", extra = ",,") =>
      `CI-${tag}-${n},17845210,Nora Bell,1EG4-TE5-MK73,1955-03-02,Summit Choice (PPO),MAPD,H3361007,Harris,TX,${status},2026-09-01,2026-10-01${extra}`;
    const file = [
      HEADER,
      line("1"),
      line("2", "RFI"),
      line("3", "Terminated"), // no termination date
      line("4").replace("1EG4-TE5-MK73", "12345"),
      line("5").replace("H3361007", "H33610"),
      line("6", "Lost"),
      `KS-${tag},17845210,Other Carrier,1EG4-TE5-MK73,1955-03-02,Plan,MAPD,,Harris,TX,Enrolled,2026-09-01,,,`,
    ].join("\n");
    const { import: record } = CarrierImportResponseSchema.parse(
      (await upload(file, { kind: "enrollments", carrierId: "2", fileName: "enrollments.csv" })).json,
    );
    expect(record.unmappedFields).toEqual([]);
    const preview = await rowsOf(record.id);
    expect(preview.rows.slice(0, 4).map((r) => r.problem)).toEqual([
      TERMINATION_DATE_NEEDED,
      NOT_A_MEDICARE_ID,
      NOT_A_CONTRACT_PBP,
      unknownEnrollmentStatus("Lost"),
    ]);
    const done = await confirm(record.id);
    expect(done.counts).toMatchObject({ created: 3, updated: 0, unchanged: 0, refused: 4 });

    const list = await client.send(
      "GET",
      `/api/admin/carrier_enrollments?search=CI-${tag}&perPage=50`,
      await asAdmin(),
    );
    expect(list.status).toBe(200);
    const records = (list.json as { records: Array<{ id: number; confirmationNumber: string; status: string }> })
      .records;
    const first = records.find((r) => r.confirmationNumber === `CI-${tag}-1`)!;
    expect(first).toBeDefined();
    const one = await client.send("GET", `/api/admin/carrier_enrollments/${first.id}`, await asAdmin());
    expect(JSON.stringify(one.json)).toContain("H3361-007");
    const payload = await client.send("GET", `/api/admin/carrier_enrollments/${first.id}/payload`, await asAdmin());
    expect(JSON.parse((payload.json as { payload: string }).payload)).toMatchObject({
      "Confirmation Number": `CI-${tag}-1`,
      "Contract PBP": "H3361007",
      Status: "Submitted",
    });

    // The carrier's next file: one enrollment now enrolled, one the same, one of another carrier's numbers.
    const next = [HEADER, line("1", "Enrolled"), line("2", "RFI")].join("\n");
    const second = CarrierImportResponseSchema.parse(
      (await upload(next, { kind: "enrollments", carrierId: "2", fileName: "enrollments-2.csv" })).json,
    ).import;
    expect((await confirm(second.id)).counts).toMatchObject({ created: 0, updated: 1, unchanged: 1, refused: 0 });
    const other = [HEADER, line("1", "Enrolled")].join("\n") + "\n";
    const third = CarrierImportResponseSchema.parse(
      (await upload(other, { kind: "enrollments", carrierId: "3", fileName: "enrollments-3.csv" })).json,
    ).import;
    const refused = await confirm(third.id);
    expect(refused.counts).toMatchObject({ created: 0, refused: 1 });
    expect((await rowsOf(third.id)).rows[0]?.problem).toBe(OTHER_CARRIERS_ENROLLMENT);
  });
});

describe("carrier imports: files that cannot be read, and who may", () => {
  it("refuses a file that is not UTF-8, an empty one, one too large, and facts that are wrong", async () => {
    const latin1 = await upload(Uint8Array.from([0x4e, 0x50, 0x4e, 0x0a, 0xe9, 0xe9, 0x0a]));
    expect(latin1.status).toBe(422);
    expect(CarrierImportResponseSchema.parse(latin1.json).import.problem).toBe(NOT_UTF8_TEXT);
    // Valid UTF-8 that is not text (issue 35): UTF-16BE without its mark, NULs only, a PDF.
    for (const notText of [utf16be("NPN,RTS Status\n30005201,RTS\n"), new Uint8Array(512), "%PDF-1.4\n%%EOF\n"]) {
      const refused = await upload(notText);
      expect(refused.status).toBe(422);
      expect(CarrierImportResponseSchema.parse(refused.json).import.problem).toBe(NOT_UTF8_TEXT);
    }
    expect((await upload("")).status).toBe(422);
    const saved = CARRIER_IMPORT_LIMITS.maxBytes;
    CARRIER_IMPORT_LIMITS.maxBytes = 1024;
    try {
      const big = await upload(`NPN,RTS Status\n${"30005201,RTS\n".repeat(200)}`);
      expect(big.status).toBe(413);
      expect((big.json as { error: string }).error).toBe(fileTooLarge(1024));
    } finally {
      CARRIER_IMPORT_LIMITS.maxBytes = saved;
    }
    const kind = await upload("NPN,RTS Status\n", { kind: "licenses" });
    expect(kind.status).toBe(422);
    expect((await upload("NPN,RTS Status\n", { carrierId: "999" })).status).toBe(422);
    // A formula cell is data: shown as text, neutralised in the results CSV.
    const formula = CarrierImportResponseSchema.parse(
      (await upload(`NPN,RTS Status\n30005202,RTS\n=1+1,RTS\n＝2+2,RTS\n${nonce()},X\n`)).json,
    ).import;
    expect(formula.counts.problems).toBe(3);
    const csv = await client.send("GET", `${base}/${formula.id}/results`, await asAdmin());
    expect(csv.text).toContain("'=1+1");
    expect(csv.text).toContain("'＝2+2");
    // Every row by its line, though the preview shows the problems first.
    const byLine = csv.text.trim().split("\r\n").slice(1);
    expect(byLine.map((l) => l.split(",")[0])).toEqual(["2", "3", "4", "5"]);
  });

  it("is the administrators' only", async () => {
    const agent = { token: await tokenOf("agency@demo.test") };
    expectError(await client.send("GET", base, agent), 403, ADMIN_ONLY_AREA);
    expectError(await client.send("POST", `${base}/1/confirm`, agent), 403, ADMIN_ONLY_AREA);
  });
});
