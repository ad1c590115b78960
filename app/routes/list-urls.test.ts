import { describe, expect, it } from "vitest";
import { pagingMeta, tableQueryFrom } from "~/domain/table";
import {
  type Answer,
  answerOf,
  contextFor,
  get,
  post,
  viewerFor,
  withFakeUpstream,
} from "../../tests/support/server-harness";
import * as bookOfBusiness from "./book_of_business";
import { loader as carrierTicketsLoader } from "./carrier.tickets";
import { loader as commissionInquiryLoader } from "./commission_inquiry";
import { loader as commissionsLoader } from "./commissions";
import { loader as downlinesLoader } from "./downlines";
import { loader as myTicketsLoader } from "./my_tickets";
import { loader as registerDownlinesLoader } from "./register_downlines";

/**
 * Issue 11 point 8, ADR 020: bad input in a list's URL never gives a 5xx. What the portal can check is
 * normalised before the upstream is asked (and named in a note); what only the upstream can judge, when it
 * refuses it, is the page's 400 with a link to the list without filters.
 */
const upstream = withFakeUpstream();

const meta = (query = "") => pagingMeta(tableQueryFrom(new URLSearchParams(query), []), 0);
const book = (query: string) => ({
  policies: [],
  meta: meta(query),
  filters: {
    statuses: ["Active"],
    products: [{ id: 3, name: "Medicare Advantage" }],
    carriers: [{ id: 1, name: "Blue Harbor Health" }],
  },
});

const agent = () => viewerFor({ role: "Agent" });
const load = async (loader: (args: never) => unknown, path: string, viewer = agent()): Promise<Answer> =>
  answerOf(loader, get(path), contextFor(viewer));
const queryOf = (path: string) => upstream.calls.find((c) => c.path === path)?.query ?? null;
const ignoredOf = (answer: Answer) => (answer.data as { ignored: string[] }).ignored;

describe("book of business: values the portal can check are ignored with a note, never a 5xx", () => {
  const answerBook = () => upstream.on("GET /api/book_of_business", (call) => ({ json: book(call.query) }));

  it.each([
    ["?page=abc", "", ["page"]],
    ["?page=-1", "", ["page"]],
    ["?page=99999999999999999999", "", ["page"]],
    ["?perPage=7", "", ["perPage"]],
    ["?sort=evil", "", ["sort"]],
    ["?order=sideways", "", ["order"]],
    ["?status=Nope", "", ["status"]],
    ["?productId=abc", "", ["productId"]],
    ["?status=a&status=b", "", ["status"]],
    ["?status=Active&status=Pending", "", ["status"]],
    ["?page=%00", "", ["page"]],
    ["?sort=memberName%00", "", ["sort"]],
    ["?page=%E0%A4%A&order=%", "", ["page", "order"]],
    [
      "?page=2&perPage=10&sort=status&order=desc&status=Active&productId=3",
      "?page=2&perPage=10&sort=status&order=DESC&status=Active&productId=3",
      [],
    ],
  ])("%s asks the upstream for %s and ignores %j", async (search, sent, ignored) => {
    answerBook();
    const answer = await load(bookOfBusiness.loader, `/book_of_business${search}`);
    expect(answer.status).toBe(200);
    expect(queryOf("/api/book_of_business")).toBe(sent);
    expect(ignoredOf(answer)).toEqual(ignored);
  });

  it("a very long filter value is ignored like any other it does not know", async () => {
    answerBook();
    const answer = await load(
      bookOfBusiness.loader,
      `/book_of_business?status=${"x".repeat(5000)}&productId=${"9".repeat(5000)}`,
    );
    expect(answer.status).toBe(200);
    expect(queryOf("/api/book_of_business")).toBe("");
    expect(ignoredOf(answer)).toEqual(["status", "productId"]);
  });

  it("a search with %00 and of any length reaches the upstream cleaned and cut, without a note", async () => {
    answerBook();
    const answer = await load(bookOfBusiness.loader, `/book_of_business?search=%00ann${"e".repeat(300)}`);
    expect(answer.status).toBe(200);
    expect(new URLSearchParams(queryOf("/api/book_of_business")!).get("search")).toBe(`ann${"e".repeat(97)}`);
    expect(ignoredOf(answer)).toEqual([]);
  });

  it("the filters the page shows selected are the checked ones", async () => {
    answerBook();
    const answer = await load(bookOfBusiness.loader, "/book_of_business?status=Nope&productId=3&carrierId=x");
    expect((answer.data as { selected: unknown }).selected).toEqual({ status: "", productId: "3", carrierId: "" });
  });

  it.each([400, 404, 422])(
    "an upstream %i to the list (a filter it does not know) is a 400 with a link without filters",
    async (status) => {
      upstream.on("GET /api/book_of_business", { status, json: { error: "productId: unknown product" } });
      const answer = await load(bookOfBusiness.loader, "/book_of_business?productId=999999&page=2");
      expect(answer.status).toBe(400);
      expect(answer.data).toEqual({ resetHref: "/book_of_business" });
    },
  );

  it("a product or carrier the upstream's own choices do not offer is the same 400", async () => {
    answerBook();
    expect(await load(bookOfBusiness.loader, "/book_of_business?productId=999999")).toMatchObject({
      status: 400,
      data: { resetHref: "/book_of_business" },
    });
    expect((await load(bookOfBusiness.loader, "/book_of_business?carrierId=999999")).status).toBe(400);
    expect((await load(bookOfBusiness.loader, "/book_of_business?carrierId=1&productId=3")).status).toBe(200);
  });

  it("an upstream fault is still a fault: a 500 stays a 502 page", async () => {
    upstream.on("GET /api/book_of_business", { status: 500, json: { error: "boom" } });
    expect((await load(bookOfBusiness.loader, "/book_of_business?status=Active")).status).toBe(502);
  });

  it("the export asks for the same checked values", async () => {
    upstream.on("POST /api/book_of_business/export", { json: { message: "Download was sent to your email" } });
    const answer = await answerOf(
      bookOfBusiness.action,
      post("/book_of_business?status=Nope&page=2&sort=evil", {}),
      contextFor(agent()),
    );
    expect(answer.status).toBe(302);
    expect(queryOf("/api/book_of_business/export")).toBe("?page=2");
  });
});

describe("commissions: a malformed period is ignored, an unknown one is the upstream's 400", () => {
  const statements = (period: string | null) => ({
    lines: [],
    meta: meta(),
    summary: null,
    periods: ["2026-02"],
    period,
  });

  it("?period=2026-13 asks for the newest statement and says the period was ignored", async () => {
    upstream
      .on("GET /api/commissions/statements", { json: statements("2026-02") })
      .on("GET /api/commissions/payouts", { json: { payouts: [] } });
    const answer = await load(commissionsLoader, "/commissions?period=2026-13&perPage=7");
    expect(answer.status).toBe(200);
    expect(queryOf("/api/commissions/statements")).toBe("");
    expect(ignoredOf(answer)).toEqual(["perPage", "period"]);
  });

  it("a well-formed period the upstream does not know (its 422) is a 400 with a link without filters", async () => {
    upstream
      .on("GET /api/commissions/statements", { status: 422, json: { error: "Unknown period" } })
      .on("GET /api/commissions/payouts", { json: { payouts: [] } });
    const answer = await load(commissionsLoader, "/commissions?period=2019-01");
    expect(answer).toMatchObject({ status: 400, data: { resetHref: "/commissions" } });
    expect(queryOf("/api/commissions/statements")).toBe("?period=2019-01");
  });
});

describe("ticket lists and invitations: the same rule", () => {
  // Each page read by a viewer who may open it (a loader refuses the others: requireViewer).
  const broker = agent();
  const carrier = viewerFor({ role: "Carrier" });
  const ticketPages = [
    ["/my_tickets", myTicketsLoader, "support", broker],
    ["/commission_inquiry", commissionInquiryLoader, "commission_inquiry", broker],
    ["/carrier/tickets", carrierTicketsLoader, "commission_inquiry", carrier],
  ] as const;

  it.each(ticketPages)("%s ignores a bad sort, order and page with a note", async (path, loader, kind, viewer) => {
    upstream.on("GET /api/tickets", { json: { tickets: [], meta: meta() } });
    const answer = await load(loader, `${path}?sort=evil&order=sideways&page=abc&search=x`, viewer);
    expect(answer.status).toBe(200);
    expect(queryOf("/api/tickets")).toBe(`?kind=${kind}&search=x`);
    expect(ignoredOf(answer)).toEqual(["page", "sort", "order"]);
  });

  it.each(ticketPages)(
    "%s answers 400, not 502, when the upstream refuses the list",
    async (path, loader, _kind, viewer) => {
      upstream.on("GET /api/tickets", { status: 400, json: { error: "bad query" } });
      expect(await load(loader, `${path}?page=2`, viewer)).toMatchObject({ status: 400, data: { resetHref: path } });
    },
  );

  it("register downlines ignores a per-page size it does not offer, and answers 400 for a refused list", async () => {
    upstream.on("GET /api/downline_invitations", { json: { invitations: [], meta: meta(), levels: [] } });
    const agency = viewerFor({ role: "Agency" });
    const answer = await load(registerDownlinesLoader, "/register_downlines?perPage=7&order=DESC", agency);
    expect(answer.status).toBe(200);
    expect(queryOf("/api/downline_invitations")).toBe("?order=DESC");
    expect(ignoredOf(answer)).toEqual(["perPage"]);

    upstream.reset();
    upstream.on("GET /api/downline_invitations", { status: 422, json: { error: "bad" } });
    expect((await load(registerDownlinesLoader, "/register_downlines", agency)).status).toBe(400);
  });
});

describe("downlines: a contract status it does not know is ignored with a note", () => {
  it("?status=Nope and a repeated status leave the filter off and say so; a known one is kept", async () => {
    upstream.on("GET /api/downlines/carriers", { json: { carriers: [] } });
    const agency = viewerFor({ role: "Agency", npnId: 5001 });
    for (const search of ["?status=Nope", "?status=active&status=pending"]) {
      const answer = await load(downlinesLoader, `/downlines${search}`, agency);
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ status: "", ignored: ["status"] });
    }
    expect((await load(downlinesLoader, "/downlines?status=active", agency)).data).toMatchObject({
      status: "active",
      ignored: [],
    });
  });
});
