import { describe, expect, it } from "vitest";
import { pagingMeta, tableQueryFrom } from "~/domain/table";
import {
  type Answer,
  answerOf,
  contextFor,
  get,
  viewerFor,
  withFakeUpstream,
} from "../../tests/support/server-harness";
import { loader as attachmentLoader } from "./learning_center.attachment";
import { loader as carrierResourcesLoader } from "./learning_center.carrier_resources";
import { loader as libraryLoader } from "./learning_center.library";
import { loader as resourceLoader } from "./learning_center.resource";

/** Issue 12: the Learning Center's loaders against a fake upstream (which resources a viewer sees is its decision). */
const upstream = withFakeUpstream();
const agent = () => viewerFor({ role: "Agent" });
const load = async (
  loader: (args: never) => unknown,
  path: string,
  params: Record<string, string> = {},
): Promise<Answer> => answerOf(loader, get(path), contextFor(agent()), { params });
const queryOf = (path: string) => upstream.calls.find((c) => c.path === path)?.query ?? null;

const summary = {
  id: 1,
  library: "agent",
  title: "Guide",
  category: "Guides",
  carrierId: 1,
  carrierName: "Blue Harbor Health",
  productId: 1,
  productName: "Medicare Advantage",
  description: "A guide.",
  audience: "all",
  attachmentCount: 1,
  updatedAt: "2026-11-20T14:30:00.000Z",
};
const list = () => ({
  resources: [summary],
  meta: pagingMeta(tableQueryFrom(new URLSearchParams(), []), 1),
  filters: { carriers: [{ id: 1, name: "Blue Harbor Health" }], products: [{ id: 1, name: "Medicare Advantage" }] },
});

describe("a library list: its URL checked before the upstream is asked (ADR 020)", () => {
  it("asks for its library with the checked values; ignores the rest with a note", async () => {
    upstream.on("GET /api/learning_center/resources", { json: list() });
    const answer = await load(
      libraryLoader,
      "/learning_center/enrollment_resources?sort=evil&perPage=7&carrierId=1&search=%00form&order=desc",
    );
    expect(answer.status).toBe(200);
    expect(queryOf("/api/learning_center/resources")).toBe("?library=enrollment&search=form&order=DESC&carrierId=1");
    expect((answer.data as { ignored: string[] }).ignored).toEqual(["perPage", "sort"]);
    expect((answer.data as { selected: unknown }).selected).toEqual({ carrierId: "1", productId: "" });
  });

  it("a carrier or product the upstream does not offer, or refuses, is a 400 with a link without filters", async () => {
    upstream.on("GET /api/learning_center/resources", { json: list() });
    expect(await load(libraryLoader, "/learning_center/agent_resources?carrierId=9")).toMatchObject({
      status: 400,
      data: { resetHref: "/learning_center/agent_resources" },
    });
    expect((await load(libraryLoader, "/learning_center/agent_resources?productId=9")).status).toBe(400);
    upstream.reset();
    upstream.on("GET /api/learning_center/resources", { status: 422, json: { error: "carrierId" } });
    expect((await load(libraryLoader, "/learning_center/agent_resources?carrierId=1")).status).toBe(400);
  });

  it("an upstream fault stays a fault (502)", async () => {
    upstream.on("GET /api/learning_center/resources", { status: 500, json: { error: "boom" } });
    expect((await load(libraryLoader, "/learning_center/agent_resources")).status).toBe(502);
  });
});

describe("a resource page", () => {
  const resource = {
    ...summary,
    body: `<p>Read me</p><script>alert(1)</script><a href="javascript:alert(2)">x</a><img src=x onerror=alert(3)>`,
    attachments: [{ id: 4, name: "guide.pdf", contentType: "application/pdf", size: 2048 }],
    links: [
      { title: "Portal", url: "https://portal.example.com" },
      { title: "Evil", url: "javascript:alert(4)" },
    ],
  };

  it("asks for the resource in its library; sanitises the body; offers safe links and portal download URLs", async () => {
    upstream.on("GET /api/learning_center/resources/1", { json: { resource } });
    const answer = await load(resourceLoader, "/learning_center/agent_resources/1", { id: "1" });
    expect(answer.status).toBe(200);
    expect(queryOf("/api/learning_center/resources/1")).toBe("?library=agent");
    const shown = (answer.data as { resource: Record<string, unknown> }).resource;
    expect(shown.bodyHtml).toBe('<p>Read me</p><a target="_blank" rel="noopener noreferrer">x</a>');
    expect(shown.links).toEqual([{ title: "Portal", url: "https://portal.example.com" }]);
    expect(shown.attachments).toEqual([
      { id: 4, name: "guide.pdf", href: "/learning_center/agent_resources/1/attachments/4", kind: "PDF", size: "2 KB" },
    ]);
    expect(JSON.stringify(answer.data)).not.toContain("/api/");
  });

  it.each([404, 422])(
    "the upstream's %i (unknown, another library's, not for this viewer) is the 404 page",
    async (status) => {
      upstream.on("GET /api/learning_center/resources/9", { status, json: { error: "No learning center resource" } });
      expect((await load(resourceLoader, "/learning_center/agent_resources/9", { id: "9" })).status).toBe(404);
    },
  );

  it("another library's resource, whatever the upstream did with ?library=, is the 404 page", async () => {
    upstream.on("GET /api/learning_center/resources/1", { json: { resource: { ...resource, library: "enrollment" } } });
    expect((await load(resourceLoader, "/learning_center/agent_resources/1", { id: "1" })).status).toBe(404);
  });

  it("a malformed id is the 404 page without asking the upstream", async () => {
    expect((await load(resourceLoader, "/learning_center/agent_resources/x1", { id: "x1" })).status).toBe(404);
    expect(upstream.calls.filter((c) => c.path.startsWith("/api/learning_center"))).toEqual([]);
  });
});

describe("an attachment download", () => {
  const path = "/learning_center/documentation_resources/3/attachments/5";
  const params = { id: "3", attachmentId: "5" };

  it("streams the upstream's answer under the portal's headers (a type it does not pass on is plain bytes)", async () => {
    upstream.on("GET /api/learning_center/resources/3/attachments/5", { json: { not: "a pdf" } });
    const response = (await attachmentLoader({
      request: get(path),
      context: contextFor(agent()),
      params,
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(queryOf("/api/learning_center/resources/3/attachments/5")).toBe("?library=documentation");
    expect(upstream.calls.find((c) => c.path.endsWith("/attachments/5"))?.authorization).toBe("Bearer t0k-test");
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="attachment-5"/);
    expect(await response.text()).toBe('{"not":"a pdf"}');
  });

  it("a redirect from the upstream is not the file: never passed on, a clear failure", async () => {
    upstream.on("GET /api/learning_center/resources/3/attachments/5", {
      status: 302,
      json: { redirect: true },
    });
    const response = (await attachmentLoader({
      request: get(path),
      context: contextFor(agent()),
      params,
    } as never)) as Response;
    expect(response.status).toBe(502);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toBe("The file cannot be downloaded right now. Please try again in a moment.");
  });

  it.each([404, 422])("the upstream's %i is a 404", async (status) => {
    upstream.on("GET /api/learning_center/resources/3/attachments/5", { status, json: { error: "No attachment" } });
    const response = (await attachmentLoader({
      request: get(path),
      context: contextFor(agent()),
      params,
    } as never)) as Response;
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("This file could not be found.");
  });

  it("a malformed id is a 404 without asking the upstream", async () => {
    const response = (await attachmentLoader({
      request: get("/learning_center/agent_resources/1/attachments/x"),
      context: contextFor(agent()),
      params: { id: "1", attachmentId: "x" },
    } as never)) as Response;
    expect(response.status).toBe(404);
    expect(upstream.calls).toEqual([]);
  });
});

describe("carrier resources", () => {
  const carrierResource = {
    id: 1,
    carrierProductId: 101,
    description: "<p>About</p><script>x</script>",
    agentGuide: null,
    certification: null,
    commissions: "<p>C</p>",
    transferPolicy: "<p>T</p>",
    technology: null,
    brokerServicesNumber: "(800) 555-0101",
    brokerSupportedEmail: "brokers@example.com",
    carrierPortalLink: "https://portal.example.com",
    certificationLink: "javascript:alert(1)",
    certificationDate: null,
    packageCode: null,
    commissionPayments: "<p>Twice a month</p>",
    orderingSupplies: null,
    additionalInfo: null,
  };
  const answerLists = () =>
    upstream
      .on("GET /api/resource_lists/products", {
        json: {
          products: [
            { id: 2, name: "Medicare Supplement" },
            { id: 1, name: "Medicare Advantage" },
          ],
        },
      })
      .on("GET /api/resource_lists/product_carriers/1", {
        json: { productCarriers: [{ id: 1, carrierName: "Blue Harbor Health", carrierProductId: 101 }] },
      })
      .on("GET /api/resource_lists/product_carriers/2", {
        json: { productCarriers: [{ id: 1, carrierName: "Blue Harbor Health", carrierProductId: 201 }] },
      })
      .on("GET /api/learning_center/center_resources", { json: { learningCenterResources: [carrierResource] } });

  it("without an id: Medicare Advantage's carriers by default, with their labels", async () => {
    answerLists();
    const answer = await load(carrierResourcesLoader, "/learning_center/carrier_resources");
    expect(answer.data).toMatchObject({
      productId: 1,
      cards: [
        {
          carrierProductId: 101,
          recertification: "TBA",
          packageCode: "TBA",
          brokerPhone: { text: "(800) 555-0101", href: "tel:+18005550101" },
          href: "/learning_center/carrier_resources/101",
        },
      ],
    });
  });

  it("with an id: that carrier product's resource, sanitised, with its contacts and the carrier's other products", async () => {
    answerLists();
    const answer = await load(carrierResourcesLoader, "/learning_center/carrier_resources/101", { id: "101" });
    expect(queryOf("/api/learning_center/center_resources")).toBe("?carrierProductId=101");
    const { carrier } = answer.data as { carrier: Record<string, unknown> & { resource: Record<string, unknown> } };
    expect(carrier).toMatchObject({
      carrierName: "Blue Harbor Health",
      productName: "Medicare Advantage",
      hasResource: true,
      otherProducts: [{ name: "Medicare Supplement", href: "/learning_center/carrier_resources/201" }],
    });
    expect(carrier.resource).toMatchObject({
      descriptionHtml: "<p>About</p>",
      brokerEmail: "brokers@example.com",
      carrierPortalLink: "https://portal.example.com",
      certificationLink: null,
    });
  });

  it("an id no product offers, or a malformed one, is the 404 page", async () => {
    answerLists();
    expect((await load(carrierResourcesLoader, "/learning_center/carrier_resources/999", { id: "999" })).status).toBe(
      404,
    );
    expect((await load(carrierResourcesLoader, "/learning_center/carrier_resources/a", { id: "a" })).status).toBe(404);
  });
});
