import { type FirstLoad, kb } from "./first-load.ts";

export interface BudgetRules {
  budgets: { signInJsKb: number; pageJsKb: number; adminPageJsKb: number; cssKb: number };
  signInRoute: string;
  /** The admin area's pages (their own budget: see scripts/budgets.ts). */
  adminRoute: RegExp;
  /** Pages above the page budget, each with its ceiling (a ratchet). */
  overBudget: Record<string, number>;
  /** Issue 21: scripts a page preloads (its first load's JS files: each a request with its headers), at most. */
  maxPreloads?: number;
}

/** Every budget a build breaks, in words; empty when all hold. */
export function budgetFailures(loads: FirstLoad[], rules: BudgetRules): string[] {
  const failures: string[] = [];
  const { budgets, signInRoute, overBudget, adminRoute } = rules;
  for (const load of loads) {
    const js = kb(load.jsBytes);
    const budget =
      load.routeId === signInRoute
        ? budgets.signInJsKb
        : adminRoute.test(load.routeId)
          ? budgets.adminPageJsKb
          : budgets.pageJsKb;
    const ceiling = overBudget[load.routeId];
    if (ceiling !== undefined) {
      if (js > ceiling) failures.push(`${load.routeId}: first-load JS ${js.toFixed(1)} KB > its ceiling ${ceiling} KB`);
      else if (js <= budget)
        failures.push(`${load.routeId}: now ${js.toFixed(1)} KB ≤ ${budget} KB: take it off OVER_BUDGET_KB`);
    } else if (js > budget) {
      failures.push(`${load.routeId}: first-load JS ${js.toFixed(1)} KB > ${budget} KB`);
    }
    const preloads = "preloads" in load && typeof load.preloads === "number" ? load.preloads : load.js.length;
    if (rules.maxPreloads !== undefined && preloads > rules.maxPreloads) {
      failures.push(`${load.routeId}: preloads ${preloads} scripts > ${rules.maxPreloads}`);
    }
    const css = kb(load.cssBytes);
    if (css > budgets.cssKb)
      failures.push(`${load.routeId}: first-load CSS ${css.toFixed(1)} KB > ${budgets.cssKb} KB`);
  }
  for (const routeId of Object.keys(overBudget)) {
    if (!loads.some((l) => l.routeId === routeId)) failures.push(`${routeId}: in OVER_BUDGET_KB but not in the build`);
  }
  return failures;
}
