import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AdminBrokerResponseSchema,
  AdminBulkResultSchema,
  AdminContractRequestResponseSchema,
  AdminContractRequestSchema,
  AdminContractRequestsResponseSchema,
  AdminDashboardSchema,
  AdminDocumentResponseSchema,
  AdminDocumentsResponseSchema,
  AdminNoteResponseSchema,
  CONTRACT_AGES,
  CONTRACT_TRANSITIONS,
} from "../../../app/.server/upstream/schemas/admin.ts";
import { ContractingStatusesResponseSchema } from "../../../app/.server/upstream/schemas/contracting.ts";
import { DocumentNotificationsResponseSchema } from "../../../app/.server/upstream/schemas/profile.ts";
import { LoginResponseSchema } from "../../../app/.server/upstream/schemas/session.ts";
import {
  EFFECTIVE_DATE_REQUIRED,
  NO_REQUEST_WAITING,
  PUBLIC_NOTE_REQUIRED,
  REJECTION_NOTE_REQUIRED,
  WRITING_NUMBER_REQUIRED,
  cannotBecome,
} from "./routes.ts";
import { COMPLIANCE_DOCUMENT_TYPES, type ComplianceDocumentKind } from "../../../app/domain/compliance-documents.ts";
import { VERSION_REQUIRED } from "../../../app/domain/record-version.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import { DOCUMENTS_NEED_ATTENTION } from "../contracting/routes.ts";
import { expiryMessage, expiryStatements } from "../profile/document-expiry.ts";
import type { ReferenceApi } from "../index.ts";
import { DEMO_PASSWORD } from "../accounts/seed.ts";
import { seedContractingEntries } from "../contracting/seed.ts";
import { E2E_ACTIVATE, E2E_BULK, E2E_DENY, FIRST_BULK_REQUEST_ID, seedRequests } from "./seed.ts";
import {
  expectError,
  expectFields,
  expectStale,
  formOf,
  sqlite,
  startTestApi,
  tempDbPath,
  testClient,
  testSeed,
} from "../core/test-support.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-admin-contracting-");
let api: ReferenceApi;
const client = testClient(() => api.url, { jsonContentTypeOnly: true });
const { send, ok, tokenOf } = client;
const admin = async () => tokenOf("admin@demo.test");
const db = () => sqlite(dbPath);

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

async function list(query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return ok(AdminContractRequestsResponseSchema, "GET", `/api/admin/contract_requests?${qs}`, { token: await admin() });
}

async function one(id: number) {
  return ok(AdminContractRequestResponseSchema, "GET", `/api/admin/contract_requests/${id}`, { token: await admin() });
}

/** A move, with the request's version as it is now (as its review page would send it) unless `json` gives one. */
async function transition(id: number, json: Record<string, unknown>, token?: string) {
  const version = "version" in json ? json.version : (await one(id)).record.version;
  return send("POST", `/api/admin/contract_requests/${id}/transition`, {
    token: token ?? (await admin()),
    json: { version, ...json },
  });
}

async function scalarOf(sql: string, args: (string | number)[] = []): Promise<number> {
  const c = db();
  try {
    return Number((await c.execute({ sql, args })).rows[0]![0]);
  } finally {
    c.close();
  }
}

describe("who may use the contracting part of the admin area", () => {
  const ENDPOINTS: ReadonlyArray<readonly [string, string]> = [
    ["GET", "/api/admin/contract_requests"],
    ["GET", "/api/admin/contract_requests/export"],
    ["GET", "/api/admin/contract_requests/next"],
    ["GET", "/api/admin/contract_requests/2"],
    ["GET", "/api/admin/contract_requests/2/files/1"],
    ["POST", "/api/admin/contract_requests/2/transition"],
    ["POST", "/api/admin/contract_requests/bulk_transition"],
    ["POST", "/api/admin/contract_requests"],
    ["GET", "/api/admin/brokers/1"],
    ["POST", "/api/admin/brokers/1/notes"],
    ["GET", "/api/admin/brokers/1/documents"],
    ["GET", "/api/admin/brokers/1/documents/eo/file"],
    ["POST", "/api/admin/brokers/1/documents/eo/review"],
    ["GET", "/api/admin/dashboard"],
  ];

  it("answers 401 without a token and 403 to agents, agencies, carriers and an administrator signed in as another user", async () => {
    const fresh = await send("POST", "/api/login", { json: { email: "admin@demo.test", password: DEMO_PASSWORD } });
    const adminToken = LoginResponseSchema.parse(fresh.json).token;
    const asOther = LoginResponseSchema.parse(
      (await send("POST", "/api/login_as_user", { token: adminToken, json: { userId: 307 } })).json,
    ).token;
    const tokens = [
      await tokenOf("agent@demo.test"),
      await tokenOf("agency@demo.test"),
      await tokenOf("carrier@demo.test"),
      asOther,
    ];
    for (const [method, path] of ENDPOINTS) {
      const json = method === "POST" ? {} : undefined;
      expect((await send(method, path, { json })).status, `${method} ${path}`).toBe(401);
      for (const token of tokens) expectError(await send(method, path, { token, json }), 403, ADMIN_ONLY_AREA);
    }
  });
});

describe("GET /api/admin/contract_requests", () => {
  it("lists every request with the facets; state, carrier, product, broker and age filters; search; sorts", async () => {
    const all = await list({ perPage: 50 });
    const total = await scalarOf("SELECT COUNT(*) FROM contracting_entries");
    expect(all.meta.totalCount).toBe(total);
    expect(total).toBeGreaterThanOrEqual(150 + 17);
    expect(all.facets.state.map((f) => f.value)).toEqual(["pending", "approved", "denied", "active"]);
    expect(all.facets.age.map((f) => f.value)).toEqual([...CONTRACT_AGES]);
    expect(all.facets.carrierId).toHaveLength(7);
    expect(all.facets.productId.map((f) => f.label)[0]).toBe("Medicare Advantage");

    // The reserved e2e bulk requests are the only pending ones (the only ones at all) of their carrier.
    const bulk = await list({ state: "pending", carrierId: E2E_BULK[0]!.carrierId });
    expect(bulk.records.map((r) => r.id).sort()).toEqual(E2E_BULK.map((r) => r.requestId).sort());
    expect((await list({ carrierId: E2E_BULK[0]!.carrierId })).meta.totalCount).toBe(3);
    for (const reserved of [E2E_ACTIVATE, E2E_DENY]) {
      const mine = await list({ brokerId: reserved.brokerId });
      expect(mine.records).toHaveLength(1);
      expect(mine.records[0]).toMatchObject({
        id: reserved.requestId,
        state: "pending",
        productName: "Medicare Advantage",
        carrierProductId: reserved.carrierProductId,
      });
    }

    for (const state of ["pending", "approved", "denied", "active"] as const) {
      for (const age of CONTRACT_AGES) {
        const page = await list({ state, age, perPage: 50 });
        expect(page.meta.totalCount, `${state} ${age}`).toBeGreaterThan(0);
        const [lo, hi] = age === "91+" ? [91, Infinity] : age.split("-").map(Number);
        for (const r of page.records) {
          expect(r.state).toBe(state);
          expect(r.waitingDays).toBeGreaterThanOrEqual(lo!);
          expect(r.waitingDays).toBeLessThanOrEqual(hi!);
        }
      }
    }

    const medSupp = await list({ productId: 2, perPage: 50 });
    expect(medSupp.records.every((r) => r.productName === "Medicare Supplement")).toBe(true);

    // Who has the ball.
    const sample = (await list({ perPage: 50, sort: "waiting", order: "DESC" })).records;
    const withNotifications = new Set(
      (await db().execute("SELECT DISTINCT user_id FROM document_notifications")).rows.map((r) => Number(r.user_id)),
    );
    // Requests whose broker has not answered every legal question of the product.
    const unanswered = new Set(
      (
        await db()
          .execute(`SELECT e.id FROM contracting_entries e JOIN carrier_products cp ON cp.id = e.carrier_product_id
          JOIN product_legal_questions pq ON pq.product_id = cp.product_id
          LEFT JOIN legal_answers a ON a.user_id = e.user_id AND a.legal_question_id = pq.legal_question_id
          WHERE a.id IS NULL`)
      ).rows.map((r) => Number(r.id)),
    );
    let blockedOnLegal = 0;
    for (const state of ["pending", "approved", "denied", "active"] as const) {
      for (const r of (await list({ state, perPage: 50 })).records) {
        const expected =
          state === "pending"
            ? withNotifications.has(r.broker.id) || unanswered.has(r.id)
              ? "broker"
              : "agency"
            : { approved: "carrier", denied: null, active: null }[state];
        expect(r.ballWith, `request ${r.id}`).toBe(expected);
        if (state === "pending" && !withNotifications.has(r.broker.id) && unanswered.has(r.id)) blockedOnLegal++;
      }
    }
    // A pending request whose legal questions the broker has not answered (what its review says) is blocked on
    // the broker; a denied one is closed, nobody's.
    expect(blockedOnLegal).toBeGreaterThan(0);
    const denied = await list({ state: "denied", perPage: 50 });
    expect(denied.records.length).toBeGreaterThan(0);
    expect(denied.records.every((r) => r.ballWith === null)).toBe(true);
    const oneBlocked = (await list({ state: "pending", perPage: 50 })).records.find(
      (r) => !withNotifications.has(r.broker.id) && unanswered.has(r.id),
    );
    expect(oneBlocked, "a pending request blocked on its legal questions").toBeDefined();
    const questions = await scalarOf(`SELECT COUNT(*) FROM product_legal_questions WHERE product_id = ?`, [
      oneBlocked!.productId,
    ]);
    expect((await one(oneBlocked!.id)).legalAnswers.length).toBeLessThan(questions);
    const pendingBallWith = new Set(
      (await list({ state: "pending", perPage: 50, page: 1 })).records
        .concat((await list({ state: "pending", perPage: 50, page: 2 })).records)
        .concat((await list({ state: "pending", perPage: 50, page: 3 })).records)
        .map((r) => r.ballWith),
    );
    expect(pendingBallWith).toEqual(new Set(["agency", "broker"]));

    // Sort by waiting, longest first; requestedAt; broker; carrier.
    const waits = sample.map((r) => r.waitingDays);
    expect(waits).toEqual([...waits].sort((a, b) => b - a));
    // A closed request (active, denied) waits for nobody: the open ones come first, whichever the order.
    expect(sample.some((r) => r.state === "active" || r.state === "denied")).toBe(false);
    const ascending = (await list({ perPage: 50, sort: "waiting", order: "ASC" })).records;
    expect(ascending.some((r) => r.state === "active" || r.state === "denied")).toBe(false);
    const open = await scalarOf("SELECT COUNT(*) FROM contracting_entries WHERE status IN ('pending', 'approved')");
    const lastOpenPage = await list({ perPage: 50, sort: "waiting", order: "DESC", page: Math.ceil(open / 50) });
    const onLastPage = lastOpenPage.records.slice(0, open - (lastOpenPage.meta.currentPage - 1) * 50);
    expect(onLastPage.every((r) => r.state === "pending" || r.state === "approved")).toBe(true);
    const byRequested = (await list({ sort: "requestedAt", perPage: 50 })).records.map((r) => r.requestedAt);
    expect(byRequested).toEqual([...byRequested].sort());
    const byCarrier = (await list({ sort: "carrier", order: "DESC", perPage: 50 })).records.map((r) => r.carrierName);
    expect(byCarrier).toEqual([...byCarrier].sort((a, b) => b.localeCompare(a)));

    // Search: a broker's name, their NPN, a carrier's name.
    const someone = (await list({ brokerId: 1 })).records[0]!;
    expect((await list({ search: "Brightsmile" })).meta.totalCount).toBe(3);
    const byNpn = await list({ search: someone.broker.npnNumber! });
    expect(byNpn.records.every((r) => r.broker.id === 1)).toBe(true);
    const byName = await list({ search: someone.broker.name.toUpperCase(), perPage: 50 });
    expect(byName.records.map((r) => r.broker.name)).toContain(someone.broker.name);
  });

  it("answers 422 for a malformed filter", async () => {
    const token = await admin();
    for (const query of ["state=later", "carrierId=abc", "productId=-1", "brokerId=1.5", "age=100"]) {
      const fields = expectFields(await send("GET", `/api/admin/contract_requests?${query}`, { token }));
      expect(Object.keys(fields)).toEqual([query.split("=")[0]]);
    }
  });

  it("exports every matching request as CSV (header, quoting, the filter applied)", async () => {
    const token = await admin();
    const response = await send("GET", "/api/admin/contract_requests/export?state=denied&sort=broker", { token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="contract_requests.csv"');
    const lines = response.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "ID,Agent,NPN,Carrier,Product,State,Requested at,In state since,Days waiting,Ball with,Writing number,Effective date,Public note,Internal note",
    );
    const denied = await scalarOf("SELECT COUNT(*) FROM contracting_entries WHERE status = 'denied'");
    expect(lines).toHaveLength(denied + 1);
    expect(lines.slice(1).every((l) => l.includes(",Denied,"))).toBe(true);

    // A note with a comma and quotes comes back quoted.
    const pending = (await list({ state: "pending", age: "8-30", perPage: 50 })).records.find((r) => r.id > 1010);
    const note = 'Missing "AHIP", please re-send';
    expect((await transition(pending!.id, { state: "denied", publicNote: note })).status).toBe(200);
    const mine = await send("GET", `/api/admin/contract_requests/export?brokerId=${pending!.broker.id}`, { token });
    expect(mine.text).toContain(`,"Missing ""AHIP"", please re-send",`);
  });
});

describe("a contract request", () => {
  it("GET /next is the longest-waiting pending request with our staff; GET /:id its record, legal answers and history", async () => {
    const next = await ok(AdminContractRequestResponseSchema, "GET", "/api/admin/contract_requests/next", {
      token: await admin(),
    });
    const pending = [];
    for (let page = 1; page <= 10; page++) {
      const answer = await list({ state: "pending", sort: "waiting", order: "DESC", perPage: 50, page });
      pending.push(...answer.records);
      if (answer.records.length < 50) break;
    }
    // The longest-waiting ones are blocked on their brokers (the seed's): /next skips them, to our staff's first.
    expect(pending[0]!.ballWith).toBe("broker");
    const longest = pending.find((r) => r.ballWith === "agency")!;
    expect(next.record.id).toBe(longest.id);
    expect(next.record.ballWith).toBe("agency");
    expect(pending.indexOf(longest)).toBeLessThan(50); // on the desk's first page of 50 (admin.mutations.spec.ts)
    expect(next.record.waitingDays).toBe(longest.waitingDays);
    expect(next.history.length).toBeGreaterThan(0);
    expect(next.history.at(-1)!.action).toBe("requested");

    // timeInStates: every state entered, the current one last entered up to now.
    const active = (await list({ state: "active", age: "8-30" })).records[0]!;
    expect(active.timeInStates.map((t) => t.state)).toContain("active");
    expect(active.timeInStates.map((t) => t.state)).toContain("approved");
    expect(active.writingNumber).toMatch(/^W\d+-\d{6}$/);
    expect(active.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const activeSeconds = active.timeInStates.find((t) => t.state === "active")!.seconds;
    expect(Math.floor(activeSeconds / 86400)).toBe(active.waitingDays);

    expectError(await send("GET", "/api/admin/contract_requests/999999", { token: await admin() }), 404);
    expectError(await send("GET", "/api/admin/contract_requests/abc", { token: await admin() }), 404);
  });

  it("shows the broker's legal answers of the product with their files, and serves only those files", async () => {
    const c = db();
    const row = (
      await c.execute(`SELECT e.id, a.file_id FROM contracting_entries e JOIN legal_answers a ON a.user_id = e.user_id
                       WHERE a.file_id IS NOT NULL AND e.id > 1000 ORDER BY e.id LIMIT 1`)
    ).rows[0]!;
    const other = (await c.execute("SELECT id FROM files WHERE user_id = 4 LIMIT 1")).rows[0]!;
    c.close();
    const { legalAnswers } = await one(Number(row.id));
    expect(legalAnswers.length).toBeGreaterThanOrEqual(4);
    const withFile = legalAnswers.find((a) => a.file)!;
    expect(withFile).toMatchObject({ hasOccurred: true, file: { id: Number(row.file_id) } });
    const token = await admin();
    const file = await send("GET", `/api/admin/contract_requests/${String(row.id)}/files/${String(row.file_id)}`, {
      token,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
    expect(file.text.startsWith("%PDF")).toBe(true);
    expectError(
      await send("GET", `/api/admin/contract_requests/${String(row.id)}/files/${String(other.id)}`, { token }),
      404,
    );
    expectError(await send("GET", `/api/admin/contract_requests/2/files/${String(row.file_id)}`, { token }), 404);
  });

  it("moves agent@'s pending request to approved then active; the broker sees it; the history records each move", async () => {
    const token = await admin();
    expectFields(await transition(2, { state: "active", writingNumber: "X", effectiveDate: "2026-01-01" }));
    const refused = expectFields(await transition(2, { state: "active" }));
    expect(refused).toEqual({ state: [cannotBecome("pending", "active")] });

    expect(expectFields(await transition(2, { state: "approved", effectiveDate: "soon" }))).toEqual({
      effectiveDate: [EFFECTIVE_DATE_REQUIRED],
    });
    const approved = await transition(2, { state: "approved", internalNote: "Sent to Summit Mutual." });
    expect(approved.status, approved.text).toBe(200);
    const record = z.object({ record: AdminContractRequestSchema }).parse(approved.json).record;
    expect(record).toMatchObject({
      state: "approved",
      ballWith: "carrier",
      internalNote: "Sent to Summit Mutual.",
      waitingDays: 0,
    });
    expect(record.timeInStates.at(-1)).toEqual({ state: "approved", seconds: 0 });

    const missing = expectFields(
      await transition(2, { state: "active", writingNumber: " ", effectiveDate: "2026-02-30" }),
    );
    expect(missing).toEqual({ writingNumber: [WRITING_NUMBER_REQUIRED], effectiveDate: [EFFECTIVE_DATE_REQUIRED] });
    const activated = await transition(2, { state: "active", writingNumber: "SM-77001", effectiveDate: "2026-12-01" });
    expect(activated.status, activated.text).toBe(200);

    const agent = await tokenOf("agent@demo.test");
    const mine = await ok(ContractingStatusesResponseSchema, "GET", "/api/profile/contracting_entries", {
      token: agent,
    });
    expect(mine.contractingStatuses.statuses.active.map((e) => e.carrierProductId)).toContain(102);
    expect(mine.contractingStatuses.statuses.pending.map((e) => e.carrierProductId)).not.toContain(102);

    const { record: now, history } = await one(2);
    expect(now).toMatchObject({
      state: "active",
      writingNumber: "SM-77001",
      effectiveDate: "2026-12-01",
      ballWith: null,
    });
    expect(history.slice(0, 2).map((h) => h.action)).toEqual(["activated", "approved"]);
    expect(history[0]!.actor.userId).toBe(9);
    expect(history[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: "state", from: "approved", to: "active" },
        { field: "writingNumber", from: null, to: "SM-77001" },
      ]),
    );
    expect(history.filter((h) => h.action === "approved")).toHaveLength(1);
    expect(
      await scalarOf("SELECT COUNT(*) FROM contract_request_events WHERE entry_id = 2 AND actor_user_id = 9"),
    ).toBe(2);
    expectError(
      await send("POST", "/api/admin/contract_requests/999999/transition", { token, json: { state: "approved" } }),
      404,
    );
  });

  it("denies with a public note the broker sees; reopening clears it; a denial needs the note", async () => {
    expect(expectFields(await transition(3, { state: "denied", publicNote: "  " }))).toEqual({
      publicNote: [PUBLIC_NOTE_REQUIRED],
    });
    const note = "Summit Mutual needs your 2026 AHIP certificate first.";
    expect((await transition(3, { state: "denied", publicNote: note })).status).toBe(200);
    const agent = await tokenOf("agent@demo.test");
    const statuses = async () =>
      (await ok(ContractingStatusesResponseSchema, "GET", "/api/profile/contracting_entries", { token: agent }))
        .contractingStatuses.statuses;
    expect((await statuses()).denied.find((e) => e.carrierProductId === 103)?.lastPublicNote).toBe(note);
    expect((await transition(3, { state: "pending" })).status).toBe(200);
    expect((await statuses()).pending.find((e) => e.carrierProductId === 103)?.lastPublicNote).toBeNull();
    const { history } = await one(3);
    expect(history[0]).toMatchObject({
      action: "reopened",
      changes: expect.arrayContaining([{ field: "lastPublicNote", from: note, to: null }]),
    });
  });

  it("a move carries the version it was shown: moved since by another administrator, 409 stale and nothing moved (issue 35 §2)", async () => {
    const shown = (await one(3)).record;
    expect(shown.state).toBe("pending");
    // finance@ approves it while admin@ has it open, about to deny it.
    const approved = await transition(3, { state: "approved" }, await tokenOf("finance@demo.test"));
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json).toMatchObject({ record: { state: "approved", version: shown.version + 1 } });
    const stale = await transition(3, { state: "denied", publicNote: "Not licensed there.", version: shown.version });
    expectStale(stale);
    // Refused as stale before the move's own checks: even a move the new state does not allow.
    expectStale(await transition(3, { state: "approved", version: shown.version }));
    const { record, history } = await one(3);
    expect(record).toMatchObject({ state: "approved", lastPublicNote: null, version: shown.version + 1 });
    expect(history[0]).toMatchObject({ action: "approved", actor: { userId: 13 } });
    // Without a version the body is refused at the field.
    for (const version of [undefined, "1", 0])
      expect(expectFields(await transition(3, { state: "denied", publicNote: "x", version })).version).toEqual([
        VERSION_REQUIRED,
      ]);
  });

  it("the broker's own request records its event (requested by the broker)", async () => {
    const agent = await tokenOf("agent@demo.test");
    expect(
      (await send("POST", "/api/profile/contracting_entries", { token: agent, json: { carrierProductIds: [105] } }))
        .status,
    ).toBe(201);
    const mine = (await list({ brokerId: 1, perPage: 50 })).records.find((r) => r.carrierProductId === 105)!;
    expect(mine).toMatchObject({ state: "pending", waitingDays: 0, ballWith: "agency" });
    const { history } = await one(mine.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: "requested", actor: { userId: 1 } });

    // Re-requesting the denied one (104): back to pending, the event from denied, the note gone; a version more, so a
    // move chosen on the denied request is refused as stale.
    const denied = (await one(4)).record;
    expect(
      (await send("POST", "/api/profile/contracting_entries", { token: agent, json: { carrierProductIds: [104] } }))
        .status,
    ).toBe(201);
    const again = await one(4);
    expect(again.record).toMatchObject({ state: "pending", lastPublicNote: null, waitingDays: 0 });
    expect(again.record.version).toBe(denied.version + 1);
    expectStale(await transition(4, { state: "pending", version: denied.version }));
    expect(again.history[0]).toMatchObject({
      action: "requested",
      actor: { userId: 1 },
      changes: [{ field: "state", from: "denied", to: "pending" }],
    });
  });
});

describe("POST /api/admin/contract_requests/bulk_transition", () => {
  it("moves every allowed id and refuses the others with the reason, in one batch", async () => {
    const token = await admin();
    const pending = (await list({ state: "pending", age: "31-90", perPage: 5 })).records.map((r) => r.id);
    const active = (await list({ state: "active", perPage: 5 })).records[0]!.id;
    const result = await ok(AdminBulkResultSchema, "POST", "/api/admin/contract_requests/bulk_transition", {
      token,
      json: {
        ids: [...pending.slice(0, 2), active, 999999, pending[0]],
        state: "approved",
        publicNote: null,
        internalNote: "Batch of Monday.",
      },
    });
    expect(result.moved).toEqual(pending.slice(0, 2));
    expect(result.refused).toEqual([
      { id: active, error: cannotBecome("active", "approved") },
      { id: 999999, error: "No contract request with id 999999" },
    ]);
    for (const id of pending.slice(0, 2)) {
      const { record, history } = await one(id);
      expect(record).toMatchObject({ state: "approved", internalNote: "Batch of Monday." });
      expect(history[0]).toMatchObject({ action: "approved", actor: { userId: 9 } });
    }
    expect(
      expectFields(
        await send("POST", "/api/admin/contract_requests/bulk_transition", {
          token,
          json: { ids: pending, state: "denied" },
        }),
      ),
    ).toEqual({ publicNote: [PUBLIC_NOTE_REQUIRED] });
    expect(
      Object.keys(
        expectFields(
          await send("POST", "/api/admin/contract_requests/bulk_transition", {
            token,
            json: { ids: [], state: "active" },
          }),
        ),
      ).sort(),
    ).toEqual(["ids", "state"]);
  });
});

describe("POST /api/admin/contract_requests", () => {
  it("creates a pending request on a broker's behalf; 409 when one exists; 404 for a non-broker; 422 for an unknown product", async () => {
    const token = await admin();
    const post = async (json: unknown) => send("POST", "/api/admin/contract_requests", { token, json });
    const created = await post({ brokerId: 3, carrierProductId: 203, internalNote: "Asked by phone." });
    expect(created.status, created.text).toBe(201);
    const record = z.object({ record: AdminContractRequestSchema }).parse(created.json).record;
    expect(record).toMatchObject({
      state: "pending",
      broker: { id: 3 },
      carrierProductId: 203,
      internalNote: "Asked by phone.",
    });
    const { history } = await one(record.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: "created", actor: { userId: 9 } });
    const loa = await tokenOf("loa@demo.test");
    const statuses = await ok(ContractingStatusesResponseSchema, "GET", "/api/profile/contracting_entries", {
      token: loa,
    });
    expect(statuses.contractingStatuses.statuses.pending.map((e) => e.carrierProductId)).toContain(203);

    expectError(await post({ brokerId: 3, carrierProductId: 203 }), 409);
    expectError(await post({ brokerId: 9, carrierProductId: 203 }), 404, "No agent with id 9");
    expectError(await post({ brokerId: 99999, carrierProductId: 203 }), 404);
    expect(Object.keys(expectFields(await post({ brokerId: 3, carrierProductId: 999 })))).toEqual(["carrierProductId"]);
    expect(Object.keys(expectFields(await post({ brokerId: "x" })))).toEqual(["brokerId", "carrierProductId"]);
  });
});

describe("brokers", () => {
  it("GET /api/admin/brokers/:id: the broker's licenses, RTS, contracts, notifications and notes; 404 unless a broker", async () => {
    const token = await admin();
    const docs = await ok(AdminBrokerResponseSchema, "GET", "/api/admin/brokers/4", { token });
    expect(docs.broker).toMatchObject({ id: 4, kind: "Agent", email: "docs@demo.test", status: "active" });
    expect(docs.broker.documentNotifications.map((n) => n.documentName)).toEqual(["E&O Certificate", "W-9"]);
    expect(docs.broker.contractCounts).toEqual({ pending: 0, approved: 0, denied: 0, active: 2 });
    expect(docs.broker.activeContracts).toBe(2);
    expect(docs.broker.licenses.length).toBeGreaterThan(0);

    const c = db();
    const bulk = (
      await c.execute(`SELECT d.user_id, COUNT(*) AS n FROM compliance_documents d JOIN users u ON u.id = d.user_id
                       WHERE d.review = 'pending' AND u.upline_user_id = 5 GROUP BY d.user_id LIMIT 1`)
    ).rows[0]!;
    const noted = (await c.execute("SELECT broker_user_id FROM admin_notes ORDER BY id LIMIT 1")).rows[0]!;
    c.close();
    const b = await ok(AdminBrokerResponseSchema, "GET", `/api/admin/brokers/${String(bulk.user_id)}`, { token });
    expect(b.broker.documentsAwaitingReview).toBe(Number(bulk.n));
    expect(b.broker.upline).toBe("Chen Senior Benefits Group");
    expect(b.broker.level).toMatch(/Level/);
    const withNote = await ok(AdminBrokerResponseSchema, "GET", `/api/admin/brokers/${String(noted.broker_user_id)}`, {
      token,
    });
    expect(withNote.notes.length).toBeGreaterThan(0);

    // RTS: the broker's downline contracts by NPN id (a bulk agent given the NPN id of one of agency@'s advisors).
    const rtsDb = db();
    await rtsDb.execute("UPDATE users SET npn_id = 5101 WHERE id = 110");
    const contracts = await rtsDb.execute(
      `SELECT dc.carrier_id, rs.status_code FROM downline_contracts dc JOIN rts_statuses rs ON rs.id = dc.rts_status_id
       WHERE dc.npn_id = 5101`,
    );
    rtsDb.close();
    const rts = (await ok(AdminBrokerResponseSchema, "GET", "/api/admin/brokers/110", { token })).broker.rts;
    expect(rts).toHaveLength(contracts.rows.length);
    expect(rts.length).toBeGreaterThan(0);
    expect(new Set(rts.map((r) => r.statusCode))).toEqual(new Set(contracts.rows.map((r) => String(r.status_code))));

    // The reserved e2e brokers: nothing blocks their requests (the ball is with the agency).
    for (const r of [E2E_ACTIVATE, E2E_DENY, ...E2E_BULK]) {
      const { broker: reserved } = await ok(AdminBrokerResponseSchema, "GET", `/api/admin/brokers/${r.brokerId}`, {
        token,
      });
      expect(reserved).toMatchObject({
        kind: "Agent",
        status: "active",
        documentNotifications: [],
        contractCounts: { pending: 1, approved: 0, denied: 0, active: 0 },
      });
    }

    expectError(await send("GET", "/api/admin/brokers/9", { token }), 404, "No agent with id 9");
    expectError(await send("GET", "/api/admin/brokers/99999", { token }), 404);
  });

  it("POST /api/admin/brokers/:id/notes adds a note (newest first), audited; a blank one is refused", async () => {
    const token = await admin();
    const { note } = await ok(
      AdminNoteResponseSchema,
      "POST",
      "/api/admin/brokers/1/notes",
      { token, json: { body: "  Called about the AHIP renewal.  " } },
      201,
    );
    expect(note.body).toBe("Called about the AHIP renewal.");
    const { notes } = await ok(AdminBrokerResponseSchema, "GET", "/api/admin/brokers/1", { token });
    expect(notes[0]).toEqual(note);
    expect(
      await scalarOf(
        "SELECT COUNT(*) FROM admin_audit WHERE resource = 'brokers' AND record_id = 1 AND action = 'note_added'",
      ),
    ).toBe(1);
    expect(
      Object.keys(expectFields(await send("POST", "/api/admin/brokers/1/notes", { token, json: { body: " " } }))),
    ).toEqual(["body"]);
    expectError(await send("POST", "/api/admin/brokers/9/notes", { token, json: { body: "x" } }), 404);
  });
});

describe("documents", () => {
  it("lists a broker's documents (expired past their date) and serves their files", async () => {
    const token = await admin();
    const { documents } = await ok(AdminDocumentsResponseSchema, "GET", "/api/admin/brokers/4/documents", { token });
    expect(Object.fromEntries(documents.map((d) => [d.kind, d.review]))).toEqual({
      eo: "expired",
      aml: "accepted",
      ahip: "accepted",
      direct_deposit: "rejected",
    });
    const file = await send("GET", "/api/admin/brokers/4/documents/aml/file", { token });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment;/);
    expectError(await send("GET", "/api/admin/brokers/4/documents/w9/file", { token }), 404);
    expectError(await send("GET", "/api/admin/brokers/4/documents/passport/file", { token }), 404);
  });

  it("docs@ end to end: a rejection blocks the broker's contract requests; approving every flagged document unblocks them", async () => {
    const token = await admin();
    const docs = await tokenOf("docs@demo.test");
    const review = async (kind: string, json: unknown) =>
      send("POST", `/api/admin/brokers/4/documents/${kind}/review`, { token, json });
    const notifications = async () =>
      (await ok(DocumentNotificationsResponseSchema, "GET", "/api/profile/document_notifications", { token: docs }))
        .documentNotifications;

    expect(expectFields(await review("aml", { decision: "reject", note: null }))).toEqual({
      note: [REJECTION_NOTE_REQUIRED],
    });
    const note = "The AML certificate is not signed.";
    const rejected = await ok(AdminDocumentResponseSchema, "POST", "/api/admin/brokers/4/documents/aml/review", {
      token,
      json: { decision: "reject", note },
    });
    expect(rejected.document).toMatchObject({ kind: "aml", review: "rejected", reviewerNote: note });
    expect(await notifications()).toContainEqual(
      expect.objectContaining({ documentName: "AML Certificate", message: note }),
    );
    const history = await scalarOf(
      "SELECT COUNT(*) FROM admin_audit WHERE resource = 'documents' AND record_id = 4 AND action = 'rejected' AND note = ?",
      [note],
    );
    expect(history).toBe(1);

    // docs@ also has no W-9 (a notification that names no document): they upload one, as they always could.
    const w9 = new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31])], { type: "application/pdf" });
    expect(
      (await send("PUT", "/api/profile/documents/w9", { token: docs, form: formOf({ file: [w9, "w9.pdf"] }) })).status,
    ).toBe(200);
    expect(
      await send("POST", "/api/profile/contracting_entries", { token: docs, json: { carrierProductIds: [102] } }),
    ).toMatchObject({ status: 422, json: { error: DOCUMENTS_NEED_ATTENTION } });

    const { broker } = await ok(AdminBrokerResponseSchema, "GET", "/api/admin/brokers/4", { token });
    for (const n of broker.documentNotifications) {
      const kind = { "E&O Certificate": "eo", "AML Certificate": "aml" }[n.documentName]!;
      const approved = await ok(AdminDocumentResponseSchema, "POST", `/api/admin/brokers/4/documents/${kind}/review`, {
        token,
        json: { decision: "approve", note: null },
      });
      expect(approved.document.reviewerNote).toBeNull();
    }
    expect(await notifications()).toEqual([]);
    expect(
      (await send("POST", "/api/profile/contracting_entries", { token: docs, json: { carrierProductIds: [102] } }))
        .status,
    ).toBe(201);
    expect(Object.keys(expectFields(await review("eo", { decision: "maybe" })))).toEqual(["decision"]);
  });
});

describe("a document that runs out", () => {
  /** A bulk broker's certificate on file, still valid, whose owner has no document notification. */
  async function validCertificate(): Promise<{ userId: number; kind: string; title: string }> {
    const c = db();
    try {
      const row = (
        await c.execute({
          sql: `SELECT d.user_id, d.kind FROM compliance_documents d
                WHERE d.user_id > 100 AND d.expires_on >= ? AND d.review = 'accepted'
                  AND NOT EXISTS (SELECT 1 FROM document_notifications n WHERE n.user_id = d.user_id)
                ORDER BY d.user_id LIMIT 1`,
          args: [new Date().toISOString().slice(0, 10)],
        })
      ).rows[0]!;
      const kind = String(row.kind) as ComplianceDocumentKind;
      return { userId: Number(row.user_id), kind, title: COMPLIANCE_DOCUMENT_TYPES[kind].title };
    } finally {
      c.close();
    }
  }

  const notificationsOf = async (userId: number) =>
    (await ok(AdminBrokerResponseSchema, "GET", `/api/admin/brokers/${userId}`, { token: await admin() })).broker
      .documentNotifications;

  it("the seed's expired certificates already carry their broker's notification, and block their requests", async () => {
    const c = db();
    const expired = (
      await c.execute({
        sql: "SELECT user_id, kind, expires_on FROM compliance_documents WHERE user_id > 100 AND expires_on < ?",
        args: [testSeed.day],
      })
    ).rows;
    c.close();
    expect(expired.length).toBeGreaterThan(0);
    for (const r of expired) {
      const title = COMPLIANCE_DOCUMENT_TYPES[String(r.kind) as ComplianceDocumentKind].title;
      expect(await notificationsOf(Number(r.user_id))).toContainEqual(
        expect.objectContaining({ documentName: title, message: expiryMessage(title, String(r.expires_on)) }),
      );
    }
  });

  it("the day it runs out, its broker gets a notification once; approving it clears it for good", async () => {
    const { userId, kind, title } = await validCertificate();
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const c = db();
    try {
      await c.execute({
        sql: "UPDATE compliance_documents SET expires_on = ? WHERE user_id = ? AND kind = ?",
        args: [yesterday, userId, kind],
      });
      // The sweep runs once a day; another account's reset makes the API forget it ran today.
      expect(await notificationsOf(userId)).toEqual([]);
      expect((await send("POST", "/__reset", { json: { email: "loa@demo.test" } })).status).toBe(204);
      const [notification, ...others] = await notificationsOf(userId);
      expect(others).toEqual([]);
      expect(notification).toMatchObject({ documentName: title, message: expiryMessage(title, yesterday) });
      expect(await expiryStatements(c, today)).toEqual([]);

      const { documents } = await ok(AdminDocumentsResponseSchema, "GET", `/api/admin/brokers/${userId}/documents`, {
        token: await admin(),
      });
      expect(documents.find((d) => d.kind === kind)?.review).toBe("expired");
      await ok(AdminDocumentResponseSchema, "POST", `/api/admin/brokers/${userId}/documents/${kind}/review`, {
        token: await admin(),
        json: { decision: "approve", note: null },
      });
      expect(await notificationsOf(userId)).toEqual([]);
      // Tomorrow's sweep leaves the approved document alone.
      expect((await send("POST", "/__reset", { json: { email: "loa@demo.test" } })).status).toBe(204);
      expect(await notificationsOf(userId)).toEqual([]);
      expect(await expiryStatements(c, "2999-01-01")).not.toContainEqual(
        expect.objectContaining({ args: expect.arrayContaining([userId, title]) }),
      );
    } finally {
      c.close();
    }
  });

  it("a broker's new upload awaits review (the dashboard counts it) and answers the expiry notification", async () => {
    const token = await admin();
    const docs = await tokenOf("docs@demo.test");
    const awaiting = async () =>
      (await ok(AdminDashboardSchema, "GET", "/api/admin/dashboard", { token })).brokersAwaitingDocumentReview;
    // docs@ (user 4) has nothing awaiting review before the upload.
    const c = db();
    try {
      await c.execute("UPDATE compliance_documents SET review = 'accepted' WHERE user_id = 4 AND review = 'pending'");
    } finally {
      c.close();
    }
    const before = await awaiting();
    const pdf = new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31])], { type: "application/pdf" });
    const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        await send("PUT", "/api/profile/documents/ahip", {
          token: docs,
          form: formOf({ file: [pdf, "ahip.pdf"], expiresOn: inAYear }),
        })
      ).status,
    ).toBe(200);
    const { documents } = await ok(AdminDocumentsResponseSchema, "GET", "/api/admin/brokers/4/documents", { token });
    expect(documents.find((d) => d.kind === "ahip")?.review).toBe("pending");
    expect(await awaiting()).toBe(before + 1);
  });
});

describe("GET /api/admin/dashboard", () => {
  it("counts pending requests by age, approved ones, documents awaiting review, open tickets, registration failures and pending users", async () => {
    const body = await ok(AdminDashboardSchema, "GET", "/api/admin/dashboard", { token: await admin() });
    expect(body.contractRequests.pendingByAge.map((p) => p.age)).toEqual([...CONTRACT_AGES]);
    for (const { age, count } of body.contractRequests.pendingByAge) {
      expect(count, age).toBe((await list({ state: "pending", age })).meta.totalCount);
    }
    expect(body.contractRequests.approved).toBe(
      await scalarOf("SELECT COUNT(*) FROM contracting_entries WHERE status = 'approved'"),
    );
    // The brokers the linked list shows, the same thing on both sides (not their documents).
    expect(body.brokersAwaitingDocumentReview).toBeGreaterThanOrEqual(10);
    expect(body.brokersAwaitingDocumentReview).toBe(
      await scalarOf("SELECT COUNT(DISTINCT user_id) FROM compliance_documents WHERE review = 'pending'"),
    );
    const linked = await send("GET", "/api/admin/users?documents=awaiting_review&perPage=10", {
      token: await admin(),
    });
    expect(linked.status).toBe(200);
    expect((linked.json as { meta: { totalCount: number } }).meta.totalCount).toBe(body.brokersAwaitingDocumentReview);
    expect(body.brokersAwaitingDocumentReview).toBeLessThan(
      await scalarOf("SELECT COUNT(*) FROM compliance_documents WHERE review = 'pending'"),
    );
    // The tickets awaiting staff, as the queue the admin home links to counts them.
    const open = await send("GET", "/api/admin/tickets?status=open&perPage=10", { token: await admin() });
    expect(body.openTickets).toBeGreaterThan(0);
    expect(body.openTickets).toBe((open.json as { meta: { totalCount: number } }).meta.totalCount);
    const feedback = await send("GET", "/api/admin/feedback_conversations?status=open&perPage=10", {
      token: await admin(),
    });
    expect(body.feedbackAwaitingStaff).toBeGreaterThan(0);
    expect(body.feedbackAwaitingStaff).toBe((feedback.json as { meta: { totalCount: number } }).meta.totalCount);
    expect(body.registrationFailures).toBeGreaterThan(0);
    expect(body.registrationFailures).toBeLessThan(
      await scalarOf("SELECT COUNT(*) FROM users WHERE status = 'unverified'"),
    );
    expect(body.usersPendingActivation).toBe(await scalarOf("SELECT COUNT(*) FROM users WHERE status = 'pending'"));
    // Money (issue 23): last month's seven statements are draft, some of their lines unmatched.
    expect(body.draftStatements).toBe(7);
    expect(body.unmatchedStatementLines).toBeGreaterThan(0);
    expect(body.payoutEntriesAwaitingApproval).toBe(
      await scalarOf("SELECT COUNT(*) FROM payout_entries WHERE status = 'pending'"),
    );
  });
});

describe("the contracting desk's seed", () => {
  it("has at least 150 bulk requests in every state and age band, each with a consistent history", () => {
    const requests = seedRequests(testSeed);
    const bulk = requests.filter((r) => r.id >= FIRST_BULK_REQUEST_ID);
    expect(bulk.length).toBeGreaterThanOrEqual(150);
    expect(requests.filter((r) => r.id < FIRST_BULK_REQUEST_ID).map((r) => [r.id, r.status])).toEqual(
      seedContractingEntries(testSeed).map((e) => [e.id, e.status]),
    );
    const seen = new Set<string>();
    const day = Date.parse(`${testSeed.day}T00:00:00Z`);
    for (const r of requests) {
      const events = r.events;
      expect(events[0]!.from).toBeNull();
      expect(events[0]!.at).toBe(r.requestedAt);
      expect(events.at(-1)!.to).toBe(r.status);
      expect(events.at(-1)!.at).toBe(r.stateSince);
      for (let k = 1; k < events.length; k++) {
        expect(events[k]!.from).toBe(events[k - 1]!.to);
        expect(events[k]!.at > events[k - 1]!.at, `request ${r.id}`).toBe(true);
        expect(CONTRACT_TRANSITIONS[events[k]!.from!]).toContain(events[k]!.to);
      }
      if (r.status === "denied") expect(r.lastPublicNote).toBeTruthy();
      if (r.id >= FIRST_BULK_REQUEST_ID && r.status === "active") {
        expect(r.writingNumber).toBeTruthy();
        expect(r.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      const days = Math.floor((day - Date.parse(r.stateSince)) / 86_400_000);
      const age = days <= 7 ? "0-7" : days <= 30 ? "8-30" : days <= 90 ? "31-90" : "91+";
      if (r.id >= FIRST_BULK_REQUEST_ID) seen.add(`${r.status} ${age}`);
    }
    expect(seen.size).toBe(16);
  });

  it("the per-user reset restores a broker's requests and their events", async () => {
    const token = await admin();
    const eventsOf1 = async () => scalarOf("SELECT COUNT(*) FROM contract_request_events WHERE user_id = 1");
    expect(await eventsOf1()).toBeGreaterThan(
      seedRequests(testSeed)
        .filter((r) => r.userId === 1)
        .flatMap((r) => r.events).length,
    );
    expect((await send("POST", "/__reset", { json: { email: "agent@demo.test" } })).status).toBe(204);
    expect(await eventsOf1()).toBe(
      seedRequests(testSeed)
        .filter((r) => r.userId === 1)
        .flatMap((r) => r.events).length,
    );
    expect((await one(2)).record.state).toBe("pending");
    expect(token).toBeTruthy();
  });
});

describe("GET /api/admin/contract_requests/next when nothing waits", () => {
  it("answers 404", async () => {
    const c = db();
    await c.execute("UPDATE contracting_entries SET status = 'approved' WHERE status = 'pending'");
    c.close();
    expectError(
      await send("GET", "/api/admin/contract_requests/next", { token: await admin() }),
      404,
      NO_REQUEST_WAITING,
    );
  });
});
