import path from "node:path";
import { type Page, test as httpTest } from "@playwright/test";
import { NoJsBrowser } from "../support/no-js";
import { expectSharedFileFields } from "./file-field";
import { expect, loginAs, test } from "./fixtures";

const PDF = path.join(import.meta.dirname, "files", "court-order.pdf");

/**
 * The field as it looks before the page runs, and so without JavaScript (the server's HTML has no `<html
 * data-hydrated>`: the HTTP test below): the same document with the marker taken away shows the native input in the
 * box, its button drawn as the portal's.
 */
async function expectBeforeHydration(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.removeAttribute("data-hydrated"));
  expect(await expectSharedFileFields(page, { javaScript: false })).toBe(1);
  await page.evaluate(() => document.documentElement.setAttribute("data-hydrated", ""));
}

/**
 * Issue 20: the shared file field on Contact Support, a new feedback conversation and the profile's five
 * document uploads (a thread's reply: feedback.mutations.spec.ts, as opening a thread marks it read). Uploads
 * themselves, with and without JavaScript: tickets, feedback and profile mutation specs.
 */
test.describe("the shared file field everywhere (issue 20)", () => {
  for (const width of [1280, 390]) {
    test(`contact support, a new feedback conversation and the profile's uploads at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await loginAs(page, "agent@demo.test", { path: "/contact_support" });
      expect(await expectSharedFileFields(page)).toBe(1);
      await expectBeforeHydration(page);
      await page.goto("/feedback/form");
      expect(await expectSharedFileFields(page)).toBe(1);
      await expectBeforeHydration(page);
      await page.goto("/profile");
      // Each document's upload form is one click away: open them all.
      const uploads = page.locator(".document-upload");
      await expect(uploads).toHaveCount(5);
      for (const upload of await uploads.all()) {
        if ((await upload.getAttribute("open")) === null) await upload.locator("summary").click();
      }
      expect(await expectSharedFileFields(page)).toBe(5);
    });
  }

  test("the chosen file shows in the field", async ({ page }) => {
    await loginAs(page, "agent@demo.test", { path: "/contact_support" });
    const field = page.locator(".file-field");
    await expect(field).toContainText("Choose a file");
    await page.getByLabel(/Attachment/).setInputFiles(PDF);
    await expect(field).toContainText(/Chosen: court-order\.pdf \(\d+ KB\)/);
  });

  httpTest("without JavaScript: the field is drawn by the server, the native input in the same box", async () => {
    const agent = await NoJsBrowser.signedIn("agent@demo.test");
    try {
      for (const url of ["/contact_support", "/feedback/form"]) {
        const page = await agent.open(url);
        expect(page.status, url).toBe(200);
        // Not marked hydrated: the look before the page runs applies (its styles: the browser test above).
        expect(page.htmlHas("data-hydrated"), url).toBe(false);
        expect(page.fileInputBoxes(), url).toEqual([expect.stringMatching(/(^| )file-field( |$)/)]);
      }
    } finally {
      await agent.close();
    }
  });
});
