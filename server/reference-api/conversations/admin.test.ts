import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AdminConversationResponseSchema,
  AdminConversationsResponseSchema,
  AdminConversationWriteSchema,
  ConversationBulkResultSchema,
} from "../../../app/admin/sections/tickets/contract.server.ts";
import {
  FeedbackConversationReadSchema,
  FeedbackConversationResponseSchema,
  UnrespondedMessagesSchema as UnrespondedSchema,
} from "../../../app/.server/upstream/schemas/feedback.ts";
import { TicketResponseSchema } from "../../../app/.server/upstream/schemas/tickets.ts";
import { ADMIN_ONLY_AREA } from "../admin/admin-support.ts";
import type { ReferenceApi } from "../index.ts";
import { expectError, expectFields, sqlite, startTestApi, tempDbPath, testClient } from "../core/test-support.ts";
import { CONVERSATION_CLOSED, NOT_AN_ADMIN } from "./admin.ts";

const { remove: removeDb, dbPath } = tempDbPath("reference-api-admin-conversations-");
let api: ReferenceApi;
const bodies: string[] = [];
const { send, ok, tokenOf } = testClient(() => api.url, {
  jsonContentTypeOnly: true,
  onBody: (text) => bodies.push(text),
});
const admin = async () => tokenOf("admin@demo.test");
const agent = async () => tokenOf("agent@demo.test");
const UnreadSchema = z.object({ unread_messages: z.number() });

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

describe("the support desk's seed", () => {
  it("holds at least 150 tickets and 60 feedback conversations in every state, assigned and not, with notes", async () => {
    const db = sqlite(dbPath);
    try {
      const one = async (sql: string) => Number((await db.execute(sql)).rows[0]![0]);
      const tickets = "FROM conversations WHERE kind IN ('support', 'commission_inquiry')";
      expect(await one(`SELECT COUNT(*) ${tickets}`)).toBeGreaterThanOrEqual(150);
      expect(await one("SELECT COUNT(*) FROM conversations WHERE kind = 'feedback'")).toBeGreaterThanOrEqual(60);
      expect(await one(`SELECT COUNT(DISTINCT carrier_id) ${tickets}`)).toBeGreaterThanOrEqual(4);
      // Notes on both kinds.
      expect(
        await one(
          "SELECT COUNT(DISTINCT c.kind = 'feedback') FROM conversation_notes n JOIN conversations c ON c.id = n.conversation_id",
        ),
      ).toBe(2);
    } finally {
      db.close();
    }
    for (const resource of ["tickets", "feedback_conversations"]) {
      for (const status of ["open", "answered", "closed"]) {
        const list = await ok(AdminConversationsResponseSchema, "GET", `/api/admin/${resource}?status=${status}`, {
          token: await admin(),
        });
        expect(list.meta.totalCount, `${resource} ${status}`).toBeGreaterThan(5);
        expect(list.records.every((r) => r.status === status)).toBe(true);
      }
      const none = await ok(AdminConversationsResponseSchema, "GET", `/api/admin/${resource}?assigneeId=none`, {
        token: await admin(),
      });
      expect(none.records.every((r) => r.assignee === null)).toBe(true);
      const old = await ok(AdminConversationsResponseSchema, "GET", `/api/admin/${resource}?age=91%2B`, {
        token: await admin(),
      });
      expect(old.meta.totalCount).toBeGreaterThan(0);
      expect(old.records.every((r) => r.waitingDays >= 91)).toBe(true);
    }
  });
});

describe("GET /api/admin/tickets", () => {
  it("answers 403 to anyone but an administrator", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/tickets"],
      ["GET", "/api/admin/feedback_conversations/21"],
      ["POST", "/api/admin/tickets/2/messages"],
      ["POST", "/api/admin/tickets/2/notes"],
      ["PATCH", "/api/admin/feedback_conversations/22"],
      ["POST", "/api/admin/tickets/bulk_assign"],
    ] as const) {
      const json = method === "GET" ? undefined : {};
      expectError(await send(method, path, { token: await agent(), json }), 403, ADMIN_ONLY_AREA);
    }
  });

  it("puts the conversations awaiting staff first, the longest waiting first; filters by kind and carrier", async () => {
    const list = await ok(AdminConversationsResponseSchema, "GET", "/api/admin/tickets?perPage=50&assigneeId=none", {
      token: await admin(),
    });
    const rank = list.records.map((r) => ["open", "answered", "closed"].indexOf(r.status));
    expect(rank).toEqual([...rank].sort((a, b) => a - b));
    const firstNotOpen = list.records.findIndex((r) => r.status !== "open");
    expect(firstNotOpen).toBeGreaterThan(0);
    const open = list.records.slice(0, firstNotOpen);
    expect(open.map((r) => r.waitingDays)).toEqual([...open.map((r) => r.waitingDays)].sort((a, b) => b - a));
    const inquiries = await ok(
      AdminConversationsResponseSchema,
      "GET",
      "/api/admin/tickets?kind=commission_inquiry&carrierId=2",
      { token: await admin() },
    );
    expect(inquiries.meta.totalCount).toBeGreaterThan(0);
    expect(inquiries.records.every((r) => r.kind === "commission_inquiry" && r.carrier?.id === 2)).toBe(true);
    expect(list.facets.kind.map((f) => f.value)).toEqual(["support", "commission_inquiry"]);
  });

  it("a seeded conversation's history has what the staff did in it: the assignment, the answers, the notes", async () => {
    const token = await admin();
    for (const resource of ["tickets", "feedback_conversations"]) {
      const list = await ok(
        AdminConversationsResponseSchema,
        "GET",
        `/api/admin/${resource}?status=closed&perPage=100`,
        {
          token,
        },
      );
      const seeded = list.records.find((r) => r.assignee && r.notesCount > 0 && r.lastMessage.fromStaff)!;
      expect(seeded, resource).toBeDefined();
      const { history } = await ok(AdminConversationResponseSchema, "GET", `/api/admin/${resource}/${seeded.id}`, {
        token,
      });
      // Newest first, as every record's history.
      expect([...history.map((h) => h.at)]).toEqual(
        history
          .map((h) => h.at)
          .sort()
          .reverse(),
      );
      expect(history.map((h) => h.action).sort()).toEqual(["answered", "assigned", "closed", "note_added"]);
      const assigned = history.find((h) => h.action === "assigned")!;
      expect(assigned.changes).toEqual([{ field: "assignee", from: null, to: seeded.assignee!.name }]);
      expect(assigned.actor.name).toBe(seeded.assignee!.name);
    }
  });

  it("refuses a malformed filter with 422 { error, fields }", async () => {
    const fields = expectFields(await send("GET", "/api/admin/tickets?kind=feedback&age=9", { token: await admin() }));
    expect(Object.keys(fields).sort()).toEqual(["age", "kind"]);
  });

  it("exports the filtered list as CSV", async () => {
    const response = await send("GET", "/api/admin/feedback_conversations/export?status=closed", {
      token: await admin(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const lines = response.text.trim().split("\r\n");
    expect(lines[0]).toMatch(/^ID,Kind,Subject/);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.slice(1).every((l) => l.includes(",Closed,"))).toBe(true);
  });
});

describe("answering a ticket", () => {
  it("shows a public answer to its owner and the carrier, never an internal note", async () => {
    const token = await admin();
    const note = "Internal: the carrier's file is late again";
    await ok(AdminConversationWriteSchema, "POST", "/api/admin/tickets/4/notes", { token, json: { note } }, 201);
    const answered = await ok(
      AdminConversationWriteSchema,
      "POST",
      "/api/admin/tickets/4/messages",
      { token, json: { message: "We asked Blue Harbor Health for the statement lines." } },
      201,
    );
    expect(answered.record.status).toBe("answered");
    const one = await ok(AdminConversationResponseSchema, "GET", "/api/admin/tickets/4", { token });
    expect(one.thread.map((e) => e.kind)).toEqual(["message", "note", "message"]);
    expect(one.history.map((h) => h.action)).toEqual(["answered", "note_added"]);

    bodies.length = 0;
    for (const who of ["agent@demo.test", "carrier@demo.test"]) {
      const seen = await ok(TicketResponseSchema, "GET", "/api/tickets/4", { token: await tokenOf(who) });
      expect(seen.ticket.status).toBe("Answered");
      expect(seen.ticket.messages.at(-1)).toMatchObject({
        fromStaff: true,
        body: "We asked Blue Harbor Health for the statement lines.",
      });
      expect(seen.ticket.messageCount).toBe(2);
      await send("GET", "/api/tickets?kind=commission_inquiry", { token: await tokenOf(who) });
    }
    expect(bodies.join("\n")).not.toContain(note);
  });

  it("closes, refuses an answer while closed, reopens and assigns", async () => {
    const token = await admin();
    const closed = await ok(AdminConversationWriteSchema, "PATCH", "/api/admin/tickets/2", {
      token,
      json: { status: "closed" },
    });
    expect(closed.record.status).toBe("closed");
    const seen = await ok(TicketResponseSchema, "GET", "/api/tickets/2", { token: await agent() });
    expect(seen.ticket.status).toBe("Closed");
    const refused = expectFields(
      await send("POST", "/api/admin/tickets/2/messages", { token, json: { message: "Hello" } }),
    );
    expect(refused).toEqual({ message: [CONVERSATION_CLOSED] });
    const reopened = await ok(AdminConversationWriteSchema, "PATCH", "/api/admin/tickets/2", {
      token,
      json: { status: "open", assigneeId: 9 },
    });
    expect(reopened.record).toMatchObject({ status: "open", assignee: { id: 9, name: "Grace Harper" } });
    expect(expectFields(await send("PATCH", "/api/admin/tickets/2", { token, json: { assigneeId: 1 } }))).toEqual({
      assigneeId: [NOT_AN_ADMIN],
    });
    const bulk = await ok(ConversationBulkResultSchema, "POST", "/api/admin/tickets/bulk_assign", {
      token,
      json: { ids: [1, 2, 3, 99999], assigneeId: null },
    });
    expect(bulk.done).toBe(3);
    const history = await ok(AdminConversationResponseSchema, "GET", "/api/admin/tickets/2", { token });
    expect(history.history.map((h) => h.action)).toEqual(["assigned", "reopened", "assigned", "closed"]);
  });

  it("refuses a blank answer and an unknown conversation", async () => {
    const token = await admin();
    expect(Object.keys(expectFields(await send("POST", "/api/admin/tickets/1/messages", { token, json: {} })))).toEqual(
      ["message"],
    );
    expectError(await send("GET", "/api/admin/tickets/99999", { token }), 404);
    expectError(await send("PATCH", "/api/admin/feedback_conversations/abc", { token, json: {} }), 404);
  });
});

describe("answering a feedback conversation", () => {
  it("raises its owner's unread count until they read it; the owner's reply reopens a closed one", async () => {
    const token = await admin();
    const unread = async () =>
      (await ok(UnreadSchema, "GET", "/api/feedback_conversations/show_unread_messages", { token: await agent() }))
        .unread_messages;
    const before = await unread();
    await ok(
      AdminConversationWriteSchema,
      "POST",
      "/api/admin/feedback_conversations/21/messages",
      { token, json: { message: "Thanks, Maria: we passed it on." } },
      201,
    );
    expect(await unread()).toBe(before + 1);
    await ok(FeedbackConversationReadSchema, "POST", "/api/feedback_conversations/21/read", { token: await agent() });
    expect(await unread()).toBe(before);

    // Answered last by staff: it waits for Maria's reply, until staff close it; she is told it is closed.
    const owners = async () =>
      (await ok(FeedbackConversationResponseSchema, "GET", "/api/feedback_conversations/21", { token: await agent() }))
        .feedbackConversation;
    const unresponded = async () =>
      (
        await ok(UnrespondedSchema, "GET", "/api/feedback_conversations/show_unresponded_messages", {
          token: await agent(),
        })
      ).unresponded_messages;
    expect(await owners()).toMatchObject({ awaitingReply: true, closedAt: null });
    const waiting = await unresponded();
    await ok(AdminConversationWriteSchema, "PATCH", "/api/admin/feedback_conversations/21", {
      token,
      json: { status: "closed" },
    });
    const closed = await owners();
    expect(closed.awaitingReply).toBe(false);
    expect(closed.closedAt).toEqual(expect.any(String));
    expect(await unresponded()).toBe(waiting - 1);
    const form = new FormData();
    form.append("message", "One more thing.");
    expect((await send("POST", "/api/feedback_conversations/21/messages", { token: await agent(), form })).status).toBe(
      200,
    );
    const after = await ok(AdminConversationResponseSchema, "GET", "/api/admin/feedback_conversations/21", { token });
    expect(after.record.status).toBe("open");
    expect((await owners()).closedAt).toBeNull();
  });
});
