import type { Locator, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { publishedPeriods } from "../../server/reference-api/commission-statements/seed";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { expect, expectAxeClean, expectNoSidewaysScroll, loginAs, test } from "./fixtures";

/**
 * The commission totals (issue 23 §2), read only: the filters narrow the list (a plain form, JavaScript off), a
 * row's drill-down lists the lines whose sums are the row's, the CSV export of a filtered list has the page's rows,
 * and agent@'s Commissions shows the admin's figures for the same period.
 */
const PERIODS = publishedPeriods(seedDates());
const OLDER = PERIODS[4]!;
const label = (period: string) =>
  new Date(`${period}-01T00:00:00Z`).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
/** agency@'s name as an agency (the agency hierarchy filter). */
const AGENCY = "Chen Senior Benefits Group";

/** "$1,234.56", "-$12.30", "'-12.30" (a CSV cell), "1234.56" → cents. */
function centsOf(text: string): number {
  const negative = /-/.test(text);
  const digits = text.replace(/[^\d.]/g, "");
  const [whole, fraction = "0"] = digits.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return negative ? -cents : cents;
}

/** The list's rows as [name, period, payout cents] (the columns found by their headers). */
async function rowsOf(table: Locator): Promise<Array<[string, string, number]>> {
  const headers = (await table.locator("thead th").allInnerTexts()).map((h) => h.trim());
  const at = (name: RegExp) => headers.findIndex((h) => name.test(h));
  const [name, period, payout] = [at(/^Agent or agency/), at(/^Period/), at(/^Payout/)];
  const rows = await table
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => c.textContent ?? "")));
  return rows.map((cells) => [cells[name]!.trim(), cells[period]!.trim(), centsOf(cells[payout]!)]);
}

const caption = (page: Page) => page.locator("caption");
const countOf = async (page: Page) =>
  Number(/of ([\d,]+)/.exec((await caption(page).textContent()) ?? "")?.[1]?.replace(/,/g, ""));

test.describe("commission totals", () => {
  // Sign-ins, axe and a drill-down of hundreds of lines: more than the default on a loaded machine.
  test.beforeEach(() => test.setTimeout(120_000));

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the filters narrow the list; the CSV export of the filtered list has the page's rows", async ({ page }) => {
      await loginAs(page, "admin@demo.test");
      await page.goto("/admin/commission_totals");
      await expect(page.getByRole("heading", { level: 1, name: "Commission totals" })).toBeVisible();
      const all = await countOf(page);
      expect(all).toBeGreaterThan(100);

      await page.getByRole("combobox", { name: "Period" }).selectOption({ label: label(OLDER) });
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(new RegExp(`period=${OLDER}`));
      const inPeriod = await countOf(page);
      expect(inPeriod).toBeLessThan(all);

      await page.getByRole("combobox", { name: "Agency hierarchy" }).selectOption({ label: AGENCY });
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/agencyId=5/);
      const inHierarchy = await countOf(page);
      expect(inHierarchy).toBeLessThan(inPeriod);

      const carrier = page.getByRole("combobox", { name: "Carrier" });
      const carrierLabel = (await carrier.locator("option").allInnerTexts())[1]!;
      await carrier.selectOption({ label: carrierLabel });
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/carrierId=\d+/);
      const byCarrier = await countOf(page);
      expect(byCarrier).toBeLessThanOrEqual(inHierarchy);
      expect(byCarrier).toBeGreaterThan(0);

      const table = page.getByRole("table", { name: /Commission totals/ });
      const shown = await rowsOf(table);
      expect(shown.every(([, period]) => period === label(OLDER))).toBe(true);
      const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
      expect(href).toMatch(/^\/admin\/commission_totals\/export\?/);
      expect(href).toContain(`period=${OLDER}`);
      const answer = await page.request.get(href!);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toContain("text/csv");
      const [header, ...records] = parse(await answer.text()) as string[][];
      const col = (name: string) => header!.indexOf(name);
      expect(records).toHaveLength(byCarrier);
      expect(
        records
          .slice(0, shown.length)
          .map((r) => [r[col("Name")], label(r[col("Period")]!), centsOf(r[col("Payout")]!)]),
      ).toEqual(shown);
    });
  });

  test("a row drills down to its lines and entries, whose sums are the row's; axe clean", async ({ page }) => {
    await loginAs(page, "admin@demo.test");
    await page.goto(`/admin/commission_totals?period=${OLDER}&search=agency%40demo.test`);
    await expectAxeClean(page);
    const link = page.getByRole("link", { name: AGENCY, exact: true });
    await link.click();
    await expect(page).toHaveURL(`/admin/commission_totals/5-${OLDER}`);
    await expect(page.getByRole("heading", { level: 1, name: `${AGENCY}, ${label(OLDER)}` })).toBeVisible();
    await expectAxeClean(page);
    // Each level's lines, page by page (agency@'s month is hundreds of lines), add up to the row's figure.
    for (const [tab, level, testId, figure] of [
      ["Street", "street", "street-lines", "total-street"],
      ["Overrides", "overrides", "override-lines", "total-overrides"],
    ] as const) {
      const tabLink = page
        .getByRole("navigation", { name: "Which lines" })
        .getByRole("link", { name: new RegExp(`^${tab} \\(\\d+\\)$`) });
      await tabLink.click();
      await expect(tabLink).toHaveAttribute("aria-current", "page");
      const total = Number(/\((\d+)\)$/.exec((await tabLink.textContent()) ?? "")?.[1]);
      expect(total, `${tab}: more than one page of 25`).toBeGreaterThan(25);
      const pages = page.getByRole("navigation", {
        name: `${testId === "street-lines" ? "Street commission" : "Override"} lines pages`,
      });
      await pages.getByRole("link", { name: "Page 2", exact: true }).click();
      await expect(pages.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
      let sum = 0;
      let rows = 0;
      for (let n = 1; rows < total; n++) {
        await page.goto(`/admin/commission_totals/5-${OLDER}?lines=${level}&perPage=50&page=${n}`);
        const amounts = await page
          .getByTestId(testId)
          .locator("[data-amount-cents]")
          .evaluateAll((tds) => tds.map((td) => Number(td.getAttribute("data-amount-cents"))));
        if (amounts.length === 0) break;
        rows += amounts.length;
        sum += amounts.reduce((s, c) => s + c, 0);
      }
      expect(rows, testId).toBe(total);
      expect(centsOf((await page.getByTestId(figure).textContent()) ?? ""), figure).toBe(sum);
      await page.goto(`/admin/commission_totals/5-${OLDER}`);
    }
  });

  test("agent@'s Commissions shows the admin's figures for the period", async ({ page, browser }) => {
    await loginAs(page, "agent@demo.test");
    await page.goto(`/commissions?period=${OLDER}`);
    const agentFigure = async (id: string) => centsOf((await page.getByTestId(`summary-${id}`).textContent()) ?? "");
    const agent = {
      street: await agentFigure("street"),
      overrides: await agentFigure("overrides"),
      entries: await agentFigure("entries"),
      carriedIn: await agentFigure("carried-in"),
    };
    const agentPayout = (await page.getByTestId("summary-payout").textContent()) ?? "";

    const context = await browser.newContext();
    const admin = await context.newPage();
    await loginAs(admin, "admin@demo.test");
    await admin.goto(`/admin/commission_totals/1-${OLDER}`);
    const adminFigure = async (id: string) => centsOf((await admin.getByTestId(`total-${id}`).textContent()) ?? "");
    expect(agent).toEqual({
      street: await adminFigure("street"),
      overrides: await adminFigure("overrides"),
      entries: await adminFigure("entries"),
      carriedIn: await adminFigure("carried-in"),
    });
    const payout = await adminFigure("payout");
    const carried = await adminFigure("carried-forward");
    if (payout !== 0) expect(centsOf(/Payout (\S+),/.exec(agentPayout)?.[1] ?? "")).toBe(payout);
    else expect(centsOf(/No payout: (\S+) is carried/.exec(agentPayout)?.[1] ?? "")).toBe(carried);
    await context.close();
  });

  test("fits a phone: the list and a drill-down", async ({ page }) => {
    await loginAs(page, "admin@demo.test");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/commission_totals?period=${OLDER}`);
    await expectNoSidewaysScroll(page);
    await page.goto(`/admin/commission_totals/5-${OLDER}`);
    await expectNoSidewaysScroll(page);
    await page.goto(`/admin/commission_totals/1-${OLDER}`);
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page);
  });
});
