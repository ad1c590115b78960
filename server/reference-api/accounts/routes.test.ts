/**
 * Accounts (issue 13): registration with and without an invitation, verification, activation, password reset
 * and change; single-use, expiring, hashed tokens; no enumeration; sessions ended; the login of an unverified
 * or pending account.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { newPasswordProblems } from "../../../app/domain/common-passwords.ts";
import {
  AcceptedResponseSchema,
  PasswordSetResponseSchema,
  PendingAccountResponseSchema,
  RegisteredResponseSchema,
  RegistrationInvitationResponseSchema,
  ResetAccountResponseSchema,
  VerifiedResponseSchema,
} from "../../../app/.server/upstream/schemas/account.ts";
import {
  InvitationResponseSchema,
  InvitationsResponseSchema,
} from "../../../app/.server/upstream/schemas/invitations.ts";
import { LoginResponseSchema } from "../../../app/.server/upstream/schemas/session.ts";
import { ACCOUNT_TOKEN_PATTERN, TOKEN_LIFETIME_MS } from "../../../app/domain/account-tokens.ts";
import {
  CURRENT_PASSWORD_BLANK,
  CURRENT_PASSWORD_WRONG,
  EMAIL_INVALID,
  FIRST_NAME_BLANK,
  LAST_NAME_BLANK,
  NPN_INVALID,
  NPN_TAKEN,
  NPN_UNKNOWN,
  PHONE_INVALID,
  TERMS_NOT_ACCEPTED,
  nameTooLong,
} from "./routes.ts";
import { UNVERIFIED } from "../app.ts";
import type { ReferenceApi } from "../index.ts";
import { DEMO_PASSWORD, SEED_FREE_NPNS, SEED_PENDING_ACCOUNT } from "./seed.ts";
import { SEED_AGENCY_NAMES } from "../invitations/seed.ts";
import {
  TEST_PORTAL_URL,
  expectError,
  expectFields,
  expectTokenRefusal,
  latestLink,
  outboxOf,
  sqlite,
  startTestApi,
  tempDbPath,
  testClient,
} from "../core/test-support.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-accounts-");
let api: ReferenceApi;
const client = testClient(() => api.url);
const { send } = client;

/** A password every rule accepts for the e-mails used here. */
const GOOD_PASSWORD = "Tulip-Harbor-Lantern-92";
const OTHER_PASSWORD = "Copper-Meadow-Violin-57";

/** Each registration takes its own free NPN (a reset gives them back; the tests here do not rely on one). */
const freeNpns = [...SEED_FREE_NPNS];
const nextNpn = () => freeNpns.shift()!;

const post = async (path: string, json?: unknown, token?: string) => send("POST", path, { json, token });
const put = async (path: string, json?: unknown, token?: string) => send("PUT", path, { json, token });
const get = async (path: string, token?: string) => send("GET", path, { token });

async function signIn(email: string, password = DEMO_PASSWORD) {
  return post("/api/login", { email, password });
}

async function tokenFor(email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await signIn(email, password);
  expect(response.status, response.text).toBe(200);
  return LoginResponseSchema.parse(response.json).token;
}

async function userRow(email: string) {
  const db = sqlite(dbPath);
  try {
    return (await db.execute({ sql: "SELECT * FROM users WHERE email = ? COLLATE NOCASE", args: [email] })).rows[0];
  } finally {
    db.close();
  }
}

/** Runs statements on the test API's database (to move a token's expiry into the past …). */
async function write(sql: string, args: (string | number)[]) {
  const db = sqlite(dbPath);
  try {
    await db.execute({ sql, args });
  } finally {
    db.close();
  }
}

const past = () => new Date(Date.now() - 1000).toISOString();

const registration = (overrides: Record<string, unknown> = {}) => ({
  firstName: " Nora ",
  lastName: " Recruit ",
  npn: nextNpn(),
  phone: "5552014410",
  password: GOOD_PASSWORD,
  termsAccepted: true,
  ...overrides,
});

/** agency@ invites `email` (level `level`); the registration token from the e-mail. */
async function invited(email: string, level = "Agent", firstName = "Nora", lastName = "Recruit") {
  const response = await post(
    "/api/downline_invitations",
    { email, firstName, lastName, level },
    await client.tokenOf("agency@demo.test"),
  );
  expect(response.status, response.text).toBe(201);
  const { invitation } = InvitationResponseSchema.parse(response.json);
  const { token } = await latestLink(api.url, email, "/registration/");
  return { invitation, token };
}

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("GET /api/registration/:token", () => {
  it("answers the invitation of a working link, with the agency and when it expires", async () => {
    const { invitation, token } = await invited("ivy.lookup@example.com", "Agency Level 2", "Ivy", "Lookup");
    expect(token).toMatch(ACCOUNT_TOKEN_PATTERN);
    const response = await get(`/api/registration/${token}`);
    expect(response.status, response.text).toBe(200);
    expect(RegistrationInvitationResponseSchema.strict().parse(response.json)).toEqual({
      invitation: {
        email: "ivy.lookup@example.com",
        firstName: "Ivy",
        lastName: "Lookup",
        level: "Agency Level 2",
        agencyName: SEED_AGENCY_NAMES[5],
        expiresAt: invitation.expiresAt,
      },
    });
  });

  it("malformed or unknown: 404 invalid; expired (by status or by date): 410 expired", async () => {
    expectTokenRefusal(await get("/api/registration/not-a-token"), 404, "invalid");
    expectTokenRefusal(await get(`/api/registration/${"A".repeat(43)}`), 404, "invalid");
    expectTokenRefusal(await get(`/api/registration/${"0".repeat(32)}`), 404, "invalid");

    const late = await invited("late.date@example.com");
    await write("UPDATE downline_invitations SET expires_at = ? WHERE id = ?", [past(), late.invitation.id]);
    expectTokenRefusal(await get(`/api/registration/${late.token}`), 410, "expired");
    const marked = await invited("late.status@example.com");
    await write("UPDATE downline_invitations SET status = 'Expired' WHERE id = ?", [marked.invitation.id]);
    expectTokenRefusal(await get(`/api/registration/${marked.token}`), 410, "expired");
    const refused = await post(`/api/registration/${late.token}`, registration());
    expectTokenRefusal(refused, 410, "expired");
    expect(await userRow("late.date@example.com")).toBeUndefined();
  });

  it("its address has an account by now (signed up without it): 410 used", async () => {
    const { token } = await invited("took.other.way@example.com");
    expect((await post("/api/registration", { ...registration(), email: "took.other.way@example.com" })).status).toBe(
      202,
    );
    await outboxOf(api.url); // the sign-up's work is done
    expectTokenRefusal(await get(`/api/registration/${token}`), 410, "used");
    expectTokenRefusal(await post(`/api/registration/${token}`, registration()), 410, "used");
    // Sending it again is refused: the invitee has an account.
    const list = InvitationsResponseSchema.parse(
      (await get("/api/downline_invitations?search=took.other.way", await client.tokenOf("agency@demo.test"))).json,
    );
    expectError(
      await post(
        `/api/downline_invitations/${list.invitations[0]!.id}/resend`,
        undefined,
        await client.tokenOf("agency@demo.test"),
      ),
      422,
      "took.other.way@example.com already has an account",
    );
  });
});

describe("POST /api/registration/:token (registration with an invitation)", () => {
  it("creates the unverified account, accepts the invitation, e-mails the verification link; sign-in waits for it", async () => {
    const email = "nora.recruit@example.com";
    const { invitation, token } = await invited(email);
    const npn = nextNpn();
    const response = await post(`/api/registration/${token}`, registration({ npn, phone: "555201441012345" }));
    expect(response.status, response.text).toBe(201);
    expect(RegisteredResponseSchema.strict().parse(response.json)).toEqual({ status: "registered", email });

    const row = (await userRow(email))!;
    expect(row).toMatchObject({
      status: "unverified",
      role: "Agent",
      first_name: "Nora",
      last_name: "Recruit",
      npn_number: npn,
      npn_id: null,
      npn_current_max_level: null,
      phone: "(555) 201-4410 x12345",
      sms_consent: null,
      flags: "{}",
      upline_user_id: 5,
    });
    expect(String(row.password_hash)).toMatch(/^scrypt\$/);
    const listed = InvitationsResponseSchema.parse(
      (await get(`/api/downline_invitations?search=${email}`, await client.tokenOf("agency@demo.test"))).json,
    ).invitations[0]!;
    expect(listed).toMatchObject({ id: invitation.id, status: "Accepted" });
    const db = sqlite(dbPath);
    try {
      const accepted = await db.execute({
        sql: "SELECT accepted_user_id FROM downline_invitations WHERE id = ?",
        args: [invitation.id],
      });
      expect(Number(accepted.rows[0]!.accepted_user_id)).toBe(Number(row.id));
    } finally {
      db.close();
    }

    // The link is used; the verification e-mail has its own.
    expectTokenRefusal(await get(`/api/registration/${token}`), 410, "used");
    const verify = await latestLink(api.url, email, "/account/verify/");
    expect(verify.mail).toMatchObject({ to: email, subject: "Verify your e-mail address" });
    expect(verify.mail.text).toContain("Hello Nora,");
    expect(verify.token).toMatch(ACCOUNT_TOKEN_PATTERN);

    // Right password, not verified: 403 unverified; wrong password: the usual 401.
    const early = await signIn(email, GOOD_PASSWORD);
    expect(early.status).toBe(403);
    expect(z.strictObject({ error: z.string(), reason: z.literal("unverified") }).parse(early.json).error).toBe(
      UNVERIFIED,
    );
    expectError(await signIn(email, OTHER_PASSWORD), 401, "Invalid e-mail or password");

    const verified = await post("/api/account/verify", { token: verify.token });
    expect(verified.status, verified.text).toBe(200);
    expect(VerifiedResponseSchema.strict().parse(verified.json)).toEqual({ email });
    expect((await userRow(email))!.status).toBe("active");
    expectTokenRefusal(await post("/api/account/verify", { token: verify.token }), 410, "used");
    const { user } = LoginResponseSchema.parse((await signIn(email, GOOD_PASSWORD)).json);
    expect(user).toMatchObject({ email, role: "Agent", npnNumber: npn, firstName: "Nora" });
  });

  it("an agency level makes an Agency account with that level", async () => {
    const email = "ada.level@example.com";
    const { token } = await invited(email, "Agency Level 3", "Ada", "Level");
    expect((await post(`/api/registration/${token}`, registration({ firstName: "Ada" }))).status).toBe(201);
    expect(await userRow(email)).toMatchObject({ role: "Agency", npn_current_max_level: "Agency Level 3" });
  });

  it("refuses every bad field at once (422 { error, fields }), and nothing changes", async () => {
    const email = "fix.fields@example.com";
    const { token } = await invited(email);
    const fields = expectFields(
      await post(`/api/registration/${token}`, {
        firstName: "  ",
        lastName: "x".repeat(101),
        npn: "12345678901",
        phone: "555-201-4410",
        password: "fixfields",
        termsAccepted: "true",
      }),
    );
    expect(fields).toEqual({
      firstName: [FIRST_NAME_BLANK],
      lastName: [nameTooLong("last name")],
      phone: [PHONE_INVALID],
      npn: [NPN_INVALID],
      password: newPasswordProblems("fixfields", email),
      termsAccepted: [TERMS_NOT_ACCEPTED],
    });
    expect(fields.password!.length).toBeGreaterThanOrEqual(2);
    expect(expectFields(await post(`/api/registration/${token}`, [1, 2])).firstName).toEqual([FIRST_NAME_BLANK]);
    expect(expectFields(await post(`/api/registration/${token}`, registration({ lastName: "" }))).lastName).toEqual([
      LAST_NAME_BLANK,
    ]);
    // A common password, one with the e-mail's name.
    for (const password of ["qwerty123456", "my-fields-are-fine-2024"]) {
      expect(expectFields(await post(`/api/registration/${token}`, registration({ password }))).password).toEqual(
        newPasswordProblems(password, email),
      );
    }
    // The registry: an NPN it does not know, one an account has.
    expect(expectFields(await post(`/api/registration/${token}`, registration({ npn: "99999999" }))).npn).toEqual([
      NPN_UNKNOWN,
    ]);
    expect(expectFields(await post(`/api/registration/${token}`, registration({ npn: "17845210" }))).npn).toEqual([
      NPN_TAKEN,
    ]);
    expect(await userRow(email)).toBeUndefined();
    expect((await get(`/api/registration/${token}`)).status).toBe(200);
  });

  it("a double submit makes one account: the second answer is 410 used", async () => {
    const email = "twice.sent@example.com";
    const { token } = await invited(email);
    const body = registration();
    const answers = await Promise.all([
      post(`/api/registration/${token}`, body),
      post(`/api/registration/${token}`, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 410]);
    expect(z.object({ reason: z.literal("used") }).parse(answers.find((a) => a.status === 410)!.json)).toBeTruthy();
    const db = sqlite(dbPath);
    try {
      const n = await db.execute({ sql: "SELECT COUNT(*) AS n FROM users WHERE email = ?", args: [email] });
      expect(Number(n.rows[0]!.n)).toBe(1);
    } finally {
      db.close();
    }
    expect((await outboxOf(api.url, email)).filter((m) => m.subject === "Verify your e-mail address")).toHaveLength(1);
  });
});

describe("POST /api/registration (sign-up without an invitation): no enumeration", () => {
  it("answers 202 alike for a new and a known address; the right e-mail lands afterwards", async () => {
    const fresh = "solo.agent@example.com";
    const npn = nextNpn();
    const newcomer = await post("/api/registration", registration({ email: ` ${fresh} `, npn, firstName: "Solo" }));
    const known = await post("/api/registration", registration({ email: "Agent@Demo.test", firstName: "Solo" }));
    for (const answer of [newcomer, known]) {
      expect(answer.status, answer.text).toBe(202);
      expect(AcceptedResponseSchema.strict().parse(answer.json)).toEqual({ status: "accepted" });
    }
    expect(newcomer.text).toBe(known.text);

    const [welcome] = await outboxOf(api.url, fresh);
    expect(welcome!.subject).toBe("Verify your e-mail address");
    expect(welcome!.links[0]).toMatch(new RegExp(`^${TEST_PORTAL_URL}/account/verify/[\\w-]{43}$`));
    expect(await userRow(fresh)).toMatchObject({
      status: "unverified",
      role: "Agent",
      npn_number: npn,
      upline_user_id: null,
    });

    const [notice] = await outboxOf(api.url, "agent@demo.test");
    expect(notice).toMatchObject({ to: "agent@demo.test", subject: "You already have an Agent Portal account" });
    expect(notice!.links).toEqual([`${TEST_PORTAL_URL}/`, `${TEST_PORTAL_URL}/account/update_password`]);
    expect(notice!.text).toContain("Hello Maria,");
    // The existing account is untouched.
    expect((await signIn("agent@demo.test")).status).toBe(200);
    expect((await userRow("agent@demo.test"))!.first_name).toBe("Maria");
  });

  it("refuses bad fields and a taken NPN alike whether the address has an account or not", async () => {
    for (const body of [
      { email: "not an address" },
      { npn: "17845210" },
      { npn: "42" },
      { phone: "" },
      { termsAccepted: false },
      { password: "short" },
    ]) {
      const [known, unknown] = await Promise.all(
        ["agent@demo.test", "nobody.here@example.com"].map(async (email) =>
          post("/api/registration", registration({ email, ...body, npn: body.npn ?? "19000040" })),
        ),
      );
      expect(known!.status, JSON.stringify(body)).toBe(422);
      // The password rule about the e-mail's name aside, the same answer.
      if (!("password" in body)) expect(known!.text).toBe(unknown!.text);
      else expect(expectFields(known!)).toHaveProperty("password");
    }
    expect(expectFields(await post("/api/registration", registration({ email: "not an address" }))).email).toEqual([
      EMAIL_INVALID,
    ]);
    expect(await userRow("nobody.here@example.com")).toBeUndefined();
    expect(await outboxOf(api.url, "nobody.here@example.com")).toEqual([]);
  });

  it("two sign-ups with one address at once make one account", async () => {
    const email = "race.twice@example.com";
    const answers = await Promise.all([
      post("/api/registration", registration({ email, npn: "19000039" })),
      post("/api/registration", registration({ email, npn: "19000039" })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([202, 202]);
    const mails = await outboxOf(api.url, email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Verify your e-mail address",
      "You already have an Agent Portal account",
    ]);
    expect(await userRow(email)).toMatchObject({ npn_number: "19000039" });
  });
});

describe("e-mail verification", () => {
  it("POST /api/account/verification: 202 for any address; only an unverified account gets a new link (the old one used)", async () => {
    const email = "again.verify@example.com";
    expect((await post("/api/registration", registration({ email }))).status).toBe(202);
    const first = await latestLink(api.url, email, "/account/verify/");
    const countOf = async (to: string) => (await outboxOf(api.url, to)).length;
    const before = await Promise.all([countOf(email), countOf("agent@demo.test"), countOf("ghost@example.com")]);

    const answers = await Promise.all(
      [email, "agent@demo.test", "ghost@example.com", SEED_PENDING_ACCOUNT.email].map(async (to) =>
        post("/api/account/verification", { email: to }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.text).toBe(answers[0]!.text);
    }
    expect(await Promise.all([countOf(email), countOf("agent@demo.test"), countOf("ghost@example.com")])).toEqual([
      before[0]! + 1,
      before[1],
      before[2],
    ]);
    const second = await latestLink(api.url, email, "/account/verify/");
    expect(second.token).not.toBe(first.token);
    expectTokenRefusal(await post("/api/account/verify", { token: first.token }), 410, "used");
    expect((await post("/api/account/verify", { token: second.token })).status).toBe(200);
    expect(expectFields(await post("/api/account/verification", { email: "nope" }))).toEqual({
      email: [EMAIL_INVALID],
    });
  });

  it("a verification link expires after 24 hours; malformed or another purpose's token is invalid", async () => {
    const email = "slow.verify@example.com";
    expect((await post("/api/registration", registration({ email }))).status).toBe(202);
    const { token } = await latestLink(api.url, email, "/account/verify/");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + TOKEN_LIFETIME_MS.verify - 60_000);
    expect(await userRow(email)).toMatchObject({ status: "unverified" });
    vi.setSystemTime(Date.now() + 120_000);
    expectTokenRefusal(await post("/api/account/verify", { token }), 410, "expired");
    vi.useRealTimers();
    expect((await userRow(email))!.status).toBe("unverified");

    for (const body of [{}, { token: 42 }, { token: "short" }, { token: "A".repeat(43) }]) {
      expectTokenRefusal(await post("/api/account/verify", body), 404, "invalid");
    }
    const activation = await latestLink(api.url, SEED_PENDING_ACCOUNT.email, "/account/activate/");
    expectTokenRefusal(await post("/api/account/verify", { token: activation.token }), 404, "invalid");
  });
});

describe("activation of an account an administrator created (pending@)", () => {
  it("the seed's link works: the account, a password by the rules, sign-in; the link is then used", async () => {
    const email = SEED_PENDING_ACCOUNT.email;
    expectError(await signIn(email, DEMO_PASSWORD), 401, "Invalid e-mail or password");
    expectError(await signIn(email, "!"), 401, "Invalid e-mail or password");
    const seeded = await latestLink(api.url, email, "/account/activate/");
    expect(seeded.mail).toMatchObject({ subject: "Activate your Agent Portal account" });
    expect(seeded.mail.text).toContain("Hello Pat,");

    const opened = await get(`/api/account/activation/${seeded.token}`);
    expect(opened.status, opened.text).toBe(200);
    expect(PendingAccountResponseSchema.strict().parse(opened.json)).toEqual({
      account: { email, firstName: "Pat", lastName: "Pending" },
    });
    for (const password of ["", "too short", "qwerty123456", "pending-is-my-name-99"]) {
      expect(expectFields(await post("/api/account/activation", { token: seeded.token, password }))).toEqual({
        password: newPasswordProblems(password, email),
      });
    }
    const done = await post("/api/account/activation", { token: seeded.token, password: GOOD_PASSWORD });
    expect(done.status, done.text).toBe(200);
    expect(PasswordSetResponseSchema.strict().parse(done.json)).toEqual({ email });
    expect((await signIn(email, GOOD_PASSWORD)).status).toBe(200);
    expectTokenRefusal(await get(`/api/account/activation/${seeded.token}`), 410, "used");
    expectTokenRefusal(
      await post("/api/account/activation", { token: seeded.token, password: OTHER_PASSWORD }),
      410,
      "used",
    );

    // The per-user reset makes it pending again, with a new link in a new e-mail.
    expect((await post("/__reset", { email })).status).toBe(204);
    expectError(await signIn(email, GOOD_PASSWORD), 401);
    const restored = await latestLink(api.url, email, "/account/activate/");
    expect(restored.token).not.toBe(seeded.token);
    expect((await outboxOf(api.url, email)).map((m) => m.subject)).toEqual(["Activate your Agent Portal account"]);
    expect((await get(`/api/account/activation/${restored.token}`)).status).toBe(200);
  });

  it("POST /api/account/activation_request: 202 for any address; only a pending account gets a new link", async () => {
    const email = SEED_PENDING_ACCOUNT.email;
    const old = await latestLink(api.url, email, "/account/activate/");
    const count = async (to: string) => (await outboxOf(api.url, to)).length;
    const agentBefore = await count("agent@demo.test");
    const answers = await Promise.all(
      [email, "agent@demo.test", "ghost@example.com"].map(async (to) =>
        post("/api/account/activation_request", { email: to }),
      ),
    );
    expect(answers.map((a) => [a.status, a.text])).toEqual(answers.map(() => [202, answers[0]!.text]));
    const fresh = await latestLink(api.url, email, "/account/activate/");
    expect(fresh.token).not.toBe(old.token);
    expectTokenRefusal(await get(`/api/account/activation/${old.token}`), 410, "used");
    expect(await count("agent@demo.test")).toBe(agentBefore);
    expect(await outboxOf(api.url, "ghost@example.com")).toEqual([]);

    // Seven days, then expired.
    await write("UPDATE account_tokens SET expires_at = ? WHERE token_hash IS NOT NULL AND user_id = ?", [
      past(),
      SEED_PENDING_ACCOUNT.id,
    ]);
    expectTokenRefusal(await get(`/api/account/activation/${fresh.token}`), 410, "expired");
    expectTokenRefusal(
      await post("/api/account/activation", { token: fresh.token, password: GOOD_PASSWORD }),
      410,
      "expired",
    );
    expectTokenRefusal(await get("/api/account/activation/nope"), 404, "invalid");
    expect((await post("/__reset", { email })).status).toBe(204);
  });
});

describe("password reset by e-mail", () => {
  it("202 for any address; an active account gets a 1-hour link; a pending or unknown one nothing", async () => {
    const count = async (to: string) => (await outboxOf(api.url, to)).length;
    const before = await Promise.all(["docs@demo.test", SEED_PENDING_ACCOUNT.email, "ghost@example.com"].map(count));
    const answers = await Promise.all(
      ["DOCS@demo.test", SEED_PENDING_ACCOUNT.email, "ghost@example.com"].map(async (email) =>
        post("/api/account/password_reset", { email }),
      ),
    );
    expect(answers.map((a) => [a.status, a.text])).toEqual(answers.map(() => [202, answers[0]!.text]));
    const after = await Promise.all(["docs@demo.test", SEED_PENDING_ACCOUNT.email, "ghost@example.com"].map(count));
    expect(after).toEqual([before[0]! + 1, before[1], before[2]]);
    const { token, mail } = await latestLink(api.url, "docs@demo.test", "/account/update_password/");
    expect(mail).toMatchObject({ to: "docs@demo.test", subject: "Reset your Agent Portal password" });
    expect(ResetAccountResponseSchema.strict().parse((await get(`/api/account/password_reset/${token}`)).json)).toEqual(
      {
        account: { email: "docs@demo.test" },
      },
    );
    // One hour.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + TOKEN_LIFETIME_MS.reset + 1000);
    expectTokenRefusal(await get(`/api/account/password_reset/${token}`), 410, "expired");
    expectTokenRefusal(await put("/api/account/password_reset", { token, password: GOOD_PASSWORD }), 410, "expired");
    vi.useRealTimers();
    expect((await get(`/api/account/password_reset/${token}`)).status).toBe(200);
    expect(expectFields(await post("/api/account/password_reset", {}))).toEqual({ email: [EMAIL_INVALID] });
  });

  it("sets the password and ends every session of the account; the link is used, an older one too", async () => {
    const email = "docs@demo.test";
    const sessions = [await tokenFor(email), await tokenFor(email)];
    expect((await post("/api/account/password_reset", { email })).status).toBe(202);
    const older = await latestLink(api.url, email, "/account/update_password/");
    expect((await post("/api/account/password_reset", { email })).status).toBe(202);
    const newer = await latestLink(api.url, email, "/account/update_password/");
    expectTokenRefusal(await get(`/api/account/password_reset/${older.token}`), 410, "used");

    expect(
      expectFields(await put("/api/account/password_reset", { token: newer.token, password: "docs-docs-docs-1" })),
    ).toEqual({
      password: newPasswordProblems("docs-docs-docs-1", email),
    });
    const done = await put("/api/account/password_reset", { token: newer.token, password: GOOD_PASSWORD });
    expect(done.status, done.text).toBe(200);
    expect(PasswordSetResponseSchema.strict().parse(done.json)).toEqual({ email });
    for (const session of sessions) expectError(await get("/api/me", session), 401, "Unauthorized Request");
    expectError(await signIn(email), 401);
    expect((await signIn(email, GOOD_PASSWORD)).status).toBe(200);
    expectTokenRefusal(
      await put("/api/account/password_reset", { token: newer.token, password: OTHER_PASSWORD }),
      410,
      "used",
    );
    const [changed] = await outboxOf(api.url, email);
    expect(changed).toMatchObject({ subject: "Your Agent Portal password was changed" });
    expect(changed!.links).toEqual([`${TEST_PORTAL_URL}/account/update_password`]);
    expect((await post("/__reset", { email })).status).toBe(204);
    expect((await signIn(email)).status).toBe(200);
  });

  it("an unverified account's reset verifies it (the mailbox is proven)", async () => {
    const email = "forgot.first@example.com";
    expect((await post("/api/registration", registration({ email }))).status).toBe(202);
    await latestLink(api.url, email, "/account/verify/"); // the account exists once its e-mail is out
    expect((await post("/api/account/password_reset", { email })).status).toBe(202);
    const { token } = await latestLink(api.url, email, "/account/update_password/");
    expect((await put("/api/account/password_reset", { token, password: OTHER_PASSWORD })).status).toBe(200);
    expect((await userRow(email))!.status).toBe("active");
    expect((await signIn(email, OTHER_PASSWORD)).status).toBe(200);
  });
});

describe("PUT /api/profile/password (signed in)", () => {
  it("needs the current password and a new one by the rules; ends every other session, keeps the caller's", async () => {
    const email = "loa@demo.test";
    const mine = await tokenFor(email);
    const other = await tokenFor(email);
    expectError(await put("/api/profile/password", { currentPassword: DEMO_PASSWORD, password: GOOD_PASSWORD }), 401);
    expect(expectFields(await put("/api/profile/password", {}, mine))).toEqual({
      currentPassword: [CURRENT_PASSWORD_BLANK],
      password: newPasswordProblems("", email),
    });
    expect(
      expectFields(
        await put("/api/profile/password", { currentPassword: "wrong-wrong", password: GOOD_PASSWORD }, mine),
      ),
    ).toEqual({ currentPassword: [CURRENT_PASSWORD_WRONG] });
    expect(
      expectFields(
        await put("/api/profile/password", { currentPassword: DEMO_PASSWORD, password: "qwerty123456" }, mine),
      ),
    ).toEqual({ password: newPasswordProblems("qwerty123456", email) });
    expect((await get("/api/me", other)).status).toBe(200);

    const changed = await put(
      "/api/profile/password",
      { currentPassword: DEMO_PASSWORD, password: GOOD_PASSWORD },
      mine,
    );
    expect(changed.status, changed.text).toBe(204);
    expect(changed.text).toBe("");
    expect((await get("/api/me", mine)).status).toBe(200);
    expectError(await get("/api/me", other), 401, "Unauthorized Request");
    expect((await signIn(email, GOOD_PASSWORD)).status).toBe(200);
    expectError(await signIn(email), 401);
    const [mail] = await outboxOf(api.url, email);
    expect(mail).toMatchObject({ subject: "Your Agent Portal password was changed" });
    expect(mail!.text).toContain("Hello Priya,");
    expect((await post("/__reset", { email })).status).toBe(204);
  });
});

describe("tokens are stored hashed", () => {
  it("no raw token of any link is in any table but the outbox (the e-mails themselves)", async () => {
    const { token: invitation } = await invited("hash.check@example.com");
    expect((await post(`/api/registration/${invitation}`, registration())).status).toBe(201);
    const verify = await latestLink(api.url, "hash.check@example.com", "/account/verify/");
    expect((await post("/api/account/password_reset", { email: "beta@demo.test" })).status).toBe(202);
    const reset = await latestLink(api.url, "beta@demo.test", "/account/update_password/");
    const activation = await latestLink(api.url, SEED_PENDING_ACCOUNT.email, "/account/activate/");
    const tokens = [invitation, verify.token, reset.token, activation.token];

    const db = sqlite(dbPath);
    try {
      const tables = await db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'outbox'");
      let cells = 0;
      for (const { name } of tables.rows) {
        const rows = await db.execute(`SELECT * FROM "${String(name)}"`);
        for (const row of rows.rows) {
          for (const value of Object.values(row)) {
            cells++;
            if (typeof value === "string") for (const t of tokens) expect(value, String(name)).not.toContain(t);
          }
        }
      }
      expect(cells).toBeGreaterThan(1000);
      const stored = await db.execute("SELECT token_hash FROM account_tokens");
      for (const row of stored.rows) expect(String(row.token_hash)).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      db.close();
    }
  });
});
