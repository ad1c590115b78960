import type { Page } from "@playwright/test";
import { expect, expectAxeClean, expectNoSidewaysScroll, expectNoTruncatedText, loginAs, test } from "./fixtures";

/**
 * Ready to sell (issue 25 §1), read-only: agent@ sees which carrier products are ready and what blocks the others,
 * step by step, reaches the page from the dashboard and My Contracts, and follows a blocking step to the page that
 * fixes it. The fixes that turn a line ready are in ready-to-sell.mutations.spec.ts.
 */

const line = (page: Page, carrierProductId: number) => page.getByTestId(`line-${carrierProductId}`);

for (const javaScriptEnabled of [true, false]) {
  test.describe(`agent@'s ready-to-sell page, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    // A long page (14 lines of steps) on a shared 2-core machine: axe and hydration take their time.
    test.describe.configure({ timeout: 90_000 });

    test("the dashboard's card counts the ready products and opens the page; My Contracts links to it", async ({
      page,
    }) => {
      await loginAs(page, "agent@demo.test");
      await page.goto("/dashboard");
      const card = page.getByTestId("readiness-card");
      await expect(card).toContainText("Ready to sell");
      await expect(card).toContainText("2 of 14 products ready");
      await card.click();
      await expect(page).toHaveURL("/ready_to_sell");
      await expect(page.getByRole("heading", { level: 1, name: "Ready to Sell" })).toBeVisible();
      await expect(page.getByTestId("readiness-summary")).toHaveText("2 of 14 products ready");

      await page.goto("/contracts");
      await page.getByRole("link", { name: "See Ready to Sell" }).click();
      await expect(page).toHaveURL("/ready_to_sell");
    });

    test("ready lines and the steps that block the others, in order, with the spec's contract words", async ({
      page,
    }) => {
      await loginAs(page, "agent@demo.test");
      await page.goto("/ready_to_sell");
      const ready = page.getByRole("region", { name: /^Ready to sell/ });
      await expect(ready.getByRole("article")).toHaveCount(2);
      await expect(line(page, 101)).toHaveAttribute("data-ready", "true");
      await expect(line(page, 101)).toContainText("Ready to sell");
      await expect(line(page, 201)).toHaveAttribute("data-ready", "true");
      // The AHIP certificate runs out within the warning window: ready, with the days left under its steps.
      await line(page, 101).getByText("Show the steps").click();
      const ahip = line(page, 101).locator("[data-step=ahip]");
      await expect(ahip).toContainText("Done, expires soon");
      await expect(ahip).toContainText(/expires in \d+ days/);

      const notYet = page.getByRole("region", { name: /^Not ready yet/ });
      await expect(notYet.getByRole("article")).toHaveCount(12);
      // Pending (102), approved (103), denied with the public note (104), none (105): spec §4's states.
      await expect(line(page, 102).locator("[data-step=contract]")).toContainText("Pending contract");
      await expect(line(page, 103).locator("[data-step=contract]")).toContainText("Request being processed");
      await expect(line(page, 104).locator("[data-step=contract]")).toContainText(
        "Request denied: Your appointment was declined",
      );
      // Steps in the order they must be done; the RTS status follows the contract.
      const steps = line(page, 105)
        .getByRole("list", { name: /^Steps for/ })
        .getByRole("listitem");
      await expect(steps).toHaveCount(6);
      expect(await steps.evaluateAll((items) => items.map((i) => i.getAttribute("data-step")))).toEqual([
        "contract",
        "license",
        "ahip",
        "carrierCertification",
        "documents",
        "rts",
      ]);
      await expect(line(page, 105).locator("[data-step=rts]")).toContainText("After an earlier step");
      // Medicare Supplement needs neither AHIP nor the carrier's certification.
      await expect(line(page, 202).locator("[data-step]")).toHaveCount(4);
      // The carrier's certification is fixed at the carrier resources' link, in a new tab.
      const certification = line(page, 102).locator("[data-step=carrierCertification]");
      await expect(certification).toContainText("Action needed");
      const link = certification.getByRole("link", { name: /Take the certification/ });
      await expect(link).toHaveAttribute("href", /^https:\/\//);
      await expect(link).toHaveAttribute("target", "_blank");
    });

    test("a blocking step links to the page that fixes it: Contract Now at that carrier", async ({ page }) => {
      await loginAs(page, "agent@demo.test");
      await page.goto("/ready_to_sell");
      const next = line(page, 301).getByTestId("next-step");
      await expect(next).toContainText("Contract. No contract yet.");
      await line(page, 301).locator("[data-step=contract]").getByRole("link", { name: "Contract Now" }).click();
      await expect(page).toHaveURL("/contract_now?product=3&carrier=301&step=confirm");
      await expect(page.getByRole("heading", { name: "Contract with Blue Harbor Health" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Confirm & Next" })).toBeVisible();
    });

    test("on a desktop: axe clean (with JavaScript), the page drawn either way", async ({ page }, testInfo) => {
      await loginAs(page, "agent@demo.test");
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto("/ready_to_sell");
      if (javaScriptEnabled) {
        await expectAxeClean(page);
        await page.screenshot({ path: testInfo.outputPath("ready-to-sell-1280.png"), fullPage: true });
      } else {
        await expect(page.getByRole("heading", { level: 1, name: "Ready to Sell" })).toBeVisible();
      }
    });

    test("fits a 390 px phone without sideways scroll or cut-off text, and axe clean there (with JavaScript)", async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await loginAs(page, "agent@demo.test");
      await page.goto("/ready_to_sell");
      await expectNoSidewaysScroll(page);
      await expectNoTruncatedText(page);
      if (javaScriptEnabled) {
        await expectAxeClean(page);
        await page.screenshot({ path: testInfo.outputPath("ready-to-sell-390.png"), fullPage: true });
      }
    });
  });
}

test("the page is refused to an administrator (no contracting), inside the layout", async ({ page }) => {
  await loginAs(page, "admin@demo.test");
  const response = await page.goto("/ready_to_sell");
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
});
