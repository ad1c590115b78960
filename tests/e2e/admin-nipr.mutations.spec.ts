import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, expectAxeClean, expectNoSidewaysScroll, lockAccount, loginAs, resetAccount, test } from "./fixtures";

/**
 * NIPR compliance (issue 24 §6-8), with JavaScript and without: docs@'s seeded "PA license lapsed" alert, marked
 * handled by admin@, marks the license expired on docs@'s profile and holds docs@'s new contract requests in PA (a
 * request covers OH only) until admin@ resolves the hold;
 * "Sync now" on a broker's admin page adds a row to the NIPR history; the settings never put the saved password in
 * a page or a `.data` answer, and a change of who is tracked shows its monthly cost before it takes effect.
 * docs@ is locked and reset around each test that changes it (the alert, the license and the notice come back).
 */

const success = (page: Page) => page.locator("[data-toast=success]").last();
const PDF = path.join(import.meta.dirname, "files", "court-order.pdf");
const BLOCKED = "You cannot request new contracts";

test.beforeEach(() => test.setTimeout(180_000));

async function signedIn(browser: Browser, email: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await loginAs(page, email);
  return page;
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JS on" : "JS off";

  test.describe(`NIPR (${mode})`, () => {
    test.use({ javaScriptEnabled });

    test("docs@'s lapsed PA license alert, handled, expires the license and leaves PA out of docs@'s requests until resolved", async ({
      page,
      browser,
    }) => {
      const unlock = await lockAccount("docs@demo.test");
      await resetAccount("docs@demo.test");
      try {
        // Before: docs@'s PA license is active, with no NIPR hold.
        const docs = await signedIn(browser, "docs@demo.test", javaScriptEnabled);
        await docs.goto("/profile");
        const paBefore = docs.getByRole("table", { name: "Licenses" }).getByRole("row").filter({ hasText: "889012" });
        await expect(paBefore).not.toContainText("Expired");
        await expect(docs.getByText("NIPR holds")).toHaveCount(0);

        await loginAs(page, "admin@demo.test");
        await page.goto("/admin/nipr_pdb_alerts?handled=no&category=licenses");
        await expect(page.getByRole("heading", { level: 1, name: "NIPR PDB alerts" })).toBeVisible();
        const row = page.getByRole("row").filter({ hasText: "PA license 889012 lapsed" });
        await expect(row).toContainText("Open: holds requests");
        await expectAxeClean(page, javaScriptEnabled);
        await row.getByRole("link", { name: /Alert \d+: Thomas Becker/ }).click();
        await expect(page.getByRole("heading", { level: 1, name: /Thomas Becker/ })).toBeVisible();
        // Read once the alert's page is shown: with JavaScript the click's navigation ends after click() returns.
        const alertUrl = page.url();
        await expect(page.getByText("license is marked expired")).toBeVisible();
        await expectAxeClean(page, javaScriptEnabled);
        await page.getByRole("textbox", { name: "Note (optional)" }).fill(`Called Thomas (${mode})`);
        await page.getByRole("button", { name: "Mark handled" }).click();
        await expect(success(page)).toContainText(
          "Thomas Becker is notified and new contract requests in PA are on hold",
        );
        await expect(page.getByText("Handled: it was applied to the broker's record once.")).toBeVisible();
        await expect(page.getByRole("button", { name: "Mark handled" })).toHaveCount(0);
        await expect(page.getByText(/On hold in PA since/)).toBeVisible();
        await expectAxeClean(page, javaScriptEnabled);

        // docs@'s profile: the PA license expired, and the hold (the broker's notification) names PA.
        await docs.goto("/profile");
        const pa = docs.getByRole("table", { name: "Licenses" }).getByRole("row").filter({ hasText: "889012" });
        await expect(pa).toContainText("Expired");
        await expect(docs.getByText("NIPR reports your PA license lapsed")).toBeVisible();
        await expect(docs.getByText("New contract requests do not cover PA until it is resolved")).toBeVisible();
        await expectNoSidewaysScroll(docs);

        // With its documents brought up to date, docs@ may request again: the request covers OH, not PA.
        const eo = docs.getByTestId("document-eo");
        await eo.getByLabel(/New E&O Certificate/).setInputFiles(PDF);
        await eo
          .getByRole("textbox", { name: "Expiry date of the certificate" })
          .fill(`06/30/${new Date().getFullYear() + 1}`);
        await eo.getByRole("button", { name: "Upload replacement" }).click();
        await expect(docs.locator("[data-toast=success]").last()).toContainText("Your E&O Certificate was uploaded.");
        const w9 = docs.getByTestId("document-w9");
        await w9.getByLabel(/W-9/).setInputFiles(PDF);
        await w9.getByRole("button", { name: "Upload" }).click();
        await expect(docs.locator("[data-toast=success]").last()).toContainText("you can request contracts again");
        await docs.goto("/contract_now?product=1");
        await expect(docs.getByRole("alert").filter({ hasText: BLOCKED })).toHaveCount(0);
        await expect(docs.getByText("New contract requests do not cover PA until it is resolved")).toBeVisible();
        await expectNoSidewaysScroll(docs);
        await docs.getByRole("region", { name: "Summit Mutual" }).getByRole("link", { name: "Contract Now" }).click();
        await expect(docs.getByText("This request covers OH; not PA (NIPR hold).")).toBeVisible();
        await expectAxeClean(docs, javaScriptEnabled);
        await docs.getByRole("link", { name: "Confirm & Next" }).click();
        await docs.getByRole("button", { name: "Update Answers & Contract" }).click();
        await expect(docs.locator("[data-toast=success]").last()).toContainText("We will be in touch shortly");
        await expect(docs.getByRole("region", { name: "Summit Mutual", exact: true })).toContainText(
          "Pending contract",
        );

        // admin@ resolves the hold on the alert's page: docs@'s notice leaves.
        await page.goto(alertUrl);
        await page.getByRole("button", { name: "Resolve the hold" }).click();
        await expect(success(page)).toContainText(
          "Hold resolved: Thomas Becker's new contract requests cover PA again.",
        );
        await expect(page.getByText(/Hold in PA resolved by Grace Harper/)).toBeVisible();
        await expect(page.getByRole("button", { name: "Resolve the hold" })).toHaveCount(0);
        await docs.goto("/profile");
        await expect(docs.getByText("NIPR holds")).toHaveCount(0);
        await docs.context().close();
      } finally {
        await resetAccount("docs@demo.test");
        unlock();
      }
    });

    test("Sync now on a broker's page adds a row to the NIPR history", async ({ page }) => {
      // JS on: loa@ (3); JS off: beta@ (6): each run finds its own row.
      const [id, name, npn] = javaScriptEnabled ? [3, "Priya Raman", "18977342"] : [6, "Robert Nguyen", "19233571"];
      await loginAs(page, "admin@demo.test");
      await page.goto(`/admin/brokers/${id}`);
      await page.getByRole("button", { name: "Sync now with NIPR" }).click();
      await expect(success(page)).toContainText(`Synced with NIPR: ${name} (NPN ${npn})`);
      await page.goto("/admin/nipr_history?trigger=manual");
      await expect(page.getByRole("heading", { level: 1, name: "NIPR history" })).toBeVisible();
      const rows = page.getByRole("row").filter({ hasText: `${name} (NPN ${npn})` });
      await expect(rows.first()).toContainText("Sync now by Grace Harper");
      await expect(rows.first()).toContainText("Succeeded");
      await expectAxeClean(page, javaScriptEnabled);
      await page.goto("/admin/nipr_license_config");
      await expect(page.getByRole("heading", { level: 1, name: "NIPR license settings" })).toBeVisible();
      await expectAxeClean(page, javaScriptEnabled);
      // A failure says why (the seed's failed daily file).
      await page.goto("/admin/nipr_history?status=failed");
      await expect(page.getByRole("row").filter({ hasText: "HTTP 503" }).first()).toBeVisible();
    });
  });
}

test.describe("NIPR license settings", () => {
  test("the saved password never comes back; tracking shows its monthly cost before it takes effect (JS off)", async ({
    browser,
  }) => {
    const page = await signedIn(browser, "admin@demo.test", false);
    const secret = "Zeta-Secret-5521";
    try {
      await page.goto("/admin/nipr_license_config");
      await expect(page.getByRole("heading", { level: 1, name: "NIPR license settings" })).toBeVisible();
      // A refused password (too short) is not sent back either.
      await page.getByLabel("NIPR password").fill("short1");
      await page.getByRole("button", { name: "Save connection" }).click();
      await expect(page.getByText("At least 8 characters")).toBeVisible();
      expect(await page.content()).not.toContain("short1");

      await page.getByLabel("NIPR password").fill(secret);
      await page.getByRole("button", { name: "Save connection" }).click();
      await expect(success(page)).toContainText("NIPR connection saved.");
      expect(await page.content()).not.toContain(secret);
      await expect(page.getByText("A password is saved. It is never shown")).toBeVisible();
      const dataAnswer = await page.request.get("/admin/nipr_license_config.data");
      expect(dataAnswer.status()).toBe(200);
      expect(await dataAnswer.text()).not.toContain(secret);
      expect(await dataAnswer.text()).not.toContain("pdb-Secret-4417");

      // A chosen list: the cost first, then the change.
      await page.getByRole("radio", { name: "A chosen list of producers" }).check();
      await page.getByRole("textbox", { name: "Chosen producers' NPNs" }).fill("16554093\n17845210");
      await page.getByRole("button", { name: "Review the cost" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Change who is tracked?" });
      await expect(confirm).toContainText("2 producers × $0.95 = $1.90/month");
      await expect(page.getByTestId("nipr-current-cost")).toContainText("every active producer");
      await expectNoSidewaysScroll(page);
      await confirm.getByRole("button", { name: "Confirm the change" }).click();
      await expect(success(page)).toContainText("Tracking saved: 2 producers × $0.95 = $1.90/month.");
      await expect(page.getByTestId("nipr-current-cost")).toContainText("a chosen list of producers, 2 producers");

      // An NPN of no active producer is refused at the field, what was typed kept.
      await page.getByRole("textbox", { name: "Chosen producers' NPNs" }).fill("16554093\n99999999");
      await page.getByRole("button", { name: "Review the cost" }).click();
      await expect(page.getByText("No active producer has these NPNs: 99999999")).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Chosen producers' NPNs" })).toHaveValue("16554093\n99999999");
    } finally {
      // Back to every active producer (other specs' demo stays as seeded).
      await page.goto("/admin/nipr_license_config");
      await page.getByRole("radio", { name: "Every active producer" }).check();
      await page.getByRole("button", { name: "Review the cost" }).click();
      await page.getByRole("button", { name: "Confirm the change" }).click();
      await expect(success(page)).toContainText("Tracking saved");
      await page.context().close();
    }
  });
});
