/**
 * E-mail communications (issue 22 §2.5): the templates (edited, checked, previewed, tested), the log (seeded,
 * written by every e-mail, resend) and messages to a filtered list of users.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type z } from "zod";
import {
  EmailLogEntryResponseSchema,
  EmailLogResponseSchema,
  EmailMessageResponseSchema,
  EmailPreviewResponseSchema,
  EmailRecipientsResponseSchema,
  EmailSentResponseSchema,
  EmailTemplateResponseSchema,
  EmailTemplatesResponseSchema,
} from "../../../app/admin/sections/email_communications/contract.server.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import type { ReferenceApi } from "../index.ts";
import { BULK_USERS } from "../admin-people/seed.ts";
import {
  expectError,
  expectErrorLike,
  expectFields,
  outboxOf,
  startTestApi,
  tempDbPath,
  testClient,
  TEST_PORTAL_URL,
} from "../core/test-support.ts";
import { INVITATION_NOT_RESENT, recipientsChanged } from "./routes.ts";
import { SEED_EMAIL_LOG_COUNT } from "./seed.ts";
import { EMAIL_TEMPLATES, TEMPLATE_BY_KEY } from "../mail/templates.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-email-");
let api: ReferenceApi;
const client = testClient(() => api.url);
const { tokenOf, ok } = client;
const admin = async () => tokenOf("admin@demo.test");
const send = async (method: string, path: string, json?: unknown, headers?: Record<string, string>) =>
  client.send(method, path, { token: await admin(), json, headers });
const get = async <S extends z.ZodType>(schema: S, path: string) => ok(schema, "GET", path, { token: await admin() });
const resetId = TEMPLATE_BY_KEY.reset.id;

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

describe("who may use the e-mail endpoints", () => {
  it("answers 403 to anyone but an administrator's own session", async () => {
    const agent = await tokenOf("agent@demo.test");
    for (const [method, path] of [
      ["GET", "/api/admin/email_templates"],
      ["GET", `/api/admin/email_templates/${resetId}`],
      ["PATCH", `/api/admin/email_templates/${resetId}`],
      ["GET", `/api/admin/email_templates/${resetId}/preview`],
      ["POST", `/api/admin/email_templates/${resetId}/test`],
      ["GET", "/api/admin/email_log"],
      ["GET", "/api/admin/email_log/1"],
      ["POST", "/api/admin/email_log/1/resend"],
      ["GET", "/api/admin/email_messages/recipients"],
      ["POST", "/api/admin/email_messages"],
    ] as const)
      expectError(
        await client.send(method, path, { token: agent, json: method === "GET" ? undefined : {} }),
        403,
        ADMIN_ONLY_AREA,
      );
  });
});

describe("templates", () => {
  it("lists every e-mail the product sends, with its placeholders and its month's count", async () => {
    const list = await get(EmailTemplatesResponseSchema, "/api/admin/email_templates?perPage=50&sort=name&order=ASC");
    expect(list.records.map((t) => t.key).sort()).toEqual(EMAIL_TEMPLATES.map((t) => t.key).sort());
    const reset = list.records.find((t) => t.key === "reset")!;
    expect(reset.placeholders.map((p) => p.name)).toEqual(["firstName", "link"]);
    expect(reset.sentLast30Days).toBeGreaterThan(5);
    const searched = await get(EmailTemplatesResponseSchema, "/api/admin/email_templates?search=password");
    expect(searched.records.map((t) => t.key).sort()).toEqual(["password-changed", "reset"]);
  });

  it("refuses a placeholder that does not exist at its field (422 fields), changing nothing", async () => {
    const fields = expectFields(
      await send("PATCH", `/api/admin/email_templates/${resetId}`, { subject: "Reset for {{nickname}}" }),
    );
    expect(fields.subject).toEqual(["{{nickname}} is not a placeholder of this e-mail. Use {{firstName}}, {{link}}."]);
    const { record } = await get(EmailTemplateResponseSchema, `/api/admin/email_templates/${resetId}`);
    expect(record.subject).toBe(TEMPLATE_BY_KEY.reset.subject);
    expect(
      expectFields(await send("PATCH", `/api/admin/email_templates/${resetId}`, { body: "  " })).body,
    ).toBeDefined();
  });

  it("an edited template is what the next e-mail of its kind says; the edit is in its history", async () => {
    const edited = {
      subject: "Your new password link, {{firstName}}",
      body: "Hi {{firstName}},\n\nUse this link within the hour: {{link}}",
    };
    const { record } = await ok(
      EmailTemplateResponseSchema.pick({ record: true }),
      "PATCH",
      `/api/admin/email_templates/${resetId}`,
      { token: await admin(), json: edited },
    );
    expect(record.subject).toBe(edited.subject);
    expect((await send("POST", "/api/account/password_reset", { email: "agent@demo.test" })).status).toBe(202);
    const [mail] = await outboxOf(api.url, "agent@demo.test", 1);
    expect(mail!.subject).toBe("Your new password link, Maria");
    expect(mail!.text).toMatch(
      /^Hi Maria,\n\nUse this link within the hour: https:\/\/portal\.test\/account\/update_password\/[\w-]{43}\n$/,
    );
    expect(mail!.links).toEqual([expect.stringMatching(/^https:\/\/portal\.test\/account\/update_password\//)]);
    const { history } = await get(EmailTemplateResponseSchema, `/api/admin/email_templates/${resetId}`);
    expect(history[0]).toMatchObject({ action: "updated", actor: { name: "Grace Harper" } });
    expect(history[0]!.changes.map((c) => c.field)).toEqual(["subject", "body"]);
    // The log has it, without its body (a one-time link).
    const log = await get(EmailLogResponseSchema, "/api/admin/email_log?search=agent%40demo.test&kind=reset");
    expect(log.records[0]).toMatchObject({ subject: "Your new password link, Maria", status: "sent" });
    const entry = await get(EmailLogEntryResponseSchema, `/api/admin/email_log/${log.records[0]!.id}`);
    expect(entry.record.text).toBeNull();
    await send("PATCH", `/api/admin/email_templates/${resetId}`, TEMPLATE_BY_KEY.reset);
  });

  it("previews a template with a user's values (the admin by default), links as examples", async () => {
    const mine = await get(EmailPreviewResponseSchema, `/api/admin/email_templates/${resetId}/preview`);
    expect(mine.preview.user).toEqual({ id: 9, name: "Grace Harper", email: "admin@demo.test" });
    expect(mine.preview.text).toContain("Hello Grace,");
    expect(mine.preview.text).toContain(`${TEST_PORTAL_URL}/account/update_password/EXAMPLE-LINK-NOT-A-REAL-TOKEN`);
    const invitation = await get(
      EmailPreviewResponseSchema,
      `/api/admin/email_templates/${TEMPLATE_BY_KEY.invitation.id}/preview?userId=1`,
    );
    expect(invitation.preview.subject).toMatch(/invites you to the Agent Portal$/);
    expect(invitation.preview.text).toContain("Hello Maria,");
    expect(
      expectFields(await send("GET", `/api/admin/email_templates/${resetId}/preview?userId=99999`)).userId,
    ).toBeDefined();
  });

  it("sends a test to the administrator's own address: in the outbox and in the log", async () => {
    const sent = await ok(
      EmailSentResponseSchema,
      "POST",
      `/api/admin/email_templates/${resetId}/test`,
      { token: await admin(), json: { userId: 1 } },
      201,
    );
    expect(sent.record).toMatchObject({ to: "admin@demo.test", test: true, status: "sent", kind: "reset" });
    expect(sent.record.subject).toBe("[Test] Reset your Agent Portal password");
    const [mail] = await outboxOf(api.url, "admin@demo.test", 1);
    expect(mail!.subject).toBe(sent.record.subject);
    expect(mail!.text).toContain("Hello Maria,");
  });
});

describe("the log", () => {
  it("holds a month of e-mails, newest first, with failures and their reasons; filters by status and kind", async () => {
    const all = await get(EmailLogResponseSchema, "/api/admin/email_log?perPage=50");
    expect(all.meta.totalCount).toBeGreaterThanOrEqual(SEED_EMAIL_LOG_COUNT);
    const times = all.records.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const failed = await get(EmailLogResponseSchema, "/api/admin/email_log?status=failed&perPage=50");
    expect(failed.meta.totalCount).toBeGreaterThanOrEqual(10);
    for (const r of failed.records) expect(r.failureReason).toMatch(/\w/);
    const invitations = await get(EmailLogResponseSchema, "/api/admin/email_log?kind=invitation");
    for (const r of invitations.records) expect(r.kindLabel).toBe("Downline invitation");
    expect(all.facets.status.map((f) => f.value)).toEqual(["queued", "sent", "failed"]);
    expectError(await send("GET", "/api/admin/email_log?status=lost"), 422);
  });

  it("resends: a kept text as it was; a reset with a new link; never an invitation's link", async () => {
    const changed = await get(EmailLogResponseSchema, "/api/admin/email_log?kind=password-changed&status=failed");
    const original = changed.records[0]!;
    const resent = await ok(
      EmailSentResponseSchema,
      "POST",
      `/api/admin/email_log/${original.id}/resend`,
      { token: await admin() },
      201,
    );
    expect(resent.record).toMatchObject({
      to: original.to,
      subject: original.subject,
      resendOf: original.id,
      status: "sent",
    });
    const [mail] = await outboxOf(api.url, original.to, 1);
    expect(mail!.subject).toBe(original.subject);
    const { history } = await get(EmailLogEntryResponseSchema, `/api/admin/email_log/${original.id}`);
    expect(history[0]).toMatchObject({ action: "resent", note: `Resent as e-mail ${resent.record.id}.` });

    const active = new Set(BULK_USERS.filter((u) => u.status === "active").map((u) => u.email));
    const resets = await get(EmailLogResponseSchema, "/api/admin/email_log?kind=reset&perPage=50");
    const reset = resets.records.find((r) => active.has(r.to) && !r.test)!;
    const again = await ok(
      EmailSentResponseSchema,
      "POST",
      `/api/admin/email_log/${reset.id}/resend`,
      { token: await admin() },
      201,
    );
    expect(again.record).toMatchObject({ kind: "reset", to: reset.to, resendOf: reset.id });
    expect((await outboxOf(api.url, reset.to, 1))[0]!.links[0]).toMatch(/\/account\/update_password\/[\w-]{43}$/);

    const invitation = (await get(EmailLogResponseSchema, "/api/admin/email_log?kind=invitation")).records[0]!;
    expectError(await send("POST", `/api/admin/email_log/${invitation.id}/resend`), 422, INVITATION_NOT_RESENT);
  });
});

describe("messages to users", () => {
  const filter = { roleId: null, agencyId: 6, documents: null, contracts: null };

  it("counts the active users a filter chooses before anything is sent", async () => {
    const { recipients, facets } = await get(
      EmailRecipientsResponseSchema,
      "/api/admin/email_messages/recipients?agencyId=6",
    );
    const expected = BULK_USERS.filter((u) => u.status === "active" && u.uplineUserId === 6).length;
    expect(recipients).toBe(expected);
    expect(facets.agencyId.some((f) => f.value === "6")).toBe(true);
    const none = await get(EmailRecipientsResponseSchema, "/api/admin/email_messages/recipients?contracts=none");
    const some = await get(EmailRecipientsResponseSchema, "/api/admin/email_messages/recipients?contracts=pending");
    expect(none.recipients + some.recipients).toBeGreaterThan(0);
    expectError(await send("GET", "/api/admin/email_messages/recipients?documents=maybe"), 422);
  });

  it("sends to exactly that many, queued then sent in the log; once per Idempotency-Key; refuses a stale count", async () => {
    const { recipients } = await get(EmailRecipientsResponseSchema, "/api/admin/email_messages/recipients?agencyId=6");
    const body = {
      ...filter,
      subject: "Office closed Friday",
      body: "Hello {{firstName}},\n\nWe are closed on Friday.",
      recipients,
    };
    const stale = await send("POST", "/api/admin/email_messages", { ...body, recipients: recipients + 1 });
    expectErrorLike(stale, 409, recipientsChanged(recipients));
    expect(
      expectFields(await send("POST", "/api/admin/email_messages", { ...body, body: "{{phone}}" })).body,
    ).toBeDefined();
    const headers = { "idempotency-key": "message-test-1" };
    const created = await send("POST", "/api/admin/email_messages", body, headers);
    expect(created.status, created.text).toBe(201);
    const { record } = EmailMessageResponseSchema.parse(created.json);
    expect(record.recipientCount).toBe(recipients);
    const replay = await send("POST", "/api/admin/email_messages", body, headers);
    expect(replay.status).toBe(201);
    expect(EmailMessageResponseSchema.parse(replay.json).record.id).toBe(record.id);
    await outboxOf(api.url); // waits for the work after the answer
    const log = await get(EmailLogResponseSchema, `/api/admin/email_log?messageId=${record.id}&perPage=50`);
    expect(log.meta.totalCount).toBe(recipients);
    expect(new Set(log.records.map((r) => r.status))).toEqual(new Set(["sent"]));
    expect(log.records[0]!.subject).toBe("Office closed Friday");
  });
});
