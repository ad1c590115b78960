import { NOT_FOUND_TEXT } from "../../app/domain/errors";
import { ACCOUNTS } from "./accounts";
import { expect, loginAs, test } from "./fixtures";

/**
 * Spec §2 menus: every entry of every demo account answers a real page (200); never the 404 page, never an
 * error (5xx) and never a refusal (the menu and the server read the same access rule, decision 005). Issue 12
 * built the last areas the menus promised. Entries are requested as a browser would follow them, without
 * following redirects.
 */
test.describe("every menu entry of every account answers", () => {
  for (const account of ACCOUNTS) {
    test(`${account.email}: each menu entry answers a real page`, async ({ page }) => {
      await loginAs(page, account.email);
      // Entries with children (Quote & Enroll) are toggles without an href; their children are links.
      const links = page.getByRole("navigation", { name: "Main menu" }).locator("a[data-menu-item][href]");
      const hrefs = [...new Set(await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("href") ?? "")))];
      expect(hrefs.length, "menu links").toBeGreaterThan(0);
      const answers: string[] = [];
      for (const href of hrefs) {
        expect(href, "a menu link stays on the portal").toMatch(/^\/(?!\/)/);
        const response = await page.request.get(href, { maxRedirects: 0 });
        const body = await response.text();
        answers.push(`${href} ${response.status()}${body.includes(NOT_FOUND_TEXT) ? " (not-found page)" : ""}`);
      }
      expect(
        answers.filter((a) => !/ 200$/.test(a)),
        "entries answering anything but a real page",
      ).toEqual([]);
    });
  }

  test("a URL outside the menu is a deliberate 403, not an error", async ({ page }) => {
    for (const account of ACCOUNTS.filter((a) =>
      ["admin@demo.test", "agency@demo.test", "carrier@demo.test"].includes(a.email),
    )) {
      await page.context().clearCookies();
      await loginAs(page, account.email);
      expect(
        (await page.request.get(account.refused, { maxRedirects: 0 })).status(),
        `${account.email} ${account.refused}`,
      ).toBe(403);
    }
  });

  test("the admin's Register Downlines is a deliberate 403 (spec §2: not in the admin menu; invitations are an agency's)", async ({
    page,
  }) => {
    await loginAs(page, "admin@demo.test");
    for (const path of ["/register_downlines", "/register_downlines/new"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
      // Inside the user's chrome (the layout's boundary), not a bare page: their menu stays.
      await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    }
    // Downlines stays open to the admin (their menu has it).
    expect((await page.goto("/downlines"))?.status()).toBe(200);
  });
});

test("Feedback is in the menu of agents and agencies and leads to their conversations (issue 20)", async ({ page }) => {
  for (const email of ["agent@demo.test", "agency@demo.test"]) {
    await page.context().clearCookies();
    await loginAs(page, email);
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await menu.getByRole("link", { name: "Feedback", exact: true }).click();
    await expect(page).toHaveURL(/\/feedback\/list$/);
    await expect(page.getByRole("heading", { level: 1, name: "Feedback" })).toBeVisible();
  }
});
