import { test as httpTest } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { DomUtils } from "htmlparser2";
import { publishedPeriods } from "../../server/reference-api/commission-statements/seed";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { NoJsBrowser, type NoJsPage } from "../support/no-js";
import { expect, loginAs, test } from "./fixtures";

/**
 * The commission totals (issue 23 §2), read only: the filters narrow the list (a plain form, JavaScript off), a
 * row's drill-down lists the lines whose sums are the row's, the CSV export of a filtered list has the page's rows,
 * and agent@'s Commissions shows the admin's figures for the same period. The list's, agency@'s and agent@'s axe and
 * their 390 and 1280 px fit are the page sweep's (pages.spec.ts, admin-pages.ts).
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

/** The list's rows as [name, period, payout cents] (the columns found by their headers), as the server drew them. */
function rowsOf(page: NoJsPage): Array<[string, string, number]> {
  const table = page.tables().find((t) => t.caption.startsWith("Commission totals"));
  if (!table) throw new Error(`No Commission totals table at ${page.url}`);
  const at = (name: RegExp) => table.headers.findIndex((h) => name.test(h));
  const [name, period, payout] = [at(/^Agent or agency/), at(/^Period/), at(/^Payout/)];
  return table.rows.map((cells) => [cells[name]!.trim(), cells[period]!.trim(), centsOf(cells[payout]!)]);
}

/** How many the list holds: "… of 1,234" in its caption. */
const countOf = (page: NoJsPage) =>
  Number(
    /of ([\d,]+)/
      .exec(page.tables().find((t) => t.caption.startsWith("Commission totals"))?.caption ?? "")?.[1]
      ?.replace(/,/g, ""),
  );

/** The cents of every `[data-amount-cents]` inside the element with `data-testid=id` (a drill-down's lines). */
function amountsIn(page: NoJsPage, id: string): number[] {
  const lines = DomUtils.findOne((e) => e.attribs["data-testid"] === id, page.document.children);
  if (!lines) throw new Error(`No [data-testid=${id}] at ${page.url}`);
  return DomUtils.findAll((e) => e.attribs["data-amount-cents"] !== undefined, lines.children).map((e) =>
    Number(e.attribs["data-amount-cents"]),
  );
}

test.describe("commission totals", () => {
  // Sign-ins, axe and a drill-down of hundreds of lines: more than the default on a loaded machine.
  test.beforeEach(() => test.setTimeout(120_000));

  httpTest(
    "without JavaScript: the filters narrow the list; the CSV export of the filtered list has the page's rows",
    async () => {
      const admin = await NoJsBrowser.signedIn("admin@demo.test");
      try {
        const list = await admin.open("/admin/commission_totals");
        expect(list.heading).toBe("Commission totals");
        const all = countOf(list);
        expect(all).toBeGreaterThan(100);

        const period = await admin.submit(list.form("Search").fill("Period", label(OLDER)), "Search");
        expect(period.path).toMatch(new RegExp(`period=${OLDER}`));
        const inPeriod = countOf(period);
        expect(inPeriod).toBeLessThan(all);

        const hierarchy = await admin.submit(period.form("Search").fill("Agency hierarchy", AGENCY), "Search");
        expect(hierarchy.path).toMatch(/agencyId=5/);
        const inHierarchy = countOf(hierarchy);
        expect(inHierarchy).toBeLessThan(inPeriod);

        const carrierLabel = hierarchy.form("Search").options("Carrier")[1]!;
        const carrier = await admin.submit(hierarchy.form("Search").fill("Carrier", carrierLabel), "Search");
        expect(carrier.path).toMatch(/carrierId=\d+/);
        const byCarrier = countOf(carrier);
        expect(byCarrier).toBeLessThanOrEqual(inHierarchy);
        expect(byCarrier).toBeGreaterThan(0);

        const shown = rowsOf(carrier);
        expect(shown.length).toBeGreaterThan(0);
        expect(shown.every(([, p]) => p === label(OLDER))).toBe(true);
        const href = new URL(carrier.link("Export CSV"));
        expect(href.pathname + href.search).toMatch(/^\/admin\/commission_totals\/export\?/);
        expect(href.search).toContain(`period=${OLDER}`);
        const answer = await admin.download(href.toString());
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
      } finally {
        await admin.close();
      }
    },
  );

  test("a row drills down to its lines and entries: tabs and pages are links", async ({ page }) => {
    await loginAs(page, "admin@demo.test", {
      path: `/admin/commission_totals?period=${OLDER}&search=agency%40demo.test`,
    });
    const link = page.getByRole("link", { name: AGENCY, exact: true });
    await link.click();
    await expect(page).toHaveURL(`/admin/commission_totals/5-${OLDER}`);
    await expect(page.getByRole("heading", { level: 1, name: `${AGENCY}, ${label(OLDER)}` })).toBeVisible();
    for (const [tab, name] of [
      ["Street", "Street commission lines pages"],
      ["Overrides", "Override lines pages"],
    ] as const) {
      const tabLink = page
        .getByRole("navigation", { name: "Which lines" })
        .getByRole("link", { name: new RegExp(`^${tab} \\(\\d+\\)$`) });
      await tabLink.click();
      await expect(tabLink).toHaveAttribute("aria-current", "page");
      const total = Number(/\((\d+)\)$/.exec((await tabLink.textContent()) ?? "")?.[1]);
      expect(total, `${tab}: more than one page of 25`).toBeGreaterThan(25);
      const pages = page.getByRole("navigation", { name });
      await pages.getByRole("link", { name: "Page 2", exact: true }).click();
      await expect(pages.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
    }
  });

  httpTest("a drill-down's lines, page by page, add up to the row's street and overrides", async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      const record = `/admin/commission_totals/5-${OLDER}`;
      const shown = await admin.open(record);
      expect(shown.heading).toBe(`${AGENCY}, ${label(OLDER)}`);
      // Each level's lines, page by page (agency@'s month is hundreds of lines), add up to the row's figure.
      for (const [tab, level, testId, figure] of [
        ["Street", "street", "street-lines", "total-street"],
        ["Overrides", "overrides", "override-lines", "total-overrides"],
      ] as const) {
        const total = Number(new RegExp(`\\b${tab} \\((\\d+)\\)`).exec(shown.text("Which lines"))?.[1]);
        expect(total, `${tab}: more than one page of 25`).toBeGreaterThan(25);
        let sum = 0;
        let rows = 0;
        for (let n = 1; rows < total; n++) {
          const page = await admin.open(`${record}?lines=${level}&perPage=50&page=${n}`);
          expect(page.status).toBe(200);
          const amounts = amountsIn(page, testId);
          if (amounts.length === 0) break;
          rows += amounts.length;
          sum += amounts.reduce((s, c) => s + c, 0);
        }
        expect(rows, testId).toBe(total);
        expect(centsOf(shown.testIdText(figure)), figure).toBe(sum);
      }
    } finally {
      await admin.close();
    }
  });

  httpTest("agent@'s Commissions shows the admin's figures for the period", async () => {
    const [agentBrowser, adminBrowser] = await Promise.all([
      NoJsBrowser.signedIn("agent@demo.test"),
      NoJsBrowser.signedIn("admin@demo.test"),
    ]);
    try {
      const page = await agentBrowser.open(`/commissions?period=${OLDER}`);
      const agentFigure = (id: string) => centsOf(page.testIdText(`summary-${id}`));
      const agent = {
        street: agentFigure("street"),
        overrides: agentFigure("overrides"),
        entries: agentFigure("entries"),
        carriedIn: agentFigure("carried-in"),
      };
      const agentPayout = page.testIdText("summary-payout");

      const admin = await adminBrowser.open(`/admin/commission_totals/1-${OLDER}`);
      const adminFigure = (id: string) => centsOf(admin.testIdText(`total-${id}`));
      expect(agent).toEqual({
        street: adminFigure("street"),
        overrides: adminFigure("overrides"),
        entries: adminFigure("entries"),
        carriedIn: adminFigure("carried-in"),
      });
      const payout = adminFigure("payout");
      const carried = adminFigure("carried-forward");
      if (payout !== 0) expect(centsOf(/Payout (\S+),/.exec(agentPayout)?.[1] ?? "")).toBe(payout);
      else expect(centsOf(/No payout: (\S+) is carried/.exec(agentPayout)?.[1] ?? "")).toBe(carried);
    } finally {
      await Promise.all([agentBrowser.close(), adminBrowser.close()]);
    }
  });
});
