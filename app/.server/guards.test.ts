import { beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_EXPIRED, UNAUTHORIZED_REQUEST } from "~/domain/errors";
import {
  answerOf,
  contextFor,
  get,
  post,
  sessionWith,
  toastsOf,
  viewerFor,
  withFakeUpstream,
} from "../../tests/support/server-harness";
import { accessMiddleware, loadWithViewer, optionalViewer, requireViewer, sessionMiddleware } from "./guards";
import { commitSession } from "./session";
import { UPSTREAM_UNREACHABLE, UnauthorizedError, UpstreamError } from "./upstream/client";
import { upstreamFailure } from "./upstream-failure";

const upstream = withFakeUpstream();

const page = vi.fn(async () => ({ page: "drawn" }));
beforeEach(() => page.mockClear());

const through = async (request: Request, context: ReturnType<typeof contextFor>) =>
  answerOf(page, request, context, { middleware: [accessMiddleware] });

describe("accessMiddleware: the server refuses what the shared rule refuses (decision 005)", () => {
  it.each([
    ["an agent", "/admin", {}],
    ["a carrier", "/book_of_business", { role: "Carrier" as const }],
    ["an LOA agent", "/commissions", { loa: true, existingActiveContracts: true }],
    ["an admin", "/contract_now", { role: "Admin" as const }],
    ["an admin", "/register_downlines/new", { role: "Admin" as const }],
    ["an agent", "/downlines", { existingActiveContracts: true }],
    ["a user whose contracting is locked", "/book_of_business", { roleHasOnboardingProcess: true }],
  ])("%s opening %s gets the 403 page with a link home, in the user's chrome", async (_who, path, user) => {
    const answer = await through(get(path), contextFor(viewerFor(user)));
    expect(answer.status).toBe(403);
    const home = expect.stringMatching(/^\//);
    // The chrome (issue 11): the refused page is drawn with the user's own menu, which never offers the path.
    expect(answer.data).toEqual({ home, shell: expect.objectContaining({ home, menu: expect.any(Array) }) });
    const hrefs = JSON.stringify((answer.data as { shell: { menu: unknown } }).shell.menu);
    expect(hrefs).not.toContain(`"to":"${path}"`);
  });

  it("a refused page's own loaders are refused too (requireViewer): none produces data for the page", async () => {
    const context = contextFor(viewerFor());
    const refusal = await requireViewer(get("/admin"), context).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ init: { status: 403 }, data: { shell: expect.any(Object) } });
    await expect(requireViewer(get("/dashboard"), contextFor(viewerFor()))).resolves.toBeTruthy();
  });

  it("the rule reads the path as the router does: /ADMIN and /%61dmin are refused too", async () => {
    for (const path of ["/ADMIN", "/%61dmin", "//admin/", "/admin/users"]) {
      expect((await through(get(path), contextFor(viewerFor()))).status, path).toBe(403);
    }
  });

  it("a refused post never reaches the action, nor the upstream", async () => {
    const answer = await through(post("/admin", { email: "agent@demo.test" }), contextFor(viewerFor()));
    expect(answer.status).toBe(403);
    expect(page).not.toHaveBeenCalled();
    expect(upstream.calls).toEqual([]);
  });

  it("what the rule allows is answered by the page", async () => {
    const admin = await through(get("/admin"), contextFor(viewerFor({ role: "Admin" })));
    expect(admin).toMatchObject({ status: 200, data: { page: "drawn" } });
    const locked = await through(
      post("/contact_support", {}),
      contextFor(viewerFor({ roleHasOnboardingProcess: true })),
    );
    expect(locked.status).toBe(200);
    expect(page).toHaveBeenCalledTimes(2);
  });

  it("a signed-out visitor is sent to sign in, the wanted URL kept for a page (spec §2)", async () => {
    const read = await through(get("/dashboard?x=1"), contextFor(null));
    expect(read).toMatchObject({ status: 302, location: "/?redirectTo=%2Fdashboard%3Fx%3D1" });
    const write = await through(post("/contract_now", {}), contextFor(null));
    expect(write).toMatchObject({ status: 302, location: "/" });
    expect(page).toHaveBeenCalledTimes(1); // the read started with the verdict; its result was not sent
  });

  it("a 401 while loading the viewer ends the session: index with 'Unauthorized Request'", async () => {
    const session = sessionWith();
    const ended = async () => upstreamFailure(new UnauthorizedError(), session);
    const answer = await through(post("/contact_support", {}), contextFor(ended, session));
    expect(answer).toMatchObject({ status: 302, location: "/" });
    expect(await toastsOf(answer)).toEqual([{ type: "error", message: UNAUTHORIZED_REQUEST }]);
    expect(answer.headers.getSetCookie().some((c) => /^portal_session=;/.test(c))).toBe(true);
    expect(page).not.toHaveBeenCalled();
  });

  it("the upstream not answering for the viewer: a page is the error page, a post still reaches its form", async () => {
    const session = sessionWith();
    const down = async () => upstreamFailure(new UpstreamError(503, [UPSTREAM_UNREACHABLE], "unreachable"), session);
    const read = await through(get("/dashboard"), contextFor(down, session));
    expect(read).toMatchObject({ status: 503, data: { messages: [UPSTREAM_UNREACHABLE] } });
    // The action's own first step (requireViewer) fails the same way and its form answers (formFailure).
    const write = await through(post("/contact_support", {}), contextFor(down, session));
    expect(write.status).toBe(200);
    expect(page).toHaveBeenCalledTimes(2);
  });
});

describe("requireViewer, optionalViewer", () => {
  it("requireViewer: the viewer, or sign-in", async () => {
    const viewer = viewerFor();
    expect(await requireViewer(get("/home"), contextFor(viewer))).toBe(viewer);
    const thrown = await requireViewer(get("/home"), contextFor(null)).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/?redirectTo=%2Fhome");
  });

  it("optionalViewer: null when the upstream does not answer (sign-in stays reachable); a 401 still ends the session", async () => {
    const session = sessionWith();
    const down = async () => upstreamFailure(new UpstreamError(503, [UPSTREAM_UNREACHABLE], "unreachable"), session);
    expect(await optionalViewer(contextFor(down, session))).toBeNull();
    const ended = async () => upstreamFailure(new UnauthorizedError(), session);
    await expect(optionalViewer(contextFor(ended, session))).rejects.toBeInstanceOf(Response);
  });
});

describe("loadWithViewer: a page's upstream failures become what the user should see", () => {
  const load = async (error: unknown) =>
    loadWithViewer(get("/commissions"), contextFor(viewerFor()), async () => Promise.reject(error));
  const answer = async (error: unknown) =>
    load(error).catch(async (thrown: unknown) =>
      answerOf(async () => Promise.reject(thrown), get("/"), contextFor(null)),
    );

  it("404 or 422 for what the URL named is the portal's 404 page", async () => {
    expect(await answer(new UpstreamError(404, ["No such ticket"]))).toMatchObject({ status: 404 });
    expect(await answer(new UpstreamError(422, ["Unknown status"]))).toMatchObject({ status: 404 });
  });

  it("an upstream error is an error page with its messages; not answering is a 503", async () => {
    expect(await answer(new UpstreamError(500, ["Statements are paused"]))).toMatchObject({
      status: 502,
      data: { messages: ["Statements are paused"] },
    });
    expect(await answer(new UpstreamError(503, [UPSTREAM_UNREACHABLE], "timeout"))).toMatchObject({ status: 503 });
  });

  it("a 401 ends the session; a bug is not dressed up as an upstream error", async () => {
    expect(await answer(new UnauthorizedError())).toMatchObject({ status: 302, location: "/" });
    await expect(load(new TypeError("a bug"))).rejects.toThrow("a bug");
  });

  it("without a token the page asks to sign in before any upstream call", async () => {
    const loader = vi.fn(async () => "never");
    const thrown = await loadWithViewer(get("/commissions"), contextFor(null), loader).catch((e: unknown) => e);
    expect((thrown as Response).headers.get("location")).toBe("/?redirectTo=%2Fcommissions");
    expect(loader).not.toHaveBeenCalled();
  });
});

describe("sessionMiddleware: sessions end on the server (issue 8 point 8)", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const cookieOf = async (data: Parameters<typeof sessionWith>[0]) =>
    (await commitSession(sessionWith(data))).split(";")[0]!;

  it("a session past 7 days ends: its upstream session too, index with a toast, the cookie cleared", async () => {
    upstream.on("DELETE /api/logout", { status: 204 });
    const old = Date.now() - 8 * DAY;
    const request = get("/dashboard", { cookie: await cookieOf({ issuedAt: old, seenAt: Date.now() }) });
    const answer = await answerOf(page, request, contextFor(null), { middleware: [sessionMiddleware] });
    expect(answer).toMatchObject({ status: 302, location: "/" });
    expect(await toastsOf(answer)).toEqual([{ type: "error", message: SESSION_EXPIRED }]);
    expect(answer.headers.getSetCookie().some((c) => /^portal_session=;/.test(c))).toBe(true);
    expect(upstream.calls.map((c) => `${c.method} ${c.path} ${c.authorization}`)).toEqual([
      "DELETE /api/logout Bearer t0k-test",
    ]);
    expect(page).not.toHaveBeenCalled();
  });

  it("a session idle past SESSION_IDLE_MINUTES ends", async () => {
    upstream.on("DELETE /api/logout", { status: 204 });
    const request = get("/dashboard", { cookie: await cookieOf({ seenAt: Date.now() - 3 * 60 * 60 * 1000 }) });
    const answer = await answerOf(page, request, contextFor(null), { middleware: [sessionMiddleware] });
    expect(await toastsOf(answer)).toEqual([{ type: "error", message: SESSION_EXPIRED }]);
  });

  it("a live session used after a minute writes its last use back; a fresh one does not", async () => {
    const touched = get("/privacy_policy", { cookie: await cookieOf({ seenAt: Date.now() - 2 * 60 * 1000 }) });
    const answer = await answerOf(page, touched, contextFor(null), { middleware: [sessionMiddleware] });
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().some((c) => c.startsWith("portal_session="))).toBe(true);
    const fresh = get("/privacy_policy", { cookie: await cookieOf({}) });
    expect(
      (await answerOf(page, fresh, contextFor(null), { middleware: [sessionMiddleware] })).headers.getSetCookie(),
    ).toEqual([]);
    expect(upstream.calls).toEqual([]);
  });
});
