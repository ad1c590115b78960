/**
 * Downline readiness (issue 25 §2): an agency reads the readiness facts of its whole hierarchy and sends reminders
 * through the e-mail communications (a message, in the admin's e-mail log, sent after the answer).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  EmailLogResponseSchema,
  EmailPreviewResponseSchema,
  EmailTemplatesResponseSchema,
} from "../../../app/admin/sections/email_communications/contract.server.ts";
import {
  DownlineReadinessResponseSchema,
  ReminderResponseSchema,
} from "../../../app/.server/upstream/schemas/downline-readiness.ts";
import { REMINDER_CAP, REMINDER_DETAIL_MAX } from "../../../app/domain/downline-readiness.ts";
import { planYearOf, READY_TO_SELL_HREF } from "../../../app/domain/readiness.ts";
import type { ReferenceApi } from "../index.ts";
import {
  expectError,
  expectFields,
  outboxOf,
  sqlite,
  startTestApi,
  tempDbPath,
  testClient,
  testSeed,
  TEST_PORTAL_URL,
} from "../core/test-support.ts";
import { todayIso } from "../core/today.ts";
import { IDEMPOTENCY_KEY_REUSED } from "../email/routes.ts";
import { TEMPLATE_BY_KEY } from "../mail/templates.ts";
import { AL_LICENSE_EXPIRES_IN_DAYS } from "../profile/seed.ts";
import { DOWNLINE_READINESS_AGENCIES_ONLY, notInDownline } from "./routes.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-downline-readiness-");
let api: ReferenceApi;
const { tokenOf, send, ok } = testClient(() => api.url);

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});

const AGENCY = "agency@demo.test";
const REMINDERS = "/api/downlines/readiness/reminders";
const reminderId = TEMPLATE_BY_KEY["readiness-reminder"].id;

const readiness = async (email = AGENCY) =>
  (await ok(DownlineReadinessResponseSchema, "GET", "/api/downlines/readiness", { token: await tokenOf(email) }))
    .downlineReadiness;

const remind = async (json: unknown, headers?: Record<string, string>) =>
  send("POST", REMINDERS, { token: await tokenOf(AGENCY), json, headers });

const adminGet = async <S extends z.ZodType>(schema: S, path: string) =>
  ok(schema, "GET", path, { token: await tokenOf("admin@demo.test") });

/** How many e-mails the log holds (every kind). */
const logCount = async () => (await adminGet(EmailLogResponseSchema, "/api/admin/email_log?perPage=1")).meta.totalCount;

/** agency@'s hierarchy walked here from the users table: active agents and agencies under it, through agencies. */
async function expectedHierarchy(agencyId: number): Promise<Set<number>> {
  const client = sqlite(dbPath);
  try {
    const rows = (await client.execute("SELECT id, upline_user_id, status, role FROM users")).rows;
    const found = new Set<number>();
    let frontier = [agencyId];
    while (frontier.length > 0) {
      const next = rows.filter(
        (r) =>
          frontier.includes(Number(r.upline_user_id)) &&
          r.status === "active" &&
          (r.role === "Agent" || r.role === "Agency") &&
          !found.has(Number(r.id)) &&
          Number(r.id) !== agencyId,
      );
      for (const r of next) found.add(Number(r.id));
      frontier = next.filter((r) => r.role === "Agency").map((r) => Number(r.id));
    }
    return found;
  } finally {
    client.close();
  }
}

describe("GET /api/downlines/readiness (issue 25 §2)", () => {
  it("answers agencies only (403 for an agent and an administrator); a session is needed", async () => {
    for (const email of ["agent@demo.test", "admin@demo.test"]) {
      const token = await tokenOf(email);
      expectError(await send("GET", "/api/downlines/readiness", { token }), 403, DOWNLINE_READINESS_AGENCIES_ONLY);
      expectError(
        await send("POST", REMINDERS, { token, json: { step: "license", reminders: [{ userId: 1, detail: "x" }] } }),
        403,
        DOWNLINE_READINESS_AGENCIES_ONLY,
      );
    }
    expect((await send("GET", "/api/downlines/readiness")).status).toBe(401);
  });

  it("agency@: every active broker of its hierarchy at any depth, the agency itself first among the agencies", async () => {
    const r = await readiness();
    expect(r.planYear).toBe(planYearOf(todayIso()));
    expect(r.licenseWarningDays).toBeGreaterThan(0);
    const ids = r.brokers.map((b) => b.userId);
    expect(new Set(ids)).toEqual(await expectedHierarchy(5));
    expect(ids.length).toBeGreaterThan(50);
    expect(ids).not.toContain(5);
    expect(ids).not.toContain(4); // docs@ writes under no agency
    expect(r.agencies[0]).toEqual({ userId: 5, name: "Chen Senior Benefits Group" });
    const subAgencies = r.agencies.slice(1);
    expect(subAgencies.length).toBeGreaterThan(0);
    expect(subAgencies.map((a) => a.name)).toEqual(subAgencies.map((a) => a.name).sort((a, b) => a.localeCompare(b)));
    const agencyIds = new Set(r.agencies.map((a) => a.userId));
    for (const b of r.brokers) expect(agencyIds.has(b.agencyUserId), `broker ${b.userId}`).toBe(true);
    expect(r.brokers.filter((b) => b.role === "Agency").map((b) => b.userId)).toEqual(
      expect.arrayContaining(subAgencies.map((a) => a.userId)),
    );
    // SQLite's NOCASE: ASCII letters compared without case, everything else by code point.
    const cmp = (x: string, y: string) =>
      x.toLowerCase() < y.toLowerCase() ? -1 : x.toLowerCase() > y.toLowerCase() ? 1 : 0;
    const sorted = [...r.brokers].sort(
      (a, b) => cmp(a.lastName, b.lastName) || cmp(a.firstName, b.firstName) || a.userId - b.userId,
    );
    expect(ids).toEqual(sorted.map((b) => b.userId));
  });

  it("no pending, unverified or disabled account, and no administrator or carrier staff", async () => {
    const ids = (await readiness()).brokers.map((b) => b.userId);
    const client = sqlite(dbPath);
    try {
      const rows = (
        await client.execute({
          sql: "SELECT DISTINCT status || ' ' || role AS s FROM users WHERE id IN (SELECT value FROM json_each(?))",
          args: [JSON.stringify(ids)],
        })
      ).rows.map((row) => String(row.s));
      expect(rows.sort()).toEqual(["active Agency", "active Agent"]);
    } finally {
      client.close();
    }
  });

  it("agent@ with its facts: its agency, the AL license in the warning window, contracts, certifications, RTS", async () => {
    const r = await readiness();
    const agent = r.brokers.find((b) => b.userId === 1)!;
    expect(agent).toMatchObject({ firstName: "Maria", lastName: "Alvarez", role: "Agent", agencyUserId: 5 });
    expect(agent.npnNumber).toBe("17845210");
    expect(agent.licenses).toContainEqual({
      state: "AL",
      status: "Active",
      expiresOn: testSeed.daysFromNow(AL_LICENSE_EXPIRES_IN_DAYS),
    });
    expect(AL_LICENSE_EXPIRES_IN_DAYS).toBeLessThanOrEqual(r.licenseWarningDays);
    expect(agent.contracts.length).toBeGreaterThan(0);
    expect(agent.certifications.map((c) => [c.carrierId, c.planYear])).toEqual([
      [1, r.planYear],
      [3, r.planYear],
    ]);
    expect(agent.rtsStatuses).toEqual([expect.objectContaining({ carrierId: 1, statusCode: "RTS", tone: "ready" })]);
    for (const d of agent.documents) expect(d.onFile).toBe(true);
    expect(agent.lastWrittenOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("never answers a last-written day after today: a policy taking effect next month is not one (issue 37 §5)", async () => {
    const r = await readiness();
    const today = todayIso();
    const client = sqlite(dbPath);
    try {
      // The seed has policies taking effect next month (pending ones up to the month after the seed day's).
      const future = await client.execute({
        sql: "SELECT COUNT(*) AS n FROM policies WHERE effective_date > ? AND user_id IN (SELECT value FROM json_each(?))",
        args: [today, JSON.stringify(r.brokers.map((b) => b.userId))],
      });
      expect(Number(future.rows[0]?.n)).toBeGreaterThan(0);
    } finally {
      client.close();
    }
    for (const b of r.brokers) if (b.lastWrittenOn !== null) expect(b.lastWrittenOn <= today, `${b.userId}`).toBe(true);
  });
});

describe("POST /api/downlines/readiness/reminders", () => {
  const detail = "Your license in AL expires in 30 days: renew it with the state.";

  it("e-mails agent@ the step, what is left and its Ready to Sell page; the admin's e-mail log shows it", async () => {
    const created = await remind({ step: "license", reminders: [{ userId: 1, detail }] });
    expect(created.status, created.text).toBe(201);
    const { reminder } = ReminderResponseSchema.parse(created.json);
    expect(reminder.recipients).toBe(1);
    const [mail] = await outboxOf(api.url, "agent@demo.test", 1);
    expect(mail!.subject).toBe("Chen Senior Benefits Group: one step before you can sell");
    expect(mail!.text).toContain("Hello Maria,");
    expect(mail!.text).toContain("Chen Senior Benefits Group reminds you of a step left before you can sell: License.");
    expect(mail!.text).toContain(detail);
    expect(mail!.links).toEqual([`${TEST_PORTAL_URL}${READY_TO_SELL_HREF}`]);
    const log = await adminGet(EmailLogResponseSchema, `/api/admin/email_log?messageId=${reminder.messageId}`);
    expect(log.records).toEqual([
      expect.objectContaining({
        kind: "readiness-reminder",
        kindLabel: "Ready to sell reminder",
        to: "agent@demo.test",
        user: { id: 1, name: "Maria Alvarez" },
        status: "sent",
        messageId: reminder.messageId,
      }),
    ]);
    const byKind = await adminGet(EmailLogResponseSchema, "/api/admin/email_log?kind=readiness-reminder");
    expect(byKind.facets.kind).toContainEqual({ value: "readiness-reminder", label: "Ready to sell reminder" });
    expect(byKind.records.map((l) => l.messageId)).toContain(reminder.messageId);
    const templates = await adminGet(EmailTemplatesResponseSchema, "/api/admin/email_templates?perPage=50");
    expect(templates.records.find((t) => t.key === "readiness-reminder")?.sentLast30Days).toBeGreaterThan(0);
  });

  it("refuses a user outside the caller's downline (docs@) by id, sending nothing, not even to the others", async () => {
    expect((await readiness()).brokers.map((b) => b.userId)).not.toContain(4);
    const before = await logCount();
    const outbox = (await outboxOf(api.url, "agent@demo.test", 100)).length;
    for (const reminders of [
      [{ userId: 4, detail }],
      [
        { userId: 1, detail },
        { userId: 4, detail },
      ],
      [{ userId: 5, detail }],
    ])
      expectError(await remind({ step: "license", reminders }), 422, notInDownline(reminders.at(-1)!.userId));
    expect(await logCount()).toBe(before);
    expect((await outboxOf(api.url, "agent@demo.test", 100)).length).toBe(outbox);
  });

  it("refuses a malformed body at its field (422 fields): step, reminders, detail, extra fields, not JSON", async () => {
    const many = Array.from({ length: REMINDER_CAP + 1 }, (_, i) => ({ userId: i + 1, detail }));
    const bodies: Array<[unknown, string]> = [
      [{ step: "coffee", reminders: [{ userId: 1, detail }] }, "step"],
      [{ step: "license", reminders: [] }, "reminders"],
      [{ step: "license", reminders: many }, "reminders"],
      [{ step: "license", reminders: [{ userId: 1, detail: "x".repeat(REMINDER_DETAIL_MAX + 1) }] }, "reminders"],
      [{ step: "license", reminders: [{ userId: 1, detail: "   " }] }, "reminders"],
      [{ step: "license", reminders: [{ userId: 1, detail, extra: 1 }] }, "reminders"],
      [{ step: "license", reminders: [{ userId: 1, detail }], subject: "Hi" }, "body"],
      [
        {
          step: "license",
          reminders: [
            { userId: 1, detail },
            { userId: 1, detail },
          ],
        },
        "reminders",
      ],
      [[], "body"],
    ];
    const before = await logCount();
    for (const [json, field] of bodies)
      expect(expectFields(await remind(json))[field], JSON.stringify(json)).toBeDefined();
    const plain = await fetch(`${api.url}${REMINDERS}`, {
      method: "POST",
      headers: { authorization: `Bearer ${await tokenOf(AGENCY)}`, "content-type": "text/plain" },
      body: "step=license",
    });
    expectFields({ status: plain.status, json: await plain.json() });
    expect(await logCount()).toBe(before);
  });

  it("sends once per Idempotency-Key (the same answer replayed); the key with another body is refused", async () => {
    const headers = { "idempotency-key": "reminder-test-1" };
    const body = { step: "ahip", reminders: [{ userId: 1, detail: "Upload this year's AHIP certificate." }] };
    const first = await remind(body, headers);
    expect(first.status, first.text).toBe(201);
    const again = await remind(body, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json).toEqual(first.json);
    const { messageId } = ReminderResponseSchema.parse(first.json).reminder;
    await outboxOf(api.url);
    const log = await adminGet(EmailLogResponseSchema, `/api/admin/email_log?messageId=${messageId}`);
    expect(log.meta.totalCount).toBe(1);
    const mails = (await outboxOf(api.url, "agent@demo.test", 100)).filter((m) => m.text.includes("AHIP certificate"));
    expect(mails).toHaveLength(1);
    expectError(await remind({ ...body, step: "documents" }, headers), 422, IDEMPOTENCY_KEY_REUSED);
  });

  it("is written from the template as administrators left it; its preview links to the Ready to Sell page", async () => {
    const preview = await adminGet(EmailPreviewResponseSchema, `/api/admin/email_templates/${reminderId}/preview`);
    expect(preview.preview.subject).toMatch(/: one step before you can sell$/);
    expect(preview.preview.text).toContain(`${TEST_PORTAL_URL}${READY_TO_SELL_HREF}`);
    expect(preview.preview.text).not.toContain("EXAMPLE-LINK");
    const edited = await send("PATCH", `/api/admin/email_templates/${reminderId}`, {
      token: await tokenOf("admin@demo.test"),
      json: { subject: "{{step}}: {{agencyName}} reminds you" },
    });
    expect(edited.status, edited.text).toBe(200);
    const created = await remind({ step: "documents", reminders: [{ userId: 1, detail: "Upload your W-9." }] });
    expect(created.status, created.text).toBe(201);
    const [mail] = await outboxOf(api.url, "agent@demo.test", 1);
    expect(mail!.subject).toBe("Documents: Chen Senior Benefits Group reminds you");
  });
});
