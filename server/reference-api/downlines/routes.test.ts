import { pathToFileURL } from "node:url";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { ExportResponseSchema } from "../../../app/.server/upstream/schemas/book-of-business.ts";
import {
  DOWNLINE_BRANCHES_MAX,
  DownlineBranchesResponseSchema,
  DownlineCarriersResponseSchema,
  DownlinesResponseSchema,
  PolicyDetailsResponseSchema,
} from "../../../app/.server/upstream/schemas/downlines.ts";
import { EXPORT_SENT } from "../book-of-business/routes.ts";
import {
  AGENCIES_ONLY,
  EXPORT_KIND,
  INVALID_CONTRACT_STATUSES,
  INVALID_NPN_IDS,
  INVALID_POLICY_STATUS,
  RTS_STATUSES,
} from "./routes.ts";
import type { ReferenceApi } from "../index.ts";
import {
  DOWNLINE_BAYFRONT_NPN,
  DOWNLINE_COASTAL_NPN,
  DOWNLINE_LAKESIDE_NPN,
  DOWNLINE_NO_ACTIVE_POLICIES_NPN,
  DOWNLINE_ROOT,
  SEED_DOWNLINE_NODES,
  seedDownlinePolicies,
} from "./seed.ts";
import { ErrorSchema, startTestApi, tempDbPath, testClient, testSeed } from "../core/test-support.ts";

const SEED_DOWNLINE_POLICIES = seedDownlinePolicies(testSeed);

const { dbPath, remove: removeDb } = tempDbPath("reference-api-downlines-");
let api: ReferenceApi;

const client = testClient(() => api.url);
const { tokenOf } = client;
const send = async (method: string, path: string, token?: string) => client.send(method, path, { token });
const post = async (path: string, json: unknown) => (await client.send("POST", path, { json })).status;

async function get<T>(schema: z.ZodType<T>, path: string, email = "agency@demo.test"): Promise<T> {
  const response = await send("GET", path, await tokenOf(email));
  expect(response.status, `GET ${path}: ${response.text}`).toBe(200);
  return schema.parse(response.json);
}

async function expectError(path: string, status: number, error: string, email = "agency@demo.test") {
  const response = await send("GET", path, await tokenOf(email));
  expect(response.status, response.text).toBe(status);
  expect(ErrorSchema.parse(response.json).error).toBe(error);
}

const downlines = async (carrierId: number, npnId: number, contractStatuses?: string) =>
  get(
    DownlinesResponseSchema,
    `/api/downlines/${carrierId}/agency/${npnId}${contractStatuses === undefined ? "" : `?contractStatuses=${contractStatuses}`}`,
  ).then((r) => r.downlines);

const policies = async (carrierId: number, npnId: number, query = "", email?: string) =>
  get(PolicyDetailsResponseSchema, `/api/downlines/${carrierId}/policies/${npnId}${query}`, email).then(
    (r) => r.policyDetails,
  );

/** Active policies of the seed for these agents and carrier. */
const activeCount = (npnIds: number[], carrierId: number) =>
  SEED_DOWNLINE_POLICIES.filter((p) => npnIds.includes(p.npnId) && p.carrierId === carrierId && p.status === "Active")
    .length;

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

describe("seed", () => {
  it("gives every agent 3–12 policies per carrier, Peter Vance none active", () => {
    const agents = SEED_DOWNLINE_NODES.filter((n) => n.kind === "agent");
    expect(agents).toHaveLength(11);
    for (const agent of agents) {
      for (const carrierId of [1, 2, 3, 4]) {
        const own = SEED_DOWNLINE_POLICIES.filter((p) => p.npnId === agent.npnId && p.carrierId === carrierId);
        expect(own.length).toBeGreaterThanOrEqual(3);
        expect(own.length).toBeLessThanOrEqual(12);
        expect(own.some((p) => p.status === "Active")).toBe(agent.npnId !== DOWNLINE_NO_ACTIVE_POLICIES_NPN);
      }
    }
  });
});

describe("GET /api/downlines/carriers", () => {
  it("lists four carriers of the contracting seed", async () => {
    const { carriers } = await get(DownlineCarriersResponseSchema, "/api/downlines/carriers");
    expect(carriers).toEqual([
      { id: 1, name: "Blue Harbor Health" },
      { id: 2, name: "Summit Mutual" },
      { id: 3, name: "Evergreen Life & Health" },
      { id: 4, name: "Pioneer Benefits" },
    ]);
    await get(DownlineCarriersResponseSchema, "/api/downlines/carriers", "admin@demo.test");
  });
});

describe("GET /api/downlines/:carrierId/agency/:npnId", () => {
  it("shows agency@'s 2 sub-agencies and 4 direct agents, with counts per carrier", async () => {
    const { agencies, agents } = await downlines(1, DOWNLINE_ROOT.npnId);
    expect(agencies.map((a) => [a.npnId, a.advisor, a.agentCount])).toEqual([
      [DOWNLINE_COASTAL_NPN, "Coastal Senior Advisors", 4],
      [DOWNLINE_LAKESIDE_NPN, "Lakeside Insurance Group", 3],
    ]);
    expect(agencies[0]!.activePolicyCount).toBe(activeCount([5211, 5212, 5221, 5222], 1));
    expect(agencies[1]!.activePolicyCount).toBe(activeCount([5231, 5232, 5233], 1));
    expect(agencies[0]!.rtsStatus).toEqual(RTS_STATUSES.RTS);
    expect(agents.map((a) => [a.npnId, a.advisor, a.status, a.rtsStatus.statusCode])).toEqual([
      [5203, "Omar Haddad", "Terminated", "NRTS"],
      [DOWNLINE_NO_ACTIVE_POLICIES_NPN, "Peter Vance", "Active", "RTS"],
      [5202, "Rebecca Lin", "Pending", "PEND"],
      [5201, "Samuel Ortiz", "Active", "RTS"],
    ]);
    for (const agent of agents) {
      expect(agent.agentWritingNumber).toBe(`AWN-${agent.npnId}`);
      expect(agent.activePolicyCount).toBe(activeCount([agent.npnId], 1));
    }
    expect(agents.find((a) => a.advisor === "Peter Vance")!.activePolicyCount).toBe(0);
    expect(agents.find((a) => a.advisor === "Samuel Ortiz")!.activePolicyCount).toBeGreaterThan(0);

    // Counts are per carrier; Samuel Ortiz is Active but not ready to sell for carrier 4.
    const four = await downlines(4, DOWNLINE_ROOT.npnId);
    expect(four.agents.find((a) => a.npnId === 5201)!.rtsStatus).toEqual(RTS_STATUSES.NRTS);
    expect(four.agents.find((a) => a.npnId === 5201)!.activePolicyCount).toBe(activeCount([5201], 4));
  });

  it("recurses: Coastal has Bayfront and 2 agents; Bayfront 2 agents and no sub-agency", async () => {
    const coastal = await downlines(2, DOWNLINE_COASTAL_NPN);
    expect(coastal.agencies.map((a) => [a.advisor, a.agentCount, a.level])).toEqual([
      ["Bayfront Benefits", 2, "Agency Level 1"],
    ]);
    expect(coastal.agents.map((a) => a.advisor)).toEqual(["Angela Moretti", "Derek Sutton"]);
    const bayfront = await downlines(2, DOWNLINE_BAYFRONT_NPN);
    expect(bayfront.agencies).toEqual([]);
    expect(bayfront.agents.map((a) => [a.advisor, a.activePolicyCount])).toEqual([
      ["Fiona Marsh", activeCount([5221], 2)],
      ["Gabriel Reyes", activeCount([5222], 2)],
    ]);
    // An admin may view any agency's downline.
    const admin = await get(
      DownlinesResponseSchema,
      `/api/downlines/2/agency/${DOWNLINE_BAYFRONT_NPN}`,
      "admin@demo.test",
    );
    expect(admin.downlines).toEqual(bayfront);
  });

  it("filters agents by contract status, and agencies by having a matching agent", async () => {
    const pending = await downlines(1, DOWNLINE_ROOT.npnId, "pending");
    expect(pending.agents.map((a) => a.advisor)).toEqual(["Rebecca Lin"]);
    // Coastal's subtree has Gabriel Reyes (pending); Lakeside has no pending agent for carrier 1.
    expect(pending.agencies.map((a) => [a.advisor, a.agentCount])).toEqual([["Coastal Senior Advisors", 1]]);

    const activePending = await downlines(1, DOWNLINE_ROOT.npnId, "active,pending");
    expect(activePending.agents.map((a) => a.advisor)).toEqual(["Peter Vance", "Rebecca Lin", "Samuel Ortiz"]);
    expect(activePending.agencies.map((a) => [a.advisor, a.agentCount])).toEqual([
      ["Coastal Senior Advisors", 4],
      ["Lakeside Insurance Group", 2],
    ]);
    expect((await downlines(1, DOWNLINE_ROOT.npnId, "")).agents).toHaveLength(4);
    expect((await downlines(1, DOWNLINE_ROOT.npnId, "Terminated")).agents.map((a) => a.advisor)).toEqual([
      "Omar Haddad",
    ]);
    await expectError(
      `/api/downlines/1/agency/${DOWNLINE_ROOT.npnId}?contractStatuses=active,bogus`,
      422,
      INVALID_CONTRACT_STATUSES,
    );
  });
});

describe("GET /api/downlines/:carrierId/agencies?npnIds= (several branches in one call)", () => {
  const branches = async (carrierId: number, query: string, email?: string) =>
    get(DownlineBranchesResponseSchema, `/api/downlines/${carrierId}/agencies?${query}`, email);

  it("answers each asked agency's branch exactly as the one-agency call, in the asked order", async () => {
    const asked = [DOWNLINE_ROOT.npnId, DOWNLINE_COASTAL_NPN, DOWNLINE_BAYFRONT_NPN, DOWNLINE_LAKESIDE_NPN];
    for (const carrierId of [1, 3]) {
      const result = await branches(carrierId, `npnIds=${asked.join(",")}`);
      expect(result.notFound).toEqual([]);
      expect(result.branches.map((b) => b.npnId)).toEqual(asked);
      for (const branch of result.branches) {
        const { npnId, ...rest } = branch;
        expect(rest).toEqual(await downlines(carrierId, npnId));
      }
    }
  });

  it("applies the contract-status filter as the one-agency call does", async () => {
    const result = await branches(1, `npnIds=${DOWNLINE_ROOT.npnId},${DOWNLINE_COASTAL_NPN}&contractStatuses=pending`);
    expect(result.branches[0]).toEqual({
      npnId: DOWNLINE_ROOT.npnId,
      ...(await downlines(1, DOWNLINE_ROOT.npnId, "pending")),
    });
    expect(result.branches[1]).toEqual({
      npnId: DOWNLINE_COASTAL_NPN,
      ...(await downlines(1, DOWNLINE_COASTAL_NPN, "pending")),
    });
    await expectError(
      `/api/downlines/1/agencies?npnIds=${DOWNLINE_ROOT.npnId}&contractStatuses=bogus`,
      422,
      INVALID_CONTRACT_STATUSES,
    );
  });

  it("lists unknown, foreign and agent npnIds as notFound; repeats collapse", async () => {
    const result = await branches(2, `npnIds=${DOWNLINE_COASTAL_NPN},99999,1006,5201,${DOWNLINE_COASTAL_NPN}`);
    expect(result.branches.map((b) => b.npnId)).toEqual([DOWNLINE_COASTAL_NPN]);
    expect(result.notFound).toEqual([99999, 1006, 5201]);
    // beta@ sees only its own (empty) tree; an admin any agency's.
    const beta = await branches(2, `npnIds=1006,${DOWNLINE_COASTAL_NPN}`, "beta@demo.test");
    expect(beta).toEqual({ branches: [{ npnId: 1006, agencies: [], agents: [] }], notFound: [DOWNLINE_COASTAL_NPN] });
    const admin = await branches(2, `npnIds=1006,${DOWNLINE_COASTAL_NPN}`, "admin@demo.test");
    expect(admin.branches.map((b) => b.npnId)).toEqual([1006, DOWNLINE_COASTAL_NPN]);
  });

  it(`takes 1 to ${DOWNLINE_BRANCHES_MAX} npnIds; more, none or a malformed one is 422`, async () => {
    const many = Array.from({ length: DOWNLINE_BRANCHES_MAX }, (_, i) => 90_000 + i);
    const atCap = await branches(1, `npnIds=${[DOWNLINE_ROOT.npnId, ...many.slice(1)].join(",")}`);
    expect(atCap.branches).toHaveLength(1);
    expect(atCap.notFound).toHaveLength(DOWNLINE_BRANCHES_MAX - 1);
    await expectError(
      `/api/downlines/1/agencies?npnIds=${[DOWNLINE_ROOT.npnId, ...many].join(",")}`,
      422,
      INVALID_NPN_IDS,
    );
    await expectError("/api/downlines/1/agencies", 422, INVALID_NPN_IDS);
    await expectError("/api/downlines/1/agencies?npnIds=", 422, INVALID_NPN_IDS);
    await expectError(`/api/downlines/1/agencies?npnIds=${DOWNLINE_ROOT.npnId},abc`, 422, INVALID_NPN_IDS);
    await expectError(`/api/downlines/1/agencies?npnIds=${DOWNLINE_ROOT.npnId},-3`, 422, INVALID_NPN_IDS);
    await expectError(`/api/downlines/9/agencies?npnIds=${DOWNLINE_ROOT.npnId}`, 404, "No carrier with id 9");
    await expectError(`/api/downlines/1/agencies?npnIds=${DOWNLINE_ROOT.npnId}`, 403, AGENCIES_ONLY, "agent@demo.test");
    expect((await send("GET", `/api/downlines/1/agencies?npnIds=${DOWNLINE_ROOT.npnId}`)).status).toBe(401);
  });
});

describe("GET /api/downlines/:carrierId/policies/:npnId", () => {
  it("lists an agent's active policies for the carrier (default), or all", async () => {
    const details = await policies(3, 5201);
    expect(details.advisor).toEqual({
      name: "Samuel Ortiz",
      npnNumber: "30005201",
      upline: "Chen Senior Benefits Group",
      isAgency: false,
    });
    expect(details.policies.map((p) => p.id).sort((a, b) => a - b)).toEqual(
      SEED_DOWNLINE_POLICIES.filter((p) => p.npnId === 5201 && p.carrierId === 3 && p.status === "Active").map(
        (p) => p.id,
      ),
    );
    for (const p of details.policies) {
      expect(p).toMatchObject({ status: "Active", upline: null, agentName: null, npnNumber: null });
    }
    const all = await policies(3, 5201, "?status=all");
    expect(all.policies).toHaveLength(
      SEED_DOWNLINE_POLICIES.filter((p) => p.npnId === 5201 && p.carrierId === 3).length,
    );
    await expectError("/api/downlines/3/policies/5201?status=bogus", 422, INVALID_POLICY_STATUS);
  });

  it("lists every policy of an agency's subtree, with upline, agent name and NPN", async () => {
    const details = await policies(1, DOWNLINE_COASTAL_NPN);
    expect(details.advisor).toEqual({
      name: "Coastal Senior Advisors",
      npnNumber: "30005101",
      upline: "Chen Senior Benefits Group",
      isAgency: true,
    });
    expect(details.policies).toHaveLength(activeCount([5211, 5212, 5221, 5222], 1));
    const uplines = new Set(details.policies.map((p) => `${p.upline}/${p.agentName}/${p.npnNumber}`));
    expect(uplines).toEqual(
      new Set([
        "Coastal Senior Advisors/Angela Moretti/30005211",
        "Coastal Senior Advisors/Derek Sutton/30005212",
        "Bayfront Benefits/Fiona Marsh/30005221",
        "Bayfront Benefits/Gabriel Reyes/30005222",
      ]),
    );
    const root = await policies(1, DOWNLINE_ROOT.npnId);
    expect(root.advisor).toEqual({
      name: "Chen Senior Benefits Group",
      npnNumber: "15002468",
      upline: null,
      isAgency: true,
    });
    const agentIds = SEED_DOWNLINE_NODES.filter((n) => n.kind === "agent").map((n) => n.npnId);
    expect(root.policies).toHaveLength(activeCount(agentIds, 1));
  });

  it("gives [] for the agent with no active policies", async () => {
    const details = await policies(2, DOWNLINE_NO_ACTIVE_POLICIES_NPN);
    expect(details.advisor.name).toBe("Peter Vance");
    expect(details.policies).toEqual([]);
    expect((await policies(2, DOWNLINE_NO_ACTIVE_POLICIES_NPN, "?status=all")).policies.length).toBeGreaterThanOrEqual(
      3,
    );
  });
});

describe("GET /api/downlines/:carrierId/policies/:npnId/export", () => {
  it("answers 202 and records the export", async () => {
    expect(await post("/__reset", { email: "agency@demo.test" })).toBe(204);
    const response = await send(
      "GET",
      `/api/downlines/1/policies/${DOWNLINE_LAKESIDE_NPN}/export`,
      await tokenOf("agency@demo.test"),
    );
    expect(response.status).toBe(202);
    expect(ExportResponseSchema.parse(response.json)).toEqual({ message: EXPORT_SENT });
    const client = createClient({ url: pathToFileURL(dbPath).href });
    const { rows } = await client
      .execute({ sql: "SELECT kind, params FROM exports WHERE user_id = ?", args: [DOWNLINE_ROOT.userId] })
      .finally(() => client.close());
    expect(rows.map((r) => String(r.kind))).toEqual([EXPORT_KIND]);
    expect(JSON.parse(String(rows[0]!.params))).toEqual({
      carrierId: 1,
      npnId: DOWNLINE_LAKESIDE_NPN,
      status: "Active",
      totalCount: activeCount([5231, 5232, 5233], 1),
    });
  });
});

describe("access", () => {
  it("403 for agents and carriers", async () => {
    await expectError("/api/downlines/carriers", 403, AGENCIES_ONLY, "agent@demo.test");
    await expectError(`/api/downlines/1/agency/${DOWNLINE_ROOT.npnId}`, 403, AGENCIES_ONLY, "agent@demo.test");
    await expectError("/api/downlines/1/policies/5201", 403, AGENCIES_ONLY, "carrier@demo.test");
    await expectError("/api/downlines/1/policies/5201/export", 403, AGENCIES_ONLY, "agent@demo.test");
  });

  it("404 for a foreign or unknown npnId, an unknown carrier, an agent as agency", async () => {
    await expectError("/api/downlines/1/agency/1006", 404, "No downline with npnId 1006");
    await expectError(
      `/api/downlines/1/agency/${DOWNLINE_COASTAL_NPN}`,
      404,
      `No downline with npnId ${DOWNLINE_COASTAL_NPN}`,
      "beta@demo.test",
    );
    await expectError("/api/downlines/1/policies/5201", 404, "No downline with npnId 5201", "beta@demo.test");
    await expectError("/api/downlines/1/policies/99999/export", 404, "No downline with npnId 99999");
    await expectError("/api/downlines/1/agency/abc", 404, "No downline with npnId abc");
    await expectError(`/api/downlines/9/agency/${DOWNLINE_ROOT.npnId}`, 404, "No carrier with id 9");
    await expectError("/api/downlines/1/agency/5201", 404, "No downline agency with npnId 5201");
    const beta = await get(DownlinesResponseSchema, "/api/downlines/1/agency/1006", "beta@demo.test");
    expect(beta.downlines).toEqual({ agencies: [], agents: [] });
    expect((await send("GET", "/api/downlines/carriers")).status).toBe(401);
  });
});
