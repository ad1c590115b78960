import { type Locator, type Page, test as httpTest } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { longMonth, newestCompleteMonth } from "../../app/admin/sections/policy_production/records";
import { NoJsBrowser, type NoJsPage } from "../support/no-js";
import { expect, expectAxeClean, loginAs, test } from "./fixtures";

/**
 * Issue 23 §4, policy production (read-only): the chart above the table, agency@'s row rolled up over its downline
 * (opened, its own policies' row and its downline's rows add up to it), the filters as a plain GET form, the CSV
 * equal to the page, axe clean with the months' table open. The list's and agency@'s axe and their 390 and 1280 px
 * fit are the page sweep's (pages.spec.ts, admin-pages.ts).
 */
const AGENCY = "Chen Senior Benefits Group";

const table = (page: Page) => page.getByRole("table", { name: /^Policy production/ });
/** The broker's NPN under their name (issue 37 §5: brokers share names, never an NPN). */
const NPN_UNDER_NAME = / NPN \d+$/;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The table's rows as [broker (without the NPN under the name), kind, new, plan change, renewal, total]. */
async function rowsOf(page: Page): Promise<Array<[string, string, number, number, number, number]>> {
  const rows = table(page).locator("tbody tr");
  const texts = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "")),
  );
  return texts.map((t) => [
    (t[0] ?? "").replace(NPN_UNDER_NAME, ""),
    t[1] ?? "",
    Number(t[2]?.replace(/,/g, "")),
    Number(t[3]?.replace(/,/g, "")),
    Number(t[4]?.replace(/,/g, "")),
    Number(t[5]?.replace(/,/g, "")),
  ]);
}

/** The same rows as the server drew them (a no-JavaScript page), the broker's cell whole (its NPN too). */
function rowsDrawn(page: NoJsPage): Array<[string, string, number, number, number, number]> {
  const drawn = page.tables().find((t) => t.caption.startsWith("Policy production"));
  if (!drawn) throw new Error(`No Policy production table at ${page.url}`);
  const n = (text: string | undefined) => Number(text?.replace(/,/g, ""));
  return drawn.rows.map((t) => [t[0] ?? "", t[1] ?? "", n(t[2]), n(t[3]), n(t[4]), n(t[5])]);
}

const rowNamed = (page: Page, name: string): Locator =>
  table(page)
    .locator("tbody tr")
    .filter({ has: page.getByRole("cell", { name: new RegExp(`^${escaped(name)}( NPN \\d+)?$`) }) });

test.describe("Policy production", () => {
  test("the chart and the table; agency@'s row rolls up its downline and opens", async ({ page }) => {
    test.slow();
    await loginAs(page, "admin@demo.test", { path: "/admin/policy_production?perPage=50" });
    await expect(page.getByRole("heading", { level: 1, name: "Policy production" })).toBeVisible();
    const newest = longMonth(newestCompleteMonth(new Date()));
    await expect(page.getByText(`The newest complete month is ${newest}`)).toBeVisible();
    const chart = page.getByRole("img", { name: /^Stacked bar chart of every agent's policies per month/ });
    await expect(chart).toBeVisible();
    // One bar per month of the table beside it, each with its count as a tooltip.
    await expect(chart.getByTitle(/^[A-Z][a-z]{2} \d{2}: [\d,]+ policies$/)).toHaveCount(24);
    await page.getByText("Policies by month").click();
    await expect(page.getByRole("table", { name: "Policies by month" }).locator("tbody tr")).toHaveCount(24);
    // Opened by a click: the page as loaded (and agency@'s, below) is the sweep's.
    await expectAxeClean(page);

    const top = await rowsOf(page);
    const agency = top.find(([name]) => name === AGENCY);
    expect(agency).toBeDefined();
    for (const [, , n, pc, r, total] of top) expect(n + pc + r).toBe(total);

    await rowNamed(page, AGENCY).getByRole("link", { name: AGENCY }).click();
    await expect(page).toHaveURL(/agencyId=5/);
    const hierarchy = page.getByRole("navigation", { name: "Hierarchy" });
    await expect(hierarchy.getByRole("listitem")).toHaveText(["All agents", AGENCY]);
    await expect(hierarchy.getByRole("link", { name: "All agents", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to all agents" })).toBeVisible();
    await expect(
      page.getByRole("img", { name: new RegExp(`^Stacked bar chart of ${AGENCY} and its downline`) }),
    ).toBeVisible();
    const opened = await rowsOf(page);
    expect(opened[0]?.slice(0, 2)).toEqual([`${AGENCY} (own policies)`, "Own policies"]);
    const sum = (i: 2 | 3 | 4 | 5) => opened.reduce((n, row) => n + row[i], 0);
    expect([sum(2), sum(3), sum(4), sum(5)]).toEqual(agency?.slice(2));
    await expect(
      page.getByRole("heading", { name: `${agency?.[5]} policies of ${AGENCY} and its downline, by month` }),
    ).toBeVisible();

    // A bulk agency under agency@ opens in turn: the trail leads back through agency@.
    const sub = opened.find(([, kind]) => kind === "Agency");
    expect(sub).toBeDefined();
    await rowNamed(page, sub?.[0] ?? "")
      .getByRole("link")
      .first()
      .click();
    const trail = page.getByRole("navigation", { name: "Hierarchy" });
    await expect(trail.getByRole("link", { name: AGENCY, exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: `Back to ${AGENCY}` })).toBeVisible();
    const deeper = await rowsOf(page);
    expect(deeper.reduce((n, row) => n + row[5], 0)).toBe(sub?.[5]);
  });

  httpTest("the CSV export is the list the page shows", async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      const page = await admin.open("/admin/policy_production?agencyId=5&perPage=50");
      const shown = rowsDrawn(page);
      expect(shown.length).toBeGreaterThan(0);
      // agency@'s downline has namesakes (two Patricia Garcias): each row's broker reads apart, by the NPN under it.
      expect(new Set(shown.map(([broker]) => broker)).size).toBe(shown.length);
      const href = new URL(page.link("Export CSV"));
      expect(href.pathname + href.search).toMatch(/^\/admin\/policy_production\/export\?/);
      expect(href.search).toContain("agencyId=5");
      const answer = await admin.download(href.toString());
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toContain("text/csv");
      const [header, ...lines] = parse(await answer.text()) as string[][];
      expect(header).toEqual([
        "Agent id",
        "Agent",
        "NPN",
        "Kind",
        "From",
        "To",
        "New",
        "Plan change",
        "Renewal",
        "Total",
      ]);
      expect(lines.map((l) => [l[2] ? `${l[1]} NPN ${l[2]}` : l[1], l[3], ...l.slice(6).map(Number)])).toEqual(shown);
    } finally {
      await admin.close();
    }
  });

  httpTest("without JavaScript: the filters are a plain form; opening an agency keeps them", async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      const list = await admin.open("/admin/policy_production");
      const before = rowsDrawn(list);
      const form = list.form("Search");
      const carrierName = form.options("Carrier")[1] ?? "";
      expect(carrierName).not.toBe("");
      const from = form.options("From")[6] ?? "";
      expect(from).not.toBe("");
      const filtered = await admin.submit(form.fill("Carrier", carrierName).fill("From", from), "Search");
      expect(filtered.path).toMatch(/carrierId=\d+/);
      expect(filtered.path).toMatch(/from=\d{4}-\d\d/);
      expect(filtered.form("Search").valueOf("Carrier")).toMatch(/\d+/);
      const after = rowsDrawn(filtered);
      expect(after.reduce((n, r) => n + r[5], 0)).toBeLessThan(before.reduce((n, r) => n + r[5], 0));

      const opened = await admin.open(filtered.linkNamed(AGENCY));
      expect(opened.path).toMatch(/agencyId=5/);
      expect(opened.path).toMatch(/carrierId=\d+/);
      expect(opened.form("Search").valueOf("Agency")).toBe("5");
      const agency = after.find(([name]) => name.replace(NPN_UNDER_NAME, "") === AGENCY);
      expect(rowsDrawn(opened).reduce((n, r) => n + r[5], 0)).toBe(agency?.[5]);
      const back = await admin.follow(opened, "Back to all agents");
      expect(back.path).not.toMatch(/agencyId/);
      expect(back.path).toMatch(/carrierId=\d+/);
    } finally {
      await admin.close();
    }
  });
});
