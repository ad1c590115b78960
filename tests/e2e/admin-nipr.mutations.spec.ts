import { readFileSync } from "node:fs";
import path from "node:path";
import { type Browser, type Page, test as httpTest } from "@playwright/test";
import { type NoJsPage, NoJsBrowser } from "../support/no-js";
import { expect, expectAxeClean, expectNoSidewaysScroll, lockAccount, loginAs, resetAccount, test } from "./fixtures";

/**
 * NIPR compliance (issue 24 §6-8, issue 37 §1), with JavaScript and without: docs@'s seeded "PA license lapsed" alert
 * was applied when it arrived (docs@'s PA license expired, new contract requests held in PA: a request covers OH only);
 * admin@'s Mark handled records the review, and the hold stays until admin@ resolves it;
 * "Sync now" on a broker's admin page adds a row to the NIPR history; the settings never put the saved password in
 * a page or a `.data` answer, and a change of who is tracked shows its monthly cost before it takes effect.
 * docs@ is locked and reset around each test that changes it (the alert, the license and the notice come back).
 * Without JavaScript each flow is an HTTP-tier test (testing.md): the pages' own forms posted as their HTML says
 * (tests/support/no-js.ts), the documents attached to their multipart posts.
 */

const success = (page: Page) => page.locator("[data-toast=success]").last();
const PDF = path.join(import.meta.dirname, "files", "court-order.pdf");
const BLOCKED = "You cannot request new contracts";

test.beforeEach(() => test.setTimeout(180_000));

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, email);
  return page;
}

test.describe("NIPR (JS on)", () => {
  test("docs@'s lapsed PA license alert holds PA from its arrival; Mark handled records the review; resolving lifts the hold", async ({
    page,
    browser,
  }) => {
    const unlock = await lockAccount("docs@demo.test");
    await resetAccount("docs@demo.test");
    try {
      // Before anyone handles the alert: docs@'s PA license is expired and PA is on hold (issue 37 §1).
      const docs = await signedIn(browser, "docs@demo.test");
      await docs.goto("/profile");
      const pa = docs.getByRole("table", { name: "Licenses" }).getByRole("row").filter({ hasText: "889012" });
      await expect(pa).toContainText("Expired");
      await expect(docs.getByText(/PA license lapsed per NIPR on \d\d\/\d\d\/\d{4}/)).toBeVisible();
      await expect(docs.getByText("New contract requests do not cover PA until it is resolved")).toBeVisible();

      await loginAs(page, "admin@demo.test", { path: "/admin/nipr_pdb_alerts?handled=no&category=licenses" });
      await expect(page.getByRole("heading", { level: 1, name: "NIPR PDB alerts" })).toBeVisible();
      const row = page.getByRole("row").filter({ hasText: "PA license 889012 lapsed" });
      // The same status in the list and on the alert's page.
      await expect(row).toContainText("Not handled: PA on hold");
      // This list's and the alert's axe and fit, before it is handled, are the page sweep's (pages.spec.ts).
      await row.getByRole("link", { name: /Alert \d+: Thomas Becker/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: /Thomas Becker/ })).toBeVisible();
      // Read once the alert's page is shown: with JavaScript the click's navigation ends after click() returns.
      const alertUrl = page.url();
      await expect(page.getByText("Not handled: PA on hold", { exact: true })).toBeVisible();
      await expect(page.getByText("license was marked expired")).toBeVisible();
      await page.getByRole("textbox", { name: "Note (optional)", exact: true }).fill("Called Thomas (JS on)");
      await page.getByRole("button", { name: "Mark handled" }).click();
      await expect(success(page)).toContainText("Alert handled: your review is recorded.");
      await expect(page.getByText("Handled: staff reviewed this alert.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Mark handled" })).toHaveCount(0);
      await expect(page.getByText("Handled: PA on hold", { exact: true })).toBeVisible();
      await expect(page.getByText(/On hold in PA since/)).toBeVisible();
      await expectAxeClean(page);

      // The review changed nothing on docs@'s record: still expired, still held.
      await docs.goto("/profile");
      await expect(pa).toContainText("Expired");
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
      await expectAxeClean(docs);
      await docs.getByRole("link", { name: "Confirm & Next" }).click();
      await docs.getByRole("button", { name: "Update Answers & Contract" }).click();
      await expect(docs.locator("[data-toast=success]").last()).toContainText("We will be in touch shortly");
      await expect(docs.getByRole("region", { name: "Summit Mutual", exact: true })).toContainText("Pending contract");

      // admin@ resolves the hold on the alert's page: docs@'s notice leaves.
      await page.goto(alertUrl);
      await page.getByRole("button", { name: "Resolve the hold" }).click();
      await expect(success(page)).toContainText("Hold resolved: Thomas Becker's new contract requests cover PA again.");
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
    // loa@ (3); the HTTP test below syncs beta@ (6): each finds its own row.
    const [id, name, npn] = [3, "Priya Raman", "18977342"];
    await loginAs(page, "admin@demo.test", { path: `/admin/brokers/${id}` });
    await page.getByRole("button", { name: "Sync now with NIPR" }).click();
    await expect(success(page)).toContainText(`Synced with NIPR: ${name} (NPN ${npn})`);
    await page.goto("/admin/nipr_history?trigger=manual");
    await expect(page.getByRole("heading", { level: 1, name: "NIPR history" })).toBeVisible();
    const rows = page.getByRole("row").filter({ hasText: `${name} (NPN ${npn})` });
    await expect(rows.first()).toContainText("Sync now by Grace Harper");
    await expect(rows.first()).toContainText("Succeeded");
    await expectAxeClean(page);
    await page.goto("/admin/nipr_license_config");
    await expect(page.getByRole("heading", { level: 1, name: "NIPR license settings" })).toBeVisible();
    // The settings page's axe and fit as loaded are the page sweep's (pages.spec.ts); the cost's review is here.
    // The cost's review (the server draws it in the page; nothing changes until confirmed) fits the page.
    await page.getByRole("radio", { name: "A chosen list of agents" }).check();
    await page.getByRole("textbox", { name: "Chosen agents' NPNs" }).fill("16554093\n17845210");
    await page.getByRole("button", { name: "Review the cost" }).click();
    await expect(page.getByRole("alertdialog", { name: "Change who is tracked?" })).toContainText(
      "2 agents × $0.95 = $1.90/month",
    );
    await expectNoSidewaysScroll(page);
    // A failure says why (the seed's failed daily file).
    await page.goto("/admin/nipr_history?status=failed");
    await expect(page.getByRole("row").filter({ hasText: "HTTP 503" }).first()).toBeVisible();
  });
});

httpTest(
  "without JavaScript: docs@'s lapsed PA license alert holds PA from its arrival; Mark handled records the review; resolving lifts the hold",
  async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    const unlock = await lockAccount("docs@demo.test");
    const opened = [admin];
    const pdf = { name: "court-order.pdf", mimeType: "application/pdf", buffer: readFileSync(PDF) };
    /** docs@'s PA license's row on the profile (its cells' text). */
    const paLicense = (profile: NoJsPage) =>
      (profile.tableRowsIn("Licenses").find((r) => r.includes("889012")) ?? []).join(" ");
    try {
      await resetAccount("docs@demo.test");
      const docs = await NoJsBrowser.signedIn("docs@demo.test");
      opened.push(docs);
      // Before anyone handles the alert: docs@'s PA license is expired and PA is on hold (issue 37 §1).
      const before = await docs.open("/profile");
      expect(paLicense(before)).toContain("Expired");
      expect(before.allText).toMatch(/PA license lapsed per NIPR on \d\d\/\d\d\/\d{4}/);

      const list = await admin.open("/admin/nipr_pdb_alerts?handled=no&category=licenses");
      expect(list.heading).toBe("NIPR PDB alerts");
      const row = list.tableRows().find((r) => r.join(" ").includes("PA license 889012 lapsed"));
      expect(row?.join(" ")).toContain("Not handled: PA on hold");
      const alert = await admin.open(list.linkInRow("PA license 889012 lapsed", /Alert \d+: Thomas Becker/));
      expect(alert.heading).toMatch(/Thomas Becker/);
      const alertPath = alert.path;
      expect(alert.text()).toContain("Not handled: PA on hold");
      expect(alert.text()).toContain("license was marked expired");
      const handled = await admin.submit(
        alert.form("Mark handled").fill("Note (optional)", "Called Thomas (JS off)"),
        "Mark handled",
      );
      expect(handled.toasts("success").join(" ")).toContain("Alert handled: your review is recorded.");
      expect(handled.text()).toContain("Handled: staff reviewed this alert.");
      expect(handled.text()).toContain("Handled: PA on hold");
      expect(() => handled.form("Mark handled")).toThrow();
      expect(handled.text()).toMatch(/On hold in PA since/);

      // The review changed nothing on docs@'s record: still expired, still held.
      const after = await docs.open("/profile");
      expect(paLicense(after)).toContain("Expired");
      expect(after.allText).toContain("New contract requests do not cover PA until it is resolved");

      // With its documents brought up to date, docs@ may request again: the request covers OH, not PA.
      const eo = await docs.submit(
        after
          .formIn("E&O Certificate", "Upload replacement")
          .attach("New E&O Certificate", pdf)
          .fill("Expiry date of the certificate", `06/30/${new Date().getFullYear() + 1}`),
        "Upload replacement",
      );
      expect(eo.toasts("success").join(" ")).toContain("Your E&O Certificate was uploaded.");
      const w9 = await docs.submit(eo.formIn("W-9", "Upload").attach("W-9", pdf), "Upload");
      expect(w9.toasts("success").join(" ")).toContain("you can request contracts again");
      const contractNow = await docs.open("/contract_now?product=1");
      expect(contractNow.alerts().filter((a) => a.includes(BLOCKED))).toEqual([]);
      expect(contractNow.allText).toContain("New contract requests do not cover PA until it is resolved");
      const request = await docs.open(contractNow.linkMatching(/^Contract Now$/, "Summit Mutual"));
      expect(request.allText).toContain("This request covers OH; not PA (NIPR hold).");
      const legal = await docs.follow(request, "Confirm & Next");
      const requested = await docs.submit(legal.form("Update Answers & Contract"), "Update Answers & Contract");
      expect(requested.toasts("success").join(" ")).toContain("We will be in touch shortly");
      expect(requested.text("Summit Mutual")).toContain("Pending contract");

      // admin@ resolves the hold on the alert's page: docs@'s notice leaves.
      const held = await admin.open(alertPath);
      const resolved = await admin.submit(held.form("Resolve the hold"), "Resolve the hold");
      expect(resolved.toasts("success").join(" ")).toContain(
        "Hold resolved: Thomas Becker's new contract requests cover PA again.",
      );
      expect(resolved.text()).toMatch(/Hold in PA resolved by Grace Harper/);
      expect(() => resolved.form("Resolve the hold")).toThrow();
      expect((await docs.open("/profile")).allText).not.toContain("NIPR holds");
    } finally {
      await Promise.all(opened.map(async (b) => b.close()));
      await resetAccount("docs@demo.test");
      unlock();
    }
  },
);

httpTest("without JavaScript: Sync now on a broker's page adds a row to the NIPR history", async () => {
  // beta@ (6); the browser test syncs loa@ (3): each finds its own row.
  const [id, name, npn] = [6, "Robert Nguyen", "19233571"];
  const admin = await NoJsBrowser.signedIn("admin@demo.test");
  try {
    const broker = await admin.open(`/admin/brokers/${id}`);
    const synced = await admin.submit(broker.form("Sync now with NIPR"), "Sync now with NIPR");
    expect(synced.toasts("success").join(" ")).toContain(`Synced with NIPR: ${name} (NPN ${npn})`);
    const history = await admin.open("/admin/nipr_history?trigger=manual");
    expect(history.heading).toBe("NIPR history");
    const row = history.tableRows().find((r) => r.join(" ").includes(`${name} (NPN ${npn})`));
    expect(row?.join(" ")).toContain("Sync now by Grace Harper");
    expect(row?.join(" ")).toContain("Succeeded");
    const settings = await admin.open("/admin/nipr_license_config");
    expect(settings.heading).toBe("NIPR license settings");
    // A failure says why (the seed's failed daily file).
    const failed = await admin.open("/admin/nipr_history?status=failed");
    expect(failed.tableRows().some((r) => r.join(" ").includes("HTTP 503"))).toBe(true);
  } finally {
    await admin.close();
  }
});

httpTest(
  "without JavaScript: the saved NIPR password never comes back; tracking shows its monthly cost before it takes effect",
  async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    const secret = "Zeta-Secret-5521";
    const here = "/admin/nipr_license_config";
    try {
      const settings = await admin.open(here);
      expect(settings.heading).toBe("NIPR license settings");
      // A refused password (too short) is not sent back either.
      const short = await admin.submit(
        settings.form("Save connection").fill("NIPR password", "short1"),
        "Save connection",
      );
      expect(short.status).toBe(400);
      expect(short.form("Save connection").said("NIPR password").text).toContain("At least 8 characters");
      expect(short.html).not.toContain("short1");

      const saved = await admin.submit(short.form("Save connection").fill("NIPR password", secret), "Save connection");
      expect(saved.toasts("success").join(" ")).toContain("NIPR connection saved.");
      expect(saved.html).not.toContain(secret);
      expect(saved.text()).toContain("A password is saved. It is never shown");
      const dataAnswer = await admin.download(`${here}.data`);
      expect(dataAnswer.status()).toBe(200);
      expect(await dataAnswer.text()).not.toContain(secret);
      expect(await dataAnswer.text()).not.toContain("pdb-Secret-4417");

      // A chosen list: the cost first, then the change.
      const review = await admin.submit(
        saved
          .form("Review the cost")
          .check("A chosen list of agents")
          .fill("Chosen agents' NPNs", "16554093\n17845210"),
        "Review the cost",
      );
      expect(review.text("Change who is tracked?")).toContain("2 agents × $0.95 = $1.90/month");
      expect(review.testIdText("nipr-current-cost")).toContain("every active agent");
      const tracked = await admin.submit(review.form("Confirm the change"), "Confirm the change");
      expect(tracked.toasts("success").join(" ")).toContain("Tracking saved: 2 agents × $0.95 = $1.90/month.");
      expect(tracked.testIdText("nipr-current-cost")).toContain("a chosen list of agents, 2 agents");

      // An NPN of no active producer is refused at the field, what was typed kept.
      const unknown = await admin.submit(
        tracked.form("Review the cost").fill("Chosen agents' NPNs", "16554093\n99999999"),
        "Review the cost",
      );
      expect(unknown.status).toBe(400);
      const form = unknown.form("Review the cost");
      expect(form.said("Chosen agents' NPNs").text).toContain("No active agent has these NPNs: 99999999");
      expect(form.said("Chosen agents' NPNs").invalid).toBe(true);
      expect(form.value("npns")).toBe("16554093\n99999999");
    } finally {
      // Back to every active agent (other specs' demo stays as seeded).
      const settings = await admin.open(here);
      const review = await admin.submit(
        settings.form("Review the cost").check("Every active agent"),
        "Review the cost",
      );
      const back = await admin.submit(review.form("Confirm the change"), "Confirm the change");
      expect(back.toasts("success").join(" ")).toContain("Tracking saved");
      await admin.close();
    }
  },
);
