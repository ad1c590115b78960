import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type Invitation,
  InvitationResponseSchema,
  InvitationsResponseSchema,
  WITHDRAW_INVITATIONS_MAX,
  WithdrawInvitationsResponseSchema,
} from "../../../app/.server/upstream/schemas/invitations.ts";
import type { ReferenceApi } from "../index.ts";
import { RegistrationInvitationResponseSchema } from "../../../app/.server/upstream/schemas/account.ts";
import { ACCOUNT_TOKEN_PATTERN, TOKEN_LIFETIME_MS } from "../../../app/domain/account-tokens.ts";
import {
  AGENCIES_ONLY,
  BLANK_FIRST_NAME,
  BLANK_LAST_NAME,
  INVALID_EMAIL,
  INVALID_LEVEL,
  INVALID_WITHDRAW_IDS,
  ONLY_PENDING_OR_EXPIRED_RESENT,
  ONLY_PENDING_WITHDRAWN,
  alreadyHasAccount,
  alreadyPending,
} from "./routes.ts";
import { INVITATION_LEVELS, SEED_AGENCY_NAMES, seedInvitations } from "./seed.ts";
import {
  expectError,
  expectTokenRefusal,
  outboxOf,
  startTestApi,
  tempDbPath,
  testClient,
  testSeed,
  TEST_PORTAL_URL,
  sqlite,
} from "../core/test-support.ts";

const SEED_INVITATIONS = seedInvitations(testSeed);

type Invitations = z.infer<typeof InvitationsResponseSchema>;
const RegistrationSchema = z.strictObject({
  invitation: z.strictObject({
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    level: z.enum(INVITATION_LEVELS),
    agencyName: z.string().min(1),
    expiresAt: z.iso.datetime(),
  }),
});

const { remove: removeDb, dbPath } = tempDbPath("reference-api-invitations-");
let api: ReferenceApi;

const client = testClient(() => api.url);
const { tokenOf } = client;
const send = async (method: string, path: string, token?: string, json?: unknown) =>
  client.send(method, path, { token, json });

async function list(email: string, query: Record<string, string | number> = {}): Promise<Invitations> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const path = `/api/downline_invitations${qs ? `?${qs}` : ""}`;
  const response = await send("GET", path, await tokenOf(email));
  expect(response.status, `GET ${path}: ${response.text}`).toBe(200);
  return InvitationsResponseSchema.parse(response.json);
}

async function all(email: string, query: Record<string, string | number> = {}): Promise<Invitation[]> {
  return (await list(email, { ...query, perPage: 50 })).invitations;
}

async function invite(email: string, body: unknown) {
  return send("POST", "/api/downline_invitations", await tokenOf(email), body);
}

/** The registration token of the newest invitation e-mail to `email`. */
async function registrationToken(email: string): Promise<string> {
  const [latest] = await outboxOf(api.url, email);
  const link = latest?.links.find((l) => l.startsWith(`${TEST_PORTAL_URL}/registration/`));
  expect(link, `an invitation e-mail to ${email}`).toBeDefined();
  return link!.slice(`${TEST_PORTAL_URL}/registration/`.length);
}
const resetUser = async (email: string) =>
  expect((await send("POST", "/__reset", undefined, { email })).status).toBe(204);

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

describe("GET /api/downline_invitations", () => {
  it("lists agency@'s 12 invitations newest first, with the levels", async () => {
    const { invitations, meta, levels } = await list("agency@demo.test");
    expect(levels).toEqual(["Agent", "Agency Level 1", "Agency Level 2", "Agency Level 3"]);
    expect(meta).toEqual({
      page: 1,
      currentPage: 1,
      perPage: 25,
      totalCount: 12,
      totalPages: 1,
      search: "",
      sort: null,
      order: "ASC",
      pageNumbers: [1],
    });
    expect(invitations.map((i) => i.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const count = (status: string) => invitations.filter((i) => i.status === status).length;
    expect([count("Sent"), count("Accepted"), count("Expired")]).toEqual([8, 3, 1]);
    for (const i of invitations) {
      expect(i.email).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
      expect(levels).toContain(i.level);
      // Sent within the year before the seed day; a pending one works until 14 days after the seed day.
      const seeded = SEED_INVITATIONS.find((s) => s.id === i.id)!;
      expect([i.sentAt, i.expiresAt]).toEqual([seeded.sentAt, seeded.expiresAt]);
      expect(i.sentAt > testSeed.daysAgo(365, "00:00") && i.sentAt < testSeed.daysAgo(0, "00:00")).toBe(true);
      if (i.status === "Sent") expect(i.expiresAt.slice(0, 10)).toBe(testSeed.daysFromNow(14));
      else expect(i.expiresAt < testSeed.daysAgo(0, "00:00")).toBe(true);
    }
    expect(new Set(invitations.map((i) => i.level)).size).toBe(4);

    expect((await list("beta@demo.test")).invitations.map((i) => i.status)).toEqual(["Sent", "Sent"]);
    const empty = await list("onboarded@demo.test", { page: 3 });
    expect(empty.invitations).toEqual([]);
    expect(empty.meta).toMatchObject({ page: 3, currentPage: 1, totalCount: 0, totalPages: 1, pageNumbers: [1] });
  });

  it("pages like the book of business (perPage 5/10/25/50, page beyond the last → last)", async () => {
    const first = await list("agency@demo.test", { perPage: 5 });
    expect(first.meta).toMatchObject({ perPage: 5, totalPages: 3, currentPage: 1, pageNumbers: [1, 2, 3] });
    expect(first.invitations).toHaveLength(5);
    const third = await list("agency@demo.test", { perPage: 5, page: 3 });
    expect(third.invitations.map((i) => i.id)).toEqual([2, 1]);
    const beyond = await list("agency@demo.test", { perPage: 5, page: 99 });
    expect(beyond.meta).toMatchObject({ page: 99, currentPage: 3 });
    expect(beyond.invitations).toEqual(third.invitations);
    for (const perPage of ["7", "abc", "0"]) {
      expect((await list("agency@demo.test", { perPage })).meta.perPage).toBe(25);
    }
    expect((await list("agency@demo.test", { perPage: 10 })).meta).toMatchObject({ perPage: 10, totalPages: 2 });
  });

  const SORTS = {
    email: (i: Invitation) => i.email.toLowerCase(),
    lastName: (i: Invitation) => i.lastName.toLowerCase(),
    level: (i: Invitation) => INVITATION_LEVELS.indexOf(i.level as (typeof INVITATION_LEVELS)[number]),
    status: (i: Invitation) => i.status,
    sentAt: (i: Invitation) => i.sentAt,
  } as const;

  for (const [sort, key] of Object.entries(SORTS)) {
    it(`sorts by ${sort} ASC and DESC (ties by id)`, async () => {
      const asc = await all("agency@demo.test", { sort, order: "asc" });
      const desc = await all("agency@demo.test", { sort, order: "DESC" });
      const expected = [...asc].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        return x < y ? -1 : x > y ? 1 : a.id - b.id;
      });
      expect(asc.map((i) => i.id)).toEqual(expected.map((i) => i.id));
      expect(desc.map((i) => i.id)).toEqual([...expected].reverse().map((i) => i.id));
      expect((await list("agency@demo.test", { sort, order: "desc" })).meta).toMatchObject({ sort, order: "DESC" });
    });
  }

  it("ignores an unknown sort (null: newest first)", async () => {
    const { meta, invitations } = await list("agency@demo.test", { sort: "token; DROP TABLE users" });
    expect(meta.sort).toBeNull();
    expect(invitations[0]!.id).toBe(12);
  });

  it("searches e-mail, first and last name (case-insensitive substring)", async () => {
    const everyone = await all("agency@demo.test");
    const byLast = await all("agency@demo.test", { search: "  KOWAL " });
    expect(byLast.map((i) => i.lastName)).toEqual(["Kowalski"]);
    const byFirst = await all("agency@demo.test", { search: "natal" });
    expect(byFirst.map((i) => i.firstName)).toEqual(["Natalie"]);
    const byEmail = await all("agency@demo.test", { search: "EXAMPLE.COM" });
    expect(byEmail).toHaveLength(12);
    const some = await list("agency@demo.test", { search: "an" });
    expect(some.meta).toMatchObject({ search: "an", totalCount: some.invitations.length });
    expect(some.invitations.map((i) => i.id)).toEqual(
      everyone
        .filter((i) => [i.email, i.firstName, i.lastName].some((s) => s.toLowerCase().includes("an")))
        .map((i) => i.id),
    );
    // Another agency's invitations are never found.
    expect(await all("beta@demo.test", { search: "kowalski" })).toEqual([]);
  });

  it("refuses anyone but an agency (403) and callers without a token (401)", async () => {
    for (const email of ["agent@demo.test", "admin@demo.test", "carrier@demo.test"]) {
      const token = await tokenOf(email);
      expectError(await send("GET", "/api/downline_invitations", token), 403, AGENCIES_ONLY);
      expectError(
        await send("POST", "/api/downline_invitations", token, {
          email: "x.y@example.com",
          firstName: "X",
          lastName: "Y",
          level: "Agent",
        }),
        403,
        AGENCIES_ONLY,
      );
      expectError(await send("DELETE", "/api/downline_invitations/4", token), 403, AGENCIES_ONLY);
    }
    expectError(await send("GET", "/api/downline_invitations"), 401, "Unauthorized Request");
    expectError(await send("POST", "/api/downline_invitations", undefined, {}), 401, "Unauthorized Request");
  });
});

describe("POST /api/downline_invitations", () => {
  it("sends an invitation (201) that is listed first and e-mails its registration link", async () => {
    await resetUser("beta@demo.test");
    const before = Date.now();
    const response = await invite("beta@demo.test", {
      email: " Paula.Quinn@Example.com ",
      firstName: " Paula ",
      lastName: "Quinn",
      level: "Agency Level 2",
    });
    expect(response.status, response.text).toBe(201);
    const { invitation } = InvitationResponseSchema.parse(response.json);
    expect(invitation).toMatchObject({
      email: "Paula.Quinn@Example.com",
      firstName: "Paula",
      lastName: "Quinn",
      level: "Agency Level 2",
      status: "Sent",
    });
    expect(Date.parse(invitation.sentAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(invitation.sentAt).toISOString()).toBe(invitation.sentAt);
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.sentAt)).toBe(TOKEN_LIFETIME_MS.invitation);
    expect((await list("beta@demo.test")).invitations[0]).toEqual(invitation);

    // The link is in the e-mail only, named after the agency; its token is stored hashed.
    const [mail] = await outboxOf(api.url, "paula.quinn@example.com");
    expect(mail).toMatchObject({
      to: "Paula.Quinn@Example.com",
      subject: `${SEED_AGENCY_NAMES[6]} invites you to the Agent Portal`,
    });
    expect(mail!.text).toContain("Hello Paula,");
    expect(mail!.text).toContain(`${SEED_AGENCY_NAMES[6]} invites you to join its downline`);
    const token = await registrationToken("paula.quinn@example.com");
    expect(token).toMatch(ACCOUNT_TOKEN_PATTERN);
    expect(mail!.links).toEqual([`${TEST_PORTAL_URL}/registration/${token}`]);
    expect(JSON.stringify(response.json)).not.toContain(token);
    const lookup = await send("GET", `/api/registration/${token}`);
    expect(RegistrationInvitationResponseSchema.parse(lookup.json)).toEqual({
      invitation: {
        email: "Paula.Quinn@Example.com",
        firstName: "Paula",
        lastName: "Quinn",
        level: "Agency Level 2",
        agencyName: SEED_AGENCY_NAMES[6],
        expiresAt: invitation.expiresAt,
      },
    });
    expect(RegistrationSchema.parse(lookup.json).invitation.agencyName).toBe(SEED_AGENCY_NAMES[6]);

    // The same e-mail again (any case, any agency) while it is pending.
    expectError(
      await invite("beta@demo.test", {
        email: "paula.quinn@example.com",
        firstName: "P",
        lastName: "Q",
        level: "Agent",
      }),
      422,
      alreadyPending("paula.quinn@example.com"),
    );
    expectError(
      await invite("agency@demo.test", {
        email: "PAULA.QUINN@EXAMPLE.COM",
        firstName: "P",
        lastName: "Q",
        level: "Agent",
      }),
      422,
      alreadyPending("PAULA.QUINN@EXAMPLE.COM"),
    );
    await resetUser("beta@demo.test");
    expect((await list("beta@demo.test")).meta.totalCount).toBe(2);
  });

  it("refuses a pending e-mail of the seed, an existing account, bad fields (422) and sends nothing", async () => {
    const pendingSeed = SEED_INVITATIONS.find((i) => i.userId === 5 && i.status === "Sent")!;
    expectError(
      await invite("agency@demo.test", { email: pendingSeed.email, firstName: "A", lastName: "B", level: "Agent" }),
      422,
      alreadyPending(pendingSeed.email),
    );
    // An accepted (or expired) invitation does not block a new one... unless the person has an account.
    expectError(
      await invite("agency@demo.test", {
        email: "Agent@Demo.test",
        firstName: "Maria",
        lastName: "Alvarez",
        level: "Agent",
      }),
      422,
      alreadyHasAccount("Agent@Demo.test"),
    );
    expectError(
      await invite("agency@demo.test", { email: "not-an-email", firstName: "A", lastName: "B", level: "Agent" }),
      422,
      INVALID_EMAIL,
    );
    expectError(
      await invite("agency@demo.test", { email: "a.b@example.com", firstName: "  ", lastName: "B", level: "Agent" }),
      422,
      BLANK_FIRST_NAME,
    );
    expectError(
      await invite("agency@demo.test", { email: "a.b@example.com", firstName: "A", lastName: "", level: "Agent" }),
      422,
      BLANK_LAST_NAME,
    );
    expectError(
      await invite("agency@demo.test", {
        email: "a.b@example.com",
        firstName: "A",
        lastName: "B",
        level: "Agency Level 5",
      }),
      422,
      INVALID_LEVEL,
    );
    expectError(
      await invite("agency@demo.test", { email: "a.b@example.com", firstName: "A", lastName: "B" }),
      422,
      INVALID_LEVEL,
    );
    expectError(
      await invite("agency@demo.test", {}),
      422,
      [INVALID_EMAIL, BLANK_FIRST_NAME, BLANK_LAST_NAME, INVALID_LEVEL].join("; "),
    );
    expect(INVALID_LEVEL).toBe("level must be one of Agent, Agency Level 1, Agency Level 2, Agency Level 3");
    expect((await list("agency@demo.test")).meta.totalCount).toBe(12);
  });

  it("re-invites someone whose invitation expired", async () => {
    const expired = SEED_INVITATIONS.find((i) => i.status === "Expired")!;
    const response = await invite("agency@demo.test", {
      email: expired.email,
      firstName: expired.firstName,
      lastName: expired.lastName,
      level: expired.level,
    });
    expect(response.status, response.text).toBe(201);
    await resetUser("agency@demo.test");
    expect((await list("agency@demo.test")).meta.totalCount).toBe(12);
  });
});

describe("DELETE /api/downline_invitations/:id", () => {
  it("withdraws a pending invitation (204) and refuses accepted (422), another agency's and unknown ones (404)", async () => {
    const token = await tokenOf("agency@demo.test");
    const sent = SEED_INVITATIONS.find((i) => i.userId === 5 && i.status === "Sent")!;
    const accepted = SEED_INVITATIONS.find((i) => i.userId === 5 && i.status === "Accepted")!;
    const expired = SEED_INVITATIONS.find((i) => i.userId === 5 && i.status === "Expired")!;
    const betas = SEED_INVITATIONS.find((i) => i.userId === 6)!;

    // Sent again first, for a link to try once it is withdrawn.
    expect((await send("POST", `/api/downline_invitations/${sent.id}/resend`, token)).status).toBe(200);
    const link = await registrationToken(sent.email);
    expect((await send("GET", `/api/registration/${link}`)).status).toBe(200);
    const withdrawn = await send("DELETE", `/api/downline_invitations/${sent.id}`, token);
    expect(withdrawn.status, withdrawn.text).toBe(204);
    expect(withdrawn.text).toBe("");
    expect((await all("agency@demo.test")).map((i) => i.id)).not.toContain(sent.id);
    expectTokenRefusal(await send("GET", `/api/registration/${link}`), 404, "invalid");
    expectError(
      await send("DELETE", `/api/downline_invitations/${sent.id}`, token),
      404,
      `No invitation with id ${sent.id}`,
    );

    expectError(await send("DELETE", `/api/downline_invitations/${accepted.id}`, token), 422, ONLY_PENDING_WITHDRAWN);
    expectError(await send("DELETE", `/api/downline_invitations/${expired.id}`, token), 422, ONLY_PENDING_WITHDRAWN);
    expectError(await send("DELETE", `/api/downline_invitations/${betas.id}`, token), 404);
    expectError(await send("DELETE", "/api/downline_invitations/9999", token), 404);
    expectError(await send("DELETE", "/api/downline_invitations/abc", token), 404);
    expect((await all("beta@demo.test")).map((i) => i.id)).toContain(betas.id);

    // The per-user reset restores the withdrawn invitation, exactly as seeded.
    const seeded = await (async () => {
      await resetUser("agency@demo.test");
      return all("agency@demo.test");
    })();
    expect(seeded).toHaveLength(12);
    expect(seeded.find((i) => i.id === sent.id)).toEqual({
      id: sent.id,
      email: sent.email,
      firstName: sent.firstName,
      lastName: sent.lastName,
      level: sent.level,
      status: "Sent",
      sentAt: sent.sentAt,
      expiresAt: sent.expiresAt,
    });
  });
});

describe("POST /api/downline_invitations/withdraw (several in one call)", () => {
  it("withdraws the caller's pending ones and says what happened to every other id", async () => {
    await resetUser("agency@demo.test");
    const token = await tokenOf("agency@demo.test");
    const own = SEED_INVITATIONS.filter((i) => i.userId === 5);
    const pending = own
      .filter((i) => i.status === "Sent")
      .slice(0, 3)
      .map((i) => i.id);
    const notPending = own
      .filter((i) => i.status !== "Sent")
      .slice(0, 2)
      .map((i) => i.id);
    const betas = SEED_INVITATIONS.find((i) => i.userId === 6)!.id;

    const response = await send("POST", "/api/downline_invitations/withdraw", token, {
      ids: [pending[0], betas, ...notPending, pending[1], 99999, pending[2], pending[0]],
    });
    expect(response.status, response.text).toBe(200);
    expect(WithdrawInvitationsResponseSchema.parse(response.json)).toEqual({
      withdrawn: pending,
      notFound: [betas, 99999],
      notPending,
    });
    const left = (await all("agency@demo.test")).map((i) => i.id);
    for (const id of pending) expect(left).not.toContain(id);
    for (const id of notPending) expect(left).toContain(id);
    expect((await all("beta@demo.test")).map((i) => i.id)).toContain(betas);

    // Again: nothing left to withdraw, nothing changes.
    const again = await send("POST", "/api/downline_invitations/withdraw", token, { ids: pending });
    expect(WithdrawInvitationsResponseSchema.parse(again.json)).toEqual({
      withdrawn: [],
      notFound: pending,
      notPending: [],
    });
    await resetUser("agency@demo.test");
  });

  it(`takes 1 to ${WITHDRAW_INVITATIONS_MAX} ids; more, none or malformed ones are 422 and nothing is withdrawn`, async () => {
    await resetUser("agency@demo.test");
    const token = await tokenOf("agency@demo.test");
    const pending = SEED_INVITATIONS.filter((i) => i.userId === 5 && i.status === "Sent").map((i) => i.id);
    const tooMany = [...pending, ...Array.from({ length: WITHDRAW_INVITATIONS_MAX }, (_, i) => 100_000 + i)];
    for (const body of [
      { ids: tooMany },
      { ids: [] },
      {},
      { ids: [pending[0], "x"] },
      { ids: [pending[0], -1] },
      { ids: pending[0] },
      [pending[0]],
    ]) {
      expectError(await send("POST", "/api/downline_invitations/withdraw", token, body), 422, INVALID_WITHDRAW_IDS);
    }
    expect(await all("agency@demo.test")).toHaveLength(12);
    const atCap = await send("POST", "/api/downline_invitations/withdraw", token, {
      ids: tooMany.slice(-WITHDRAW_INVITATIONS_MAX),
    });
    expect(WithdrawInvitationsResponseSchema.parse(atCap.json).notFound).toHaveLength(WITHDRAW_INVITATIONS_MAX);
    expectError(
      await send("POST", "/api/downline_invitations/withdraw", await tokenOf("agent@demo.test"), { ids: [pending[0]] }),
      403,
      AGENCIES_ONLY,
    );
    expect((await send("POST", "/api/downline_invitations/withdraw", undefined, { ids: [pending[0]] })).status).toBe(
      401,
    );
  });
});

describe("POST /api/downline_invitations/:id/resend", () => {
  const resend = async (email: string, id: number | string) =>
    send("POST", `/api/downline_invitations/${id}/resend`, await tokenOf(email));

  it("sends a pending invitation again: a new link by e-mail, the old one used up, 14 days from now", async () => {
    await resetUser("agency@demo.test");
    const sent = SEED_INVITATIONS.find((i) => i.userId === 5 && i.status === "Sent")!;
    const mailsBefore = (await outboxOf(api.url, sent.email)).length;
    const before = Date.now();
    const first = await resend("agency@demo.test", sent.id);
    expect(first.status, first.text).toBe(200);
    const { invitation } = InvitationResponseSchema.parse(first.json);
    expect(invitation).toMatchObject({ id: sent.id, email: sent.email, status: "Sent", level: sent.level });
    expect(Date.parse(invitation.sentAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.sentAt)).toBe(TOKEN_LIFETIME_MS.invitation);
    expect((await all("agency@demo.test")).find((i) => i.id === sent.id)).toEqual(invitation);
    const oldLink = await registrationToken(sent.email);
    const [mail] = await outboxOf(api.url, sent.email);
    expect(mail!.subject).toBe(`${SEED_AGENCY_NAMES[5]} invites you to the Agent Portal`);
    expect(mail!.text).toContain(`Hello ${sent.firstName},`);
    expect((await send("GET", `/api/registration/${oldLink}`)).status).toBe(200);

    expect((await resend("agency@demo.test", sent.id)).status).toBe(200);
    const newLink = await registrationToken(sent.email);
    expect(newLink).not.toBe(oldLink);
    expect((await send("GET", `/api/registration/${newLink}`)).status).toBe(200);
    expectTokenRefusal(await send("GET", `/api/registration/${oldLink}`), 410, "used");
    expect(await outboxOf(api.url, sent.email)).toHaveLength(mailsBefore + 2);

    // Withdrawn: every link it had is unknown.
    expect(
      (await send("DELETE", `/api/downline_invitations/${sent.id}`, await tokenOf("agency@demo.test"))).status,
    ).toBe(204);
    expectTokenRefusal(await send("GET", `/api/registration/${newLink}`), 404, "invalid");
    expectTokenRefusal(await send("GET", `/api/registration/${oldLink}`), 404, "invalid");
    await resetUser("agency@demo.test");
  });

  it("an expired invitation (stored so, or a Sent one past its expiresAt) is listed Expired and can be sent again", async () => {
    await resetUser("agency@demo.test");
    const expired = SEED_INVITATIONS.find((i) => i.userId === 5 && i.status === "Expired")!;
    const again = await resend("agency@demo.test", expired.id);
    expect(again.status, again.text).toBe(200);
    expect(InvitationResponseSchema.parse(again.json).invitation.status).toBe("Sent");
    expect((await send("GET", `/api/registration/${await registrationToken(expired.email)}`)).status).toBe(200);

    // A pending one whose link ran out: Expired on every read, no longer withdrawable, its link expired.
    const sent = SEED_INVITATIONS.filter((i) => i.userId === 5 && i.status === "Sent")[2]!;
    expect((await resend("agency@demo.test", sent.id)).status).toBe(200);
    const link = await registrationToken(sent.email);
    const db = sqlite(dbPath);
    try {
      await db.execute({
        sql: "UPDATE downline_invitations SET expires_at = ? WHERE id = ?",
        args: [new Date(Date.now() - 1000).toISOString(), sent.id],
      });
    } finally {
      db.close();
    }
    const listed = (await all("agency@demo.test")).find((i) => i.id === sent.id)!;
    expect(listed.status).toBe("Expired");
    expect((await all("agency@demo.test", { sort: "status", order: "ASC" })).map((i) => i.status)).toEqual(
      [...(await all("agency@demo.test")).map((i) => i.status)].sort(),
    );
    expectTokenRefusal(await send("GET", `/api/registration/${link}`), 410, "expired");
    const token = await tokenOf("agency@demo.test");
    expectError(await send("DELETE", `/api/downline_invitations/${sent.id}`, token), 422, ONLY_PENDING_WITHDRAWN);
    expect(
      WithdrawInvitationsResponseSchema.parse(
        (await send("POST", "/api/downline_invitations/withdraw", token, { ids: [sent.id] })).json,
      ),
    ).toEqual({ withdrawn: [], notFound: [], notPending: [sent.id] });
    // A new invitation to the same address is no longer blocked by it...
    const blocked = await invite("beta@demo.test", {
      email: sent.email,
      firstName: sent.firstName,
      lastName: sent.lastName,
      level: "Agent",
    });
    expect(blocked.status, blocked.text).toBe(201);
    // ...and the expired one cannot be sent again while that one is pending.
    expectError(await resend("agency@demo.test", sent.id), 422, alreadyPending(sent.email));
    await resetUser("beta@demo.test");
    const renewed = await resend("agency@demo.test", sent.id);
    expect(InvitationResponseSchema.parse(renewed.json).invitation.status).toBe("Sent");
    expect((await send("GET", `/api/registration/${await registrationToken(sent.email)}`)).status).toBe(200);
    await resetUser("agency@demo.test");
  });

  it("refuses an accepted invitation (422), another agency's or an unknown one (404), other roles (403)", async () => {
    const accepted = SEED_INVITATIONS.find((i) => i.userId === 5 && i.status === "Accepted")!;
    const betas = SEED_INVITATIONS.find((i) => i.userId === 6)!;
    expectError(await resend("agency@demo.test", accepted.id), 422, ONLY_PENDING_OR_EXPIRED_RESENT);
    expectError(await resend("agency@demo.test", betas.id), 404, `No invitation with id ${betas.id}`);
    expectError(await resend("agency@demo.test", 99999), 404, "No invitation with id 99999");
    expectError(await resend("agency@demo.test", "abc"), 404, "No invitation with id abc");
    expectError(await resend("agent@demo.test", betas.id), 403, AGENCIES_ONLY);
    expectError(await send("POST", `/api/downline_invitations/${betas.id}/resend`), 401, "Unauthorized Request");
    expect(await outboxOf(api.url, accepted.email)).toEqual([]);
    expect(await outboxOf(api.url, betas.email)).toEqual([]);
  });
});

describe("reset", () => {
  it("the full reset restores every agency's invitations; the per-user reset leaves others alone", async () => {
    const created = await invite("beta@demo.test", {
      email: "rita.vance@example.com",
      firstName: "Rita",
      lastName: "Vance",
      level: "Agent",
    });
    expect(created.status, created.text).toBe(201);
    const agencyToken = await tokenOf("agency@demo.test");
    const withdrawn = SEED_INVITATIONS.filter((i) => i.userId === 5 && i.status === "Sent")[1]!;
    expect((await send("DELETE", `/api/downline_invitations/${withdrawn.id}`, agencyToken)).status).toBe(204);

    await resetUser("agency@demo.test");
    expect((await list("agency@demo.test")).meta.totalCount).toBe(12);
    expect((await list("beta@demo.test")).meta.totalCount).toBe(3);

    await api.reset();
    expect((await list("beta@demo.test")).meta.totalCount).toBe(2);
    expect((await list("agency@demo.test")).meta.totalCount).toBe(12);
  });
});
