import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { SUBMITTED_ENROLLMENT_STATUSES } from "../../../app/domain/enrollments.ts";
import { EXPORT_SENT } from "../book-of-business/routes.ts";
import type { ReferenceApi } from "../index.ts";
import { AGENT_LATEST_ENROLLMENT, seedSubmittedEnrollments } from "./seed.ts";
import { SEED_DOWNLINE_NODES } from "../downlines/seed.ts";
import { NO_SUBMITTED_ENROLLMENTS } from "./routes.ts";
import { expectError, startTestApi, tempDbPath, testClient, testSeed } from "../core/test-support.ts";

/* The contract of docs/upstream-api.md, stated here on its own (stricter than the portal's schemas). */
const EnrollmentSchema = z.strictObject({
  id: z.number().int().positive(),
  confirmationNumber: z.string().regex(/^SF-\d{4}-\d{4}$/),
  memberName: z.string().regex(/^[A-Z][a-z]+ [A-Z][A-Za-z]+$/),
  planName: z.string().min(1),
  productName: z.string().min(1),
  carrierId: z.number().int().positive(),
  carrierName: z.string().min(1),
  effectiveDate: z.string().regex(/^\d{4}-\d\d-01$/),
  status: z.enum(SUBMITTED_ENROLLMENT_STATUSES),
  submittedAt: z.string().datetime(),
  writingAgent: z.strictObject({ name: z.string().min(1), npnNumber: z.string().nullable() }),
});
const ListSchema = z.strictObject({
  enrollments: z.array(EnrollmentSchema),
  meta: z.strictObject({
    page: z.number().int().positive(),
    currentPage: z.number().int().positive(),
    perPage: z.union([z.literal(5), z.literal(10), z.literal(25), z.literal(50)]),
    totalCount: z.number().int().nonnegative(),
    totalPages: z.number().int().positive(),
    search: z.string(),
    sort: z.string().nullable(),
    order: z.enum(["ASC", "DESC"]),
    pageNumbers: z.array(z.number().int().positive()),
  }),
  filters: z.strictObject({
    statuses: z.array(z.enum(SUBMITTED_ENROLLMENT_STATUSES)),
    carriers: z.array(z.strictObject({ id: z.number().int().positive(), name: z.string() })),
  }),
});
type List = z.infer<typeof ListSchema>;

const { dbPath, remove: removeDb } = tempDbPath("reference-api-enrollments-");
let api: ReferenceApi;
const client = testClient(() => api.url);
const { tokenOf } = client;

beforeAll(async () => {
  api = await startTestApi(dbPath);
});
afterAll(async () => {
  await api.close();
  removeDb();
});

async function list(email: string, query: Record<string, string | number> = {}): Promise<List> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return client.ok(ListSchema, "GET", `/api/submitted_enrollments${qs ? `?${qs}` : ""}`, {
    token: await tokenOf(email),
  });
}

const seed = seedSubmittedEnrollments(testSeed);
const seedOf = (userId: number) => seed.filter((e) => e.userId === userId);
const downlineAgents = new Set(SEED_DOWNLINE_NODES.filter((n) => n.kind === "agent").map((n) => n.advisor));

describe("GET /api/submitted_enrollments: whose enrollments", () => {
  it("an agent sees their own, written by themselves, the newest submission first", async () => {
    const all = await list("agent@demo.test", { perPage: 50 });
    expect(all.meta.totalCount).toBe(seedOf(1).length);
    expect(new Set(all.enrollments.map((e) => e.writingAgent.name))).toEqual(new Set(["Maria Alvarez"]));
    const submitted = all.enrollments.map((e) => e.submittedAt);
    expect(submitted).toEqual([...submitted].sort().reverse());
    expect(all.enrollments[0]).toMatchObject(AGENT_LATEST_ENROLLMENT);
    // Every status shows in the demo.
    expect(new Set(all.filters.statuses)).toEqual(new Set(SUBMITTED_ENROLLMENT_STATUSES));
    expect(all.filters.carriers.map((c) => c.name).sort()).toEqual(
      ["Blue Harbor Health", "Evergreen Life & Health", "Summit Mutual"].sort(),
    );
  });

  it("an agency sees its own and its downline agents' enrollments, each with its writing agent", async () => {
    const all = await list("agency@demo.test", { perPage: 50 });
    expect(all.meta.totalCount).toBe(seedOf(5).length);
    expect(all.meta.totalCount).toBeGreaterThan(25);
    const writers = new Set(all.enrollments.map((e) => e.writingAgent.name));
    expect(writers).toContain("Linda Chen");
    const downline = [...writers].filter((w) => downlineAgents.has(w));
    expect(downline.length).toBeGreaterThanOrEqual(3);
    const deep = all.enrollments.find((e) => e.writingAgent.name === "Fiona Marsh");
    expect(deep?.writingAgent.npnNumber).toMatch(/^\d{8}$/);
    // Nobody else's.
    const others = new Set([...seedOf(1), ...seedOf(6)].map((e) => e.confirmationNumber));
    expect(all.enrollments.some((e) => others.has(e.confirmationNumber))).toBe(false);
  });

  it("the beta tester sees its own only; an admin sees everyone's; a carrier none (403)", async () => {
    const beta = await list("beta@demo.test", { perPage: 50 });
    expect(beta.meta.totalCount).toBe(seedOf(6).length);
    expect(new Set(beta.enrollments.map((e) => e.writingAgent.name))).toEqual(new Set(["Robert Nguyen"]));
    expect((await list("admin@demo.test")).meta.totalCount).toBe(seed.length);
    expectError(
      await client.send("GET", "/api/submitted_enrollments", { token: await tokenOf("carrier@demo.test") }),
      403,
      NO_SUBMITTED_ENROLLMENTS,
    );
    expect((await client.send("GET", "/api/submitted_enrollments")).status).toBe(401);
  });

  it("an agent with none gets an empty first page", async () => {
    const none = await list("newagent@demo.test");
    expect(none.enrollments).toEqual([]);
    expect(none.meta).toMatchObject({ totalCount: 0, totalPages: 1, currentPage: 1 });
    expect(none.filters).toEqual({ statuses: [], carriers: [] });
  });
});

describe("GET /api/submitted_enrollments: the table's state", () => {
  it("pages", async () => {
    const first = await list("agency@demo.test", { perPage: 10 });
    const second = await list("agency@demo.test", { perPage: 10, page: 2 });
    expect(first.enrollments).toHaveLength(10);
    expect(second.meta.currentPage).toBe(2);
    expect(second.enrollments[0]!.id).not.toBe(first.enrollments[0]!.id);
    expect(first.meta.totalPages).toBe(Math.ceil(seedOf(5).length / 10));
  });

  it("searches member, confirmation number, plan and writing agent, case-insensitively", async () => {
    expect((await list("agent@demo.test", { search: "eleanor whit" })).enrollments[0]?.confirmationNumber).toBe(
      AGENT_LATEST_ENROLLMENT.confirmationNumber,
    );
    const byNumber = await list("agent@demo.test", { search: AGENT_LATEST_ENROLLMENT.confirmationNumber });
    expect(byNumber.enrollments.map((e) => e.memberName)).toEqual([AGENT_LATEST_ENROLLMENT.memberName]);
    const byAgent = await list("agency@demo.test", { search: "helen park", perPage: 50 });
    expect(byAgent.enrollments.length).toBeGreaterThan(0);
    expect(byAgent.enrollments.every((e) => e.writingAgent.name === "Helen Park")).toBe(true);
    expect((await list("agent@demo.test", { search: "zzz-nothing" })).meta.totalCount).toBe(0);
  });

  it("sorts by each column, both ways", async () => {
    for (const [sort, value] of [
      ["memberName", (e: List["enrollments"][number]) => e.memberName.toLowerCase()],
      ["effectiveDate", (e: List["enrollments"][number]) => e.effectiveDate],
      ["writingAgent", (e: List["enrollments"][number]) => e.writingAgent.name.toLowerCase()],
      ["carrierName", (e: List["enrollments"][number]) => e.carrierName.toLowerCase()],
    ] as const) {
      for (const order of ["ASC", "DESC"] as const) {
        const values = (await list("agency@demo.test", { sort, order, perPage: 50 })).enrollments.map(value);
        const sorted = [...values].sort();
        expect(values, `${sort} ${order}`).toEqual(order === "ASC" ? sorted : sorted.reverse());
      }
    }
  });

  it("filters by status and carrier; a malformed filter is a 422", async () => {
    const rejected = await list("agency@demo.test", { status: "Rejected", perPage: 50 });
    expect(rejected.enrollments.length).toBeGreaterThan(0);
    expect(rejected.enrollments.every((e) => e.status === "Rejected")).toBe(true);
    // The filter's choices stay the whole list's.
    expect(rejected.filters.statuses.length).toBeGreaterThan(1);
    const summit = await list("agency@demo.test", { carrierId: 2, perPage: 50 });
    expect(summit.enrollments.every((e) => e.carrierName === "Summit Mutual")).toBe(true);
    const token = await tokenOf("agent@demo.test");
    expectError(await client.send("GET", "/api/submitted_enrollments?status=Approved", { token }), 422);
    expectError(await client.send("GET", "/api/submitted_enrollments?carrierId=x", { token }), 422);
  });
});

describe("POST /api/submitted_enrollments/export", () => {
  it("answers 202 'Download was sent to your email'; a carrier is refused", async () => {
    const ok = await client.send("POST", "/api/submitted_enrollments/export?status=Enrolled", {
      token: await tokenOf("agency@demo.test"),
    });
    expect(ok.status).toBe(202);
    expect(ok.json).toEqual({ message: EXPORT_SENT });
    expectError(
      await client.send("POST", "/api/submitted_enrollments/export", { token: await tokenOf("carrier@demo.test") }),
      403,
    );
  });
});
