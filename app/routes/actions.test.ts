import { describe, expect, it } from "vitest";
import { accessMiddleware } from "~/.server/guards";
import { ANSWER_EVERY_QUESTION } from "~/domain/legal-answers";
import { SMS_BROKERS_ONLY, SMS_CHOOSE, SMS_YES } from "~/domain/sms-consent";
import type { SessionUser } from "~/domain/user";
import {
  TOKEN,
  type ViewerOptions,
  answerOf,
  contextFor,
  post,
  sessionOfAnswer,
  sessionWith,
  toastsOf,
  viewerFor,
  withFakeUpstream,
} from "../../tests/support/server-harness";
import { userFor } from "../../tests/support/users";
import * as signIn from "./_index";
import * as logoutAsUser from "./account.logout_as_user";
import * as smsConsent from "./account.sms_consent";
import * as admin from "./admin._index";
import * as bookOfBusiness from "./book_of_business";
import * as commissionInquiry from "./commission_inquiry";
import * as contactSupport from "./contact_support";
import * as downlines from "./downlines";
import * as myTickets from "./my_tickets";
import * as onboarding from "./onboarding";
import * as registerDownlines from "./register_downlines";
import * as inviteDownline from "./register_downlines.new";

/**
 * Each action's refusals on the server (issue 9 point 6): the wrong role or state (the layout's access
 * middleware, as the router runs it), invalid input (400 with the field's error, nothing secret echoed),
 * and the upstream left untouched by anything refused.
 */
const upstream = withFakeUpstream();

type Fields = Record<string, string | File> | Array<[string, string | File]>;
type Handler = (args: never) => unknown;

/** A post to a page of the default layout (access middleware first), as `user`. */
async function postAs(
  handler: Handler,
  path: string,
  fields: Fields,
  user: Partial<SessionUser>,
  options: ViewerOptions = {},
  params = {},
) {
  return answerOf(handler, post(path, fields), contextFor(viewerFor(user, options)), {
    middleware: [accessMiddleware],
    params,
  });
}

type Reply = { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
const replyOf = (data: unknown): Reply => (data as { result?: Reply }).result ?? (data as Reply);

const agent: Partial<SessionUser> = { existingActiveContracts: true };
const agency: Partial<SessionUser> = { role: "Agency", existingActiveContracts: true, npnId: 100 };
const locked: Partial<SessionUser> = { roleHasOnboardingProcess: true, onboardingPresent: true };

describe("sign-in (spec §4)", () => {
  it("invalid input is a 400 that never echoes the password, and asks the upstream nothing", async () => {
    const answer = await answerOf(
      signIn.action,
      post("/?index", { email: "not-an-email", password: "secret-pass" }),
      contextFor(null),
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.data)).not.toContain("secret-pass");
    expect(upstream.calls).toEqual([]);
  });

  it("wrong credentials: the upstream's message at the form, the e-mail kept, the password not", async () => {
    upstream.on("POST /api/login", { status: 401, json: { error: "Invalid e-mail or password" } });
    const form = post("/?index", { email: "nobody@demo.test", password: "wrong-pass-1" });
    const answer = await answerOf(signIn.action, form, contextFor(null));
    expect(answer.status).toBe(400);
    const reply = replyOf(answer.data);
    expect(reply.error?.[""]).toEqual(["Invalid e-mail or password"]);
    expect(reply.initialValue).toEqual({ email: "nobody@demo.test" });
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it("signed in: home, or the wanted URL only when this user may open it", async () => {
    upstream.on("POST /api/login", {
      json: { token: "new", user: userFor({ role: "Agent", existingActiveContracts: true }) },
    });
    const form = (redirectTo: string) =>
      post("/?index", { email: "agent@demo.test", password: "demo-pass-123", redirectTo });
    const home = await answerOf(signIn.action, form("/admin"), contextFor(null));
    expect(home).toMatchObject({ status: 302, location: "/dashboard" });
    expect((await sessionOfAnswer(home)).data).toMatchObject({ token: "new", role: "Agent", smsPrompt: true });
    expect(await answerOf(signIn.action, form("/commissions?page=2"), contextFor(null))).toMatchObject({
      location: "/commissions?page=2",
    });
    expect(await answerOf(signIn.action, form("//evil.test"), contextFor(null))).toMatchObject({
      location: "/dashboard",
    });
  });
});

describe("impersonation (spec §6 'Admins may impersonate users')", () => {
  it("wrong role: an agent's post is refused (403) before the upstream hears of it", async () => {
    const answer = await postAs(admin.action, "/admin", { email: "agent@demo.test" }, agent);
    expect(answer.status).toBe(403);
    expect(upstream.calls).toEqual([]);
  });

  it("invalid input: a 400 at the field", async () => {
    const answer = await postAs(admin.action, "/admin", { email: "nope" }, { role: "Admin" });
    expect(answer.status).toBe(400);
    expect(replyOf(answer.data).error?.email).toBeTruthy();
    expect(upstream.calls).toEqual([]);
  });

  it("an unknown user: the upstream's reason at the form, the e-mail kept", async () => {
    upstream.on("POST /api/login_as_user", { status: 404, json: { error: "No user with e-mail ghost@demo.test" } });
    const answer = await postAs(admin.action, "/admin", { email: "ghost@demo.test" }, { role: "Admin" });
    expect(answer.status).toBe(400);
    expect(replyOf(answer.data)).toMatchObject({
      error: { "": ["No user with e-mail ghost@demo.test"] },
      initialValue: { email: "ghost@demo.test" },
    });
  });

  it("a disabled user: the upstream's refusal at the form, the admin's session unchanged (issue 20)", async () => {
    const refusal =
      "This account is disabled: you cannot sign in as this user. Enable the account first (Status: Active).";
    upstream.on("POST /api/login_as_user", { status: 422, json: { error: refusal } });
    const answer = await postAs(admin.action, "/admin", { email: "off@demo.test" }, { role: "Admin" });
    expect(answer.status).toBe(400);
    expect(replyOf(answer.data).error?.[""]).toEqual([refusal]);
    expect(upstream.calls.map((c) => c.path)).toEqual(["/api/login_as_user"]);
  });

  it("signed in as the user: their home; the prompt is not the admin's to answer; the admin's token ends", async () => {
    upstream.on("POST /api/login_as_user", {
      json: { token: "user-token", user: userFor({ role: "Agency", returnToUserId: 1 }) },
    });
    upstream.on("DELETE /api/logout", { status: 204 });
    const answer = await postAs(admin.action, "/admin", { email: "agency@demo.test" }, { role: "Admin" });
    expect(answer).toMatchObject({ status: 302, location: "/dashboard" });
    const session = (await sessionOfAnswer(answer)).data;
    expect(session).toMatchObject({ token: "user-token", role: "Agency", smsPrompt: false, returnTo: "/admin" });
    expect(upstream.calls.map((c) => `${c.method} ${c.path} ${c.authorization}`)).toEqual([
      `POST /api/login_as_user Bearer ${TOKEN}`,
      `DELETE /api/logout Bearer ${TOKEN}`,
    ]);
  });

  it("logout-as-user without a session goes to index; with one, back to the remembered page", async () => {
    expect(await answerOf(logoutAsUser.action, post("/account/logout_as_user", {}), contextFor(null))).toMatchObject({
      location: "/",
    });
    upstream.on("GET /api/logout_as_user", { json: { token: "admin-token", user: userFor({ role: "Admin" }) } });
    const session = sessionWith({ token: "user-token", returnTo: "/admin?x=1", smsPrompt: false });
    const answer = await answerOf(logoutAsUser.action, post("/account/logout_as_user", {}), contextFor(null, session));
    expect(answer).toMatchObject({ status: 302, location: "/admin?x=1" });
    expect((await sessionOfAnswer(answer)).data).toMatchObject({
      token: "admin-token",
      role: "Admin",
      smsPrompt: true,
    });
  });
});

describe("SMS consent prompt (spec §4)", () => {
  const answerWith = async (fields: Fields, viewer: ReturnType<typeof viewerFor> | null) =>
    answerOf(smsConsent.action, post("/account/sms_consent", fields), contextFor(viewer));

  it("wrong role: only agents and agencies are asked", async () => {
    const answer = await answerWith({ consent: "yes", redirectTo: "/admin" }, viewerFor({ role: "Admin" }));
    expect(await toastsOf(answer)).toEqual([{ type: "error", message: SMS_BROKERS_ONLY }]);
    expect(upstream.calls).toEqual([]);
  });

  it("invalid input: anything but Yes or No", async () => {
    const answer = await answerWith(
      { consent: "maybe", redirectTo: "/dashboard" },
      viewerFor(agent, { smsConsent: null }),
    );
    expect(answer).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await toastsOf(answer)).toEqual([{ type: "error", message: SMS_CHOOSE }]);
    expect(upstream.calls).toEqual([]);
  });

  it("signed out: sign in first", async () => {
    expect(await answerWith({ consent: "yes" }, null)).toMatchObject({ status: 302, location: "/" });
  });

  it("Yes gives consent upstream and turns the prompt off", async () => {
    upstream.on("POST /api/profile/sms_consent", {
      json: { profile: { licenses: [], smsConsent: true, phone: null } },
    });
    const viewer = viewerFor(agent, { smsConsent: null });
    const answer = await answerWith({ consent: "yes", mode: "fetcher" }, viewer);
    expect(answer.data).toEqual({ toasts: [expect.objectContaining({ type: "success", message: SMS_YES })] });
    expect(viewer.session.get("smsPrompt")).toBe(false);
  });
});

describe("contracting steps (/onboarding)", () => {
  const onboardingState = {
    onboarding: {
      complete: false,
      steps: [
        { key: "personal", title: "Personal details", complete: false },
        { key: "legal", title: "Legal questions", complete: false },
      ],
      personal: null,
      licenses: [],
      banking: null,
      documents: [],
      signature: null,
      optout: null,
    },
  };

  it("wrong state: a user without an onboarding is refused (403)", async () => {
    const answer = await postAs(
      onboarding.action,
      "/onboarding/personal",
      { firstName: "A" },
      agent,
      {},
      { step: "personal" },
    );
    expect(answer.status).toBe(403);
    expect(upstream.calls).toEqual([]);
  });

  it("invalid input: the step's field errors; the tax id never comes back", async () => {
    upstream.on("GET /api/onboarding", { json: onboardingState });
    const fields = { firstName: "Ann", lastName: "", phone: "12", taxIdType: "ssn", taxId: "123-45-678" };
    const answer = await postAs(
      onboarding.action,
      "/onboarding/personal",
      fields,
      { ...locked, roleRequiresSsnOrTin: true },
      {},
      {
        step: "personal",
      },
    );
    expect(answer.status).toBe(400);
    const reply = replyOf(answer.data);
    expect(Object.keys(reply.error ?? {})).toEqual(expect.arrayContaining(["lastName", "phone"]));
    expect(reply.initialValue).toMatchObject({ firstName: "Ann" });
    expect(JSON.stringify(answer.data)).not.toContain("123-45-678");
    expect(upstream.writes()).toEqual([]);
  });

  it("an unknown step is a 404", async () => {
    const answer = await postAs(onboarding.action, "/onboarding/nope", {}, locked, {}, { step: "nope" });
    expect(answer.status).toBe(404);
  });

  it("the legal step checks the answer set like the contract flow: an unanswered question saves nothing", async () => {
    upstream
      .on("GET /api/resource_lists/products", { json: { products: [{ id: 1, name: "Medicare Advantage" }] } })
      .on("GET /api/resource_lists/legal_questions/1", {
        json: {
          legalQuestions: [
            { id: 1, questionText: "Q1" },
            { id: 2, questionText: "Q2" },
          ],
        },
      })
      .on("GET /api/profile/legal_answers", { json: { legalAnswers: [] } });
    const fields = { "answers[0].legalQuestionId": "1", "answers[0].hasOccurred": "no" };
    const answer = await postAs(onboarding.action, "/onboarding/legal", fields, locked, {}, { step: "legal" });
    expect(answer.status).toBe(400);
    expect(replyOf(answer.data).error?.[""]).toEqual([ANSWER_EVERY_QUESTION]);
    expect(upstream.writes()).toEqual([]);
  });
});

describe("downlines and invitations (spec §6: only an agency)", () => {
  it("wrong role: an agent may not invite, withdraw or export", async () => {
    for (const [handler, path] of [
      [inviteDownline.action, "/register_downlines/new"],
      [registerDownlines.action, "/register_downlines"],
      [downlines.action, "/downlines?carrier=1&policies=5"],
    ] as const) {
      expect((await postAs(handler, path, { id: "1", email: "a@b.c" }, agent)).status, path).toBe(403);
    }
    // An admin has Downlines but not Register Downlines (decision 005).
    expect(
      (await postAs(inviteDownline.action, "/register_downlines/new", { email: "a@b.c" }, { role: "Admin" })).status,
    ).toBe(403);
    expect(upstream.calls).toEqual([]);
  });

  it("invalid input: an invitation without names or with an unknown level is a 400 and nothing is sent", async () => {
    upstream.on("GET /api/downline_invitations", {
      json: {
        invitations: [],
        meta: {
          page: 1,
          currentPage: 1,
          perPage: 5,
          totalCount: 0,
          totalPages: 0,
          search: "",
          sort: null,
          order: "ASC",
          pageNumbers: [],
        },
        levels: ["Agent", "Agency"],
      },
    });
    const answer = await postAs(
      inviteDownline.action,
      "/register_downlines/new",
      { email: "new@demo.test", level: "Boss" },
      agency,
    );
    expect(answer.status).toBe(400);
    expect(Object.keys(replyOf(answer.data).error ?? {})).toEqual(
      expect.arrayContaining(["firstName", "lastName", "level"]),
    );
    expect(upstream.writes()).toEqual([]);
  });

  it("a withdrawal without a valid id, or past the cap, is refused with a toast before the upstream", async () => {
    const none = await postAs(registerDownlines.action, "/register_downlines?confirm=1", { id: "abc" }, agency);
    expect(await toastsOf(none)).toEqual([{ type: "error", message: "Choose at least one invitation to withdraw." }]);
    const many = Array.from({ length: 51 }, (_, i): [string, string] => ["id", String(i + 1)]);
    const tooMany = await postAs(registerDownlines.action, "/register_downlines", many, agency);
    expect((await toastsOf(tooMany))[0]?.type).toBe("error");
    expect(upstream.calls).toEqual([]);
  });

  it("the upstream's refusal of a withdrawal is its message as a toast", async () => {
    upstream.on("POST /api/downline_invitations/withdraw", {
      status: 422,
      json: { error: "Only pending invitations can be withdrawn" },
    });
    const answer = await postAs(registerDownlines.action, "/register_downlines", { id: "3" }, agency);
    expect(await toastsOf(answer)).toEqual([{ type: "error", message: "Only pending invitations can be withdrawn" }]);
  });

  it("Send again: one upstream call for the row's invitation, the success toast with its e-mail, back to the list", async () => {
    upstream.on("POST /api/downline_invitations/4/resend", {
      json: {
        invitation: {
          id: 4,
          email: "ethan.kowalski@example.com",
          firstName: "Ethan",
          lastName: "Kowalski",
          level: "Agency Level 2",
          status: "Sent",
          sentAt: "2026-05-10T12:00:00.000Z",
          expiresAt: "2026-05-24T12:00:00.000Z",
        },
      },
    });
    const answer = await postAs(
      registerDownlines.action,
      "/register_downlines?sort=email&confirm=9",
      { intent: "resend", id: "4" },
      agency,
    );
    expect(answer).toMatchObject({ status: 302, location: "/register_downlines?sort=email" });
    expect(await toastsOf(answer)).toEqual([
      { type: "success", message: "Invitation sent again to ethan.kowalski@example.com" },
    ]);
    expect(upstream.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/downline_invitations/4/resend"]);
  });

  it("Send again: the upstream's refusal as a toast; a missing or second id asks the upstream nothing", async () => {
    upstream.on("POST /api/downline_invitations/2/resend", {
      status: 422,
      json: { error: "Only pending or expired invitations can be sent again" },
    });
    const refused = await postAs(
      registerDownlines.action,
      "/register_downlines",
      { intent: "resend", id: "2" },
      agency,
    );
    expect(await toastsOf(refused)).toEqual([
      { type: "error", message: "Only pending or expired invitations can be sent again" },
    ]);
    const before = upstream.calls.length;
    const unclear: Fields[] = [
      { intent: "resend" },
      { intent: "resend", id: "abc" },
      [
        ["intent", "resend"],
        ["id", "1"],
        ["id", "2"],
      ],
    ];
    for (const fields of unclear) {
      const answer = await postAs(registerDownlines.action, "/register_downlines", fields, agency);
      expect(await toastsOf(answer)).toEqual([{ type: "error", message: "Choose one invitation to send again." }]);
    }
    expect(upstream.calls.length).toBe(before);
  });

  it("an export of a policy list outside the user's tree (the upstream's 404), or a malformed id, is the 404 page", async () => {
    upstream.on("GET /api/downlines/1/policies/5/export", { status: 404, json: { error: "Not in your downline" } });
    expect((await postAs(downlines.action, "/downlines?carrier=1&policies=5", {}, agency)).status).toBe(404);
    expect((await postAs(downlines.action, "/downlines?carrier=x&policies=5", {}, agency)).status).toBe(404);
  });
});

describe("tickets, inquiries and exports", () => {
  it("wrong role or state: LOA users have no Commission Inquiry or My Tickets; carriers no book of business", async () => {
    const loa = { ...agent, loa: true };
    expect((await postAs(commissionInquiry.action, "/commission_inquiry?new", { subject: "x" }, loa)).status).toBe(403);
    expect((await postAs(myTickets.action, "/my_tickets?ticket=1", { ticketId: "1", message: "x" }, loa)).status).toBe(
      403,
    );
    expect((await postAs(bookOfBusiness.action, "/book_of_business", {}, { role: "Carrier" })).status).toBe(403);
    expect(upstream.calls).toEqual([]);
  });

  it("invalid input: a support ticket without subject or with an unknown category is a 400", async () => {
    upstream.on("GET /api/tickets/categories", { json: { categories: ["Billing", "Technical"] } });
    const answer = await postAs(
      contactSupport.action,
      "/contact_support",
      { subject: " ", category: "Gossip", message: "Hi" },
      agent,
    );
    expect(answer.status).toBe(400);
    expect(Object.keys(replyOf(answer.data).error ?? {})).toEqual(expect.arrayContaining(["subject", "category"]));
    expect(upstream.writes()).toEqual([]);
  });

  it("a support ticket may be sent while contracting is locked (Contact Support stays open)", async () => {
    upstream.on("GET /api/tickets/categories", { json: { categories: ["Billing"] } });
    const answer = await postAs(
      contactSupport.action,
      "/contact_support",
      { subject: "S", category: "Billing", message: "" },
      locked,
    );
    expect(answer.status).toBe(400); // reached the form: only the empty message is refused
    expect(Object.keys(replyOf(answer.data).error ?? {})).toEqual(["message"]);
  });

  it("invalid input: an inquiry for a carrier that is not offered is a 400", async () => {
    upstream
      .on("GET /api/resource_lists/products", { json: { products: [{ id: 1, name: "Medicare Advantage" }] } })
      .on("GET /api/resource_lists/product_carriers/1", {
        json: { productCarriers: [{ id: 4, carrierName: "Acme", carrierProductId: 11 }] },
      });
    const fields = { carrierId: "99", reference: "P-1", subject: "Missing payment", message: "Where is it?" };
    const answer = await postAs(commissionInquiry.action, "/commission_inquiry?new", fields, agent);
    expect(answer.status).toBe(400);
    expect(replyOf(answer.data).error?.carrierId).toEqual(["Choose the carrier"]);
    expect(upstream.writes()).toEqual([]);
  });

  it("a reply without a valid ticket id goes back to the list; an empty reply is a 400 at the field", async () => {
    expect(
      await postAs(myTickets.action, "/my_tickets?ticket=x", { ticketId: "x", message: "Hi" }, agent),
    ).toMatchObject({
      status: 302,
      location: "/my_tickets",
    });
    const empty = await postAs(myTickets.action, "/my_tickets?ticket=3", { ticketId: "3", message: "  " }, agent);
    expect(empty.status).toBe(400);
    expect(replyOf(empty.data).error?.message).toEqual(["Write your reply"]);
    expect(upstream.calls).toEqual([]);
  });

  it("an export the upstream cannot do now: its message as a toast on the same page", async () => {
    upstream.on("POST /api/book_of_business/export", { status: 503, json: { error: "Exports are paused" } });
    const answer = await postAs(bookOfBusiness.action, "/book_of_business?page=2", {}, agent);
    expect(answer).toMatchObject({ status: 302, location: "/book_of_business?page=2" });
    expect(await toastsOf(answer)).toEqual([{ type: "error", message: "Exports are paused" }]);
  });
});
