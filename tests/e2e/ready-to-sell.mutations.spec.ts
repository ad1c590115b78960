import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, lockAccount, loginAs, resetAccount, test } from "./fixtures";

/**
 * Ready to sell (issue 25 §1): a line turns ready after its fix. docs@ follows its blocking step to the flagged
 * documents and replaces them; admin@ moves agent@'s approved request to active on the contracting desk. Holds the
 * accounts it changes (other specs change them too) and restores them after.
 */
const PDF = path.join(import.meta.dirname, "files", "court-order.pdf");

/** MM/DD/YYYY of June 30 next year: a certificate's expiry date that is valid whenever the test runs. */
function nextYearDate(): string {
  return `06/30/${new Date().getFullYear() + 1}`;
}

const line = (page: Page, carrierProductId: number) => page.getByTestId(`line-${carrierProductId}`);

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a line turns ready after its fix, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.describe.configure({ mode: "serial" });

    test("docs@ follows the documents step, replaces its flagged documents, and Blue Harbor's lines are ready", async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const release = await lockAccount("docs@demo.test");
      try {
        await resetAccount("docs@demo.test");
        await loginAs(page, "docs@demo.test");
        await page.goto("/ready_to_sell");
        await expect(page.getByTestId("readiness-summary")).toHaveText("0 of 14 products ready; 2 need one step");
        for (const id of [101, 201]) {
          await expect(line(page, id)).toContainText("1 step left");
          await expect(line(page, id).getByTestId("next-step")).toContainText("2 documents need your attention");
        }
        // A product without a contract: documents first (spec §6), not Contract Now.
        await expect(line(page, 105).locator("[data-step=contract]")).toContainText(
          "You cannot request new contracts until your documentation is up to date.",
        );

        await line(page, 101)
          .locator("[data-step=documents]")
          .getByRole("link", { name: "Upload your E&O Certificate" })
          .click();
        await expect(page).toHaveURL("/profile/documents/eo");
        await page.getByLabel(/New E&O Certificate/).setInputFiles(PDF);
        await page.getByRole("textbox", { name: "Expiry date of the certificate" }).fill(nextYearDate());
        await page.getByRole("button", { name: "Upload replacement" }).click();
        await expect(page.locator("[data-toast=success]").last()).toContainText("Your E&O Certificate was uploaded.");

        await page.goto("/ready_to_sell");
        await expect(line(page, 101).getByTestId("next-step")).toContainText("A document needs your attention: W-9.");
        await line(page, 101).locator("[data-step=documents]").getByRole("link", { name: "Upload your W-9" }).click();
        await expect(page).toHaveURL("/profile/documents/w9");
        await page.getByLabel(/W-9/).setInputFiles(PDF);
        await page.getByRole("button", { name: /^Upload/ }).click();
        await expect(page.locator("[data-toast=success]").last()).toContainText("Your W-9 was uploaded.");

        await page.goto("/ready_to_sell");
        await expect(page.getByTestId("readiness-summary")).toHaveText("2 of 14 products ready");
        await expect(line(page, 101)).toHaveAttribute("data-ready", "true");
        await expect(line(page, 201)).toHaveAttribute("data-ready", "true");
        await page.goto("/dashboard");
        await expect(page.getByTestId("readiness-card")).toContainText("2 of 14 products ready");
      } finally {
        await resetAccount("docs@demo.test");
        release();
      }
    });

    test("admin@ moves agent@'s approved request to active on the contracting desk, and its line is ready", async ({
      page,
      browser,
    }) => {
      test.setTimeout(150_000);
      const release = await lockAccount("agent@demo.test");
      const agentContext = await browser.newContext({ javaScriptEnabled });
      try {
        await resetAccount("agent@demo.test");
        const agent = await agentContext.newPage();
        await loginAs(agent, "agent@demo.test");
        await agent.goto("/ready_to_sell");
        await expect(line(agent, 103)).toContainText("2 steps left");
        await expect(line(agent, 103).locator("[data-step=contract]")).toContainText("Request being processed");

        await loginAs(page, "admin@demo.test");
        await page.goto("/admin/contracting/edit/3");
        await page.getByRole("combobox", { name: "New state" }).selectOption({ label: "Active" });
        await page.getByRole("textbox", { name: "Writing number" }).fill("EV-20271");
        const effective = page.getByRole("textbox", { name: "Effective date" });
        await effective.fill("01/01/2027");
        await expect(effective).toHaveValue("01/01/2027");
        await page.getByRole("button", { name: "Move the request" }).click();
        await expect(page.locator("[data-toast=success]").last()).toContainText("The request is now Active.");

        await agent.goto("/ready_to_sell");
        await expect(line(agent, 103)).toHaveAttribute("data-ready", "true");
        await expect(agent.getByTestId("readiness-summary")).toHaveText("3 of 14 products ready");
      } finally {
        await agentContext.close();
        await resetAccount("agent@demo.test");
        release();
      }
    });
  });
}
