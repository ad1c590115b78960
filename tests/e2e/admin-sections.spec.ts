import type { Page, Response } from "@playwright/test";
import { expect, loginAs, test } from "./fixtures";

/**
 * Issue 22 (ADR 024): each admin section's view and form are their own scripts. A section's page loads its own,
 * never another section's, and hydrates with it; a navigation to another section brings that section's script.
 */
const INTROS = {
  users: "Everyone who signs in to the portal",
  roles: "What each kind of user gets",
  rts_statuses: "The Ready to Sell statuses the downlines pages show",
  contracting: "Every contract request in one queue",
} as const;

/** The text of every script the page loads (until the network is idle). */
async function scriptsOf(page: Page, path: string): Promise<string[]> {
  const bodies: Array<Promise<string>> = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text().catch(() => ""));
  };
  page.on("response", collect);
  await page.goto(path, { waitUntil: "networkidle" });
  page.off("response", collect);
  return Promise.all(bodies);
}

test.describe("each admin section is its own script", () => {
  test("a section's list loads its own view and no other's, hydrates with it, and a navigation brings the next one's", async ({
    page,
  }) => {
    await loginAs(page, "admin@demo.test");
    const scripts = (await scriptsOf(page, "/admin/roles")).join("\n");
    expect(scripts).toContain(INTROS.roles);
    for (const other of [INTROS.users, INTROS.rts_statuses, INTROS.contracting]) expect(scripts).not.toContain(other);
    // The form's fields are not on a list page either.
    expect(scripts).not.toContain("What the role's users are to the portal");

    // Hydrated: the next section opens by a navigation in the browser (the window survives), not a new document.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    // The sections' switcher above the page (ADR 043): opened, then the section chosen.
    const switcher = page.locator("details.admin-switcher");
    await switcher.getByText("Admin sections", { exact: true }).click();
    await switcher
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "RTS statuses" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "RTS statuses" })).toBeVisible();
    await expect(page.getByText(INTROS.rts_statuses)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test("a new record's page loads its section's view and form: the browser checks with the form's schema", async ({
    page,
  }) => {
    await loginAs(page, "admin@demo.test");
    const scripts = (await scriptsOf(page, "/admin/roles/new")).join("\n");
    expect(scripts).toContain("What the role's users are to the portal");
    expect(scripts).not.toContain(INTROS.users);
    // The browser's validation is the form's schema, loaded with it: an empty name is refused before any request.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByRole("button", { name: "Create role" }).click();
    await expect(page.getByText("Enter the role's name")).toBeVisible();
    expect(posts).toEqual([]);
  });
});
