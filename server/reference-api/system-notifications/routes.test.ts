import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { SystemNotificationsSchema } from "../../../app/.server/upstream/schemas/profile.ts";
import {
  AdminSystemNotificationResponseSchema,
  AdminSystemNotificationsResponseSchema,
} from "../../../app/admin/sections/system_notifications/contract.server.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import type { ReferenceApi } from "../index.ts";
import { expectError, expectFields, startTestApi, tempDbPath, testClient } from "../core/test-support.ts";
import { CHOOSE_AGENCY, CHOOSE_ROLES, ENDS_BEFORE_START, NOT_AN_AGENCY, NOT_YOUR_NOTICE } from "./routes.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-notices-");
let api: ReferenceApi;
const client = testClient(() => api.url, { jsonContentTypeOnly: true });
const { tokenOf, ok } = client;
const as = async (email: string, method: string, path: string, json?: unknown) =>
  client.send(method, path, { token: await tokenOf(email), json });
const titlesFor = async (email: string) =>
  (await ok(SystemNotificationsSchema, "GET", "/api/profile/notifications", { token: await tokenOf(email) })).map(
    (n) => n.title,
  );

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});

const hour = 3600_000;
const notice = (over: Record<string, unknown> = {}) => ({
  title: "A notice",
  message: "Something to know.",
  severity: "info",
  audience: "everyone",
  startsAt: new Date(Date.now() - hour).toISOString(),
  endsAt: new Date(Date.now() + 24 * hour).toISOString(),
  ...over,
});

describe("GET /api/profile/notifications: the caller's notices", () => {
  it("shows the seed's current notices to those they address: roles, an agency's hierarchy, everyone", async () => {
    const agent = await titlesFor("agent@demo.test");
    // Everyone's current ones, the agents' and agencies' one, and agent@'s agency's own (Chen Senior Benefits Group).
    expect(agent).toEqual(
      expect.arrayContaining([
        "Annual Enrollment Period",
        "Commission statements arrive two days late",
        "Monthly team call",
      ]),
    );
    // Not the administrators', not the scheduled one, not the ended ones.
    for (const hidden of ["Carrier appointment backlog", "Portal upgrade", "Certification records updated"])
      expect(agent).not.toContain(hidden);
    // Another agency's agent (newagent@ writes under no agency): not Chen's team call.
    expect(await titlesFor("newagent@demo.test")).not.toContain("Monthly team call");
    expect(await titlesFor("agency@demo.test")).toContain("Monthly team call");
    const admin = await titlesFor("admin@demo.test");
    expect(admin).toContain("Carrier appointment backlog");
    expect(admin).not.toContain("Commission statements arrive two days late");
  });

  it("a dismissed notice stays gone for that user only; a notice not shown to them cannot be dismissed", async () => {
    const created = await ok(
      AdminSystemNotificationResponseSchema.pick({ record: true }),
      "POST",
      "/api/admin/system_notifications",
      { token: await tokenOf("admin@demo.test"), json: notice({ title: "Dismiss me" }) },
      201,
    );
    const id = created.record.id;
    expect(await titlesFor("loa@demo.test")).toContain("Dismiss me");
    const dismissed = await as("loa@demo.test", "POST", `/api/profile/notifications/${id}/dismissal`);
    expect(dismissed.status).toBe(204);
    expect(await titlesFor("loa@demo.test")).not.toContain("Dismiss me");
    expect(await titlesFor("docs@demo.test")).toContain("Dismiss me");
    // Twice, or a notice that is not theirs: 404.
    expectError(await as("loa@demo.test", "POST", `/api/profile/notifications/${id}/dismissal`), 404, NOT_YOUR_NOTICE);
    expectError(await as("agency@demo.test", "POST", "/api/profile/notifications/6/dismissal"), 404, NOT_YOUR_NOTICE);
    expectError(await as("agency@demo.test", "POST", "/api/profile/notifications/abc/dismissal"), 404);
    const record = await ok(AdminSystemNotificationResponseSchema, "GET", `/api/admin/system_notifications/${id}`, {
      token: await tokenOf("admin@demo.test"),
    });
    expect(record.record.dismissals).toBe(1);
  });
});

describe("/api/admin/system_notifications", () => {
  it("lists with facets, filters, search and sort; a bad filter is a 422", async () => {
    const token = await tokenOf("admin@demo.test");
    const all = await ok(AdminSystemNotificationsResponseSchema, "GET", "/api/admin/system_notifications?perPage=50", {
      token,
    });
    expect(all.records.map((r) => r.status)).toEqual(expect.arrayContaining(["scheduled", "current", "ended"]));
    expect(all.facets.agencyId.map((f) => f.label)).toContain("Chen Senior Benefits Group");
    const team = all.records.find((r) => r.title === "Monthly team call")!;
    expect(team).toMatchObject({ audience: "agency", agency: { id: 5, name: "Chen Senior Benefits Group" } });
    const scheduled = await ok(
      AdminSystemNotificationsResponseSchema,
      "GET",
      "/api/admin/system_notifications?status=scheduled",
      {
        token,
      },
    );
    expect(scheduled.records.map((r) => r.title)).toEqual(["Portal upgrade"]);
    const searched = await ok(
      AdminSystemNotificationsResponseSchema,
      "GET",
      "/api/admin/system_notifications?search=backlog",
      {
        token,
      },
    );
    expect(searched.records.map((r) => r.title)).toEqual(["Carrier appointment backlog"]);
    const bySeverity = await ok(
      AdminSystemNotificationsResponseSchema,
      "GET",
      "/api/admin/system_notifications?sort=severity&order=DESC&perPage=50",
      { token },
    );
    expect(bySeverity.records[0]!.severity).toBe("critical");
    expectError(await as("admin@demo.test", "GET", "/api/admin/system_notifications?severity=loud"), 422);
    const csv = await as("admin@demo.test", "GET", "/api/admin/system_notifications/export?audience=agency");
    expect(csv.status).toBe(200);
    expect(csv.text).toContain("Monthly team call");
    expect(csv.text).not.toContain("Annual Enrollment Period");
  });

  it("refuses what one field cannot say, at the field", async () => {
    expect(
      expectFields(
        await as("admin@demo.test", "POST", "/api/admin/system_notifications", notice({ audience: "roles" })),
      ),
    ).toEqual({ roles: [CHOOSE_ROLES] });
    expect(
      expectFields(
        await as("admin@demo.test", "POST", "/api/admin/system_notifications", notice({ audience: "agency" })),
      ),
    ).toEqual({ agencyId: [CHOOSE_AGENCY] });
    expect(
      expectFields(
        await as(
          "admin@demo.test",
          "POST",
          "/api/admin/system_notifications",
          notice({ audience: "agency", agencyId: 1 }),
        ),
      ),
    ).toEqual({ agencyId: [NOT_AN_AGENCY] });
    const start = new Date().toISOString();
    expect(
      expectFields(
        await as(
          "admin@demo.test",
          "POST",
          "/api/admin/system_notifications",
          notice({ startsAt: start, endsAt: start }),
        ),
      ),
    ).toEqual({ endsAt: [ENDS_BEFORE_START] });
    const fields = expectFields(
      await as("admin@demo.test", "POST", "/api/admin/system_notifications", { title: "", severity: "loud" }),
    );
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(["title", "message", "severity", "startsAt"]));
    expectFields(await as("admin@demo.test", "PATCH", "/api/admin/system_notifications/1", ["not", "an", "object"]));
  });

  it("creates, updates (a part), audits and deletes; agents only reach agents", async () => {
    const created = await as(
      "admin@demo.test",
      "POST",
      "/api/admin/system_notifications",
      notice({ title: "Agents only", audience: "roles", roles: ["Agent"], agencyId: 5 }),
    );
    expect(created.status).toBe(201);
    const { record } = AdminSystemNotificationResponseSchema.pick({ record: true }).parse(created.json);
    // The agency of another audience is not kept.
    expect(record).toMatchObject({ audience: "roles", roles: ["Agent"], agency: null, status: "current" });
    expect(await titlesFor("agent@demo.test")).toContain("Agents only");
    expect(await titlesFor("agency@demo.test")).not.toContain("Agents only");
    const patched = await as("admin@demo.test", "PATCH", `/api/admin/system_notifications/${record.id}`, {
      severity: "critical",
    });
    expect(patched.status).toBe(200);
    const read = await ok(
      AdminSystemNotificationResponseSchema,
      "GET",
      `/api/admin/system_notifications/${record.id}`,
      {
        token: await tokenOf("admin@demo.test"),
      },
    );
    expect(read.record).toMatchObject({ severity: "critical", title: "Agents only", roles: ["Agent"] });
    expect(read.history.map((h) => h.action)).toEqual(["updated", "created"]);
    expect(read.history[0]!.changes).toEqual([{ field: "severity", from: "info", to: "critical" }]);
    expect((await as("admin@demo.test", "DELETE", `/api/admin/system_notifications/${record.id}`)).status).toBe(204);
    expect(await titlesFor("agent@demo.test")).not.toContain("Agents only");
    expectError(await as("admin@demo.test", "GET", `/api/admin/system_notifications/${record.id}`), 404);
  });

  it("is an administrator's own: 403 to anyone else", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/system_notifications"],
      ["GET", "/api/admin/system_notifications/1"],
      ["GET", "/api/admin/system_notifications/export"],
      ["POST", "/api/admin/system_notifications"],
      ["PATCH", "/api/admin/system_notifications/1"],
      ["DELETE", "/api/admin/system_notifications/1"],
    ] as const)
      expectError(
        await as("agency@demo.test", method, path, method === "GET" ? undefined : notice()),
        403,
        ADMIN_ONLY_AREA,
      );
    expect(
      z.array(z.unknown()).parse((await as("agent@demo.test", "GET", "/api/profile/notifications")).json),
    ).not.toHaveLength(0);
  });
});
