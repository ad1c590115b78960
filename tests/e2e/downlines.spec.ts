import { commissionInquiryStatement } from "../../server/reference-api/conversations/seed-tickets";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { test as httpTest } from "@playwright/test";
import { NoJsBrowser } from "../support/no-js";
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

  httpTest("without JavaScript: expanding is a link, the policy list is a page, the filter is a form", async () => {
    const agency = await NoJsBrowser.signedIn("agency@demo.test");
    try {
      const downlines = await agency.open("/downlines");
      const lakeside = "Lakeside Insurance Group";
      const opened = await agency.open(downlines.linkNamed("Show downline", lakeside));
      expect(opened.path).toMatch(/open=5102/);
      expect(opened.tables(lakeside).length).toBeGreaterThan(0);
      const pending = await agency.submit(opened.form("Show").fill("Contract status", "pending"), "Show");
      expect(pending.path).toMatch(/status=pending/);
      expect(pending.path).toMatch(/open=5102/);
      const agents = pending.tables().at(-1)?.rows.flat().join(" ") ?? "";
      expect(agents).toContain("Rebecca Lin");
      expect(agents).not.toContain("Samuel Ortiz");
      const policies = await agency.open(pending.linkNamed(/Policies of Rebecca Lin/));
      expect(policies.roleOf("Policies of Rebecca Lin")).toBe("dialog");
    } finally {
      await agency.close();
    }
  });
});

test("a carrier sees the commission inquiries addressed to it", async ({ page }) => {
  await loginAs(page, "carrier@demo.test");
  const table = page.getByRole("table", { name: /Inquiries to answer/ });
  await expect(table).toContainText(commissionInquiryStatement(seedDates()));
  await expect(table.getByRole("columnheader", { name: "Agent" })).toBeVisible();
});
