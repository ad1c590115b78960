import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { budgetFailures } from "./budget-failures.ts";
import { type FirstLoad, sectionLoads, sectionScripts } from "./first-load.ts";

/** Issue 22: the shared admin section pages are counted with each section's own scripts. */
describe("the admin sections' scripts in the first load", () => {
  const root = mkdtempSync(path.join(tmpdir(), "first-load-"));
  const assets = path.join(root, "build", "client", "assets");
  mkdirSync(assets, { recursive: true });
  // The registry's chunk as Vite writes it: each module a lazy import with its preload map.
  writeFileSync(
    path.join(assets, "admin-X.js"),
    'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/view-U.js","assets/shared-S.js","assets/root-R.css","assets/form-F.js"])))=>i.map(i=>d[i]);' +
      'const a=Object.assign({"../../admin/sections/users/view.tsx":()=>c(()=>import(`./view-U.js`),__vite__mapDeps([0,1,2]))}),' +
      'b=Object.assign({"../../admin/sections/users/form.ts":()=>c(()=>import(`./form-F.js`),__vite__mapDeps([3,1]))});',
  );
  writeFileSync(path.join(assets, "other.js"), "export const x = 1;");

  it("reads each section's view and form scripts, with their imports, never a stylesheet", () => {
    expect(sectionScripts(root).get("users")).toEqual({
      view: ["/assets/view-U.js", "/assets/view-U.js", "/assets/shared-S.js"],
      form: ["/assets/form-F.js", "/assets/form-F.js", "/assets/shared-S.js"],
    });
  });

  it("adds them to the list (view) and the new and record pages (view and form), counting each file once", () => {
    const size: Record<string, number> = {
      "/assets/a.js": 200 * 1024,
      "/assets/view-U.js": 5 * 1024,
      "/assets/shared-S.js": 1024,
      "/assets/form-F.js": 10 * 1024,
    };
    const load = (routeId: string): FirstLoad => ({
      routeId,
      js: ["/assets/a.js", "/assets/shared-S.js"],
      css: [],
      jsBytes: 201 * 1024,
      cssBytes: 0,
    });
    const extra = sectionLoads([load("list"), load("new"), load("other")], sectionScripts(root), (f) => size[f] ?? 0, {
      list: "list",
      withForm: ["new"],
    });
    expect(extra.map((l) => [l.routeId, l.jsBytes / 1024, l.preloads])).toEqual([
      ["list (users)", 206, 2],
      ["new (users)", 216, 2],
    ]);
    const failures = budgetFailures(extra, {
      budgets: { signInJsKb: 150, pageJsKb: 190, adminPageJsKb: 212, cssKb: 25 },
      signInRoute: "sign-in",
      adminRoute: /./,
      overBudget: {},
      maxPreloads: 2,
    });
    expect(failures).toEqual(["new (users): first-load JS 216.0 KB > 212 KB"]);
  });
});
