import { commissionInquiryStatement } from "../../server/reference-api/conversations/seed-tickets";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { expect, loginAs, test } from "./fixtures";

test.describe("Downlines (agencies)", () => {
  test("agency blocks expand to sub-agencies and agents; policy lists per agent and agency, with export", async ({
    page,
  }) => {
    await loginAs(page, "agency@demo.test");
    await page.getByRole("link", { name: "Downlines", exact: true }).click();
    await expect(page).toHaveURL("/downlines");
    const coastal = page.getByRole("region", { name: "Coastal Senior Advisors" });
    await expect(page.getByRole("region", { name: "Lakeside Insurance Group" })).toBeVisible();
    await coastal.getByRole("link", { name: "Show downline" }).click();
    const bayfront = page.getByRole("region", { name: "Bayfront Benefits" });
    await expect(bayfront).toBeVisible();
    await bayfront.getByRole("link", { name: "Show downline" }).click();
    await expect(bayfront.getByRole("table")).toBeVisible();
    for (const header of ["Advisor", "Writing #", "Status", "RTS Status", "Active Policies"]) {
      await expect(bayfront.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }

    // The agent with no active policies: the spec's empty text.
    await page.getByRole("link", { name: /Policies of Peter Vance/ }).click();
    const dialog = page.getByRole("dialog", { name: "Policies of Peter Vance" });
    await expect(dialog).toContainText("No Active Policies to show for Peter Vance.");
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(bayfront).toBeVisible();

    // An agency's list adds upline, agent and NPN; export says where the file went.
    await coastal
      .getByRole("link", { name: /active policies/ })
      .first()
      .click();
    const agencyList = page.getByRole("dialog", { name: "Policies of Coastal Senior Advisors" });
    for (const header of ["Member", "Status", "Product", "Effective", "Upline", "Agent", "NPN"]) {
      await expect(agencyList.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    // Effective dates read MM/DD/YYYY.
    await expect(agencyList.getByRole("cell", { name: /^\d{2}\/\d{2}\/\d{4}$/ }).first()).toBeVisible();
    await agencyList.getByRole("button", { name: "Export" }).click();
    await expect(page.locator("[data-toast=success]")).toContainText("Download was sent to your email");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("expanding is a link, the policy list is a page, the filter is a form", async ({ page }) => {
      await loginAs(page, "agency@demo.test");
      await page.goto("/downlines");
      await page
        .getByRole("region", { name: "Lakeside Insurance Group" })
        .getByRole("link", { name: "Show downline" })
        .click();
      await expect(page).toHaveURL(/open=5102/);
      await expect(page.getByRole("region", { name: "Lakeside Insurance Group" }).getByRole("table")).toBeVisible();
      await page.getByRole("combobox", { name: "Contract status" }).selectOption("pending");
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/status=pending/);
      await expect(page).toHaveURL(/open=5102/);
      const agents = page.getByRole("table").last();
      await expect(agents).toContainText("Rebecca Lin");
      await expect(agents).not.toContainText("Samuel Ortiz");
      await page.getByRole("link", { name: /Policies of Rebecca Lin/ }).click();
      await expect(page.getByRole("dialog", { name: "Policies of Rebecca Lin" })).toBeVisible();
    });
  });
});

test("a carrier sees the commission inquiries addressed to it", async ({ page }) => {
  await loginAs(page, "carrier@demo.test");
  const table = page.getByRole("table", { name: /Inquiries to answer/ });
  await expect(table).toContainText(commissionInquiryStatement(seedDates()));
  await expect(table.getByRole("columnheader", { name: "Agent" })).toBeVisible();
});
