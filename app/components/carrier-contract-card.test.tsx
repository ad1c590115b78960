import { readFileSync } from "node:fs";
import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { learningCenterTabs } from "~/domain/carrier-resource";
import type { CarrierCard } from "~/domain/contract-state";
import { CarrierContractCard } from "./carrier-contract-card";

const resource = {
  description: "<p>Sells in most states.</p>",
  agentGuide: null,
  certification: null,
  commissions: "<p>20% of premium.</p>",
  transferPolicy: "<p>Book transfers need a signed release.</p>",
  technology: null,
  brokerServicesNumber: "(800) 555-0101",
  brokerSupportedEmail: "brokers@example.test",
  commissionPayments: null,
  orderingSupplies: "<p>Order brochures.</p>",
  additionalInfo: null,
};

const card: CarrierCard = {
  carrierProductId: 7,
  carrierName: "Keystone Senior Health",
  state: "none",
  stateText: "Contract Now",
  descriptionHtml: resource.description,
  recertification: "TBA",
  packageCode: "TBA",
  carrierPortalLink: null,
  certificationLink: null,
  brokerPhone: { text: "(800) 555-0101", href: "tel:+18005550101" },
  brokerEmail: "brokers@example.test",
  tabs: learningCenterTabs(resource),
};

const render = (c: CarrierCard = card) =>
  renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter>
        <CarrierContractCard card={c} productId={1} blocked={false} requested={false} viewContractHref="/contracts" />
      </MemoryRouter>
    </MantineProvider>,
  );

const count = (html: string, text: string) => html.split(text).length - 1;

describe("a carrier card of the Contract Now dialog (spec §2, issue 11 point 5)", () => {
  it("shows Transfer Policy once, as a learning-center section, with its content", () => {
    const html = render();
    expect(count(html, "Transfer Policy")).toBe(1);
    expect(count(html, "Book transfers need a signed release.")).toBe(1);
  });

  it("draws every learning-center tab as a closed native disclosure (opens without JavaScript)", () => {
    const html = render();
    for (const label of ["Broker Support", "Commissions", "Ordering Supplies", "Transfer Policy", "Additional Info"]) {
      expect(html).toMatch(new RegExp(`<details class="carrier-section"><summary>${label}</summary>`));
    }
    expect(html).not.toMatch(/<details[^>]* open/);
  });

  it("gives the Description open for wide screens and as a collapsed first section for phones", () => {
    const html = render();
    expect(html).toContain('class="carrier-description"');
    expect(html).toMatch(
      /<div class="carrier-sections"><details class="carrier-section"><summary>Description<\/summary>/,
    );
  });

  it("draws an empty list, which app.css hides, for a carrier without resources", () => {
    const html = render({ ...card, descriptionHtml: null, tabs: [] });
    expect(html).toContain('<div class="carrier-sections"></div>');
  });

  it("has no Description section when the carrier has none", () => {
    const html = render({ ...card, descriptionHtml: null });
    expect(html).not.toContain("Description");
  });
});

describe("app.css shows each Description once at any width", () => {
  const css = readFileSync(new URL("../styles/app.css", import.meta.url), "utf8");
  const block = css.slice(css.indexOf("/* ---- Contract Now"));
  const at = block.indexOf("@media (max-width: 47.99em)");
  const firstSection = String.raw`\.carrier-description ~ \.carrier-sections > \.carrier-section:first-child`;

  it("hides an empty list of sections", () => {
    expect(block).toMatch(/\.carrier-sections:empty \{\s*display: none;\s*\}/);
  });

  it("hides the first, collapsed section on wider screens, and the open Description on phones", () => {
    expect(block.slice(0, at)).toMatch(new RegExp(`${firstSection} \\{\\s*display: none;\\s*\\}`));
    expect(block.slice(at)).toMatch(/\.carrier-description \{\s*display: none;\s*\}/);
    expect(block.slice(at)).toMatch(new RegExp(`${firstSection} \\{\\s*display: block;\\s*\\}`));
  });
});
