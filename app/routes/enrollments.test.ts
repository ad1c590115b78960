import { Writable } from "node:stream";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { requestInfoContext } from "~/.server/context";
import { accessMiddleware, sessionMiddleware } from "~/.server/guards";
import { runtime, setRuntime } from "~/.server/runtime";
import { type SessionData, commitSession } from "~/.server/session";
import { QUOTE_TOOL_NOT_ANSWERING, QUOTE_URL_REFUSED } from "~/domain/enrollments";
import type { SessionUser } from "~/domain/user";
import { loader as layoutLoader } from "~/layouts/default";
import {
  type Answer,
  answerOf,
  contextFor,
  get,
  post,
  sessionWith,
  toastsOf,
  viewerFor,
  withFakeUpstream,
} from "../../tests/support/server-harness";
import { userFor } from "../../tests/support/users";
import * as enrollments from "./enrollments";
import * as quoteTool from "./quote_tool";
import * as submitted from "./submitted_enrollments";

/**
 * Issue 12 §3 on the server: the quote tool's action (a 303 to a fresh sign-on link, never kept or logged;
 * its refusals and faults), the hub's one-round page load and what it offers whom, and the submitted
 * enrollments' URL checks and export.
 */
const upstream = withFakeUpstream();

/** Everything the portal logs, at every level, to check a sign-on token never appears. */
const logged: string[] = [];
beforeAll(() => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString("utf8"));
      done();
    },
  });
  setRuntime({ ...runtime(), logger: pino({ level: "trace" }, sink) });
});
beforeEach(() => {
  logged.length = 0;
});

const agent: Partial<SessionUser> = { existingActiveContracts: true, sunfireAccess: true, firstName: "Maria" };
const beta: Partial<SessionUser> = { role: "Agency", existingActiveContracts: true, email: "beta@demo.test" };
const admin: Partial<SessionUser> = { role: "Admin" };

type Handler = (args: never) => unknown;

/** A request to a page of the default layout (access middleware first), as `user`. */
async function as(handler: Handler, request: Request, user: Partial<SessionUser>) {
  return answerOf(handler, request, contextFor(viewerFor(user)), { middleware: [accessMiddleware] });
}

const TOKEN_VALUE = "s3cr3t-single-use-token-0123456789abcdef";
const signOnLink = (origin = upstream.url) => `${origin}/partners/sunfire/sign_on?token=${TOKEN_VALUE}`;

describe("/quote_tool action: the sign-on link, asked for at the click", () => {
  it("answers a 303 to the link, not stored; the token is never logged", async () => {
    upstream.on("GET /partners/sunfire", { json: { url: signOnLink() } });
    const answer = await as(quoteTool.action, post("/quote_tool", {}), agent);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(signOnLink());
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(upstream.calls.map((c) => `${c.path}${c.query}`)).toEqual(["/partners/sunfire"]);
    expect(logged.join("")).not.toContain(TOKEN_VALUE);
  });

  it("the admin's ?site=test asks for the test site", async () => {
    upstream.on("GET /partners/sunfire", { json: { url: signOnLink() } });
    const answer = await as(quoteTool.action, post("/quote_tool?site=test", {}), admin);
    expect(answer.status).toBe(303);
    expect(upstream.calls.map((c) => `${c.path}${c.query}`)).toEqual(["/partners/sunfire?site=test"]);
  });

  it("refuses without asking the upstream: beta@ (no sunfireAccess) and a non-admin's ?site=test", async () => {
    expect((await as(quoteTool.action, post("/quote_tool", {}), beta)).status).toBe(403);
    expect((await as(quoteTool.action, post("/quote_tool?site=test", {}), agent)).status).toBe(403);
    expect((await as(quoteTool.loader, get("/quote_tool?site=test"), agent)).status).toBe(403);
    expect(upstream.calls).toEqual([]);
  });

  it("an upstream error comes back as the page with its message; nothing is opened", async () => {
    upstream.on("GET /partners/sunfire", { status: 500, json: { error: "The quote provider is down" } });
    const answer = await as(quoteTool.action, post("/quote_tool", {}), agent);
    expect(answer.status).toBe(502);
    expect(answer.location).toBeNull();
    expect(answer.data).toEqual({ messages: ["The quote provider is down"] });
  });

  it("no answer: the page says the quote tool's sign-in is not answering", async () => {
    const saved = runtime();
    setRuntime({ ...saved, upstreamUrl: "http://127.0.0.1:9" });
    try {
      const answer = await as(quoteTool.action, post("/quote_tool", {}), agent);
      expect(answer.status).toBe(503);
      expect(answer.data).toEqual({ messages: [QUOTE_TOOL_NOT_ANSWERING] });
    } finally {
      setRuntime(saved);
    }
  });

  it("a link on an origin not allowed, or not http(s), is not followed (and its token not logged)", async () => {
    for (const url of [signOnLink("https://evil.example.com"), `javascript:alert('${TOKEN_VALUE}')`]) {
      upstream.on("GET /partners/sunfire", { json: { url } });
      const answer = await as(quoteTool.action, post("/quote_tool", {}), agent);
      expect(answer.status, url).toBe(502);
      expect(answer.location).toBeNull();
      expect(JSON.stringify(answer.data)).not.toContain(TOKEN_VALUE);
    }
    expect((await as(quoteTool.action, post("/quote_tool", {}), agent)).data).toEqual({
      messages: expect.arrayContaining([expect.any(String)]),
    });
    expect(logged.join("")).not.toContain(TOKEN_VALUE);
    expect(logged.join("")).toContain("https://evil.example.com");
  });

  it("names the refusal the user sees", async () => {
    upstream.on("GET /partners/sunfire", { json: { url: signOnLink("https://evil.example.com") } });
    expect((await as(quoteTool.action, post("/quote_tool", {}), agent)).data).toEqual({
      messages: [QUOTE_URL_REFUSED],
    });
  });
});

const listAnswer = (rows: number) => ({
  enrollments: Array.from({ length: rows }, (_, i) => ({
    id: i + 1,
    confirmationNumber: `SF-1000-${1000 + i}`,
    memberName: `Member ${i}`,
    planName: "Summit Choice (PPO)",
    productName: "Medicare Advantage",
    carrierId: 2,
    carrierName: "Summit Mutual",
    effectiveDate: "2026-12-01",
    status: "Submitted",
    submittedAt: "2026-11-20T10:00:00.000Z",
    writingAgent: { name: "Maria Alvarez", npnNumber: "17845210" },
  })),
  meta: {
    page: 1,
    currentPage: 1,
    perPage: 5,
    totalCount: rows,
    totalPages: 1,
    search: "",
    sort: "submittedAt",
    order: "DESC",
    pageNumbers: [1],
  },
  filters: { statuses: ["Submitted"], carriers: [{ id: 2, name: "Summit Mutual" }] },
});

/** The Learning Center's enrollment library: two resources, one for every carrier. */
const enrollmentLibrary = {
  resources: [
    { id: 29, carrierId: 1, carrierName: "Blue Harbor Health", title: "Blue Harbor checklist" },
    { id: 40, carrierId: null, carrierName: null, title: "Telephonic enrollment script" },
  ].map((r) => ({
    ...r,
    library: "enrollment",
    category: "Checklists",
    productId: null,
    productName: null,
    description: "What to have ready.",
    audience: "all",
    attachmentCount: 0,
    updatedAt: "2026-11-01T12:00:00.000Z",
  })),
  meta: { ...listAnswer(0).meta, perPage: 50, totalCount: 2 },
  filters: { carriers: [{ id: 1, name: "Blue Harbor Health" }], products: [] },
};

async function pageLoad(path: string, loader: Handler, user: SessionUser): Promise<Answer> {
  upstream
    .on("GET /api/me", { json: { user } })
    .on("GET /api/profile/document_notifications", { json: { documentNotifications: [] } })
    .on("GET /api/profile", { json: { profile: { licenses: [], smsConsent: true, phone: null } } });
  const session: Partial<SessionData> = { role: user.role, userId: user.userId };
  const cookie = (await commitSession(sessionWith(session))).split(";")[0]!;
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { nonce: "", requestId: "test", clientAddress: "203.0.113.7" });
  const both = async (args: never) => (await Promise.all([layoutLoader(args), (loader as Handler)(args)]))[1];
  return answerOf(both, get(path, { cookie }), context, { middleware: [sessionMiddleware, accessMiddleware] });
}

describe("/enrollments: the hub", () => {
  beforeEach(() => {
    upstream.on("GET /api/learning_center/resources", { json: enrollmentLibrary });
  });

  it("one upstream wait: the latest five and the enrollment resources start with the viewer's calls", async () => {
    upstream.on("GET /api/submitted_enrollments", { json: listAnswer(5) }).answerInRounds();
    const answer = await pageLoad("/enrollments", enrollments.loader, userFor(agent));
    expect(answer.status).toBe(200);
    expect(upstream.roundsAnswered()).toBe(1);
    expect(upstream.calls.find((c) => c.path === "/api/submitted_enrollments")?.query).toBe(
      "?perPage=5&sort=submittedAt&order=DESC",
    );
    expect(upstream.calls.find((c) => c.path === "/api/learning_center/resources")?.query).toBe(
      "?library=enrollment&perPage=50&sort=carrierName&order=ASC",
    );
    expect(answer.data).toMatchObject({ quote: { href: "/quote_tool", test: false }, latest: { total: 5 } });
  });

  it("the carriers' enrollment resources, by carrier, those for every carrier last; their failure leaves the rest", async () => {
    upstream.on("GET /api/submitted_enrollments", { json: listAnswer(1) });
    const answer = await pageLoad("/enrollments", enrollments.loader, userFor(agent));
    expect((answer.data as { resources: unknown }).resources).toEqual([
      { carrier: "Blue Harbor Health", items: [expect.objectContaining({ id: 29, title: "Blue Harbor checklist" })] },
      { carrier: "All carriers", items: [expect.objectContaining({ id: 40 })] },
    ]);
    upstream.on("GET /api/learning_center/resources", { status: 503, json: { error: "down" } });
    const partial = await pageLoad("/enrollments", enrollments.loader, userFor(agent));
    expect(partial.status).toBe(200);
    expect(partial.data).toMatchObject({ resources: "unavailable", latest: { total: 1 } });
  });

  it("the beta tester: its latest, no quote button; active contracts alone: neither", async () => {
    upstream.on("GET /api/submitted_enrollments", { json: listAnswer(2) });
    expect((await pageLoad("/enrollments", enrollments.loader, userFor(beta))).data).toMatchObject({
      quote: null,
      latest: { total: 2, writingAgent: true },
    });
    const plain = userFor({ existingActiveContracts: true });
    expect((await pageLoad("/enrollments", enrollments.loader, plain)).data).toMatchObject({
      quote: null,
      latest: null,
    });
  });

  it("the latest failing leaves the rest of the hub; a 401 still ends the session", async () => {
    upstream.on("GET /api/submitted_enrollments", { status: 500, json: { error: "down" } });
    const answer = await pageLoad("/enrollments", enrollments.loader, userFor(agent));
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ quote: { href: "/quote_tool" }, latest: "unavailable" });
    upstream.on("GET /api/submitted_enrollments", { status: 401, json: { error: "Unauthorized Request" } });
    const ended = await pageLoad("/enrollments", enrollments.loader, userFor(agent));
    expect(ended.location).toBe("/");
  });
});

describe("/submitted_enrollments", () => {
  it("only checked values reach the upstream; the rest are named in the note", async () => {
    upstream.on("GET /api/submitted_enrollments", { json: listAnswer(1) });
    const answer = await as(
      submitted.loader,
      get("/submitted_enrollments?status=Nope&carrierId=2&sort=evil&search=%00ann&perPage=7"),
      agent,
    );
    expect(answer.status).toBe(200);
    expect(upstream.calls[0]?.query).toBe("?search=ann&carrierId=2");
    expect(answer.data).toMatchObject({ ignored: ["perPage", "sort", "status"], writingAgent: false });
  });

  it("a carrier the upstream does not offer is the list's 400", async () => {
    upstream.on("GET /api/submitted_enrollments", { json: listAnswer(1) });
    const answer = await as(submitted.loader, get("/submitted_enrollments?carrierId=999"), agent);
    expect(answer.status).toBe(400);
  });

  it("export: 'Download was sent to your email' on the same list; a fault is a toast too", async () => {
    upstream.on("POST /api/submitted_enrollments/export", {
      status: 202,
      json: { message: "Download was sent to your email" },
    });
    const ok = await as(submitted.action, post("/submitted_enrollments?status=Enrolled&sort=evil", {}), agent);
    expect(ok.location).toBe("/submitted_enrollments?status=Enrolled&sort=evil");
    expect(await toastsOf(ok)).toEqual([{ type: "success", message: "Download was sent to your email" }]);
    expect(upstream.calls[0]?.query).toBe("?status=Enrolled");
    upstream.on("POST /api/submitted_enrollments/export", { status: 500, json: { error: "Mail is down" } });
    const failed = await as(submitted.action, post("/submitted_enrollments", {}), agent);
    expect(await toastsOf(failed)).toEqual([{ type: "error", message: "Mail is down" }]);
  });

  it("refused to whom the list is not: no sunfireAccess and not the beta tester", async () => {
    const answer = await as(submitted.action, post("/submitted_enrollments", {}), { existingActiveContracts: true });
    expect(answer.status).toBe(403);
    expect(upstream.calls).toEqual([]);
  });
});
