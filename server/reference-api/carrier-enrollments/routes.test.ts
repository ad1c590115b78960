import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AdminCarrierEnrollmentResponseSchema,
  AdminCarrierEnrollmentsResponseSchema,
  CarrierEnrollmentPayloadSchema,
} from "../../../app/admin/sections/carrier_enrollments/contract.server.ts";
import { ENROLLMENT_STATUSES, isContractPbp } from "../../../app/admin/sections/carrier_enrollments/records.ts";
import {
  AdminCarrierNotificationResponseSchema,
  AdminCarrierNotificationsResponseSchema,
} from "../../../app/admin/sections/carrier_notifications/contract.server.ts";
import {
  ALREADY_HANDLED,
  ALREADY_ROUTED,
  NOT_ROUTABLE,
} from "../../../app/admin/sections/carrier_notifications/records.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import type { ReferenceApi } from "../index.ts";
import { expectError, expectFields, startTestApi, tempDbPath, testClient, testSeed } from "../core/test-support.ts";
import {
  DOCS_RFI_SUBJECTS,
  HTML_NOTE,
  RFI_REQUESTS,
  seedCarrierEnrollments,
  seedCarrierNotifications,
} from "./seed.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-carrier-enrollments-");
let api: ReferenceApi;
const client = testClient(() => api.url, { jsonContentTypeOnly: true });
const { tokenOf } = client;
const as = async (email: string, method: string, path: string, json?: unknown) =>
  client.send(method, path, { token: await tokenOf(email), json });
const admin = async (method: string, path: string, json?: unknown) => as("admin@demo.test", method, path, json);
const ENROLLMENTS = "/api/admin/carrier_enrollments";
const NOTIFICATIONS = "/api/admin/carrier_notifications";

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});

describe("the carrier enrollments' seed", () => {
  it("a few hundred records of every status, the design notes' fields, each payload valid JSON naming its record", () => {
    const rows = seedCarrierEnrollments(testSeed);
    expect(rows.length).toBeGreaterThanOrEqual(250);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(ENROLLMENT_STATUSES));
    expect(new Set(rows.map((r) => r.carrierId)).size).toBe(5);
    for (const r of rows) {
      if (r.contractPbp !== null) expect(isContractPbp(r.contractPbp), r.contractPbp).toBe(true);
      expect(r.rawPayload).toContain(r.confirmationNumber);
      expect(() => JSON.parse(r.rawPayload) as unknown).not.toThrow();
      if (r.status === "terminated") expect(r.terminationReason).not.toBeNull();
    }
    expect(new Set(rows.map((r) => r.confirmationNumber)).size).toBe(rows.length);
    expect(rows.some((r) => r.rawPayload.includes(JSON.stringify(HTML_NOTE).slice(1, -1)))).toBe(true);
    // Deterministic.
    expect(seedCarrierEnrollments(testSeed)).toBe(seedCarrierEnrollments(testSeed));
  });

  it("notifications of every kind, the last week's waiting, docs@'s RFI notices not yet sent", () => {
    const rows = seedCarrierNotifications(testSeed);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(["rfi", "termination", "chargeback", "certification"]));
    expect(rows.some((r) => r.handledAt === null)).toBe(true);
    expect(rows.some((r) => r.handledAt !== null)).toBe(true);
    // The hostile-input suite posts to notification 1: handled and sent already, so every write is refused.
    expect(rows[0]).toMatchObject({ id: 1, handledAt: expect.any(String), routedAt: expect.any(String) });
    for (const subject of DOCS_RFI_SUBJECTS) {
      const docs = rows.find((r) => r.subject === subject)!;
      expect(docs).toMatchObject({ userId: 4, kind: "rfi", routedAt: null, handledAt: null });
      expect(docs.documentName).toMatch(/RFI/);
    }
  });
});

describe("GET /api/admin/carrier_enrollments", () => {
  it("newest first: the latest submitted day first, a day's latest received first, with or without the sort", async () => {
    const newestFirst = (records: Array<{ submittedOn: string; receivedAt: string }>) => {
      for (const [a, b] of records.slice(1).map((r, i) => [records[i]!, r] as const)) {
        expect(a.submittedOn >= b.submittedOn, `${a.submittedOn} before ${b.submittedOn}`).toBe(true);
        if (a.submittedOn === b.submittedOn) expect(a.receivedAt >= b.receivedAt).toBe(true);
      }
    };
    const asked = AdminCarrierEnrollmentsResponseSchema.parse(
      (await admin("GET", `${ENROLLMENTS}?perPage=100&sort=submittedOn&order=DESC`)).json,
    ).records;
    newestFirst(asked);
    const unsorted = AdminCarrierEnrollmentsResponseSchema.parse(
      (await admin("GET", `${ENROLLMENTS}?perPage=100`)).json,
    );
    expect(unsorted.records.map((r) => r.id)).toEqual(asked.map((r) => r.id));
    const oldest = AdminCarrierEnrollmentsResponseSchema.parse(
      (await admin("GET", `${ENROLLMENTS}?perPage=5&sort=submittedOn&order=ASC`)).json,
    ).records;
    expect(oldest[0]!.submittedOn <= asked.at(-1)!.submittedOn).toBe(true);
  });

  it("an enrollment in RFI says what the carrier asks for; its RFI notice says the same", async () => {
    const rfi = AdminCarrierEnrollmentsResponseSchema.parse(
      (await admin("GET", `${ENROLLMENTS}?perPage=100&status=rfi`)).json,
    ).records;
    expect(rfi.length).toBeGreaterThan(5);
    for (const r of rfi) expect(RFI_REQUESTS).toContain(r.rfiRequest);
    const enrolled = AdminCarrierEnrollmentsResponseSchema.parse(
      (await admin("GET", `${ENROLLMENTS}?perPage=5&status=enrolled`)).json,
    ).records;
    for (const r of enrolled) expect(r.rfiRequest).toBeNull();
    const one = AdminCarrierEnrollmentResponseSchema.parse((await admin("GET", `${ENROLLMENTS}/${rfi[0]!.id}`)).json);
    expect(one.record.rfiRequest).toBe(rfi[0]!.rfiRequest);
    const notice = seedCarrierNotifications(testSeed).find((n) => n.kind === "rfi" && n.enrollmentId === rfi[0]!.id);
    if (notice) expect(notice.message.toLowerCase()).toContain(rfi[0]!.rfiRequest!.toLowerCase());
  });

  it("pages, filters by status, carrier, agent and date range; facets from the data", async () => {
    const all = AdminCarrierEnrollmentsResponseSchema.parse((await admin("GET", `${ENROLLMENTS}?perPage=5`)).json);
    expect(all.meta.totalCount).toBe(seedCarrierEnrollments(testSeed).length);
    expect(all.records).toHaveLength(5);
    expect(all.facets.carrierId.length).toBe(5);
    const rfi = AdminCarrierEnrollmentsResponseSchema.parse(
      (await admin("GET", `${ENROLLMENTS}?status=rfi&carrierId=1&userId=1&perPage=50`)).json,
    );
    for (const r of rfi.records) expect(r).toMatchObject({ status: "rfi", carrier: { id: 1 }, agent: { userId: 1 } });
    const from = testSeed.daysFromNow(-30);
    const to = testSeed.daysFromNow(-10);
    const ranged = AdminCarrierEnrollmentsResponseSchema.parse(
      (await admin("GET", `${ENROLLMENTS}?from=${from}&to=${to}&perPage=50`)).json,
    );
    expect(ranged.meta.totalCount).toBe(
      seedCarrierEnrollments(testSeed).filter((r) => r.submittedOn >= from && r.submittedOn <= to).length,
    );
    for (const r of ranged.records) expect(r.submittedOn >= from && r.submittedOn <= to).toBe(true);
  });

  it("refuses malformed filters (422) and answers 403 to a non-administrator", async () => {
    for (const q of ["status=lost", "carrierId=x", "from=2025-13-45", "from=2025-02-01&to=2025-01-01", "to=<b>"])
      expectError(await admin("GET", `${ENROLLMENTS}?${q}`), 422);
    expectError(await as("agent@demo.test", "GET", ENROLLMENTS), 403, ADMIN_ONLY_AREA);
    expectError(await as("agent@demo.test", "GET", `${ENROLLMENTS}/1/payload`), 403, ADMIN_ONLY_AREA);
    expectError(await as("agency@demo.test", "POST", `${NOTIFICATIONS}/1/handle`, {}), 403, ADMIN_ONLY_AREA);
  });

  it("a record and its raw payload exactly as stored; an unknown id is a 404", async () => {
    const seeded = seedCarrierEnrollments(testSeed)[3]!;
    const one = AdminCarrierEnrollmentResponseSchema.parse((await admin("GET", `${ENROLLMENTS}/${seeded.id}`)).json);
    expect(one.record).toMatchObject({
      confirmationNumber: seeded.confirmationNumber,
      client: { name: seeded.clientName, id: seeded.clientId, dateOfBirth: seeded.clientDob },
      payloadBytes: Buffer.byteLength(seeded.rawPayload),
    });
    const payload = CarrierEnrollmentPayloadSchema.parse(
      (await admin("GET", `${ENROLLMENTS}/${seeded.id}/payload`)).json,
    );
    expect(payload.payload).toBe(seeded.rawPayload);
    expectError(await admin("GET", `${ENROLLMENTS}/99999`), 404);
    expectError(await admin("GET", `${ENROLLMENTS}/abc/payload`), 404);
  });

  it("exports the filtered list as CSV", async () => {
    const csv = await admin("GET", `${ENROLLMENTS}/export?status=terminated`);
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toMatch(/^Id,Carrier,Writing agent,NPN/);
    expect(lines.length - 1).toBe(seedCarrierEnrollments(testSeed).filter((r) => r.status === "terminated").length);
  });
});

describe("/api/admin/carrier_notifications", () => {
  const docsRfi = () => seedCarrierNotifications(testSeed).find((r) => r.subject === DOCS_RFI_SUBJECTS[0])!;

  it("filters by handled, kind, carrier and agent", async () => {
    const waiting = AdminCarrierNotificationsResponseSchema.parse(
      (await admin("GET", `${NOTIFICATIONS}?handled=no&perPage=50`)).json,
    );
    expect(waiting.meta.totalCount).toBeGreaterThan(0);
    for (const n of waiting.records) expect(n.handled).toBe(false);
    const docs = AdminCarrierNotificationsResponseSchema.parse(
      (await admin("GET", `${NOTIFICATIONS}?userId=4&kind=rfi`)).json,
    );
    expect(docs.records.map((n) => n.subject)).toEqual(expect.arrayContaining([...DOCS_RFI_SUBJECTS]));
    expectError(await admin("GET", `${NOTIFICATIONS}?handled=maybe`), 422);
  });

  it("handles a notification once, with its note in the history; a second time is a 409", async () => {
    const id = seedCarrierNotifications(testSeed).find((r) => r.handledAt === null && r.userId !== 4)!.id;
    expectFields(await admin("POST", `${NOTIFICATIONS}/${id}/handle`, { note: "x".repeat(501) }));
    const done = await admin("POST", `${NOTIFICATIONS}/${id}/handle`, { note: "Called the agent" });
    expect(done.status, done.text).toBe(200);
    const one = AdminCarrierNotificationResponseSchema.parse((await admin("GET", `${NOTIFICATIONS}/${id}`)).json);
    expect(one.record).toMatchObject({
      handled: true,
      handledNote: "Called the agent",
      handledBy: { name: "Grace Harper" },
    });
    expect(one.history[0]).toMatchObject({ action: "handled", note: "Called the agent" });
    expectError(await admin("POST", `${NOTIFICATIONS}/${id}/handle`, {}), 409, ALREADY_HANDLED);
    expectError(await admin("POST", `${NOTIFICATIONS}/99999/handle`, {}), 404);
  });

  it("sends a notice to the agent's document notifications once (it blocks their contract requests); refuses one that asks nothing", async () => {
    const { id, documentName } = docsRfi();
    const before = (await as("docs@demo.test", "GET", "/api/profile/document_notifications")).json as {
      documentNotifications: Array<{ documentName: string }>;
    };
    expect(before.documentNotifications.map((n) => n.documentName)).not.toContain(documentName);
    const routed = await admin("POST", `${NOTIFICATIONS}/${id}/route`, {});
    expect(routed.status, routed.text).toBe(200);
    const after = (await as("docs@demo.test", "GET", "/api/profile/document_notifications")).json as {
      documentNotifications: Array<{ documentName: string; message: string }>;
    };
    expect(after.documentNotifications.find((n) => n.documentName === documentName)?.message).toMatch(/asks for/);
    expectError(await admin("POST", `${NOTIFICATIONS}/${id}/route`, {}), 409, ALREADY_ROUTED);
    const termination = seedCarrierNotifications(testSeed).find((r) => r.kind === "termination")!;
    expectError(await admin("POST", `${NOTIFICATIONS}/${termination.id}/route`, {}), 409, NOT_ROUTABLE);
    await fetch(`${api.url}/__reset`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "docs@demo.test" }),
    });
  });
});
