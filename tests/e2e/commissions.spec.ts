import { test as httpTest } from "@playwright/test";
import dayjs from "dayjs";
import { publishedPeriods } from "../../server/reference-api/commission-statements/seed";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { NoJsBrowser } from "../support/no-js";
import { expect, loginAs, test } from "./fixtures";

/**
 * The seed's published periods are relative to today (the e2e run seeds a fresh db): the newest is two months ago
 * (last month's statements are still draft).
 */
const PERIODS = publishedPeriods(seedDates());
const periodLabel = (period: string) => dayjs(`${period}-01`).format("MMMM YYYY");
const NEWEST_PERIOD_LABEL = periodLabel(PERIODS.at(-1)!);
/** An older period, e.g. "2026-03", and its label "March 2026". */
const OLDER_PERIOD = PERIODS[6]!;
const OLDER_PERIOD_LABEL = periodLabel(OLDER_PERIOD);

test.describe("Commissions", () => {
  test("the newest period's summary in dollars, payouts over time, statement lines with kind and street or override", async ({
    page,
  }) => {
    await loginAs(page, "agency@demo.test");
    await page.getByRole("link", { name: "Commissions", exact: true }).click();
    await expect(page).toHaveURL("/commissions");
    await expect(page.getByRole("heading", { name: NEWEST_PERIOD_LABEL })).toBeVisible();
    for (const id of ["street", "overrides", "entries", "carried-in", "available"]) {
      await expect(page.getByTestId(`summary-${id}`)).toHaveText(/^-?\$[\d,]+\.\d{2}$/);
    }
    await expect(page.getByTestId("summary-payout")).toHaveText(
      /^(Payout \$[\d,]+\.\d{2}, paid on \d{2}\/\d{2}\/\d{4}\.|No payout: -?\$[\d,]+\.\d{2} is carried to the next period \(payouts start at \$50\.00\)\.)$/,
    );
    const chart = page.getByRole("img", { name: /Bar chart of monthly payouts/ });
    // One bar per published period (the payouts table's rows), each with its amount as a tooltip.
    await expect(chart.getByTitle(/^[A-Z][a-z]{2} \d{2}: \$[\d,]+\.\d{2}$/)).toHaveCount(PERIODS.length);
    await page.getByText("Payouts by month").click();
    await expect(page.getByRole("table", { name: "Payouts by month" }).locator("tbody tr")).toHaveCount(PERIODS.length);
    const lines = page.getByRole("table", { name: /Statement lines/ });
    await expect(lines.locator("caption")).toHaveText(/^Statement lines: 1–25 of \d+$/);
    await lines
      .getByRole("columnheader", { name: /Amount/ })
      .getByRole("link")
      .click();
    await expect(page).toHaveURL(/sort=amount&order=DESC/);
    // agency@ earns street commission on its own business and overrides on its downline's; a chargeback is negative.
    await page.goto("/commissions?sort=source&order=DESC");
    await expect(lines.locator("tbody tr").first()).toContainText("Override, level 2");
    await page.goto("/commissions?sort=amount&order=ASC");
    await expect(lines.locator("tbody tr").first()).toContainText("Chargeback");
    await expect(lines.locator("tbody tr").first()).toContainText(/-\$[\d,]+\.\d{2}/);
  });

  httpTest("without JavaScript: another period is chosen with a plain form; a search keeps the period", async () => {
    const agent = await NoJsBrowser.signedIn("agent@demo.test");
    try {
      const page = await agent.open("/commissions");
      const chosen = await agent.submit(
        page.form("Show statement").fill("Statement period", OLDER_PERIOD_LABEL),
        "Show statement",
      );
      expect(chosen.status).toBe(200);
      expect(chosen.path).toMatch(new RegExp(`period=${OLDER_PERIOD}`));
      expect(chosen.headings()).toContain(OLDER_PERIOD_LABEL);
      // Enter in the search field: the form's default (first) button.
      const searched = await agent.submit(chosen.form("Search").fill("Search", "MA-"));
      expect(searched.status).toBe(200);
      expect(searched.path).toMatch(new RegExp(`period=${OLDER_PERIOD}`));
      expect(searched.path).toMatch(/search=MA-/);
      expect(searched.headings()).toContain(OLDER_PERIOD_LABEL);
    } finally {
      await agent.close();
    }
  });

  test("an account without statements reads as such", async ({ page }) => {
    await loginAs(page, "newagent@demo.test", { path: "/commissions" });
    await expect(page.getByText("No commission statements yet.")).toBeVisible();
  });
});
