import { describe, expect, it } from "vitest";
import { carrierCards } from "./contract-now";
import type { CarrierResource } from "./upstream/schemas";

const HOSTILE =
  '<p onclick="steal()">Kept</p><script>alert(1)</script><a href="javascript:alert(1)">link</a><img src=x onerror=alert(1)>';
const HTML_FIELDS = [
  "description",
  "agentGuide",
  "certification",
  "commissions",
  "transferPolicy",
  "technology",
  "commissionPayments",
  "orderingSupplies",
  "additionalInfo",
] as const;

function resource(overrides: Partial<CarrierResource> = {}): CarrierResource {
  return {
    id: 1,
    carrierProductId: 11,
    ...Object.fromEntries(HTML_FIELDS.map((field) => [field, HOSTILE])),
    brokerServicesNumber: "<b>555</b>",
    brokerSupportedEmail: "help@carrier.test",
    carrierPortalLink: "javascript:alert(1)",
    certificationLink: "https://carrier.test/cert",
    certificationDate: null,
    packageCode: null,
    ...overrides,
  } as CarrierResource;
}

const statuses = { pending: [], denied: [], approved: [], active: [] };
const carriers = [{ id: 1, carrierName: "Acme Health", carrierProductId: 11 }];

describe("Contract Now cards: every HTML field of a carrier resource is sanitised before it reaches the page", () => {
  const [card] = carrierCards(carriers, [resource()], statuses, new Date("2024-06-15"));

  it("the description and the transfer policy (a learning-center section) lose scripts, handlers and javascript: links", () => {
    const transferPolicy = card!.tabs.find((t) => t.label === "Transfer Policy")?.html;
    for (const html of [card!.descriptionHtml, transferPolicy]) {
      expect(html).toContain("<p>Kept</p>");
      expect(html).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    }
  });

  it("every learning-center tab is clean too (Commissions, Ordering Supplies, Agent Guide, Certification, Technology…)", () => {
    expect(card!.tabs.map((t) => t.label)).toEqual([
      "Broker Support",
      "Commissions",
      "Ordering Supplies",
      "Transfer Policy",
      "Additional Info",
      "Agent Guide",
      "Certification",
      "Technology",
    ]);
    for (const tab of card!.tabs) expect(tab.html, tab.label).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    // Plain-text fields are escaped, not interpreted.
    expect(card!.tabs[0]!.html).toContain('Phone: <a href="tel:555">&lt;b&gt;555&lt;/b&gt;</a>');
  });

  it("only http(s) links are offered as carrier portal and certification links", () => {
    expect(card!.carrierPortalLink).toBeNull();
    expect(card!.certificationLink).toBe("https://carrier.test/cert");
  });

  it("a carrier without resources shows no HTML at all", () => {
    const [bare] = carrierCards(carriers, [], statuses, new Date("2024-06-15"));
    expect(bare).toMatchObject({
      descriptionHtml: null,
      tabs: [],
      recertification: "TBA",
      packageCode: "TBA",
    });
  });
});
