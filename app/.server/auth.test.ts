import { describe, expect, it } from "vitest";
import { TOKEN, post, sessionWith, withFakeUpstream } from "../../tests/support/server-harness";
import { userFor } from "../../tests/support/users";
import { signIn, startSession } from "./auth";
import { getSession } from "./session";
import { UpstreamError } from "./upstream/client";

const upstream = withFakeUpstream();

const agency = userFor({ userId: 42, role: "Agency", email: "agency@demo.test", npnId: 5001 });
const signInForm = () => post("/?index", { email: " agency@demo.test ", password: "demo-pass-123" });

describe("signIn: wrong credentials are an outcome, an upstream fault is an error", () => {
  it("the upstream's answer, with the e-mail trimmed", async () => {
    upstream.on("POST /api/login", { json: { token: "new-token", user: agency } });
    expect(await signIn(signInForm())).toEqual({ signedIn: { token: "new-token", user: agency } });
    expect(JSON.parse(upstream.calls[0]!.body)).toEqual({ email: "agency@demo.test", password: "demo-pass-123" });
  });

  it.each([401, 422])("the upstream's %i carries its message to the form", async (status) => {
    upstream.on("POST /api/login", { status, json: { error: "Invalid e-mail or password" } });
    expect(await signIn(signInForm())).toEqual({ refused: ["Invalid e-mail or password"] });
  });

  it("a 5xx is a fault, for formFailure", async () => {
    upstream.on("POST /api/login", { status: 500, json: { error: "Down" } });
    await expect(signIn(signInForm())).rejects.toBeInstanceOf(UpstreamError);
  });
});

describe("startSession: the one place a session's token, role, user id and npnId are written", () => {
  const answer = { token: "new-token", user: agency };

  it("a sign-in: token, role, user id, npnId (ADR 017); the prompt may ask; the 7-day clock starts; the previous upstream session ends", async () => {
    upstream.on("DELETE /api/logout", { status: 204 });
    const session = sessionWith({ token: "old-token", returnTo: "/admin", smsPrompt: false, issuedAt: 1, seenAt: 1 });
    const before = Date.now();
    const cookie = await startSession(session, answer, { kind: "sign-in" });
    expect(session.data).toMatchObject({
      token: "new-token",
      role: "Agency",
      userId: 42,
      npnId: 5001,
      smsPrompt: true,
    });
    expect(session.get("returnTo")).toBeUndefined();
    expect(session.get("issuedAt")).toBeGreaterThanOrEqual(before);
    expect(session.get("seenAt")).toBe(session.get("issuedAt"));
    expect(upstream.calls.map((c) => `${c.method} ${c.path} ${c.authorization}`)).toEqual([
      "DELETE /api/logout Bearer old-token",
    ]);
    // The cookie carries the same session, encrypted.
    expect(cookie).not.toContain("new-token");
    const read = await getSession(new Request("http://portal.test/", { headers: { cookie: cookie.split(";")[0]! } }));
    expect(read.data).toEqual(session.data);
  });

  it("a sign-in without a previous session, or with the same token, ends nothing upstream", async () => {
    await startSession(sessionWith({ token: undefined }), answer, { kind: "sign-in" });
    await startSession(sessionWith({ token: "new-token" }), answer, { kind: "sign-in" });
    expect(upstream.calls).toEqual([]);
  });

  it("an impersonation: the user's session, back to returnTo later, the prompt off; the admin's token ends", async () => {
    upstream.on("DELETE /api/logout", { status: 204 });
    const session = sessionWith({ role: "Admin", issuedAt: 5, seenAt: 5 });
    await startSession(session, answer, { kind: "impersonation", returnTo: "/admin" });
    expect(session.data).toMatchObject({
      token: "new-token",
      role: "Agency",
      userId: 42,
      npnId: 5001,
      smsPrompt: false,
      returnTo: "/admin",
    });
    // Still the admin's sign-in: impersonating does not extend the 7 days.
    expect(session.get("issuedAt")).toBe(5);
    expect(upstream.calls.map((c) => c.authorization)).toEqual([`Bearer ${TOKEN}`]);
  });

  it("the end of an impersonation: the admin's session again; the upstream already ended the user's", async () => {
    const session = sessionWith({
      token: "user-token",
      npnId: 5001,
      returnTo: "/admin",
      smsPrompt: false,
      issuedAt: 5,
      seenAt: 5,
    });
    await startSession(
      session,
      { token: "admin-token", user: userFor({ role: "Admin", userId: 1 }) },
      { kind: "end-impersonation" },
    );
    expect(session.data).toMatchObject({
      token: "admin-token",
      role: "Admin",
      userId: 1,
      // An admin has no npnId: the impersonated user's is not kept.
      npnId: null,
      smsPrompt: true,
      issuedAt: 5,
    });
    expect(session.get("returnTo")).toBeUndefined();
    expect(upstream.calls).toEqual([]);
  });

  it("a failed upstream logout of the previous session does not stop the new one", async () => {
    upstream.on("DELETE /api/logout", { status: 500, json: { error: "Down" } });
    const session = sessionWith({ token: "old-token" });
    await startSession(session, answer, { kind: "sign-in" });
    expect(session.get("token")).toBe("new-token");
  });
});
