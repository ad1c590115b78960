import { describe, expect, it } from "vitest";
import { accessMiddleware } from "~/.server/guards";
import { pagingMeta, tableQueryFrom } from "~/domain/table";
import type { SessionUser } from "~/domain/user";
import {
  type Answer,
  answerOf,
  contextFor,
  get,
  post,
  toastsOf,
  viewerFor,
  withFakeUpstream,
} from "../../tests/support/server-harness";
import * as thread from "./feedback.$id";
import * as newConversation from "./feedback.form";
import * as list from "./feedback.list";

/**
 * Issue 12's feedback pages on the server: the lists as their URL asks (ADR 020), the thread's ownership and
 * read marking, and each action's refusals (wrong role or state, invalid input, the upstream untouched).
 */
const upstream = withFakeUpstream();

const agent: Partial<SessionUser> = { existingActiveContracts: true };
const locked: Partial<SessionUser> = { roleHasOnboardingProcess: true, onboardingPresent: true };
type Handler = (args: never) => unknown;

/** A page of the default layout (access middleware first), as `user`. */
async function as(user: Partial<SessionUser>, handler: Handler, request: Request, params = {}): Promise<Answer> {
  return answerOf(handler, request, contextFor(viewerFor(user)), { middleware: [accessMiddleware], params });
}

const summary = (id: number, unreadCount = 0) => ({
  id,
  subject: `Conversation ${id}`,
  category: "Other",
  rating: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-02T10:00:00.000Z",
  messageCount: 2,
  unreadCount,
  awaitingReply: unreadCount > 0,
  closedAt: null,
  lastMessage: { author: "Grace Harper", fromStaff: true, excerpt: "Thanks", createdAt: "2026-11-02T10:00:00.000Z" },
});
const conversation = (id: number, unread: boolean) => ({
  ...summary(id, unread ? 1 : 0),
  messages: [
    { id: 1, author: "Maria Alvarez", fromStaff: false, body: "Hi", createdAt: "x", read: true, attachment: null },
    { id: 2, author: "Grace Harper", fromStaff: true, body: "Thanks", createdAt: "y", read: !unread, attachment: null },
  ],
});
const listOf = (query: string, rows = [summary(1)]) => ({
  feedbackConversations: rows,
  meta: pagingMeta(tableQueryFrom(new URLSearchParams(query), []), rows.length),
});
const queryOf = (path: string) => upstream.calls.find((c) => c.path === path)?.query ?? null;

describe("the lists: /feedback/list, /feedback/show, /feedback/conversation", () => {
  it("each page asks for its filter, with only the checked table values, and a filtered page for its spec §7 count", async () => {
    upstream
      .on("GET /api/feedback_conversations", (call) => ({ json: listOf(call.query) }))
      .on("GET /api/feedback_conversations/show_unread_messages", { json: { unread_messages: 3 } })
      .on("GET /api/feedback_conversations/show_unresponded_messages", { json: { unresponded_messages: 1 } });
    const all = await as(agent, list.loader, get("/feedback/list?sort=evil&page=abc&search=dark"));
    expect(all.status).toBe(200);
    expect(all.data).toMatchObject({ view: "all", count: null, ignored: ["page", "sort"] });
    expect(queryOf("/api/feedback_conversations")).toBe("?search=dark");

    upstream.calls.length = 0;
    const unread = await as(agent, list.loader, get("/feedback/show?order=DESC&sort=updatedAt"));
    expect(unread.data).toMatchObject({ view: "unread", count: 3 });
    expect(queryOf("/api/feedback_conversations")).toBe("?sort=updatedAt&order=DESC&filter=unread");

    upstream.calls.length = 0;
    const awaiting = await as(agent, list.loader, get("/feedback/conversation"));
    expect(awaiting.data).toMatchObject({ view: "unresponded", count: 1 });
    expect(queryOf("/api/feedback_conversations")).toBe("?filter=unresponded");
    expect((await as(agent, list.loader, get("/feedback"))).data).toMatchObject({ view: "all" });
  });

  it("a list the upstream refuses is the 400 with a way back, not a 502", async () => {
    upstream.on("GET /api/feedback_conversations", { status: 422, json: { error: "bad" } });
    expect(await as(agent, list.loader, get("/feedback/list?page=2"))).toMatchObject({
      status: 400,
      data: { resetHref: "/feedback/list" },
    });
  });

  it("carriers and users whose contracting is locked may not open feedback (403)", async () => {
    upstream.on("GET /api/feedback_conversations", { json: listOf("") });
    expect((await as({ role: "Carrier" }, list.loader, get("/feedback/list"))).status).toBe(403);
    expect((await as(locked, list.loader, get("/feedback/list"))).status).toBe(403);
  });
});

describe("/feedback/:id: the thread", () => {
  it("opening a conversation with unread staff messages marks them read and names them new", async () => {
    upstream
      .on("GET /api/feedback_conversations/7", { json: { feedbackConversation: conversation(7, true) } })
      .on("POST /api/feedback_conversations/7/read", {
        json: { feedbackConversation: conversation(7, false), markedRead: [2] },
      });
    const answer = await as(agent, thread.loader, get("/feedback/7"), { id: "7" });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ newIds: [2], conversation: { id: 7 } });
    expect(upstream.writes().map((c) => c.path)).toEqual(["/api/feedback_conversations/7/read"]);
  });

  it("the read cannot be marked just now: the thread still shows, its staff messages still new", async () => {
    upstream
      .on("GET /api/feedback_conversations/7", { json: { feedbackConversation: conversation(7, true) } })
      .on("POST /api/feedback_conversations/7/read", { status: 503, json: { error: "down" } });
    const answer = await as(agent, thread.loader, get("/feedback/7"), { id: "7" });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ newIds: [2], conversation: { id: 7 } });
  });

  it("nothing unread: nothing is written", async () => {
    upstream.on("GET /api/feedback_conversations/7", { json: { feedbackConversation: conversation(7, false) } });
    const answer = await as(agent, thread.loader, get("/feedback/7"), { id: "7" });
    expect(answer.data).toMatchObject({ newIds: [] });
    expect(upstream.writes()).toEqual([]);
  });

  it("another user's conversation (the upstream's 404) and an id that is none are the 404 page; nothing is marked", async () => {
    upstream.on("GET /api/feedback_conversations/8", { status: 404, json: { error: "No feedback conversation" } });
    expect((await as(agent, thread.loader, get("/feedback/8"), { id: "8" })).status).toBe(404);
    expect((await as(agent, thread.loader, get("/feedback/abc"), { id: "abc" })).status).toBe(404);
    expect(upstream.writes()).toEqual([]);
  });

  it("a refused viewer's page load marks nothing read", async () => {
    upstream.on("GET /api/feedback_conversations/7", { json: { feedbackConversation: conversation(7, true) } });
    expect((await as(locked, thread.loader, get("/feedback/7"), { id: "7" })).status).toBe(403);
    expect(upstream.writes()).toEqual([]);
  });

  it("a reply goes to the upstream and back to the thread with a toast; an empty one is a 400 at the field", async () => {
    upstream.on("POST /api/feedback_conversations/7/messages", {
      json: { feedbackConversation: conversation(7, false) },
    });
    const sent = await as(agent, thread.action, post("/feedback/7", { message: "Thank you" }), { id: "7" });
    expect(sent).toMatchObject({ status: 302, location: "/feedback/7" });
    expect(await toastsOf(sent)).toEqual([{ type: "success", message: "Reply sent" }]);

    upstream.calls.length = 0;
    const empty = await as(agent, thread.action, post("/feedback/7", { message: "  " }), { id: "7" });
    expect(empty.status).toBe(400);
    expect((empty.data as { result: { error: Record<string, string[]> } }).result.error.message).toEqual([
      "Write your reply",
    ]);
    expect(upstream.writes()).toEqual([]);
  });

  it("a reply to another user's conversation is refused by the upstream and shown at the form, with the reply kept", async () => {
    upstream.on("POST /api/feedback_conversations/8/messages", {
      status: 404,
      json: { error: "No feedback conversation with id 8" },
    });
    const answer = await as(agent, thread.action, post("/feedback/8", { message: "Hello" }), { id: "8" });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      result: { initialValue: { message: "Hello" }, error: { "": ["No feedback conversation with id 8"] } },
    });
  });

  it("wrong role or state: carriers and locked users cannot reply; nothing reaches the upstream", async () => {
    for (const user of [{ role: "Carrier" as const }, locked]) {
      expect((await as(user, thread.action, post("/feedback/7", { message: "x" }), { id: "7" })).status).toBe(403);
    }
    expect(upstream.calls).toEqual([]);
  });
});

describe("/feedback/form: a new conversation", () => {
  const categories = () =>
    upstream.on("GET /api/feedback_conversations/categories", { json: { categories: ["Portal and website"] } });

  it("sends the fields, the rating and the idempotency key, then opens the new thread", async () => {
    categories().on("POST /api/feedback_conversations", {
      status: 201,
      json: { feedbackConversation: conversation(12, false) },
    });
    const fields = {
      subject: "Dark mode",
      category: "Portal and website",
      message: "Please",
      rating: "5",
      idempotencyKey: "key-1",
    };
    const answer = await as(agent, newConversation.action, post("/feedback/form", fields));
    expect(answer).toMatchObject({ status: 302, location: "/feedback/12" });
    const [write] = upstream.writes();
    expect(write?.body).toContain('name="rating"\r\n\r\n5');
    expect(write?.body).not.toContain("idempotencyKey");
  });

  it("invalid input is a 400 at the fields (an unknown category, a rating outside 1–5); nothing is written", async () => {
    categories();
    const fields = { subject: " ", category: "Gossip", message: "Hi", rating: "9" };
    const answer = await as(agent, newConversation.action, post("/feedback/form", fields));
    expect(answer.status).toBe(400);
    expect(Object.keys((answer.data as { error: Record<string, unknown> }).error)).toEqual(
      expect.arrayContaining(["subject", "category", "rating"]),
    );
    expect(upstream.writes()).toEqual([]);
  });

  it("wrong role or state is a 403 before anything is asked", async () => {
    for (const user of [{ role: "Carrier" as const }, locked]) {
      expect((await as(user, newConversation.action, post("/feedback/form", { subject: "x" }))).status).toBe(403);
    }
    expect(upstream.calls).toEqual([]);
  });
});
