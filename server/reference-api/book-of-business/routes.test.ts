import { pathToFileURL } from "node:url";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_SEARCH_LENGTH } from "../../../app/domain/table.ts";
import { EXPORT_SENT, NO_BOOK_OF_BUSINESS } from "./routes.ts";
import type { ReferenceApi } from "../index.ts";
import { SEED_BOOK_SIZES, bulkBookSizes } from "./seed.ts";
import { expectError, startTestApi, tempDbPath, testClient } from "../core/test-support.ts";

/* The contract of docs/upstream-api.md, stated here on its own (stricter than the portal's schemas). */
const STATUSES = ["Active", "Pending", "Terminated", "Canceled"] as const;
const IdName = z.strictObject({ id: z.number().int().positive(), name: z.string().min(1) });
const PolicySchema = z.strictObject({
  id: z.number().int().positive(),
  memberName: z.string().regex(/^[A-Z][a-z]+ [A-Z][A-Za-z']+$/),
  status: z.enum(STATUSES),
  productName: z.string().min(1),
  productId: z.number().int().positive(),
  carrierName: z.string().min(1),
  carrierId: z.number().int().positive(),
  // An ISO day (the seed's dates follow today's: a year in the pattern failed the test once the seed reached 2027).
  effectiveDate: z.iso.date(),
  policyNumber: z.string().regex(/^[A-Z]{2,3}-\d{7}$/),
});
type Policy = z.infer<typeof PolicySchema>;
const MetaSchema = z.strictObject({
  page: z.number().int().positive(),
  currentPage: z.number().int().positive(),
  perPage: z.union([z.literal(5), z.literal(10), z.literal(25), z.literal(50)]),
  totalCount: z.number().int().nonnegative(),
  totalPages: z.number().int().positive(),
  search: z.string(),
  sort: z.enum(["memberName", "status", "productName", "carrierName", "effectiveDate"]).nullable(),
  order: z.enum(["ASC", "DESC"]),
  pageNumbers: z.array(z.number().int().positive()).min(1).max(5),
});
const BookSchema = z.strictObject({
  policies: z.array(PolicySchema),
  meta: MetaSchema,
  filters: z.strictObject({
    statuses: z.array(z.enum(STATUSES)),
    products: z.array(IdName),
    carriers: z.array(IdName),
  }),
});
type Book = z.infer<typeof BookSchema>;
const ExportSchema = z.strictObject({ message: z.literal(EXPORT_SENT) });

const { dbPath, remove: removeDb } = tempDbPath("reference-api-book-");
let api: ReferenceApi;

const client = testClient(() => api.url);
const { tokenOf } = client;
const send = async (method: string, path: string, token?: string, json?: unknown) =>
  client.send(method, path, { token, json });

async function book(email: string, query: Record<string, string | number> = {}): Promise<Book> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const path = `/api/book_of_business${qs ? `?${qs}` : ""}`;
  const response = await send("GET", path, await tokenOf(email));
  expect(response.status, `GET ${path}: ${response.text}`).toBe(200);
  return BookSchema.parse(response.json);
}

/** Every policy of the query, page by page (perPage 50). */
async function allPages(email: string, query: Record<string, string | number> = {}): Promise<Policy[]> {
  const first = await book(email, { ...query, perPage: 50, page: 1 });
  const rest = [];
  for (let page = 2; page <= first.meta.totalPages; page++) rest.push(book(email, { ...query, perPage: 50, page }));
  return [first, ...(await Promise.all(rest))].flatMap((b) => b.policies);
}

async function exportsOf(userId: number) {
  const client = createClient({ url: pathToFileURL(dbPath).href });
  try {
    const result = await client.execute({ sql: "SELECT * FROM exports WHERE user_id = ? ORDER BY id", args: [userId] });
    return result.rows.map((r) => ({
      kind: String(r.kind),
      params: JSON.parse(String(r.params)) as Record<string, unknown>,
      createdAt: String(r.created_at),
    }));
  } finally {
    client.close();
  }
}

const sizeOf = (userId: number) => SEED_BOOK_SIZES.find(([id]) => id === userId)?.[1] ?? 0;

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

describe("GET /api/book_of_business", () => {
  it("pages agency@'s 320 policies: 25 per page by default, 13 pages, page numbers centred", async () => {
    const first = await book("agency@demo.test");
    expect(first.meta).toEqual({
      page: 1,
      currentPage: 1,
      perPage: 25,
      totalCount: 320,
      totalPages: 13,
      search: "",
      sort: null,
      order: "ASC",
      pageNumbers: [1, 2, 3, 4, 5],
    });
    expect(first.policies).toHaveLength(25);
    // Default order: by id.
    expect(first.policies.map((p) => p.id)).toEqual([...first.policies.map((p) => p.id)].sort((a, b) => a - b));

    expect((await book("agency@demo.test", { page: 2 })).meta.pageNumbers).toEqual([1, 2, 3, 4, 5]);
    expect((await book("agency@demo.test", { page: 7 })).meta.pageNumbers).toEqual([5, 6, 7, 8, 9]);
    const last = await book("agency@demo.test", { page: 13 });
    expect(last.meta).toMatchObject({ page: 13, currentPage: 13, pageNumbers: [9, 10, 11, 12, 13] });
    expect(last.policies).toHaveLength(20);

    const pages = await Promise.all(
      Array.from({ length: 13 }, async (_, i) => book("agency@demo.test", { page: i + 1 })),
    );
    const ids = pages.flatMap((p) => p.policies.map((x) => x.id));
    expect(ids).toHaveLength(320);
    expect(new Set(ids).size).toBe(320);
    expect(new Set(pages.flatMap((p) => p.policies.map((x) => x.policyNumber))).size).toBe(320);
  });

  it("accepts perPage 5, 10, 25 and 50 and falls back to 25 otherwise", async () => {
    for (const [perPage, totalPages] of [
      [5, 64],
      [10, 32],
      [25, 13],
      [50, 7],
    ] as const) {
      const { meta, policies } = await book("agency@demo.test", { perPage });
      expect(meta).toMatchObject({ perPage, totalPages, totalCount: 320 });
      expect(policies).toHaveLength(perPage);
    }
    for (const perPage of ["7", "100", "abc", "0", "-5"]) {
      expect((await book("agency@demo.test", { perPage })).meta).toMatchObject({ perPage: 25, totalPages: 13 });
    }
  });

  it("answers a page beyond the last with the last page's rows (currentPage = last)", async () => {
    const last = await book("agency@demo.test", { page: 13 });
    const beyond = await book("agency@demo.test", { page: 99 });
    expect(beyond.meta).toMatchObject({ page: 99, currentPage: 13, totalPages: 13, pageNumbers: [9, 10, 11, 12, 13] });
    expect(beyond.policies).toEqual(last.policies);
    const agent = await book("agent@demo.test", { page: 5, perPage: 50 });
    expect(agent.meta).toMatchObject({ currentPage: 2, totalPages: 2, pageNumbers: [1, 2] });
    expect(agent.policies).toHaveLength(10);
    // A malformed page is page 1.
    expect((await book("agency@demo.test", { page: "abc" })).meta).toMatchObject({ page: 1, currentPage: 1 });
  });

  const SORTS = {
    memberName: (p: Policy) => p.memberName.toLowerCase(),
    status: (p: Policy) => p.status,
    productName: (p: Policy) => p.productName,
    carrierName: (p: Policy) => p.carrierName,
    effectiveDate: (p: Policy) => p.effectiveDate,
  } as const;

  for (const [sort, key] of Object.entries(SORTS)) {
    it(`sorts by ${sort} ASC and DESC (ties by id)`, async () => {
      const asc = await allPages("agent@demo.test", { sort, order: "ASC" });
      const desc = await allPages("agent@demo.test", { sort, order: "desc" });
      expect(asc).toHaveLength(60);
      const expected = [...asc].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        return x < y ? -1 : x > y ? 1 : a.id - b.id;
      });
      expect(asc.map((p) => p.id)).toEqual(expected.map((p) => p.id));
      expect(desc.map((p) => p.id)).toEqual([...expected].reverse().map((p) => p.id));
      expect(new Set(asc.map(key)).size, `more than one ${sort} value`).toBeGreaterThan(1);
      const { meta } = await book("agent@demo.test", { sort, order: "desc" });
      expect(meta).toMatchObject({ sort, order: "DESC" });
    });
  }

  it("ignores an unknown sort (null, by id) and an unknown order (ASC)", async () => {
    const { meta, policies } = await book("agent@demo.test", {
      sort: "policyNumber; DROP TABLE policies",
      order: "sideways",
    });
    expect(meta).toMatchObject({ sort: null, order: "ASC" });
    expect(policies.map((p) => p.id)).toEqual([...policies.map((p) => p.id)].sort((a, b) => a - b));
    const byIdDesc = await book("agent@demo.test", { order: "DESC" });
    expect(byIdDesc.meta.sort).toBeNull();
    expect(byIdDesc.policies[0]!.id).toBeGreaterThan(byIdDesc.policies[1]!.id);
  });

  it("searches member names and policy numbers (case-insensitive substring)", async () => {
    const all = await allPages("agency@demo.test");
    const lastName = all[0]!.memberName.split(" ")[1]!;
    const found = await allPages("agency@demo.test", { search: lastName.toUpperCase() });
    expect(found.map((p) => p.id)).toEqual(
      all.filter((p) => p.memberName.toLowerCase().includes(lastName.toLowerCase())).map((p) => p.id),
    );
    expect(found.length).toBeGreaterThan(0);
    const meta = (await book("agency@demo.test", { search: ` ${lastName.toLowerCase()} ` })).meta;
    expect(meta).toMatchObject({ search: lastName.toLowerCase(), totalCount: found.length });

    const target = all[17]!;
    const byNumber = await book("agency@demo.test", { search: target.policyNumber.toLowerCase() });
    expect(byNumber.policies).toEqual([target]);
    const prefix = await allPages("agency@demo.test", { search: "ma-" });
    expect(prefix.length).toBeGreaterThan(0);
    expect(prefix.every((p) => p.policyNumber.startsWith("MA-") && p.productName === "Medicare Advantage")).toBe(true);

    // The portal's search cap: a longer search is cut where the portal's table cuts it.
    const long = await book("agency@demo.test", { search: ` ${"z".repeat(MAX_SEARCH_LENGTH + 50)}` });
    expect(long.meta.search).toBe("z".repeat(MAX_SEARCH_LENGTH));

    const none = await book("agency@demo.test", { search: "zzz-no-such-member" });
    expect(none.policies).toEqual([]);
    expect(none.meta).toMatchObject({ totalCount: 0, totalPages: 1, currentPage: 1, pageNumbers: [1] });
    // Search within another account's book finds nothing of agency@'s.
    const elsewhere = await allPages("agent@demo.test", { search: target.policyNumber });
    expect(elsewhere).toEqual([]);
  });

  it("filters by status, product and carrier, and lists the filter values of the caller's book", async () => {
    const all = await allPages("agency@demo.test");
    const { filters } = await book("agency@demo.test");
    expect(filters.statuses).toEqual(STATUSES.filter((s) => all.some((p) => p.status === s)));
    expect(filters.statuses).toEqual(["Active", "Pending", "Terminated", "Canceled"]);
    expect(filters.products).toEqual(
      [...new Map(all.map((p) => [p.productId, { id: p.productId, name: p.productName }])).values()].sort(
        (a, b) => a.id - b.id,
      ),
    );
    expect(filters.carriers.map((c) => c.id).sort()).toEqual([...new Set(all.map((p) => p.carrierId))].sort());
    expect(filters.carriers.map((c) => c.name)).toEqual([...filters.carriers.map((c) => c.name)].sort());

    // Mostly active.
    expect(all.filter((p) => p.status === "Active").length).toBeGreaterThan(all.length / 2);
    let total = 0;
    for (const status of filters.statuses) {
      const rows = await allPages("agency@demo.test", { status });
      expect(rows.map((p) => p.id)).toEqual(all.filter((p) => p.status === status).map((p) => p.id));
      total += rows.length;
    }
    expect(total).toBe(320);

    const product = filters.products[0]!;
    const carrier = all.find((p) => p.productId === product.id)!.carrierId;
    const both = await allPages("agency@demo.test", { productId: product.id, carrierId: carrier, status: "Active" });
    expect(both.length).toBeGreaterThan(0);
    expect(both.map((p) => p.id)).toEqual(
      all
        .filter((p) => p.productId === product.id && p.carrierId === carrier && p.status === "Active")
        .map((p) => p.id),
    );
    // The filter lists do not narrow with the filters (they describe the whole book).
    expect((await book("agency@demo.test", { productId: product.id })).filters).toEqual(filters);
    // Empty values mean no filter.
    expect((await book("agency@demo.test", { status: "", productId: "", carrierId: "" })).meta.totalCount).toBe(320);

    const token = await tokenOf("agency@demo.test");
    expectError(
      await send("GET", "/api/book_of_business?status=active", token),
      422,
      "status must be one of Active, Pending, Terminated, Canceled",
    );
    expectError(
      await send("GET", "/api/book_of_business?productId=abc", token),
      422,
      "productId must be a positive integer",
    );
    expectError(
      await send("GET", "/api/book_of_business?carrierId=0", token),
      422,
      "carrierId must be a positive integer",
    );
  });

  it("gives each account its own book, admins every policy, newagent@ an empty one", async () => {
    for (const [email, userId] of [
      ["agent@demo.test", 1],
      ["loa@demo.test", 3],
      ["docs@demo.test", 4],
      ["beta@demo.test", 6],
    ] as const) {
      expect((await book(email)).meta.totalCount, email).toBe(sizeOf(userId));
    }
    expect(sizeOf(1)).toBe(60);
    expect([3, 4, 6].map(sizeOf)).toEqual([15, 15, 15]);
    const total = SEED_BOOK_SIZES.reduce((n, [, count]) => n + count, 0);
    expect(total).toBe(425);
    // The admin sees every book: the demo accounts' and the bulk agents' (issue 23), 4 policies each.
    const everyone = total + bulkBookSizes().reduce((n, [, count]) => n + count, 0);
    const admin = await book("admin@demo.test");
    expect(admin.meta).toMatchObject({ totalCount: everyone, totalPages: Math.ceil(everyone / 25) });

    for (const email of ["newagent@demo.test", "onboarding@demo.test", "onboarded@demo.test"]) {
      const empty = await book(email, { page: 3 });
      expect(empty).toEqual({
        policies: [],
        meta: {
          page: 3,
          currentPage: 1,
          perPage: 25,
          totalCount: 0,
          totalPages: 1,
          search: "",
          sort: null,
          order: "ASC",
          pageNumbers: [1],
        },
        filters: { statuses: [], products: [], carriers: [] },
      });
    }
  });

  it("refuses carriers (403) and callers without a token (401)", async () => {
    const token = await tokenOf("carrier@demo.test");
    expectError(await send("GET", "/api/book_of_business", token), 403, NO_BOOK_OF_BUSINESS);
    expectError(await send("POST", "/api/book_of_business/export", token), 403, NO_BOOK_OF_BUSINESS);
    expectError(await send("GET", "/api/book_of_business"), 401, "Unauthorized Request");
    expectError(await send("POST", "/api/book_of_business/export"), 401, "Unauthorized Request");
    expect(await exportsOf(10)).toEqual([]);
  });
});

describe("POST /api/book_of_business/export", () => {
  it("answers 202 'Download was sent to your email' and records the export (query or JSON body)", async () => {
    await api.reset();
    const token = await tokenOf("agency@demo.test");
    const byQuery = await send(
      "POST",
      "/api/book_of_business/export?status=Pending&sort=memberName&order=DESC&search=a",
      token,
    );
    expect(byQuery.status, byQuery.text).toBe(202);
    ExportSchema.parse(byQuery.json);
    const pending = (await book("agency@demo.test", { status: "Pending", search: "a" })).meta.totalCount;

    const byBody = await send("POST", "/api/book_of_business/export", token, { productId: 1, carrierId: "2" });
    expect(byBody.status, byBody.text).toBe(202);
    ExportSchema.parse(byBody.json);

    const recorded = await exportsOf(5);
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toMatchObject({
      kind: "book_of_business",
      params: {
        search: "a",
        sort: "memberName",
        order: "DESC",
        status: "Pending",
        productId: null,
        carrierId: null,
        totalCount: pending,
      },
    });
    expect(recorded[1]!.params).toMatchObject({
      search: "",
      sort: null,
      order: "ASC",
      status: null,
      productId: 1,
      carrierId: 2,
    });
    expect(new Date(recorded[0]!.createdAt).toString()).not.toBe("Invalid Date");

    // An empty book may be exported too; a malformed filter is refused and not recorded.
    expect((await send("POST", "/api/book_of_business/export", await tokenOf("newagent@demo.test"))).status).toBe(202);
    expect(await exportsOf(2)).toHaveLength(1);
    expectError(await send("POST", "/api/book_of_business/export", token, { status: "Lapsed" }), 422);
    expect(await exportsOf(5)).toHaveLength(2);

    // Resetting one account forgets its exports and restores its policies; the others are kept.
    expect((await send("POST", "/__reset", undefined, { email: "agency@demo.test" })).status).toBe(204);
    expect(await exportsOf(5)).toEqual([]);
    expect(await exportsOf(2)).toHaveLength(1);
    expect((await book("agency@demo.test")).meta.totalCount).toBe(320);
    await api.reset();
    expect(await exportsOf(2)).toEqual([]);
  });
});
