import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { AL_LICENSE_EXPIRES_IN_DAYS } from "../../server/reference-api/profile/seed";
import { expect, expectAxeClean, expectNoSidewaysScroll, expectNoTruncatedText, loginAs, test } from "./fixtures";

/**
 * Downline readiness (issue 25 §2), read-only: agency@ reaches it from Downlines, finds agent@ (Maria Alvarez) held
 * back by her AL license running out, narrows the list by step, sub-agency and carrier, and downloads it as CSV. The
 * reminders, which send e-mails, are in downline-readiness.mutations.spec.ts.
 */

const table = (page: Page) => page.getByRole("table", { name: /^Brokers/ });
const maria = (page: Page) => page.getByTestId("broker-1");

/**
 * The count in the table's caption ("Brokers at License: 1–25 of 30"), once the caption names what the filters ask
 * (`named`): with JavaScript the list is drawn after the address changes.
 */
async function listed(page: Page, named = /^Brokers: /): Promise<number> {
  const caption = table(page).locator("caption");
  await expect(caption).toHaveText(named);
  const match = / of (\d+)$/.exec(((await caption.textContent()) ?? "").trim());
  expect(match).not.toBeNull();
  return Number(match?.[1]);
}

/** Chooses a filter's option and applies it (with JavaScript a choice applies at once; without, the Search button). */
async function choose(page: Page, label: string, option: { label: string } | string, javaScriptEnabled: boolean) {
  const before = page.url();
  await page.getByRole("combobox", { name: label }).selectOption(option);
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Search" }).click();
  await expect(page).not.toHaveURL(before);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`agency@'s downline readiness, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("reached from Downlines; needing action first; narrowed by step, sub-agency and carrier", async ({ page }) => {
      await loginAs(page, "agency@demo.test");
      await page.goto("/downlines");
      await page.getByRole("link", { name: "Downline readiness" }).click();
      await expect(page).toHaveURL("/downlines/readiness");
      await expect(page.getByRole("heading", { level: 1, name: "Downline readiness" })).toBeVisible();

      const brokers = Number(await page.getByTestId("figure-brokers").textContent());
      expect(brokers).toBeGreaterThan(50);
      expect(await listed(page)).toBe(brokers);
      // Needing action first: the first broker is blocked at a step (an action in red), the last has less to do.
      await expect(table(page).locator("tbody tr").first().locator("li[data-urgent]").first()).toBeVisible();

      await choose(page, "Step", { label: "License" }, javaScriptEnabled);
      await expect(page).toHaveURL(/step=license/);
      const atLicense = await listed(page, /^Brokers at License: /);
      expect(atLicense).toBeLessThan(brokers);
      // agent@ (Maria Alvarez, under agency@ itself) is held back by her AL license running out.
      await expect(maria(page)).toBeVisible();
      const row = table(page)
        .locator("tbody tr")
        .filter({ has: maria(page) });
      await expect(row.locator("li[data-step=license]")).toContainText(
        `the AL license expires in ${AL_LICENSE_EXPIRES_IN_DAYS} days`,
      );
      await expect(row).toContainText(`AL license expires in ${AL_LICENSE_EXPIRES_IN_DAYS} days`);
      // Every broker listed has something to do at the License step.
      const rows = table(page).locator("tbody tr");
      for (let i = 0; i < (await rows.count()); i++)
        await expect(rows.nth(i).locator("li[data-step=license]")).not.toHaveCount(0);
      await expect(page.getByRole("link", { name: `Remind all ${atLicense} at License` })).toBeVisible();

      // A sub-agency: its own brokers at any depth; Maria writes under agency@ itself, so she is not among them.
      await choose(page, "Step", { label: "All" }, javaScriptEnabled);
      const subAgency =
        (await page.getByRole("combobox", { name: "Sub-agency" }).locator("option").nth(1).textContent()) ?? "";
      await choose(page, "Sub-agency", { label: subAgency }, javaScriptEnabled);
      await expect(page).toHaveURL(/agencyId=\d+/);
      const underSubAgency = await listed(
        page,
        new RegExp(`^Brokers under ${subAgency.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `),
      );
      expect(underSubAgency).toBeGreaterThan(0);
      expect(underSubAgency).toBeLessThan(brokers);
      await expect(maria(page)).toHaveCount(0);

      // A carrier: only that carrier's products are counted and named.
      await choose(page, "Sub-agency", { label: "All" }, javaScriptEnabled);
      await choose(page, "Carrier", { label: "Summit Mutual" }, javaScriptEnabled);
      await expect(page).toHaveURL(/carrierId=2/);
      expect(await listed(page, /^Brokers with Summit Mutual: /)).toBeLessThan(brokers);
      await expect(table(page)).not.toContainText("Blue Harbor Health");
    });
  });
}

test("agent@'s row agrees with agent@'s own Ready to Sell page: the same products ready, by the same rule", async ({
  page,
  browser,
}) => {
  const agent = await (await browser.newContext()).newPage();
  await loginAs(agent, "agent@demo.test");
  await agent.goto("/ready_to_sell");
  const readyLines = agent.locator("article[data-ready]");
  const names = (await readyLines.locator("h3").allInnerTexts()).map((t) => t.replace(/\s*\n\s*/, " ").trim());
  expect(names.length).toBeGreaterThan(0);
  await expect(agent.getByTestId("readiness-summary")).toHaveText(
    new RegExp(`^${names.length} of \\d+ products ready`),
  );

  await loginAs(page, "agency@demo.test");
  await page.goto("/downlines/readiness?search=Alvarez");
  const row = table(page)
    .locator("tbody tr")
    .filter({ has: maria(page) });
  // Her lines here are the products she asked a contract for; every ready line has one, so the counts agree.
  await expect(row.locator("td").nth(1)).toContainText(new RegExp(`^${names.length} of \\d+ ready`));
  for (const name of names) await expect(row.locator("td").nth(1)).toContainText(name);
});

test("the CSV has every broker the filters list, in the page's order", async ({ page }) => {
  await loginAs(page, "agency@demo.test");
  await page.goto("/downlines/readiness?step=license");
  const count = await listed(page, /^Brokers at License: /);
  const firstName = (await table(page).locator("tbody tr").first().locator("strong").first().textContent()) ?? "";
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^downline-readiness-\d{4}-\d\d-\d\d\.csv$/);
  const lines = (await readFile(await download.path(), "utf8")).split("\r\n").filter((l) => l !== "");
  expect(lines[0]).toMatch(/^Broker,Role,NPN,Agency,Plan year \d{4},Plan year \d{4},Ready to sell,Needs action,/);
  expect(lines).toHaveLength(count + 1);
  expect(lines[1]?.startsWith(firstName)).toBe(true);
  const mariaLine = lines.find((l) => l.startsWith("Maria Alvarez,"));
  expect(mariaLine).toContain(`AL license expires in ${AL_LICENSE_EXPIRES_IN_DAYS} days`);
});

test("fits a 390 px phone and a desktop with no text cut off, axe clean; the keyboard reaches a reminder", async ({
  page,
}, testInfo) => {
  await loginAs(page, "agency@demo.test");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/downlines/readiness");
    await expect(table(page)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoTruncatedText(page);
    await expectAxeClean(page);
    await page.screenshot({ path: testInfo.outputPath(`downline-readiness-${width}.png`), fullPage: true });
  }
  // The keyboard alone: Tab to a broker's reminder link and open its confirmation.
  const reminder = page.getByRole("link", { name: /^Send a reminder to / }).first();
  for (let i = 0; i < 80 && !(await reminder.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(reminder).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alertdialog", { name: /^Send a reminder to 1 broker\?/ })).toBeVisible();
  await expectAxeClean(page);
});
