import { describe, expect, it } from "vitest";
import { budgetFailures } from "./budget-failures";
import { firstLoadFiles, firstLoads } from "./first-load";

const KB = 1024;
const rules = {
  budgets: { signInJsKb: 150, pageJsKb: 190, adminPageJsKb: 212, cssKb: 25 },
  signInRoute: "routes/_index",
  adminRoute: /^routes\/admin(\.|$)/,
  overBudget: {},
};
const load = (routeId: string, jsKb: number, cssKb = 10) => ({
  routeId,
  js: [],
  css: [],
  jsBytes: jsKb * KB,
  cssBytes: cssKb * KB,
});

describe("budgetFailures", () => {
  it("holds the admin area's pages to their own budget (issue 14), and no other page", () => {
    expect(budgetFailures([load("routes/admin.section", 211), load("routes/admin", 170)], rules)).toEqual([]);
    expect(budgetFailures([load("routes/admin.section", 213), load("routes/administer", 191)], rules)).toEqual([
      "routes/admin.section: first-load JS 213.0 KB > 212 KB",
      "routes/administer: first-load JS 191.0 KB > 190 KB",
    ]);
  });

  it("holds the sign-in page to its own budget and every other page to the page budget", () => {
    expect(budgetFailures([load("routes/_index", 149), load("routes/dashboard", 189)], rules)).toEqual([]);
    expect(budgetFailures([load("routes/_index", 151), load("routes/dashboard", 191)], rules)).toEqual([
      "routes/_index: first-load JS 151.0 KB > 150 KB",
      "routes/dashboard: first-load JS 191.0 KB > 190 KB",
    ]);
  });

  it("fails on first-load CSS over its budget", () => {
    expect(budgetFailures([load("routes/dashboard", 100, 26)], rules)).toEqual([
      "routes/dashboard: first-load CSS 26.0 KB > 25 KB",
    ]);
  });

  it("a page on the ratchet may not grow past its ceiling, and leaves the list once it meets the budget", () => {
    const ratchet = { ...rules, overBudget: { "routes/onboarding": 243 } };
    expect(budgetFailures([load("routes/onboarding", 242)], ratchet)).toEqual([]);
    expect(budgetFailures([load("routes/onboarding", 244)], ratchet)).toEqual([
      "routes/onboarding: first-load JS 244.0 KB > its ceiling 243 KB",
    ]);
    expect(budgetFailures([load("routes/onboarding", 180)], ratchet)).toEqual([
      "routes/onboarding: now 180.0 KB ≤ 190 KB: take it off OVER_BUDGET_KB",
    ]);
    expect(budgetFailures([], ratchet)).toEqual(["routes/onboarding: in OVER_BUDGET_KB but not in the build"]);
  });
});

describe("preloads (issue 21)", () => {
  const withPreloads = () => ({ ...rules, maxPreloads: 25 });
  const scripts = (routeId: string, count: number) => ({
    ...load(routeId, 100),
    js: Array.from({ length: count }, (_, i) => `/assets/${i}.js`),
  });

  it("fails a page whose first load preloads more than 25 scripts", () => {
    expect(budgetFailures([scripts("routes/dashboard", 25)], withPreloads())).toEqual([]);
    expect(budgetFailures([scripts("routes/dashboard", 26)], withPreloads())).toEqual([
      "routes/dashboard: preloads 26 scripts > 25",
    ]);
  });
});

describe("first-load files", () => {
  const manifest = {
    entry: { module: "/entry.js", imports: ["/react.js"] },
    routes: {
      root: { module: "/root.js", imports: ["/react.js", "/mantine.js"], css: ["/root.css"] },
      "layouts/default": { parentId: "root", module: "/layout.js", imports: ["/mantine.js"] },
      "routes/dashboard": { parentId: "layouts/default", module: "/dashboard.js", css: ["/dashboard.css"] },
    },
  };

  it("are the entry, then every matched route's module, imports and CSS, each once", () => {
    expect(firstLoadFiles(manifest, "routes/dashboard")).toEqual({
      js: ["/entry.js", "/react.js", "/root.js", "/mantine.js", "/layout.js", "/dashboard.js"],
      css: ["/root.css", "/dashboard.css"],
    });
  });

  it("sum the sizes of those files", () => {
    const [dashboard] = firstLoads(manifest, (file) => (file.endsWith(".css") ? 100 : 1000), ["routes/dashboard"]);
    expect(dashboard).toMatchObject({ jsBytes: 6000, cssBytes: 200 });
  });
});
