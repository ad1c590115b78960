import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { UnreadMessagesSchema, UnrespondedMessagesSchema } from "../../app/.server/upstream/schemas/feedback.ts";
import {
  DocumentNotificationsResponseSchema,
  ProfileResponseSchema,
  SystemNotificationsSchema,
} from "../../app/.server/upstream/schemas/profile.ts";
import { LoginResponseSchema, MeResponseSchema } from "../../app/.server/upstream/schemas/session.ts";
import { type ReferenceApi, startReferenceApi } from "./index.ts";
import { DEMO_PASSWORD, SEED_USERS } from "./accounts/seed.ts";
import { silentLogger as logger, startTestApi, tempDbPath, testClient } from "./core/test-support.ts";

const { dir, dbPath, remove: removeDb } = tempDbPath("reference-api-", "nested/api.db");
let api: ReferenceApi;

const client = testClient(() => api.url);
/** Only `{ status, json }`: several tests compare the whole result with `toEqual`. */
async function request(
  method: string,
  path: string,
  { token, body, raw }: { token?: string; body?: unknown; raw?: string } = {},
) {
  const { status, json } = await client.send(method, path, { token, json: body, raw });
  return { status, json };
}

async function ok<S extends z.ZodType>(schema: S, method: string, path: string, token?: string, body?: unknown) {
  const response = await request(method, path, { token, body });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.json)}`).toBe(200);
  return schema.parse(response.json);
}

async function expectError(response: { status: number; json: unknown }, status: number, error?: string) {
  expect(response.status).toBe(status);
  const parsed = z.object({ error: z.unknown() }).parse(response.json);
  if (error !== undefined) expect(parsed.error).toBe(error);
}

async function signIn(email: string) {
  return ok(LoginResponseSchema, "POST", "/api/login", undefined, { email, password: DEMO_PASSWORD });
}

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

describe("reference API", () => {
  it("answers health, unknown paths and bad bodies", async () => {
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await request("GET", "/api/health")).toEqual({ status: 200, json: { status: "ok" } });
    await expectError(await request("GET", "/api/nope"), 404, "Not found");
    await expectError(await request("POST", "/api/login", { raw: "{not json" }), 400);
    await expectError(await request("POST", "/api/login", { body: { email: "agent@demo.test" } }), 422);
  });

  it("signs in every demo account with the seeded flags (case-insensitive e-mail)", async () => {
    for (const seed of SEED_USERS) {
      const { token, user } = await signIn(seed.email.toUpperCase());
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      expect(user).toMatchObject({
        userId: seed.id,
        email: seed.email,
        role: seed.role,
        returnToUserId: null,
        ...seed.flags,
      });
    }
    const { user: onboarding } = await signIn("onboarding@demo.test");
    expect(onboarding).toMatchObject({
      roleHasOnboardingProcess: true,
      onboardingPresent: true,
      onboardingComplete: false,
    });
  });

  it("refuses a wrong password or unknown e-mail", async () => {
    const wrong = await request("POST", "/api/login", { body: { email: "agent@demo.test", password: "nope-nope" } });
    await expectError(wrong, 401, "Invalid e-mail or password");
    const unknown = await request("POST", "/api/login", {
      body: { email: "ghost@demo.test", password: DEMO_PASSWORD },
    });
    await expectError(unknown, 401, "Invalid e-mail or password");
  });

  it("GET /api/me needs a valid token", async () => {
    await expectError(await request("GET", "/api/me"), 401, "Unauthorized Request");
    await expectError(await request("GET", "/api/me", { token: "deadbeef" }), 401, "Unauthorized Request");
    const { token } = await signIn("agent@demo.test");
    const { user } = await ok(MeResponseSchema, "GET", "/api/me", token);
    expect(user).toMatchObject({ userId: 1, email: "agent@demo.test", sunfireAccess: true, returnToUserId: null });
  });

  it("serves profile, notifications and message counts in the contract's shapes", async () => {
    const { token } = await signIn("agent@demo.test");
    const { profile } = await ok(ProfileResponseSchema, "GET", "/api/profile", token);
    expect(profile.smsConsent).toBe(true);
    expect(profile.licenses.length).toBeGreaterThan(0);
    const notifications = await ok(SystemNotificationsSchema, "GET", "/api/profile/notifications", token);
    expect(notifications.length).toBeGreaterThanOrEqual(2);
    // Issue 20: a notice ends. The seed's maintenance notice has ended; the current ones still show.
    expect(notifications.map((n) => n.title)).not.toContain("Scheduled maintenance");
    expect(notifications.map((n) => n.title)).toContain("Annual Enrollment Period");
    const now = new Date().toISOString();
    for (const n of notifications) if (n.endsAt !== null) expect(n.endsAt > now).toBe(true);
    expect(await ok(UnreadMessagesSchema, "GET", "/api/feedback_conversations/show_unread_messages", token)).toEqual({
      unread_messages: 3,
    });
    const unresponded = await ok(
      UnrespondedMessagesSchema,
      "GET",
      "/api/feedback_conversations/show_unresponded_messages",
      token,
    );
    expect(unresponded.unresponded_messages).toBeGreaterThan(0);

    const admin = await signIn("admin@demo.test");
    const adminProfile = await ok(ProfileResponseSchema, "GET", "/api/profile", admin.token);
    expect(adminProfile.profile.licenses).toEqual([]);
    expect(
      await ok(UnreadMessagesSchema, "GET", "/api/feedback_conversations/show_unread_messages", admin.token),
    ).toEqual({
      unread_messages: 0,
    });
  });

  it("has document notifications only for docs@", async () => {
    for (const email of ["docs@demo.test", "agent@demo.test", "agency@demo.test", "newagent@demo.test"]) {
      const { token } = await signIn(email);
      const { documentNotifications } = await ok(
        DocumentNotificationsResponseSchema,
        "GET",
        "/api/profile/document_notifications",
        token,
      );
      if (email === "docs@demo.test") expect(documentNotifications.length).toBeGreaterThan(0);
      else expect(documentNotifications).toEqual([]);
    }
  });

  it("persists SMS consent, across a restart, and reset restores the seed keeping the session", async () => {
    const { token } = await signIn("newagent@demo.test");
    expect((await ok(ProfileResponseSchema, "GET", "/api/profile", token)).profile.smsConsent).toBeNull();

    expect((await ok(ProfileResponseSchema, "POST", "/api/profile/sms_consent", token)).profile.smsConsent).toBe(true);
    expect((await ok(ProfileResponseSchema, "GET", "/api/profile", token)).profile.smsConsent).toBe(true);
    expect((await ok(ProfileResponseSchema, "DELETE", "/api/profile/sms_consent", token)).profile.smsConsent).toBe(
      false,
    );

    // Restart on the same file: the answer and the session survive.
    await api.close();
    api = await startTestApi(dbPath);
    expect((await ok(ProfileResponseSchema, "GET", "/api/profile", token)).profile.smsConsent).toBe(false);

    await api.reset();
    expect((await ok(ProfileResponseSchema, "GET", "/api/profile", token)).profile.smsConsent).toBeNull();

    await ok(ProfileResponseSchema, "POST", "/api/profile/sms_consent", token);
    expect(await request("POST", "/__reset")).toEqual({ status: 204, json: undefined });
    expect((await ok(ProfileResponseSchema, "GET", "/api/profile", token)).profile.smsConsent).toBeNull();
    expect((await ok(MeResponseSchema, "GET", "/api/me", token)).user.email).toBe("newagent@demo.test");
  });

  it("POST /__reset with an e-mail restores only that user", async () => {
    const newagent = (await signIn("newagent@demo.test")).token;
    const agent = (await signIn("agent@demo.test")).token;
    await ok(ProfileResponseSchema, "POST", "/api/profile/sms_consent", newagent);
    await ok(ProfileResponseSchema, "DELETE", "/api/profile/sms_consent", agent);
    expect(await request("POST", "/__reset", { body: { email: "NEWAGENT@demo.test" } })).toEqual({
      status: 204,
      json: undefined,
    });
    expect((await ok(ProfileResponseSchema, "GET", "/api/profile", newagent)).profile.smsConsent).toBeNull();
    expect((await ok(ProfileResponseSchema, "GET", "/api/profile", agent)).profile.smsConsent).toBe(false);
    expect((await ok(ProfileResponseSchema, "GET", "/api/profile", agent)).profile.licenses.length).toBeGreaterThan(0);
    expect((await request("POST", "/__reset", { body: { email: "nobody@demo.test" } })).status).toBe(404);
    await request("POST", "/__reset");
  });

  it("round-trips admin impersonation", async () => {
    const admin = await signIn("admin@demo.test");
    const as = await ok(LoginResponseSchema, "POST", "/api/login_as_user", admin.token, { userId: 5 });
    expect(as.user).toMatchObject({ userId: 5, email: "agency@demo.test", returnToUserId: 9 });
    expect((await ok(MeResponseSchema, "GET", "/api/me", as.token)).user.returnToUserId).toBe(9);

    await expectError(await request("GET", "/api/logout_as_user", { token: admin.token }), 422);
    await expectError(await request("POST", "/api/login_as_user", { token: admin.token, body: { userId: 999 } }), 404);
    await expectError(
      await request("POST", "/api/login_as_user", { token: admin.token, body: { email: "nobody@demo.test" } }),
      404,
    );
    const byEmail = await ok(LoginResponseSchema, "POST", "/api/login_as_user", admin.token, {
      email: "LOA@demo.test",
    });
    expect(byEmail.user).toMatchObject({ email: "loa@demo.test", returnToUserId: 9 });

    const back = await ok(LoginResponseSchema, "GET", "/api/logout_as_user", as.token);
    expect(back.user).toMatchObject({ userId: 9, role: "Admin", returnToUserId: null });
    await expectError(await request("GET", "/api/me", { token: as.token }), 401);
    expect((await ok(MeResponseSchema, "GET", "/api/me", back.token)).user.userId).toBe(9);

    const agent = await signIn("agent@demo.test");
    await expectError(
      await request("POST", "/api/login_as_user", { token: agent.token, body: { userId: 2 } }),
      403,
      "Only administrators may sign in as another user",
    );
  });

  it("logout invalidates the token", async () => {
    const { token } = await signIn("carrier@demo.test");
    expect((await request("DELETE", "/api/logout", { token })).status).toBe(204);
    await expectError(await request("GET", "/api/me", { token }), 401, "Unauthorized Request");
    await expectError(await request("DELETE", "/api/logout", { token }), 401);
  });
});

describe("reference API without allowReset", () => {
  it("answers 404 on /__reset", async () => {
    const other = await startReferenceApi({ dbPath: join(dir, "other.db"), logger });
    try {
      const response = await fetch(`${other.url}/__reset`, { method: "POST" });
      expect(response.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
