import { test as httpTest } from "@playwright/test";
import { NoJsBrowser } from "../support/no-js";
import { expect, loginAs, test } from "./fixtures";

test.describe("the shared data table on the book of business", () => {
  test("sorts (a new column descending first, then toggles), pages, searches and filters", async ({ page }) => {
    await loginAs(page, "agency@demo.test");
    await page.getByRole("link", { name: "Book of Business" }).click();
    await expect(page).toHaveURL("/book_of_business");
    const table = page.getByRole("table", { name: /Policies/ });
    await expect(table.locator("caption")).toHaveText("Policies: 1–25 of 320");
    await expect(table.locator("tbody tr")).toHaveCount(25);

    // Spec §4: a new column sorts descending first; the same column toggles.
    const member = table.getByRole("columnheader", { name: /Member/ });
    await member.getByRole("link").click();
    await expect(page).toHaveURL("/book_of_business?sort=memberName&order=DESC");
    await expect(member).toHaveAttribute("aria-sort", "descending");
    const first = await table.locator("tbody tr td").first().textContent();
    await member.getByRole("link").click();
    await expect(page).toHaveURL("/book_of_business?sort=memberName&order=ASC");
    await expect(member).toHaveAttribute("aria-sort", "ascending");
    await expect(table.locator("tbody tr td").first()).not.toHaveText(first ?? "");

    // First and Last with more than one page; page numbers move the window.
    const pages = page.getByRole("navigation", { name: "Policies pages" });
    await expect(pages.getByRole("link", { name: "First" })).toBeVisible();
    await pages.getByRole("link", { name: "Last" }).click();
    await expect(page).toHaveURL(/page=13/);
    await expect(pages.getByRole("link", { name: "Page 13" })).toHaveAttribute("aria-current", "page");
    await expect(table.locator("caption")).toHaveText("Policies: 301–320 of 320");

    // Per page: 5, 10, 25, 50 (default 25); changing it goes back to page 1.
    await page.getByRole("combobox", { name: "Rows per page" }).selectOption("50");
    await expect(page).toHaveURL(/perPage=50/);
    await expect(page).not.toHaveURL(/page=13/);
    await expect(table.locator("tbody tr")).toHaveCount(50);

    // Search with the 500 ms debounce (no Enter needed).
    await page.getByRole("textbox", { name: "Search" }).fill("nobody-matches-this");
    await expect(page).toHaveURL(/search=nobody-matches-this/);
    await expect(table).toContainText("No policies match this search or these filters.");
    // Issue 11: no rows, no pager and no per-page choice; the caption says none.
    await expect(table.locator("caption")).toHaveText("Policies: none");
    await expect(pages).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: "Rows per page" })).toHaveCount(0);
    // Clearing the search and filters keeps the sort and the page size.
    await table.getByRole("link", { name: "Clear the search and filters" }).click();
    await expect(page).not.toHaveURL(/search=/);
    await expect(page).toHaveURL(/perPage=50/);
    await expect(page).toHaveURL(/sort=memberName&order=ASC/);
    await expect(table.locator("tbody tr")).toHaveCount(50);
  });

  test("a loading indicator shows only when loading lasts beyond 300 ms", async ({ page }) => {
    await loginAs(page, "agency@demo.test", { path: "/book_of_business" });
    const loading = page.getByRole("status").filter({ hasText: "Loading…" });
    // Hold the next page's data back until the indicator has shown (after its 300 ms), then let it through:
    // the indicator goes when the rows arrive. No fixed delay to outlast on a slow machine.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/book_of_business.data*", async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Policies pages" }).getByRole("link", { name: "Page 2" }).click();
    await expect(loading).toBeVisible();
    release();
    await expect(page.getByRole("table", { name: /Policies/ }).locator("caption")).toHaveText("Policies: 26–50 of 320");
    await expect(loading).toHaveCount(0);
  });

  test("a one-page book shows no pager (issue 37), and export says where the file went", async ({ page }) => {
    await loginAs(page, "loa@demo.test", { path: "/book_of_business" });
    await expect(page.getByRole("table", { name: /Policies/ }).locator("caption")).toHaveText(
      /^Policies: 1–\d+ of \d+$/,
    );
    // One page: no page links at all (no lone "1", no First or Last).
    await expect(page.getByRole("navigation", { name: "Policies pages" })).toHaveCount(0);
    await page.getByRole("button", { name: "Export" }).click();
    await expect(page.locator("[data-toast=success]")).toContainText("Download was sent to your email");
  });

  httpTest(
    "without JavaScript: search on Enter, filters, per-page with its button, sort links and export",
    async () => {
      const agency = await NoJsBrowser.signedIn("agency@demo.test");
      try {
        const book = await agency.open("/book_of_business");
        // Enter in the search field submits the form with its default (first) button.
        const pending = await agency.submit(book.form("Search").fill("Status", "Pending"));
        expect(pending.status).toBe(200);
        expect(pending.path).toMatch(/status=Pending/);
        const [policies] = pending.tables();
        expect(policies?.caption).toMatch(/^Policies/);
        expect(policies?.caption).not.toMatch(/of 320$/);
        // Every row of the page is Pending: as many Pending cells as rows, and no other status.
        const rows = policies?.rows ?? [];
        expect(rows.length).toBeGreaterThan(0);
        const cells = rows.flat();
        expect(cells.filter((c) => c === "Pending")).toHaveLength(rows.length);
        for (const other of ["Active", "Terminated", "Canceled"]) expect(cells).not.toContain(other);

        const five = await agency.submit(pending.form("Show").fill("Rows per page", "5"), "Show");
        expect(five.path).toMatch(/perPage=5/);
        expect(five.path).toMatch(/status=Pending/);
        expect(five.tableRows()).toHaveLength(5);

        const sorted = await agency.open(five.linkNamed(/^Effective\b/));
        expect(sorted.path).toMatch(/sort=effectiveDate&order=DESC/);
        const exported = await agency.submit(sorted.form("Export"), "Export");
        expect(exported.status).toBe(200);
        expect(exported.toasts("success").join(" ")).toContain("Download was sent to your email");
      } finally {
        await agency.close();
      }
    },
  );

  test("an empty book says so and what to do next, with nothing to page through (issue 11)", async ({ page }) => {
    await loginAs(page, "newagent@demo.test", { path: "/book_of_business" });
    const table = page.getByRole("table", { name: /Policies/ });
    await expect(table).toContainText(
      "Your book of business is empty. Policies you write appear here once the carrier confirms them.",
    );
    await expect(table).not.toContainText("match");
    await expect(table.locator("caption")).toHaveText("Policies: none");
    await expect(page.getByRole("navigation", { name: "Policies pages" })).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: "Rows per page" })).toHaveCount(0);
    // No active contracts: the next step is a first contract.
    await table.getByRole("link", { name: "request one with Contract Now" }).click();
    await expect(page).toHaveURL("/contract_now");
  });

  test("values of the link the list does not know are ignored with a note (ADR 020)", async ({ page }) => {
    await loginAs(page, "agency@demo.test");
    const response = await page.goto("/book_of_business?page=abc&sort=evil&status=Nope");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "ignored" })).toHaveText(
      "Some values in the link were not valid and were ignored: page, sort column, status.",
    );
    await expect(page.getByRole("table", { name: /Policies/ }).locator("caption")).toHaveText("Policies: 1–25 of 320");
    // The links of the table do not carry the ignored values on, nor the note with them.
    await page.getByRole("link", { name: "Page 2", exact: true }).click();
    await expect(page).toHaveURL("/book_of_business?page=2");
    await expect(page.getByTestId("ignored-filters")).toHaveCount(0);
    await expect(page.getByRole("table", { name: /Policies/ }).locator("caption")).toHaveText("Policies: 26–50 of 320");
  });

  test("a product the upstream does not know is a 400 inside the layout, with a way back (ADR 020)", async ({
    page,
  }) => {
    await loginAs(page, "agency@demo.test");
    const response = await page.goto("/book_of_business?productId=999999");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "These filters cannot be shown" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    await page.getByRole("link", { name: "Show the list without filters" }).click();
    await expect(page).toHaveURL("/book_of_business");
    await expect(page.getByRole("table", { name: /Policies/ })).toBeVisible();
  });
});
