import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  type TicketSummary,
  TicketCategoriesResponseSchema,
  TicketResponseSchema,
  TicketsResponseSchema,
} from "../../../app/.server/upstream/schemas/tickets.ts";
import { UPLOAD_WRONG_TYPE } from "../../../app/domain/uploads.ts";
import { IDEMPOTENCY_KEY_REUSED } from "../contracting/routes.ts";
import type { ReferenceApi } from "../index.ts";
import { tinyPdf } from "../contracting/seed.ts";
import { TICKET_CATEGORIES, commissionInquiryStatement, seedTickets } from "./seed-tickets.ts";
import { SEED_DESK_FIRST_ID } from "./seed-desk.ts";
import {
  BLANK_REFERENCE,
  BLANK_SUBJECT,
  BROKERS_ONLY_TICKETS,
  CARRIERS_SEE_INQUIRIES_ONLY,
  CLOSE_NOT_ALLOWED,
  INVALID_CATEGORY,
  INVALID_CARRIER,
  INVALID_KIND,
  LOA_NO_INQUIRIES,
  TICKET_CLOSED,
} from "./tickets.ts";
import { expectError, formOf, startTestApi, tempDbPath, testClient, testSeed } from "../core/test-support.ts";

type Tickets = z.infer<typeof TicketsResponseSchema>;

const { remove: removeDb, dbPath } = tempDbPath("reference-api-tickets-");
let api: ReferenceApi;

const client = testClient(() => api.url);
const { tokenOf, send } = client;
const AGENT = "agent@demo.test";
const AGENCY = "agency@demo.test";
const CARRIER = "carrier@demo.test";
const ADMIN = "admin@demo.test";

async function list(email: string, query: Record<string, string | number>): Promise<Tickets> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return client.ok(TicketsResponseSchema, "GET", `/api/tickets?${qs}`, { token: await tokenOf(email) });
}
const ids = (t: { tickets: TicketSummary[] }) => t.tickets.map((x) => x.id);

const pdf = (text: string): [Blob, string] => [new Blob([tinyPdf(text)], { type: "application/pdf" }), "scan.pdf"];
const SUPPORT = {
  kind: "support",
  subject: "Cannot sign in on my phone",
  category: "Technical problem",
  message: "The app logs me out.",
};
const INQUIRY = {
  kind: "commission_inquiry",
  subject: "Missing bonus",
  reference: "Statement 2026-10",
  carrierId: "1",
  message: "Where is it?",
};

async function post(
  email: string,
  path: string,
  fields: Record<string, string | [Blob, string]>,
  headers?: Record<string, string>,
) {
  return send("POST", path, { token: await tokenOf(email), form: formOf(fields), headers });
}
async function get(email: string, id: number) {
  return send("GET", `/api/tickets/${id}`, { token: await tokenOf(email) });
}
const ticketOf = (response: { status: number; text: string; json: unknown }, status = 200) => {
  expect(response.status, response.text).toBe(status);
  return TicketResponseSchema.parse(response.json).ticket;
};
const resetUser = async (email: string) =>
  expect((await send("POST", "/__reset", { json: { email } })).status).toBe(204);

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

describe("GET /api/tickets/categories and /api/tickets", () => {
  it("lists the categories", async () => {
    const body = await client.ok(TicketCategoriesResponseSchema, "GET", "/api/tickets/categories", {
      token: await tokenOf(AGENT),
    });
    expect(body.categories).toEqual([...TICKET_CATEGORIES]);
    expect(body.categories).toEqual([
      "Contracting",
      "Commissions",
      "Technical problem",
      "Account and profile",
      "Other",
    ]);
  });

  it("lists each kind of the caller's own tickets, most recently updated first", async () => {
    const support = await list(AGENT, { kind: "support" });
    expect(ids(support)).toEqual([2, 1, 3]);
    expect(support.meta).toEqual({
      page: 1,
      currentPage: 1,
      perPage: 25,
      totalCount: 3,
      totalPages: 1,
      search: "",
      sort: null,
      order: "ASC",
      pageNumbers: [1],
    });
    expect(support.tickets.map((t) => t.status)).toEqual(["Open", "Answered", "Closed"]);
    expect(support.tickets[1]).toMatchObject({
      ownerName: "Maria Alvarez",
      messageCount: 2,
      reference: null,
      carrierName: null,
      kind: "support",
    });

    const inquiries = await list(AGENT, { kind: "commission_inquiry" });
    expect(ids(inquiries)).toEqual([4, 5]);
    expect(inquiries.tickets.map((t) => [t.status, t.reference, t.carrierName])).toEqual([
      ["Open", commissionInquiryStatement(testSeed), "Blue Harbor Health"],
      ["Answered", "MA-1744386", "Blue Harbor Health"],
    ]);
    expect(ids(await list(AGENCY, { kind: "support" }))).toEqual([6, 7]);
    expect((await list(AGENCY, { kind: "commission_inquiry" })).tickets).toEqual([]);
    expect((await list("loa@demo.test", { kind: "support" })).meta.totalCount).toBe(0);
    // An administrator sees everyone's: the demo accounts' and the support desk's seed (issue 22).
    expect(ids(await list(ADMIN, { kind: "support", search: "mailing address" }))).toEqual([2]);
    const everyone = await list(ADMIN, { kind: "support", perPage: 50 });
    expect(everyone.tickets.some((t) => t.id >= SEED_DESK_FIRST_ID)).toBe(true);
  });

  it("pages, sorts and searches", async () => {
    const admin = await list(ADMIN, { kind: "support", perPage: 5 });
    expect(admin.meta).toMatchObject({ perPage: 5, totalPages: Math.ceil(admin.meta.totalCount / 5) });
    expect(admin.meta.totalCount).toBeGreaterThan(100);
    const p2 = await list(AGENT, { kind: "support", perPage: 5, page: 9 });
    expect(p2.meta).toMatchObject({ page: 9, currentPage: 1, pageNumbers: [1] });
    expect((await list(AGENT, { kind: "support", perPage: 7 })).meta.perPage).toBe(25);

    const bySubject = await list(AGENT, { kind: "support", sort: "subject" });
    expect(bySubject.tickets.map((t) => t.subject)).toEqual([...bySubject.tickets.map((t) => t.subject)].sort());
    expect(bySubject.meta).toMatchObject({ sort: "subject", order: "ASC" });
    expect(ids(await list(AGENT, { kind: "support", sort: "createdAt", order: "DESC" }))).toEqual([2, 1, 3]);
    expect(ids(await list(AGENT, { kind: "support", sort: "createdAt" }))).toEqual([3, 1, 2]);
    expect((await list(AGENT, { kind: "support", sort: "status" })).tickets.map((t) => t.status)).toEqual([
      "Answered",
      "Closed",
      "Open",
    ]);
    expect(ids(await list(AGENT, { kind: "support", sort: "updatedAt" }))).toEqual([3, 1, 2]);
    expect((await list(AGENT, { kind: "support", sort: "nope" })).meta.sort).toBeNull();

    expect(ids(await list(AGENT, { kind: "commission_inquiry", search: "statement" }))).toEqual([4]);
    expect(ids(await list(AGENT, { kind: "commission_inquiry", search: "ma-1744" }))).toEqual([5]);
    expect(ids(await list(AGENT, { kind: "support", search: "MAILING" }))).toEqual([2]);
    expect((await list(AGENT, { kind: "support", search: "zzz" })).meta).toMatchObject({
      totalCount: 0,
      search: "zzz",
    });
  });

  it("refuses a missing kind (422) and callers without a token (401)", async () => {
    expectError(await send("GET", "/api/tickets", { token: await tokenOf(AGENT) }), 422, INVALID_KIND);
    expectError(await send("GET", "/api/tickets?kind=support"), 401);
  });

  it("shows a carrier only the inquiries addressed to it, never support tickets", async () => {
    expect(ids(await list(CARRIER, { kind: "commission_inquiry" }))).toEqual([4, 5]);
    expectError(
      await send("GET", "/api/tickets?kind=support", { token: await tokenOf(CARRIER) }),
      403,
      CARRIERS_SEE_INQUIRIES_ONLY,
    );
    expectError(await get(CARRIER, 1), 404);
    expect(ticketOf(await get(CARRIER, 5)).messages.map((m) => [m.author, m.fromStaff])).toEqual([
      ["Maria Alvarez", false],
      ["Kevin Walsh", true],
    ]);
  });
});

describe("GET /api/tickets/:id", () => {
  it("returns the owner's ticket with its messages in order; 404 for other users and unknown ids", async () => {
    const ticket = ticketOf(await get(AGENT, 1));
    const seed = seedTickets(testSeed).find((t) => t.id === 1)!;
    expect(ticket).toMatchObject({ id: 1, subject: seed.subject, status: "Answered", messageCount: 2 });
    expect(ticket.messages.map((m) => m.body)).toEqual(seed.messages.map((m) => m.body));
    expect(ticket.messages[1]).toMatchObject({ fromStaff: true, attachment: null });
    ticketOf(await get(ADMIN, 1));
    expectError(await get(AGENCY, 1), 404, "No ticket with id 1");
    expectError(await get("loa@demo.test", 4), 404);
    expectError(await get(AGENT, 9999), 404);
    expectError(await send("GET", "/api/tickets/abc", { token: await tokenOf(AGENT) }), 404);
  });
});

describe("POST /api/tickets", () => {
  it("opens a support ticket without and with a PDF attachment, downloadable by those who see it", async () => {
    await resetUser("newagent@demo.test");
    const plain = ticketOf(await post("newagent@demo.test", "/api/tickets", SUPPORT), 201);
    expect(plain).toMatchObject({
      kind: "support",
      status: "Open",
      subject: SUPPORT.subject,
      category: "Technical problem",
      messageCount: 1,
      ownerName: "Daniel Okafor",
    });
    expect(plain.messages).toEqual([
      expect.objectContaining({ author: "Daniel Okafor", fromStaff: false, body: SUPPORT.message, attachment: null }),
    ]);

    const withFile = ticketOf(
      await post("newagent@demo.test", "/api/tickets", { ...SUPPORT, attachment: pdf("screenshot") }),
      201,
    );
    const attachment = withFile.messages[0]!.attachment!;
    expect(attachment).toMatchObject({
      name: "scan.pdf",
      contentType: "application/pdf",
      size: tinyPdf("screenshot").byteLength,
    });
    expect(ids(await list("newagent@demo.test", { kind: "support" }))).toEqual([withFile.id, plain.id]);

    const path = `/api/tickets/${withFile.id}/attachments/${attachment.id}`;
    for (const email of ["newagent@demo.test", ADMIN]) {
      const download = await fetch(`${api.url}${path}`, {
        headers: { authorization: `Bearer ${await tokenOf(email)}` },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toBe("application/pdf");
      expect(download.headers.get("content-disposition")).toMatch(/^inline; filename="scan.pdf"/);
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(tinyPdf("screenshot"));
    }
    expectError(await send("GET", path, { token: await tokenOf(AGENT) }), 404);
    expectError(
      await send("GET", `/api/tickets/${plain.id}/attachments/${attachment.id}`, {
        token: await tokenOf("newagent@demo.test"),
      }),
      404,
    );
    await resetUser("newagent@demo.test");
  });

  it("refuses bad fields (422), wrong file types (422) and other roles (403)", async () => {
    const token = "newagent@demo.test";
    expectError(await post(token, "/api/tickets", { ...SUPPORT, subject: "  " }), 422, BLANK_SUBJECT);
    expectError(
      await post(token, "/api/tickets", { ...SUPPORT, subject: "x".repeat(121) }),
      422,
      "subject is too long (at most 120 characters)",
    );
    expectError(await post(token, "/api/tickets", { ...SUPPORT, category: "Gossip" }), 422, INVALID_CATEGORY);
    expectError(await post(token, "/api/tickets", { ...SUPPORT, message: "" }), 422, "message can't be blank");
    expectError(await post(token, "/api/tickets", { ...SUPPORT, kind: "bug" }), 422, INVALID_KIND);
    expectError(
      await post(token, "/api/tickets", {
        ...SUPPORT,
        attachment: [new Blob(["hi"], { type: "text/plain" }), "notes.txt"],
      }),
      422,
      UPLOAD_WRONG_TYPE,
    );
    expectError(
      await post(token, "/api/tickets", {
        ...SUPPORT,
        attachment: [new Blob(["<svg/>"], { type: "image/svg+xml" }), "logo.svg"],
      }),
      422,
      UPLOAD_WRONG_TYPE,
    );
    expectError(await post(token, "/api/tickets", { ...INQUIRY, carrierId: "999" }), 422, INVALID_CARRIER);
    expectError(await post(token, "/api/tickets", { ...INQUIRY, reference: "" }), 422, BLANK_REFERENCE);
    expectError(await post(ADMIN, "/api/tickets", SUPPORT), 403, BROKERS_ONLY_TICKETS);
    expectError(await post(CARRIER, "/api/tickets", INQUIRY), 403, BROKERS_ONLY_TICKETS);
    expectError(await post("loa@demo.test", "/api/tickets", INQUIRY), 403, LOA_NO_INQUIRIES);
    expectError(await send("POST", "/api/tickets", { token: await tokenOf(token), json: SUPPORT }), 415);
    expect((await list(token, { kind: "support" })).meta.totalCount).toBe(0);
  });

  it("replays the same Idempotency-Key without creating a second ticket", async () => {
    const email = "docs@demo.test";
    await resetUser(email);
    const headers = { "Idempotency-Key": "ticket-key-1" };
    const first = ticketOf(await post(email, "/api/tickets", INQUIRY, headers), 201);
    expect(first).toMatchObject({
      kind: "commission_inquiry",
      category: "Commissions",
      reference: "Statement 2026-10",
      carrierName: "Blue Harbor Health",
    });
    const again = await post(email, "/api/tickets", INQUIRY, headers);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(ticketOf(again, 201)).toEqual(first);
    expectError(
      await post(email, "/api/tickets", { ...INQUIRY, subject: "Other" }, headers),
      422,
      IDEMPOTENCY_KEY_REUSED,
    );
    expect(ids(await list(email, { kind: "commission_inquiry" }))).toEqual([first.id]);
    // The carrier sees the new inquiry addressed to it.
    expect(ids(await list(CARRIER, { kind: "commission_inquiry" }))).toContain(first.id);
    await resetUser(email);
    expect((await list(email, { kind: "commission_inquiry" })).tickets).toEqual([]);
  });
});

describe("replies and closing", () => {
  it("the carrier answers its inquiry (Answered); the owner's reply re-opens it; closed tickets refuse replies", async () => {
    await resetUser(AGENT);
    const answered = ticketOf(
      await post(CARRIER, "/api/tickets/4/messages", {
        message: "Paid on the next statement.",
        attachment: pdf("remittance"),
      }),
    );
    expect(answered.status).toBe("Answered");
    expect(answered.messages.at(-1)).toMatchObject({
      author: "Kevin Walsh",
      fromStaff: true,
      body: "Paid on the next statement.",
    });
    const fileId = answered.messages.at(-1)!.attachment!.id;
    const download = await fetch(`${api.url}/api/tickets/4/attachments/${fileId}`, {
      headers: { authorization: `Bearer ${await tokenOf(AGENT)}` },
    });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(tinyPdf("remittance"));

    const reopened = ticketOf(await post(AGENT, "/api/tickets/4/messages", { message: "Thanks, I will check." }));
    expect(reopened).toMatchObject({ status: "Open", messageCount: 3 });
    expect(ids(await list(AGENT, { kind: "commission_inquiry" }))[0]).toBe(4);

    expectError(await post(CARRIER, "/api/tickets/1/messages", { message: "hi" }), 404);
    expectError(await post(AGENCY, "/api/tickets/4/messages", { message: "hi" }), 404);
    expectError(await post(AGENT, "/api/tickets/4/messages", { message: " " }), 422, "message can't be blank");

    const admin = ticketOf(await post(ADMIN, "/api/tickets/2/messages", { message: "Done." }));
    expect(admin).toMatchObject({ status: "Answered" });
    expect(admin.messages.at(-1)).toMatchObject({ author: "Grace Harper", fromStaff: true });

    expectError(await post(AGENT, "/api/tickets/3/messages", { message: "One more thing" }), 422, TICKET_CLOSED);
    expectError(await send("POST", "/api/tickets/4/close", { token: await tokenOf(CARRIER) }), 403, CLOSE_NOT_ALLOWED);
    expectError(await send("POST", "/api/tickets/4/close", { token: await tokenOf(AGENCY) }), 404);
    const closed = ticketOf(await send("POST", "/api/tickets/4/close", { token: await tokenOf(AGENT) }));
    expect(closed.status).toBe("Closed");
    expectError(await post(CARRIER, "/api/tickets/4/messages", { message: "late" }), 422, TICKET_CLOSED);
    expect(ticketOf(await send("POST", "/api/tickets/2/close", { token: await tokenOf(ADMIN) })).status).toBe("Closed");

    // The per-user reset restores agent@'s tickets and messages.
    await resetUser(AGENT);
    const restored = ticketOf(await get(AGENT, 4));
    expect(restored).toMatchObject({ status: "Open", messageCount: 1 });
    expect(ticketOf(await get(AGENT, 2)).status).toBe("Open");
    expect(ids(await list(AGENT, { kind: "support" }))).toEqual([2, 1, 3]);
  });
});

describe("one conversation model: tickets and feedback share one store and one numbering", () => {
  it("reads each seeded ticket's status from its messages, as the seed says it is", async () => {
    for (const seed of seedTickets(testSeed)) {
      const owner = seed.userId === 1 ? AGENT : AGENCY;
      expect(ticketOf(await get(owner, seed.id)).status, `ticket ${seed.id}`).toBe(seed.status);
    }
  });

  it("a ticket's id is never a feedback conversation's, on the owner's side or the staff's", async () => {
    const token = await tokenOf(AGENT);
    // Ticket 1 and feedback conversation 21 are both agent@'s.
    expect((await send("GET", "/api/feedback_conversations/1", { token })).status).toBe(404);
    expect((await send("GET", "/api/feedback_conversations/21", { token })).status).toBe(200);
    expect((await send("GET", "/api/tickets/21", { token })).status).toBe(404);
    const admin = await tokenOf(ADMIN);
    expect((await send("GET", "/api/admin/feedback_conversations/1", { token: admin })).status).toBe(404);
    expect((await send("GET", "/api/admin/tickets/21", { token: admin })).status).toBe(404);
    expect((await send("GET", "/api/admin/tickets/1", { token: admin })).status).toBe(200);
  });

  it("a new ticket and a new feedback conversation take the next numbers of the one sequence", async () => {
    await resetUser(AGENT);
    const ticket = ticketOf(await post(AGENT, "/api/tickets", SUPPORT), 201);
    const feedback = await post(AGENT, "/api/feedback_conversations", {
      subject: "One numbering",
      category: "Other",
      message: "Hello",
    });
    expect(feedback.status, feedback.text).toBe(201);
    const started = (feedback.json as { feedbackConversation: { id: number } }).feedbackConversation;
    expect(started.id).toBeGreaterThan(ticket.id);
    expect((await get(AGENT, started.id)).status).toBe(404);
    await resetUser(AGENT);
  });
});
