import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  FeedbackCategoriesResponseSchema,
  FeedbackConversationReadSchema,
  FeedbackConversationResponseSchema,
  FeedbackConversationsResponseSchema,
  UnreadMessagesSchema,
  UnrespondedMessagesSchema,
} from "../../../app/.server/upstream/schemas/feedback.ts";
import { UPLOAD_WRONG_TYPE } from "../../../app/domain/uploads.ts";
import { IDEMPOTENCY_KEY_REUSED } from "../contracting/routes.ts";
import {
  INVALID_CATEGORY,
  INVALID_FILTER,
  INVALID_RATING,
  NO_FEEDBACK_FOR_CARRIERS,
  conversationNotFound,
} from "./feedback.ts";
import type { ReferenceApi } from "../index.ts";
import { tinyPdf } from "../contracting/seed.ts";
import { FEEDBACK_CATEGORIES, seedFeedbackConversations } from "./seed-feedback.ts";
import { expectError, formOf, startTestApi, tempDbPath, testClient, testSeed } from "../core/test-support.ts";

type List = z.infer<typeof FeedbackConversationsResponseSchema>;

const { remove: removeDb, dbPath } = tempDbPath("reference-api-feedback-");
let api: ReferenceApi;
const client = testClient(() => api.url);
const { tokenOf, send } = client;
const AGENT = "agent@demo.test";
const AGENCY = "agency@demo.test";
const ONBOARDED = "onboarded@demo.test";
const CARRIER = "carrier@demo.test";

async function list(email: string, query: Record<string, string | number> = {}): Promise<List> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return client.ok(FeedbackConversationsResponseSchema, "GET", `/api/feedback_conversations?${qs}`, {
    token: await tokenOf(email),
  });
}
const ids = (l: List) => l.feedbackConversations.map((c) => c.id);

async function counts(email: string) {
  const token = await tokenOf(email);
  const [unread, unresponded] = await Promise.all([
    client.ok(UnreadMessagesSchema, "GET", "/api/feedback_conversations/show_unread_messages", { token }),
    client.ok(UnrespondedMessagesSchema, "GET", "/api/feedback_conversations/show_unresponded_messages", { token }),
  ]);
  return [unread.unread_messages, unresponded.unresponded_messages];
}

async function post(email: string, path: string, fields: Record<string, string | [Blob, string]> = {}, headers = {}) {
  return send("POST", path, { token: await tokenOf(email), form: formOf(fields), headers });
}
const NEW = { subject: "Dark mode", category: "Portal and website", message: "Could the portal have a dark mode?" };
const resetUser = async (email: string) =>
  expect((await send("POST", "/__reset", { json: { email } })).status).toBe(204);

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

describe("the counts of spec §7 come from the conversations (issue 12)", () => {
  it("unread staff messages and conversations waiting for a reply, per seed account", async () => {
    expect(await counts(AGENT)).toEqual([3, 1]);
    expect(await counts(AGENCY)).toEqual([1, 2]);
    expect(await counts(ONBOARDED)).toEqual([2, 1]);
    expect(await counts("beta@demo.test")).toEqual([0, 1]);
    expect(await counts("loa@demo.test")).toEqual([0, 0]);
    expect(await counts("newagent@demo.test")).toEqual([0, 0]);
    expect(await counts(CARRIER)).toEqual([0, 0]);
  });

  it("the seed's table agrees with its conversations", () => {
    for (const c of seedFeedbackConversations(testSeed)) {
      expect(c.messages[0]!.fromStaff, `conversation ${c.id} starts with its owner`).toBe(false);
      const times = c.messages.map((m) => m.createdAt);
      expect(times, `conversation ${c.id} oldest first`).toEqual([...times].sort());
      expect(c.messages.every((m) => m.fromStaff || m.read)).toBe(true);
    }
  });
});

describe("GET /api/feedback_conversations", () => {
  it("lists the caller's own conversations, the most recent message first, with their markers", async () => {
    const all = await list(AGENT);
    expect(ids(all)).toEqual([22, 21, 23]);
    expect(all.meta).toMatchObject({ totalCount: 3, perPage: 25, sort: null });
    expect(all.feedbackConversations[0]).toMatchObject({
      subject: "Commission statements are hard to read on a phone",
      category: "Commissions",
      rating: 3,
      messageCount: 4,
      unreadCount: 3,
      awaitingReply: true,
      lastMessage: { author: "Grace Harper", fromStaff: true },
    });
    expect(all.feedbackConversations[0]!.lastMessage.excerpt.length).toBeLessThanOrEqual(140);
    expect(all.feedbackConversations[1]).toMatchObject({ unreadCount: 0, awaitingReply: false });
    expect(ids(await list(AGENCY))).toEqual([27, 26, 28]);
    expect((await list("newagent@demo.test")).feedbackConversations).toEqual([]);
  });

  it("filters the unread and the unresponded; searches the subject; sorts", async () => {
    expect(ids(await list(AGENCY, { filter: "unread" }))).toEqual([27]);
    expect(ids(await list(AGENCY, { filter: "unresponded" }))).toEqual([27, 26]);
    expect(ids(await list(AGENCY, { search: "INVITATIONS" }))).toEqual([26]);
    expect(ids(await list(AGENCY, { sort: "subject", order: "ASC" }))).toEqual([27, 26, 28]);
    expect(ids(await list(AGENCY, { sort: "createdAt", order: "DESC" }))).toEqual([26, 27, 28]);
    expect(ids(await list(AGENCY, { perPage: 5, page: 9 }))).toEqual([27, 26, 28]);
  });

  it("refuses an unknown filter (422) and carriers (403)", async () => {
    const token = await tokenOf(AGENT);
    expectError(await send("GET", "/api/feedback_conversations?filter=all", { token }), 422, INVALID_FILTER);
    expectError(
      await send("GET", "/api/feedback_conversations", { token: await tokenOf(CARRIER) }),
      403,
      NO_FEEDBACK_FOR_CARRIERS,
    );
    expect((await send("GET", "/api/feedback_conversations")).status).toBe(401);
  });

  it("lists the categories", async () => {
    const body = await client.ok(FeedbackCategoriesResponseSchema, "GET", "/api/feedback_conversations/categories", {
      token: await tokenOf(AGENT),
    });
    expect(body.categories).toEqual([...FEEDBACK_CATEGORIES]);
  });
});

describe("one conversation: ownership, read marking, replies", () => {
  it("another user's conversation, or an id that is none, is a 404 for every route", async () => {
    const token = await tokenOf(AGENCY);
    for (const [method, path] of [
      ["GET", "/api/feedback_conversations/22"],
      ["POST", "/api/feedback_conversations/22/read"],
      ["GET", "/api/feedback_conversations/999999"],
      ["GET", "/api/feedback_conversations/abc"],
    ] as const) {
      expect((await send(method, path, { token })).status, path).toBe(404);
    }
    expectError(
      await post(AGENCY, "/api/feedback_conversations/22/messages", { message: "Hi" }),
      404,
      conversationNotFound("22"),
    );
    // Nothing of agent@'s was read or answered by agency@.
    expect(await counts(AGENT)).toEqual([3, 1]);
  });

  it("GET reads without marking; POST …/read marks the staff messages read, once, and the unread count falls", async () => {
    await resetUser(ONBOARDED);
    const token = await tokenOf(ONBOARDED);
    const got = await client.ok(FeedbackConversationResponseSchema, "GET", "/api/feedback_conversations/30", { token });
    expect(got.feedbackConversation.messages.map((m) => [m.fromStaff, m.read])).toEqual([
      [false, true],
      [true, false],
      [true, false],
    ]);
    expect(await counts(ONBOARDED)).toEqual([2, 1]);

    const read = await client.ok(FeedbackConversationReadSchema, "POST", "/api/feedback_conversations/30/read", {
      token,
    });
    const staffIds = read.feedbackConversation.messages.filter((m) => m.fromStaff).map((m) => m.id);
    expect(read.markedRead).toEqual(staffIds);
    expect(read.feedbackConversation).toMatchObject({ unreadCount: 0, awaitingReply: true });
    expect(read.feedbackConversation.messages.every((m) => m.read)).toBe(true);
    // Still waiting for the reply: only the unread count falls.
    expect(await counts(ONBOARDED)).toEqual([0, 1]);
    const again = await client.ok(FeedbackConversationReadSchema, "POST", "/api/feedback_conversations/30/read", {
      token,
    });
    expect(again.markedRead).toEqual([]);
  });

  it("a reply is the last message: the conversation no longer waits, and its staff messages count as read", async () => {
    await resetUser(ONBOARDED);
    const response = await post(ONBOARDED, "/api/feedback_conversations/30/messages", {
      message: "  Yes, a weekly e-mail would be great.  ",
      attachment: [new Blob([tinyPdf("x")], { type: "application/pdf" }), "status.pdf"],
    });
    expect(response.status, response.text).toBe(200);
    const { feedbackConversation: c } = FeedbackConversationResponseSchema.parse(response.json);
    expect(c.messages.at(-1)).toMatchObject({
      author: "Michael Rossi",
      fromStaff: false,
      body: "Yes, a weekly e-mail would be great.",
      attachment: { name: "status.pdf", contentType: "application/pdf" },
    });
    expect(c).toMatchObject({ awaitingReply: false, unreadCount: 0, messageCount: 4 });
    expect(c.updatedAt).toBe(c.messages.at(-1)!.createdAt);
    expect(await counts(ONBOARDED)).toEqual([0, 0]);
    expectError(await post(ONBOARDED, "/api/feedback_conversations/30/messages", { message: " " }), 422);
  });
});

describe("POST /api/feedback_conversations", () => {
  it("starts a conversation with a rating and an attachment, read by its owner, waiting for staff", async () => {
    await resetUser(ONBOARDED);
    const response = await post(ONBOARDED, "/api/feedback_conversations", {
      ...NEW,
      rating: "4",
      attachment: [new Blob([tinyPdf("shot")], { type: "application/pdf" }), "screen.pdf"],
    });
    expect(response.status, response.text).toBe(201);
    const { feedbackConversation: c } = FeedbackConversationResponseSchema.parse(response.json);
    expect(c).toMatchObject({
      subject: "Dark mode",
      category: "Portal and website",
      rating: 4,
      messageCount: 1,
      unreadCount: 0,
      awaitingReply: false,
    });
    expect(c.messages[0]!.attachment?.name).toBe("screen.pdf");
    expect(ids(await list(ONBOARDED))[0]).toBe(c.id);
    expect(await counts(ONBOARDED)).toEqual([2, 1]);
    // Without a rating.
    const plain = await post(ONBOARDED, "/api/feedback_conversations", { ...NEW, rating: "" });
    expect(FeedbackConversationResponseSchema.parse(plain.json).feedbackConversation.rating).toBeNull();
  });

  it("is idempotent: the same key and request answer the first conversation again; another request with it is a 422", async () => {
    await resetUser(ONBOARDED);
    const headers = { "idempotency-key": "feedback-key-1" };
    const first = await post(ONBOARDED, "/api/feedback_conversations", NEW, headers);
    const second = await post(ONBOARDED, "/api/feedback_conversations", NEW, headers);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.json).toEqual(first.json);
    expect((await list(ONBOARDED)).meta.totalCount).toBe(3);
    expectError(
      await post(ONBOARDED, "/api/feedback_conversations", { ...NEW, subject: "Other" }, headers),
      422,
      IDEMPOTENCY_KEY_REUSED,
    );
  });

  it("refuses blank or unknown fields, a bad rating, a wrong attachment, and carriers", async () => {
    const blank = await post(ONBOARDED, "/api/feedback_conversations", { category: "Nope", rating: "6" });
    expectError(
      blank,
      422,
      ["subject can't be blank", INVALID_CATEGORY, "message can't be blank", INVALID_RATING].join("; "),
    );
    expectError(
      await post(ONBOARDED, "/api/feedback_conversations", {
        ...NEW,
        attachment: [new Blob(["x"], { type: "text/plain" }), "notes.txt"],
      }),
      422,
      UPLOAD_WRONG_TYPE,
    );
    expectError(await post(CARRIER, "/api/feedback_conversations", NEW), 403, NO_FEEDBACK_FOR_CARRIERS);
  });
});
