import { describe, expect, it } from "vitest";
import { BRAND_KEYS, BRAND_PARAM, BRANDINGS, brandingFor, isBrandKey, resolveBrand } from "~/domain/branding";

describe("spec §1: two brandings exist, chosen by a query parameter", () => {
  it("the keys are default and partner, chosen by ?brand= (demo-data.md)", () => {
    expect([...BRAND_KEYS].sort()).toEqual(["default", "partner"]);
    expect(Object.keys(BRANDINGS).sort()).toEqual(["default", "partner"]);
    expect(BRAND_PARAM).toBe("brand");
  });

  it("isBrandKey accepts exactly the two keys", () => {
    expect(isBrandKey("default")).toBe(true);
    expect(isBrandKey("partner")).toBe(true);
    for (const value of ["Partner", "PARTNER", "partner ", "other", "", null, undefined, 1, "__proto__", "toString"]) {
      expect(isBrandKey(value), String(value)).toBe(false);
    }
  });

  it("brandingFor gives the branding of a known key", () => {
    expect(brandingFor("partner").key).toBe("partner");
    expect(brandingFor("default").key).toBe("default");
  });

  it.each(["other", "", "Partner", "__proto__", "constructor", null, undefined, 7])(
    "the default branding applies when the value is unknown (%j)",
    (value) => {
      expect(brandingFor(value)).toBe(BRANDINGS.default);
    },
  );
});

describe("spec §1: the chosen branding is remembered in the browser", () => {
  it("the query wins over the remembered one, and is remembered", () => {
    const result = resolveBrand("partner", "default");
    expect(result.branding.key).toBe("partner");
    expect(result.remember).toBe("partner");
  });

  it("the query wins with nothing remembered", () => {
    expect(resolveBrand("partner", null)).toEqual({ branding: BRANDINGS.partner, remember: "partner" });
  });

  it("an unknown query value gives the default branding, and the default is remembered", () => {
    expect(resolveBrand("nonsense", "partner")).toEqual({ branding: BRANDINGS.default, remember: "default" });
  });

  it("without a query the remembered branding applies and nothing new is remembered", () => {
    expect(resolveBrand(null, "partner")).toEqual({ branding: BRANDINGS.partner, remember: null });
  });

  it("without a query and nothing (or junk) remembered, the default applies", () => {
    expect(resolveBrand(null, null).branding).toBe(BRANDINGS.default);
    expect(resolveBrand(null, undefined).branding).toBe(BRANDINGS.default);
    expect(resolveBrand(null, "junk")).toEqual({ branding: BRANDINGS.default, remember: null });
  });
});

describe("spec §1: each branding sets a logo (logoUrl), a welcome message, the marketing organisation, a rewards disclaimer and an authorised-entity name", () => {
  it.each(BRAND_KEYS)("%s has every field, none blank", (key) => {
    const branding = BRANDINGS[key];
    expect(branding.key).toBe(key);
    for (const field of [
      "logoUrl",
      "welcomeMessage",
      "marketingOrganisation",
      "rewardsDisclaimer",
      "authorisedEntity",
    ] as const) {
      expect(typeof branding[field], field).toBe("string");
      expect(branding[field].trim(), field).not.toBe("");
    }
  });

  it.each(BRAND_KEYS)(
    "%s: the rewards disclaimer says brokers must be active with the organisation and policies must be active at payment",
    (key) => {
      const { rewardsDisclaimer, marketingOrganisation } = BRANDINGS[key];
      expect(rewardsDisclaimer).toContain(marketingOrganisation);
      expect(rewardsDisclaimer).toMatch(/brokers must be active with/i);
      expect(rewardsDisclaimer).toMatch(/polic(y|ies)[^.]*active[^.]*payment/i);
    },
  );

  it("the two brandings differ in every field", () => {
    const { default: a, partner: b } = BRANDINGS;
    for (const field of [
      "logoUrl",
      "welcomeMessage",
      "marketingOrganisation",
      "rewardsDisclaimer",
      "authorisedEntity",
    ] as const) {
      expect(a[field], field).not.toBe(b[field]);
    }
  });
});
