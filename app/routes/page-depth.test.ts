import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { requestInfoContext } from "~/.server/context";
import { accessMiddleware, sessionMiddleware } from "~/.server/guards";
import { commitSession, type SessionData } from "~/.server/session";
import type { SessionUser } from "~/domain/user";
import { loader as layoutLoader } from "~/layouts/default";
import { type Answer, answerOf, get, sessionWith, withFakeUpstream } from "../../tests/support/server-harness";
import { userFor } from "../../tests/support/users";
import { loader as contractNowLoader } from "./contract_now";
import { loader as downlinesLoader } from "./downlines";
import { loader as downlineReadinessLoader } from "./downlines.readiness";
import { loader as learningCenterLoader } from "./learning_center._index";
import { loader as carrierResourcesLoader } from "./learning_center.carrier_resources";
import { loader as learningLibraryLoader } from "./learning_center.library";
import { loader as learningResourceLoader } from "./learning_center.resource";
import { loader as readyToSellLoader } from "./ready_to_sell";

/**
 * Issue 10 "Fast by construction", ADR 017: a page load costs one upstream wait. The fake upstream holds
 * its answers until the calls stop coming, so a call that waits for another one's answer shows up in a
 * second round. A page load here is what the router runs for a document request: the root's session
 * middleware, the default layout's access middleware, then the layout's and the page's loaders together.
 */
const upstream = withFakeUpstream();

const AGENCY_NPN = 5001;
const agency = userFor({
  userId: 7,
  role: "Agency",
  npnId: AGENCY_NPN,
  npnNumber: "NPN-5001",
  email: "agency@demo.test",
});

type Loader = (args: never) => unknown;

async function pageLoad(path: string, loader: Loader, session: Partial<SessionData>): Promise<Answer> {
  const cookie = (await commitSession(sessionWith(session))).split(";")[0]!;
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { nonce: "", requestId: "test", clientAddress: "203.0.113.7" });
  const both = async (args: never) => {
    const [, page] = await Promise.all([layoutLoader(args), loader(args)]);
    return page;
  };
  return answerOf(both, get(path, { cookie }), context, { middleware: [sessionMiddleware, accessMiddleware] });
}

/**
 * The viewer's four calls (spec §4: /api/me, and for a broker its document notifications and profile; issue 22: the
 * system notifications the layout's banner shows), started together.
 */
function viewerAnswers(user: SessionUser): void {
  upstream
    .on("GET /api/me", { json: { user } })
    .on("GET /api/profile/document_notifications", { json: { documentNotifications: [] } })
    .on("GET /api/profile/notifications", { json: [] })
    .on("GET /api/profile", { json: { profile: { licenses: [], smsConsent: true, phone: null } } });
}

const paths = (round?: number) =>
  upstream.calls.filter((c) => round === undefined || c.round === round).map((c) => `${c.path}${c.query}`);

const rts = {
  statusCode: "RTS",
  statusTitle: "Ready to Sell",
  displayStatus: "Ready to sell",
  tone: "ready",
  description: "…",
};
const subAgency = {
  npnId: 5101,
  advisor: "Coastal Senior Advisors",
  level: "Agency Level 2",
  rtsStatus: rts,
  agentCount: 1,
  activePolicyCount: 3,
};

describe("/downlines: the carriers, the viewer and the open blocks in one round", () => {
  beforeEach(() => {
    viewerAnswers(agency);
    upstream
      .on("GET /api/downlines/carriers", {
        json: {
          carriers: [
            { id: 1, name: "Blue Harbor Health" },
            { id: 2, name: "Summit Mutual" },
          ],
        },
      })
      .on("GET /api/downlines/2/agencies", (call) => ({
        json: {
          branches: new URLSearchParams(call.query)
            .get("npnIds")!
            .split(",")
            .map((id) => ({ npnId: Number(id), agencies: Number(id) === AGENCY_NPN ? [subAgency] : [], agents: [] })),
          notFound: [],
        },
      }))
      .on("GET /api/downlines/2/policies/5101", {
        json: {
          policyDetails: {
            advisor: { name: "Coastal Senior Advisors", npnNumber: "NPN-5101", upline: null, isAgency: true },
            policies: [],
          },
        },
      })
      .answerInRounds();
  });

  const session = { role: "Agency" as const, userId: 7, npnId: AGENCY_NPN };

  it("?carrier=&open=&policies=: every call starts before the first one answers", async () => {
    const answer = await pageLoad("/downlines?carrier=2&open=5101&policies=5101", downlinesLoader, session);
    expect(answer.status).toBe(200);
    expect(upstream.roundsAnswered()).toBe(1);
    expect(paths(1)).toEqual(
      expect.arrayContaining([
        "/api/me",
        "/api/profile/document_notifications",
        "/api/profile/notifications",
        "/api/profile",
        "/api/downlines/carriers",
        `/api/downlines/2/agencies?npnIds=${AGENCY_NPN}%2C5101`,
        "/api/downlines/2/policies/5101",
      ]),
    );
    expect(upstream.calls).toHaveLength(7);
    expect(answer.data).toMatchObject({ carrierId: 2, rootNpn: AGENCY_NPN, policyDetails: { policies: [] } });
  });

  it("a second page load within the TTL does not ask for the carrier list again; without ?carrier it is one round too", async () => {
    await pageLoad("/downlines?carrier=2", downlinesLoader, session);
    upstream.calls.length = 0;
    upstream.roundsAnswered(true);
    upstream.on("GET /api/downlines/1/agencies", { json: { branches: [], notFound: [] } });
    const answer = await pageLoad("/downlines?open=5101", downlinesLoader, session);
    expect(answer.status).toBe(200);
    expect(paths()).not.toContain("/api/downlines/carriers");
    expect(upstream.roundsAnswered()).toBe(1);
    expect(paths(1)).toContain(`/api/downlines/1/agencies?npnIds=${AGENCY_NPN}%2C5101`);
  });

  it("an unknown ?carrier= is still the 404 page, whatever its blocks' call answered", async () => {
    upstream.on("GET /api/downlines/99/agencies", { status: 404, json: { error: "No carrier with id 99" } });
    const answer = await pageLoad("/downlines?carrier=99", downlinesLoader, session);
    expect(answer.status).toBe(404);
    expect(upstream.roundsAnswered()).toBe(1);
  });

  it("a session from before npnId was kept still works: the blocks wait for the viewer's npnId", async () => {
    const { npnId: _kept, ...old } = session;
    const answer = await pageLoad("/downlines?carrier=2&open=5101", downlinesLoader, old);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ rootNpn: AGENCY_NPN, branches: { [AGENCY_NPN]: { agencies: [subAgency] } } });
    expect(paths(2)).toEqual([`/api/downlines/2/agencies?npnIds=${AGENCY_NPN}%2C5101`]);
  });

  it("an npnId that changed since sign-in: the viewer's wins, its tree is asked for", async () => {
    const answer = await pageLoad("/downlines?carrier=2", downlinesLoader, { ...session, npnId: 4242 });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ rootNpn: AGENCY_NPN, branches: { [AGENCY_NPN]: { agencies: [subAgency] } } });
    expect(paths()).toContain(`/api/downlines/2/agencies?npnIds=${AGENCY_NPN}`);
  });

  it("an upstream fault during the page load still gives the error page", async () => {
    upstream.on("GET /api/downlines/2/agencies", { status: 500, json: { error: "Downlines are down" } });
    const answer = await pageLoad("/downlines?carrier=2", downlinesLoader, session);
    expect(answer.status).toBe(502);
    expect(answer.data).toEqual({ messages: ["Downlines are down"] });
  });
});

describe("/contract_now: the products, the product's carriers and their contract states in one round", () => {
  const agent = userFor({ userId: 8, role: "Agent", npnId: 6001, email: "agent@demo.test" });
  const session = { role: "Agent" as const, userId: 8, npnId: 6001 };

  beforeEach(() => {
    viewerAnswers(agent);
    upstream
      .on("GET /api/resource_lists/products", {
        json: {
          products: [
            { id: 1, name: "Medicare Advantage" },
            { id: 2, name: "Dental" },
          ],
        },
      })
      .on("GET /api/resource_lists/product_carriers/1", {
        json: { productCarriers: [{ id: 1, carrierName: "Acme Health", carrierProductId: 11 }] },
      })
      .on("GET /api/resource_lists/product_carriers/2", {
        json: { productCarriers: [{ id: 1, carrierName: "Acme Health", carrierProductId: 21 }] },
      })
      .on("GET /api/resource_lists/product_carriers/99", { status: 404, json: { error: "No product with id 99" } })
      .on("GET /api/profile/contracting_entries", {
        json: { contractingStatuses: { statuses: { pending: [], denied: [], approved: [], active: [] } } },
      })
      .on("GET /api/learning_center/center_resources", { json: { learningCenterResources: [] } })
      .on("GET /api/resource_lists/legal_questions/2", {
        json: { legalQuestions: [{ id: 1, questionText: "Ever convicted?" }] },
      })
      .on("GET /api/profile/legal_answers", { json: { legalAnswers: [] } })
      .answerInRounds();
  });

  it("?product=&carrier=&step=legal: every call starts before the first one answers", async () => {
    const answer = await pageLoad("/contract_now?product=2&carrier=21&step=legal", contractNowLoader, session);
    expect(answer.status).toBe(200);
    expect(upstream.roundsAnswered()).toBe(1);
    expect(paths(1)).toEqual(
      expect.arrayContaining([
        "/api/me",
        "/api/profile/document_notifications",
        "/api/profile/notifications",
        "/api/profile",
        "/api/resource_lists/products",
        "/api/resource_lists/product_carriers/2",
        "/api/profile/contracting_entries",
        "/api/learning_center/center_resources",
        "/api/resource_lists/legal_questions/2",
        "/api/profile/legal_answers",
      ]),
    );
    expect(upstream.calls).toHaveLength(10);
    expect(answer.data).toMatchObject({
      productId: 2,
      cards: [{ carrierProductId: 21, state: "none" }],
      flow: { step: "legal", carrierProductId: 21, questions: [{ id: 1 }] },
    });
  });

  it("a second page load within the TTL asks again only for what is the user's or administrators change; one round", async () => {
    await pageLoad("/contract_now?product=1", contractNowLoader, session);
    upstream.calls.length = 0;
    upstream.roundsAnswered(true);
    const answer = await pageLoad("/contract_now", contractNowLoader, session);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ productId: 1, cards: [{ carrierProductId: 11 }] });
    expect(upstream.roundsAnswered()).toBe(1);
    // The product list is kept; the product's carriers and their resources are not (issue 22: administrators
    // turn carriers off and edit their resources, and Contract Now shows it at once).
    expect(paths().sort()).toEqual(
      [
        "/api/me",
        "/api/profile/document_notifications",
        "/api/profile/notifications",
        "/api/profile",
        "/api/profile/contracting_entries",
        "/api/resource_lists/product_carriers/1",
        "/api/learning_center/center_resources",
      ].sort(),
    );
  });

  it("an unknown ?product= falls back to the default product's carriers", async () => {
    const answer = await pageLoad("/contract_now?product=99", contractNowLoader, session);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ productId: 1, cards: [{ carrierProductId: 11 }] });
  });

  it("an upstream fault at the product's carriers still gives the error page, and is not kept", async () => {
    upstream.on("GET /api/resource_lists/product_carriers/2", { json: "<html>" });
    expect((await pageLoad("/contract_now?product=2", contractNowLoader, session)).status).toBe(502);
    upstream.on("GET /api/resource_lists/product_carriers/2", {
      json: { productCarriers: [{ id: 1, carrierName: "Acme Health", carrierProductId: 21 }] },
    });
    expect((await pageLoad("/contract_now?product=2", contractNowLoader, session)).status).toBe(200);
  });
});

describe("the Learning Center (issue 12): one round per page load", () => {
  const agent = userFor({ userId: 8, role: "Agent", npnId: 6001, email: "agent@demo.test" });
  const session = { role: "Agent" as const, userId: 8, npnId: 6001 };
  const meta = {
    page: 1,
    currentPage: 1,
    perPage: 25,
    totalCount: 0,
    totalPages: 1,
    search: "",
    sort: null,
    order: "ASC",
    pageNumbers: [1],
  };

  beforeEach(() => {
    viewerAnswers(agent);
    upstream
      .on("GET /api/learning_center/resources", {
        json: { resources: [], meta, filters: { carriers: [], products: [] } },
      })
      .on("GET /api/learning_center/resources/3", {
        json: {
          resource: {
            id: 3,
            library: "agent",
            title: "Guide",
            category: "Guides",
            carrierId: null,
            carrierName: null,
            productId: null,
            productName: null,
            description: "A guide.",
            audience: "all",
            attachmentCount: 0,
            updatedAt: "2026-11-01T12:00:00.000Z",
            body: null,
            attachments: [],
            links: [],
          },
        },
      })
      .on("GET /api/resource_lists/products", { json: { products: [{ id: 1, name: "Medicare Advantage" }] } })
      .on("GET /api/resource_lists/product_carriers/1", {
        json: { productCarriers: [{ id: 1, carrierName: "Acme Health", carrierProductId: 11 }] },
      })
      .on("GET /api/learning_center/center_resources", { json: { learningCenterResources: [] } })
      .answerInRounds();
  });

  it.each([
    ["/learning_center", learningCenterLoader],
    ["/learning_center/agent_resources?sort=title&search=guide", learningLibraryLoader],
    ["/learning_center/agent_resources/3", learningResourceLoader],
    ["/learning_center/carrier_resources?product=1", carrierResourcesLoader],
  ] as const)("%s", async (path, loader) => {
    const params: Record<string, string> = path.endsWith("/3") ? { id: "3" } : {};
    const cookie = (await commitSession(sessionWith(session))).split(";")[0]!;
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { nonce: "", requestId: "test", clientAddress: "203.0.113.7" });
    const both = async (args: never) => (await Promise.all([layoutLoader(args), loader(args)]))[1];
    const answer = await answerOf(both, get(path, { cookie }), context, {
      middleware: [sessionMiddleware, accessMiddleware],
      params,
    });
    expect(answer.status).toBe(200);
    expect(upstream.roundsAnswered()).toBe(1);
  });
});

describe("/ready_to_sell (issue 25 §1): every read in one round once the product list is known", () => {
  const agent = userFor({ userId: 8, role: "Agent", npnId: 6001, email: "agent@demo.test" });
  const session = { role: "Agent" as const, userId: 8, npnId: 6001 };

  beforeEach(() => {
    viewerAnswers(agent);
    upstream
      .on("GET /api/resource_lists/products", {
        json: {
          products: [
            { id: 1, name: "Medicare Advantage" },
            { id: 2, name: "Dental" },
          ],
        },
      })
      .on("GET /api/resource_lists/product_carriers/1", {
        json: { productCarriers: [{ id: 1, carrierName: "Acme Health", carrierProductId: 11 }] },
      })
      .on("GET /api/resource_lists/product_carriers/2", {
        json: { productCarriers: [{ id: 1, carrierName: "Acme Health", carrierProductId: 21 }] },
      })
      .on("GET /api/profile/contracting_entries", {
        json: {
          contractingStatuses: {
            statuses: {
              pending: [],
              denied: [],
              approved: [],
              active: [
                {
                  id: 1,
                  carrierProductId: 21,
                  carrierName: "Acme Health",
                  productName: "Dental",
                  lastPublicNote: null,
                  updatedAt: "2026-01-01T00:00:00Z",
                },
              ],
            },
          },
        },
      })
      .on("GET /api/profile/documents", { json: { documents: [] } })
      .on("GET /api/learning_center/center_resources", { json: { learningCenterResources: [] } })
      .on("GET /api/profile/readiness", {
        json: {
          readiness: {
            planYear: 2027,
            certifications: [],
            rtsStatuses: [
              { carrierId: 1, statusCode: "RTS", displayStatus: "Ready to sell", tone: "ready", description: "" },
            ],
          },
        },
      })
      .answerInRounds();
  });

  it("the products' carriers follow the shared product list; a second load is one round", async () => {
    const first = await pageLoad("/ready_to_sell", readyToSellLoader, session);
    expect(first.status).toBe(200);
    upstream.calls.length = 0;
    upstream.roundsAnswered(true);
    const answer = await pageLoad("/ready_to_sell", readyToSellLoader, session);
    expect(answer.status).toBe(200);
    expect(upstream.roundsAnswered()).toBe(1);
    expect(paths().sort()).toEqual(
      [
        "/api/me",
        "/api/profile/document_notifications",
        "/api/profile/notifications",
        "/api/profile",
        "/api/profile/contracting_entries",
        "/api/profile/documents",
        "/api/learning_center/center_resources",
        "/api/profile/readiness",
        "/api/resource_lists/product_carriers/1",
        "/api/resource_lists/product_carriers/2",
      ].sort(),
    );
    // The viewer has no license on file: no line is ready; the dental line (contract active) is one step away.
    expect(answer.data).toMatchObject({ summary: { total: 2, ready: 0, oneStep: 1 } });
  });
});

describe("/downlines/readiness (issue 25 §2): the agency's whole hierarchy in one round once the product list is known", () => {
  const session = { role: "Agency" as const, userId: 7, npnId: AGENCY_NPN };
  const broker = {
    userId: 40,
    firstName: "Ada",
    lastName: "Lovelace",
    role: "Agent",
    npnNumber: "30000040",
    agencyUserId: 7,
    contracts: [
      {
        carrierProductId: 11,
        status: "pending",
        lastPublicNote: null,
        requestedAt: "2026-01-05T09:00:00.000Z",
        stateSince: "2026-01-05T09:00:00.000Z",
      },
    ],
    licenses: [{ state: "FL", status: "Active", expiresOn: "2099-06-30" }],
    niprHolds: [],
    documents: [],
    documentNotifications: [],
    certifications: [],
    rtsStatuses: [],
    lastWrittenOn: null,
  };

  beforeEach(() => {
    viewerAnswers(agency);
    upstream
      .on("GET /api/resource_lists/products", { json: { products: [{ id: 1, name: "Dental" }] } })
      .on("GET /api/resource_lists/product_carriers/1", {
        json: { productCarriers: [{ id: 1, carrierName: "Acme Health", carrierProductId: 11 }] },
      })
      .on("GET /api/learning_center/center_resources", { json: { learningCenterResources: [] } })
      .on("GET /api/downlines/readiness", {
        json: {
          downlineReadiness: {
            planYear: 2027,
            licenseWarningDays: 60,
            agencies: [{ userId: 7, name: "Chen Senior Benefits Group" }],
            brokers: [broker],
          },
        },
      })
      .answerInRounds();
  });

  it("the products' carriers follow the shared product list; a second load is one round", async () => {
    expect((await pageLoad("/downlines/readiness", downlineReadinessLoader, session)).status).toBe(200);
    upstream.calls.length = 0;
    upstream.roundsAnswered(true);
    const answer = await pageLoad("/downlines/readiness", downlineReadinessLoader, session);
    expect(answer.status).toBe(200);
    expect(upstream.roundsAnswered()).toBe(1);
    expect(paths().sort()).toEqual(
      [
        "/api/me",
        "/api/profile/document_notifications",
        "/api/profile/notifications",
        "/api/profile",
        "/api/learning_center/center_resources",
        "/api/downlines/readiness",
        "/api/resource_lists/product_carriers/1",
      ].sort(),
    );
    // The broker's one request waits at the contracting desk; nothing written yet.
    expect(answer.data).toMatchObject({
      summary: { brokers: 1, selling: 0, blocked: 0, waiting: 1, idle: 1 },
      rows: [{ userId: 40, waiting: [{ product: "Acme Health Dental", state: "Pending contract" }] }],
    });
  });
});
