import { readFile } from "node:fs/promises";
import { type Locator, type Page, test as httpTest } from "@playwright/test";
import { DomUtils } from "htmlparser2";
import { NoJsBrowser, type NoJsPage } from "../support/no-js";
import { expect, expectAxeClean, loginAs, test } from "./fixtures";

/**
 * Carrier exports (issue 24 §2): a file's download has the rows its page and the history say; "Build now" adds a
 * history row whose file has the rows it says; a carrier's schedule change is saved. With JavaScript (browser tests)
 * and without (HTTP tests: tests/support/no-js.ts follows the pages' links and posts their own forms). Each mode works
 * on carriers of its own (JS on: Evergreen Life & Health, JS off: Keystone Senior Health); the seed's files are only
 * read. Building a file only adds to the history.
 */

const success = (page: Page) => page.locator("[data-toast=success]").last();

test.beforeEach(() => test.setTimeout(150_000));

/** The name a downloaded file is saved under. */
const FILE_NAME = /^[a-z0-9-]+_(new_contracts|terminations|address_changes)_\d{4}-\d\d-\d\d\.csv$/;

/** The data rows of a CSV (its header line checked and left out; no cell of these files holds a line break). */
function csvRows(text: string): string[] {
  const lines = text.split("\r\n").filter((l) => l !== "");
  expect(lines[0]).toMatch(/^(Request id|Agent),/);
  return lines.slice(1);
}

/** The data rows of a CSV the browser downloads by clicking `link`. */
async function downloadedRows(page: Page, link: Locator): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(FILE_NAME);
  return csvRows(await readFile(await download.path(), "utf8"));
}

const rowsOnPage = async (page: Page) =>
  Number((await page.getByTestId("export-row-count").innerText()).replace(/,/g, ""));

const JS_ON = { id: 3, name: "Evergreen Life & Health" };
const JS_OFF = { id: 5, name: "Keystone Senior Health" };

test.describe("carrier exports (JS on)", () => {
  const carrier = JS_ON;

  test("a file's download has the rows the history and its page say (JS on)", async ({ page }) => {
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
    // The file's page (the seed's #2, the biggest built on demand) has its axe and fit in the page sweep
    // (pages.spec.ts, admin-pages.ts).
  });

  test(`"Build now" adds a history row whose file has the rows it says (JS on)`, async ({ page }) => {
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

  test("a carrier's schedule change is saved (JS on)", async ({ page }) => {
    await loginAs(page, "admin@demo.test", { path: "/admin/carrier_exports/schedules" });
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
    await expectAxeClean(page);
    // Back as the seed has it.
    await addresses.selectOption("off");
    await section.getByRole("combobox", { name: "New contract requests" }).selectOption("off");
    await save.click();
    await expect(success(page)).toContainText(`${carrier.name}'s export schedule saved.`, { timeout: 20_000 });
    await page.reload();
    await expect(addresses).toHaveValue("off");
  });
});

/*
 * Without JavaScript (HTTP tier). The same flows on the pages' HTML: links followed by their text or address, forms
 * read from the page (fields by their labels) and posted as the browser would, files downloaded from the links.
 */

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];
const textOf = (node: Element | Element[]) => DomUtils.textContent(node).replace(/\s+/g, " ").trim();
const elements = (page: NoJsPage, test: (e: Element) => boolean) => DomUtils.findAll(test, page.document.children);
const testIdNumber = (within: Element | NoJsPage, id: string) => {
  const nodes = "document" in within ? within.document.children : within.children;
  const el = DomUtils.findOne((e) => DomUtils.getAttributeValue(e, "data-testid") === id, nodes);
  if (!el) throw new Error(`No data-testid=${id}`);
  return Number(textOf(el).replace(/,/g, ""));
};
/** The href of the first link in `within` whose text matches `text`. */
const hrefOf = (within: Element[], text: RegExp) => {
  const link = DomUtils.findAll((e) => e.name === "a" && text.test(textOf(e)), within)[0];
  if (!link) throw new Error(`No link ${String(text)}`);
  return DomUtils.getAttributeValue(link, "href")!;
};
/** The history table's body rows. */
const historyRows = (page: NoJsPage) =>
  elements(page, (e) => e.name === "tr" && (e.parent as Element | null)?.name === "tbody");

/** GETs a file a page links to: its data rows, its name checked. */
async function fileRows(browser: NoJsBrowser, page: NoJsPage, href: string): Promise<string[]> {
  const answer = await browser.download(new URL(href, page.url).toString());
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("text/csv");
  const name = /filename="([^"]+)"/.exec(answer.headers()["content-disposition"] ?? "")?.[1];
  expect(name).toMatch(FILE_NAME);
  return csvRows(await answer.text());
}

httpTest.describe("carrier exports, without JavaScript", () => {
  const carrier = JS_OFF;

  httpTest("without JavaScript: a file's download has the rows the history and its page say", async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      // The seed's files built on demand for this carrier, the biggest first.
      const history = await admin.open(
        `/admin/carrier_exports?carrier=${carrier.id}&trigger=manual&sort=rows&order=DESC`,
      );
      const first = historyRows(history)[0];
      if (!first) throw new Error("no file in the history");
      const listed = testIdNumber(first, "export-rows");
      expect(listed).toBeGreaterThan(0);
      // The history's own download link.
      expect(await fileRows(admin, history, hrefOf([first], /^CSV/))).toHaveLength(listed);
      // The file's page: the same count, its first rows, the same file.
      const record = await admin.open(new URL(hrefOf([first], /UTC$/), history.url).toString());
      expect(record.status).toBe(200);
      expect(record.heading).toContain(carrier.name);
      expect(testIdNumber(record, "export-row-count")).toBe(listed);
      const preview = elements(
        record,
        (e) => e.name === "table" && DomUtils.getAttributeValue(e, "aria-labelledby") === "preview-heading",
      )[0];
      if (!preview) throw new Error("no preview table");
      const previewRows = DomUtils.findAll((e) => e.name === "tr", preview.children);
      expect(previewRows).toHaveLength(Math.min(listed, 10) + 1);
      const rows = await fileRows(admin, record, hrefOf(record.document.children as Element[], /^Download /));
      expect(rows).toHaveLength(listed);
      // The preview's first row is the file's first row.
      const firstCell = DomUtils.findOne((e) => e.name === "td", previewRows[1]!.children);
      expect(rows[0]!.split(",")[0]).toBe(firstCell ? textOf(firstCell) : undefined);
    } finally {
      await admin.close();
    }
  });

  httpTest(`without JavaScript: "Build now" adds a history row whose file has the rows it says`, async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      const historyPath = `/admin/carrier_exports?carrier=${carrier.id}&kind=terminations`;
      const countOf = (page: NoJsPage) => Number(/Carrier exports: \d+[–-]\d+ of (\d+)/.exec(page.allText)?.[1] ?? 0);
      const history = await admin.open(historyPath);
      const had = countOf(history);

      // The section's navigation links to the page.
      const nav = elements(
        history,
        (e) => e.name === "nav" && DomUtils.getAttributeValue(e, "aria-label") === "Carrier exports",
      );
      const build = await admin.open(new URL(hrefOf(nav, /^Build now$/), history.url).toString());
      expect(build.heading).toBe("Build a file now");
      // Nothing chosen: refused at the fields, nothing built.
      const refused = await admin.submit(build.form("Build now"), "Build now");
      expect(refused.status).toBe(400);
      const form = refused.form("Build now");
      expect(form.fieldError("Carrier")).toContain("Choose the carrier");
      expect(form.fieldError("Kind of file")).toContain("Choose the kind of file");
      const built = await admin.submit(
        form.fill("Carrier", carrier.name).fill("Kind of file", "Terminations"),
        "Build now",
      );
      expect(built.toasts("success").join(" ")).toContain(`${carrier.name}'s terminations file built:`);
      expect(built.path).toMatch(/^\/admin\/carrier_exports\/\d+$/);
      const id = built.path.split("/").at(-1);
      expect(built.text("Summary")).toContain("Grace Harper");
      const said = testIdNumber(built, "export-row-count");
      expect(await fileRows(admin, built, hrefOf(built.document.children as Element[], /^Download /))).toHaveLength(
        said,
      );

      const after = await admin.open(historyPath);
      expect(countOf(after)).toBe(had + 1);
      const row = historyRows(after).filter(
        (tr) =>
          DomUtils.findAll(
            (a) => a.name === "a" && DomUtils.getAttributeValue(a, "href") === `/admin/carrier_exports/${id}`,
            [tr],
          ).length > 0,
      );
      expect(row).toHaveLength(1);
      expect(textOf(row[0]!)).toContain("Grace Harper");
      expect(testIdNumber(row[0]!, "export-rows")).toBe(said);
    } finally {
      await admin.close();
    }
  });

  httpTest("without JavaScript: a carrier's schedule change is saved", async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    const button = `Save the ${carrier.name} schedule`;
    try {
      const schedules = await admin.open("/admin/carrier_exports/schedules");
      expect(schedules.text(carrier.name)).toContain(button);
      const saved = await admin.submit(
        schedules.form(button).fill("Address changes", "weekly").fill("New contract requests", "daily"),
        button,
      );
      expect(saved.toasts("success").join(" ")).toContain(`${carrier.name}'s export schedule saved.`);
      // Drawn again from the upstream.
      const again = (await admin.open("/admin/carrier_exports/schedules")).form(button);
      expect(again.fieldValue("Address changes")).toBe("weekly");
      expect(again.fieldValue("New contract requests")).toBe("daily");
      // Back as the seed has it.
      const back = await admin.submit(
        again.fill("Address changes", "off").fill("New contract requests", "off"),
        button,
      );
      expect(back.toasts("success").join(" ")).toContain(`${carrier.name}'s export schedule saved.`);
      expect((await admin.open("/admin/carrier_exports/schedules")).form(button).fieldValue("Address changes")).toBe(
        "off",
      );
    } finally {
      await admin.close();
    }
  });
});
