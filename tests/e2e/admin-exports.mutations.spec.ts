import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { expect, expectAxeClean, expectNoSidewaysScroll, loginAs, test } from "./fixtures";

/**
 * Carrier exports (issue 24 §2): a file's download has the rows its page and the history say; "Build now" adds a
 * history row whose file has the rows it says; a carrier's schedule change is saved. With JavaScript and without.
 * Each mode works on carriers of its own (JS on: Evergreen Life & Health, JS off: Keystone Senior Health); the seed's
 * files are only read. Building a file only adds to the history.
 */

const success = (page: Page) => page.locator("[data-toast=success]").last();

test.beforeEach(() => test.setTimeout(150_000));

/** The data rows of a downloaded CSV (its header line left out; no cell of these files holds a line break). */
async function downloadedRows(page: Page, link: Locator): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(
    /^[a-z0-9-]+_(new_contracts|terminations|address_changes)_\d{4}-\d\d-\d\d\.csv$/,
  );
  const text = await readFile(await download.path(), "utf8");
  const lines = text.split("\r\n").filter((l) => l !== "");
  expect(lines[0]).toMatch(/^(Request id|Agent),/);
  return lines.slice(1);
}

const rowsOnPage = async (page: Page) =>
  Number((await page.getByTestId("export-row-count").innerText()).replace(/,/g, ""));

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JS on" : "JS off";
  const carrier = javaScriptEnabled
    ? { id: 3, name: "Evergreen Life & Health" }
    : { id: 5, name: "Keystone Senior Health" };

  test.describe(`carrier exports (${mode})`, () => {
    test.use({ javaScriptEnabled });

    test(`a file's download has the rows the history and its page say (${mode})`, async ({ page }) => {
      await loginAs(page, "admin@demo.test");
      // The seed's files built on demand for this carrier, the biggest first.
      await page.goto(`/admin/carrier_exports?carrier=${carrier.id}&trigger=manual&sort=rows&order=DESC`);
      const first = page.getByRole("row").nth(1);
      const listed = Number((await first.getByTestId("export-rows").innerText()).replace(/,/g, ""));
      expect(listed).toBeGreaterThan(0);
      // The history's own download link.
      expect(await downloadedRows(page, first.getByRole("link", { name: /^CSV/ }))).toHaveLength(listed);
      // The file's page: the same count, its first rows, the same file.
      await first.getByRole("link", { name: /UTC$/ }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(carrier.name);
      expect(await rowsOnPage(page)).toBe(listed);
      const preview = page.getByRole("table", { name: /rows/ });
      await expect(preview.getByRole("row")).toHaveCount(Math.min(listed, 10) + 1);
      const rows = await downloadedRows(page, page.getByRole("link", { name: /^Download / }));
      expect(rows).toHaveLength(listed);
      // The preview's first row is the file's first row.
      const firstCells = await preview.getByRole("row").nth(1).getByRole("cell").allInnerTexts();
      expect(rows[0]!.split(",")[0]).toBe(firstCells[0]);
      if (javaScriptEnabled) await expectAxeClean(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoSidewaysScroll(page, page.url());
    });

    test(`"Build now" adds a history row whose file has the rows it says (${mode})`, async ({ page }) => {
      await loginAs(page, "admin@demo.test");
      const history = `/admin/carrier_exports?carrier=${carrier.id}&kind=terminations`;
      await page.goto(history);
      const before = page.getByText(/^Carrier exports: /);
      const countOf = async () => {
        const text = await page.locator("body").innerText();
        const m = /Carrier exports: \d+[–-]\d+ of (\d+)/.exec(text);
        return m ? Number(m[1]) : 0;
      };
      const had = (await before.count()) ? await countOf() : 0;

      await page.getByRole("navigation", { name: "Carrier exports" }).getByRole("link", { name: "Build now" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Build a file now" })).toBeVisible();
      // Nothing chosen: refused at the fields, nothing built.
      await page.getByRole("button", { name: "Build now" }).click();
      await expect(page.getByText("Choose the carrier")).toBeVisible();
      await expect(page.getByText("Choose the kind of file")).toBeVisible();
      await page.getByRole("combobox", { name: "Carrier" }).selectOption({ label: carrier.name });
      await page.getByRole("combobox", { name: "Kind of file" }).selectOption({ label: "Terminations" });
      await page.getByRole("button", { name: "Build now" }).click();
      await expect(success(page)).toContainText(`${carrier.name}'s terminations file built:`, { timeout: 20_000 });
      await expect(page).toHaveURL(/\/admin\/carrier_exports\/\d+$/);
      const id = new URL(page.url()).pathname.split("/").at(-1);
      await expect(page.getByRole("region", { name: "Summary" })).toContainText("Grace Harper");
      const said = await rowsOnPage(page);
      expect(await downloadedRows(page, page.getByRole("link", { name: /^Download / }))).toHaveLength(said);

      await page.goto(history);
      expect(await countOf()).toBe(had + 1);
      const row = page.getByRole("row").filter({ has: page.locator(`a[href="/admin/carrier_exports/${id}"]`) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Grace Harper");
      await expect(row.getByTestId("export-rows")).toHaveText(String(said));
    });

    test(`a carrier's schedule change is saved (${mode})`, async ({ page }) => {
      await loginAs(page, "admin@demo.test");
      await page.goto("/admin/carrier_exports/schedules");
      const section = page.getByRole("region", { name: carrier.name, exact: true });
      const save = section.getByRole("button", { name: `Save the ${carrier.name} schedule` });
      const addresses = section.getByRole("combobox", { name: "Address changes" });
      await addresses.selectOption("weekly");
      await section.getByRole("combobox", { name: "New contract requests" }).selectOption("daily");
      await save.click();
      await expect(success(page)).toContainText(`${carrier.name}'s export schedule saved.`, { timeout: 20_000 });
      // Drawn again from the upstream.
      await page.reload();
      await expect(addresses).toHaveValue("weekly");
      await expect(section.getByRole("combobox", { name: "New contract requests" })).toHaveValue("daily");
      if (javaScriptEnabled) await expectAxeClean(page);
      // Back as the seed has it.
      await addresses.selectOption("off");
      await section.getByRole("combobox", { name: "New contract requests" }).selectOption("off");
      await save.click();
      await expect(success(page)).toContainText(`${carrier.name}'s export schedule saved.`, { timeout: 20_000 });
      await page.reload();
      await expect(addresses).toHaveValue("off");
    });
  });
}
