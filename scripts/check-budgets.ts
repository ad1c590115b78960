/**
 * Issue 10's size budgets, on the production build (run `npm run build` first; `npm test` runs it after
 * the browser tests, which build). Fails when the sign-in page's first-load JS, any page's first-load JS
 * or any page's first-load CSS exceeds its budget in scripts/budgets.ts (or, for a page still listed in
 * OVER_BUDGET_KB, its ceiling), and when a listed page now meets the budget (take it off the list); and
 * (issue 21) when a page preloads more than 25 scripts. The shared admin section pages are counted once per
 * section, with that section's view and form scripts (issue 22: each its own chunk, loaded before hydration).
 */
import { ADMIN_ROUTE, BUDGETS, OVER_BUDGET_KB, SIGN_IN_ROUTE } from "./budgets.ts";
import { firstLoads, kb, readBuild, sectionLoads, sectionScripts } from "./lib/first-load.ts";
import { ROOT } from "./lib/portal-process.ts";
import { budgetFailures } from "./lib/budget-failures.ts";

const { manifest, sizeOf } = await readBuild(ROOT);
const pages = Object.entries(manifest.routes)
  .filter(([, route]) => route.hasDefaultExport)
  .map(([id]) => id);
const routeLoads = firstLoads(manifest, sizeOf, pages);
// Issue 22: the shared admin section pages with each section's own view (and form) scripts.
const sections = sectionScripts(ROOT);
if (sections.size === 0) throw new Error("No admin section scripts found in the build (section-registry.ts)");
const loads = [
  ...routeLoads,
  ...sectionLoads(routeLoads, sections, sizeOf, {
    list: "routes/admin.section",
    withForm: ["routes/admin.section.new", "admin-record", "admin-record-edit"],
  }),
];
for (const load of [...loads].sort((a, b) => b.jsBytes - a.jsBytes)) {
  console.log(
    `${load.routeId.padEnd(34)} JS ${kb(load.jsBytes).toFixed(1).padStart(6)} KB   CSS ${kb(load.cssBytes).toFixed(1).padStart(5)} KB   ${String(load.js.length).padStart(2)} scripts`,
  );
}
const failures = budgetFailures(loads, {
  budgets: BUDGETS,
  signInRoute: SIGN_IN_ROUTE,
  adminRoute: ADMIN_ROUTE,
  overBudget: OVER_BUDGET_KB,
  maxPreloads: BUDGETS.modulePreloads,
});
if (failures.length > 0) {
  console.error(`\nBudgets exceeded (scripts/budgets.ts):\n${failures.map((f) => `  ${f}`).join("\n")}`);
  process.exit(1);
}
const ratchet = Object.keys(OVER_BUDGET_KB);
console.log(
  `\nBudgets held: sign-in JS ≤ ${BUDGETS.signInJsKb} KB, other pages ≤ ${BUDGETS.pageJsKb} KB, admin pages ≤ ${BUDGETS.adminPageJsKb} KB, CSS ≤ ${BUDGETS.cssKb} KB` +
    (ratchet.length ? `; still above, held at their ceilings (OVER_BUDGET_KB): ${ratchet.join(", ")}` : "") +
    `; ≤ ${BUDGETS.modulePreloads} scripts preloaded per page.`,
);
