import { describe, expect, it } from "vitest";
import {
  type ResourceFields,
  escapeHtml,
  learningCenterTabs,
  packageCodeLabel,
  recertificationLabel,
  telHref,
} from "~/domain/carrier-resource";

const today = new Date(2024, 5, 15, 13, 30); // 06/15/2024, local time

describe("spec §2: a recertification date shows 'OPENS' with the date if in the future, or 'TBA' if missing", () => {
  it("a future date shows OPENS MM/DD/YYYY", () => {
    expect(recertificationLabel("2024-06-16", today)).toBe("OPENS 06/16/2024");
    expect(recertificationLabel("2025-01-02", today)).toBe("OPENS 01/02/2025");
  });
  it("today shows the plain date", () => expect(recertificationLabel("2024-06-15", today)).toBe("06/15/2024"));
  it("a past date says it has passed (issue 20)", () => {
    expect(recertificationLabel("2023-10-01", today)).toBe("10/01/2023 (passed)");
    expect(recertificationLabel("2024-06-14", today)).toBe("06/14/2024 (passed)");
  });
  it("03/31/2026 has passed on 11/26/2026; 12/01/2026 opens", () => {
    const day = new Date(2026, 10, 26, 9, 0);
    expect(recertificationLabel("2026-03-31", day)).toBe("03/31/2026 (passed)");
    expect(recertificationLabel("2026-12-01", day)).toBe("OPENS 12/01/2026");
    expect(recertificationLabel("2026-11-26", day)).toBe("11/26/2026");
  });
  it("a timestamp counts by its calendar day", () =>
    expect(recertificationLabel("2024-07-01T00:00:00Z", today)).toBe("OPENS 07/01/2024"));
  it.each([null, "", "  ", "soon", "2024-02-30", "2024-13-01"])("missing or invalid (%j) shows TBA", (value) => {
    expect(recertificationLabel(value, today)).toBe("TBA");
  });
});

describe("spec §2: the package code shows 'TBA' if missing", () => {
  it("the code when present", () => expect(packageCodeLabel("PKG-42")).toBe("PKG-42"));
  it.each([null, "", "   "])("TBA when missing or blank (%j)", (value) => expect(packageCodeLabel(value)).toBe("TBA"));
});

const blank: ResourceFields = {
  description: null,
  agentGuide: null,
  certification: null,
  commissions: null,
  transferPolicy: null,
  technology: null,
  brokerServicesNumber: null,
  brokerSupportedEmail: null,
  commissionPayments: null,
  orderingSupplies: null,
  additionalInfo: null,
};

describe("spec §2: the learning-center tabs are Broker Support, Commissions, Ordering Supplies, Transfer Policy and Additional Info; other tab names are Agent Guide, Certification and Technology", () => {
  it("the first five always appear, in order, with 'Not provided' for missing content", () => {
    const tabs = learningCenterTabs(blank);
    expect(tabs.map((t) => t.label)).toEqual([
      "Broker Support",
      "Commissions",
      "Ordering Supplies",
      "Transfer Policy",
      "Additional Info",
    ]);
    for (const tab of tabs) expect(tab.html).toBe("<p>Not provided</p>");
  });

  it("Agent Guide, Certification and Technology follow, each only where present", () => {
    const tabs = learningCenterTabs({ ...blank, agentGuide: "<p>G</p>", technology: "<p>T</p>", certification: "  " });
    expect(tabs.map((t) => t.key)).toEqual([
      "brokerSupport",
      "commissions",
      "orderingSupplies",
      "transferPolicy",
      "additionalInfo",
      "agentGuide",
      "technology",
    ]);
    expect(tabs.at(-2)).toEqual({ key: "agentGuide", label: "Agent Guide", html: "<p>G</p>" });
    const all = learningCenterTabs({ ...blank, agentGuide: "a", certification: "c", technology: "t" });
    expect(all.slice(5).map((t) => t.label)).toEqual(["Agent Guide", "Certification", "Technology"]);
  });

  it("Broker Support is built from the phone and e-mail, escaped as plain text", () => {
    const [support] = learningCenterTabs({
      ...blank,
      brokerServicesNumber: "(800) 555-0101",
      brokerSupportedEmail: "help@carrier.test",
    });
    expect(support.html).toBe(
      '<p>Phone: <a href="tel:+18005550101">(800) 555-0101</a></p><p>E-mail: <a href="mailto:help@carrier.test">help@carrier.test</a></p>',
    );
    const [hostile] = learningCenterTabs({ ...blank, brokerSupportedEmail: '"><script>x</script>' });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).toContain("&quot;&gt;&lt;script&gt;");
  });

  it("Broker Support with only one of phone and e-mail", () => {
    expect(learningCenterTabs({ ...blank, brokerServicesNumber: "1-800" })[0].html).toBe(
      '<p>Phone: <a href="tel:1800">1-800</a></p>',
    );
    expect(learningCenterTabs({ ...blank, brokerServicesNumber: "call us" })[0].html).toBe("<p>Phone: call us</p>");
    expect(learningCenterTabs({ ...blank, brokerSupportedEmail: "a@b.c" })[0].html).toBe(
      '<p>E-mail: <a href="mailto:a@b.c">a@b.c</a></p>',
    );
  });

  it("Commissions shows commissions then commission payments", () => {
    const tabs = learningCenterTabs({ ...blank, commissions: "<p>C</p>", commissionPayments: "<p>P</p>" });
    expect(tabs[1].html).toBe("<p>C</p><p>P</p>");
    expect(learningCenterTabs({ ...blank, commissionPayments: "<p>P</p>" })[1].html).toBe("<p>P</p>");
  });

  it("HTML fields pass through", () => {
    const tabs = learningCenterTabs({
      ...blank,
      orderingSupplies: "<b>O</b>",
      transferPolicy: "<i>T</i>",
      additionalInfo: "<u>A</u>",
    });
    expect(tabs.slice(2, 5).map((t) => t.html)).toEqual(["<b>O</b>", "<i>T</i>", "<u>A</u>"]);
  });
});

describe("issue 12: the broker services number is a tel: link", () => {
  it.each([
    ["(800) 555-0101", "tel:+18005550101"],
    ["800.555.0101", "tel:+18005550101"],
    ["+44 20 7946 0000", "tel:+442079460000"],
    ["1-800-555-0101", "tel:18005550101"],
    ["(800) 555-0101 ext. 42", "tel:+18005550101;ext=42"],
    ["none", null],
  ])("%j → %j", (number, href) => expect(telHref(number)).toBe(href));
});

describe("escapeHtml", () => {
  it("escapes & < > \" '", () => expect(escapeHtml(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&#39;"));
});
