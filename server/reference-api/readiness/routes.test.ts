import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReadinessResponseSchema } from "../../../app/.server/upstream/schemas/readiness.ts";
import { planYearOf } from "../../../app/domain/readiness.ts";
import type { ReferenceApi } from "../index.ts";
import { expectError, startTestApi, tempDbPath, testClient } from "../core/test-support.ts";
import { todayIso } from "../core/today.ts";
import { READINESS_BROKERS_ONLY } from "./routes.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-readiness-");
let api: ReferenceApi;
const { tokenOf, send, ok } = testClient(() => api.url);

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});

const readiness = async (email: string) =>
  (await ok(ReadinessResponseSchema, "GET", "/api/profile/readiness", { token: await tokenOf(email) })).readiness;

describe("GET /api/profile/readiness (issue 25 §1)", () => {
  it("agent@: the plan year, the carriers' certifications for it and its own RTS per carrier", async () => {
    const r = await readiness("agent@demo.test");
    expect(r.planYear).toBe(planYearOf(todayIso()));
    expect(r.certifications.map((c) => [c.carrierId, c.planYear])).toEqual([
      [1, r.planYear],
      [3, r.planYear],
    ]);
    expect(r.rtsStatuses).toEqual([
      expect.objectContaining({ carrierId: 1, statusCode: "RTS", tone: "ready", displayStatus: expect.any(String) }),
    ]);
  });

  it("newagent@ has none; only agents and agencies are answered; a session is needed", async () => {
    const r = await readiness("newagent@demo.test");
    expect(r.certifications).toEqual([]);
    expect(r.rtsStatuses).toEqual([]);
    expectError(
      await send("GET", "/api/profile/readiness", { token: await tokenOf("admin@demo.test") }),
      403,
      READINESS_BROKERS_ONLY,
    );
    expect((await send("GET", "/api/profile/readiness")).status).toBe(401);
  });

  it("the contracting desk's activation records the carrier's RTS as ready (unless one is reported); a reset undoes it", async () => {
    const admin = await tokenOf("admin@demo.test");
    const moved = await send("POST", "/api/admin/contract_requests/3/transition", {
      token: admin,
      // Version 1: the seed's request, not moved before here.
      json: { state: "active", writingNumber: "EV-1001", effectiveDate: "2026-12-01", version: 1 },
    });
    expect(moved.status, moved.text).toBe(200);
    const after = await readiness("agent@demo.test");
    expect(after.rtsStatuses.map((s) => [s.carrierId, s.statusCode])).toEqual([
      [1, "RTS"],
      [3, "RTS"],
    ]);
    expect((await send("POST", "/__reset", { json: { email: "agent@demo.test" } })).status).toBe(204);
    expect((await readiness("agent@demo.test")).rtsStatuses.map((s) => s.carrierId)).toEqual([1]);
  });
});
