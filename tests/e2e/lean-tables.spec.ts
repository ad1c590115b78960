import { test as httpTest } from "@playwright/test";
import { NoJsBrowser } from "../support/no-js";
import { expect, loginAs, test } from "./fixtures";

/**
 * Issue 21: the shared data table is lean markup. Its body rows and cells are plain `tr`/`td` (their look in
 * app.css), no element of the table or its page links carries an inline style, and an icon
 * repeated per header, select or row is a reference to one symbol, not its paths. The markup is what the server
 * sends (HTTP tests, the page fetched signed in); its look, the styles the browser computes, in the browser.
 */
async function tableBlockOf(email: string, path: string): Promise<{ html: string; all: string }> {
  const browser = await NoJsBrowser.signedIn(email);
  try {
    const page = await browser.open(path);
    expect(page.status).toBe(200);
    const all = page.html;
    // The table and the page links under it (the search, Show and bulk buttons stay Mantine's Buttons).
    const table = all.slice(all.indexOf("<table"), all.indexOf("</table>"));
    const pages = all.slice(
      all.indexOf('class="data-table-pages"'),
      all.indexOf("</nav>", all.indexOf("data-table-pages")),
    );
    expect(table.length).toBeGreaterThan(1000);
    expect(pages).toContain('aria-current="page"');
    return { html: table + pages, all };
  } finally {
    await browser.close();
  }
}

function expectLean(html: string) {
  // No inline style at all: not on a cell, a badge, a header's link, a page link, nor the table itself.
  const styles = [...html.matchAll(/<(\w+)[^>]* style="[^"]*"/g)].map((m) => m[1]);
  expect(styles).toEqual([]);
  const body = html.slice(html.indexOf("<tbody"), html.indexOf("</tbody>"));
  expect(body).toMatch(/<tr(?: data-chosen="true")?><td/);
  expect(body).not.toMatch(/<t[rd] class=/);
  expect(body).not.toContain("<path");
  expect(body).not.toContain("mantine-Anchor-root");
}

httpTest("the book of business: plain rows, no inline styles, badges without a component's variables", async () => {
  const { html, all } = await tableBlockOf("agency@demo.test", "/book_of_business");
  expectLean(html);
  // Issue 37 §4: a status is the one StatusBadge, a plain span whose colour is its word's (domain/statuses.ts).
  expect(html).toMatch(/<span class="admin-tag" data-color="green">Active<\/span>/);
  // The table was 25 KB of the page's 82 KB.
  expect(html.length).toBeLessThan(14_000);
  expect(all.length).toBeLessThan(66_000);
});

httpTest("the admin users list: plain rows, no inline styles, under 130 KB (was 155 KB)", async () => {
  const { html, all } = await tableBlockOf("admin@demo.test", "/admin/users");
  expectLean(html);
  expect(all.length).toBeLessThan(130_000);
  // The rows' loader data holds what the list shows, not the record page's fields.
  expect(all).toContain("lastSignInAt");
  expect(all).not.toContain("sunfireAccess");
  expect(all).not.toContain("skipOnboardingWithContracts");
  // The row menu's dots are drawn by CSS (their look: the browser test below), not an element per row.
  expect(html).not.toContain('<use href="#row-menu');
});

httpTest("the contracting desk: plain rows, and its rows' data without the review page's fields", async () => {
  const { html, all } = await tableBlockOf("admin@demo.test", "/admin/contracting");
  expectLean(html);
  expect(all).toContain("waitingDays");
  expect(all).not.toContain("timeInStates");
  expect(all).not.toContain("internalNote");
});

httpTest(
  "the book of business: a cell's one-line rule and the sticky first cell come from the table, not from every cell",
  async () => {
    const { html, all } = await tableBlockOf("agency@demo.test", "/book_of_business");
    const body = all.slice(all.indexOf("<tbody"), all.indexOf("</tbody>"));
    // Policy #, Status and Effective keep their value on one line: listed once on the table, not on 75 cells.
    expect(all).toMatch(/<table class="m_b23fa0ef" data-with-table-border="true" data-nowrap="2 3 6">/);
    expect(body).not.toContain("data-nowrap");
    expect(body).not.toContain("data-sticky");
    // No readable Mantine name that no rule selects: the table's, the fields', the menu links' and page links'.
    expect(all).not.toMatch(/mantine-(Table|Input|InputWrapper|NativeSelect|TextInput)-/);
    expect(html.slice(html.indexOf('class="data-table-pages"'))).not.toContain("mantine-Button-");
    const menuLink = /<a data-menu-item="home"[^>]*>[\s\S]*?<\/a>/.exec(all)?.[0];
    expect(menuLink).toBe(
      '<a data-menu-item="home" class="mantine-focus-auto m_f0824112 m_87cf2631" href="/dashboard" data-discover="true"><div><span>Home</span></div></a>',
    );
  },
);

test("the book of business keeps its look: badges, page links, one-line and sticky cells, the menu label, plain buttons", async ({
  page,
}) => {
  await loginAs(page, "agency@demo.test", { path: "/book_of_business" });
  // Same look: a badge is light (as written, issue 37 §4), a page link Mantine's default and filled button.
  const badge = page.locator("tbody .admin-tag").first();
  await expect(badge).toHaveCSS("text-transform", "none");
  await expect(badge).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  await expect(page.getByRole("link", { name: "Page 1" })).toHaveCSS("background-color", "rgb(59, 91, 219)");
  await expect(page.getByRole("link", { name: "Page 2" })).toHaveCSS("background-color", "rgb(255, 255, 255)");
  // Same look: the one-line cells, the sticky first cell with its edge, the menu label's size, the plain buttons.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/book_of_business");
  const row = page.locator("tbody tr").first();
  for (const n of [2, 3, 6]) await expect(row.locator(`td:nth-child(${n})`)).toHaveCSS("white-space", "nowrap");
  await expect(row.locator("td:nth-child(4)")).toHaveCSS("white-space", "normal");
  await expect(row.locator("td").first()).toHaveCSS("position", "sticky");
  await expect(row.locator("td").first()).toHaveCSS("box-shadow", /inset/);
  await expect(row.locator("td:nth-child(2)")).toHaveCSS("position", "static");
  await expect(page.locator('[data-menu-item="home"] span')).toHaveCSS("font-size", "14px");
  const search = page.getByRole("button", { name: "Search", exact: true });
  await expect(search).toHaveCSS("border-top-style", "solid");
  await expect(search).toHaveCSS("background-color", "rgb(255, 255, 255)");
});

test("the admin users list: the row menu's dots, drawn by CSS, read as clickable", async ({ page }) => {
  await loginAs(page, "admin@demo.test", { path: "/admin/users" });
  await expect(page.locator("tbody .row-menu summary").first()).toHaveCSS("cursor", "pointer");
});
