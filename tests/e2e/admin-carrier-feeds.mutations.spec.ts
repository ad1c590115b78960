import type { Browser, Page } from "@playwright/test";
import {
  DOCS_RFI_SUBJECTS,
  HTML_NOTE,
  seedCarrierEnrollments,
  seedCarrierNotifications,
} from "../../server/reference-api/carrier-enrollments/seed";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { expect, expectAxeClean, expectNoSidewaysScroll, lockAccount, loginAs, resetAccount, test } from "./fixtures";

/**
 * Carrier enrollments and notifications (issue 24 §3–4), with JavaScript and without: an enrollment found by its
 * filters opens, and its raw payload opens in the JSON viewer (a <details> tree, the raw text; Copy with JavaScript);
 * a hostile payload's HTML is text. A notification for docs@ is sent to docs@'s document notifications (it shows on
 * docs@'s profile) and marked handled with a note; notifications are marked handled in bulk from the queue.
 */

const success = (page: Page) => page.locator("[data-toast=success]").last();
const SEED = seedDates();

// Generous: the docs@ tests wait for each other (lockAccount), and axe on a busy 2-core machine takes its time.
test.beforeEach(() => test.setTimeout(300_000));

async function signedIn(browser: Browser, email: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  if (javaScriptEnabled) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  await loginAs(page, email);
  return page;
}

/** A filter form's change: applied at once with JavaScript, by its Search button without. */
async function applyFilters(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Search", exact: true }).click();
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JS on" : "JS off";

  test(`an enrollment found by status, carrier and date opens, and its raw payload opens in the JSON viewer (${mode})`, async ({
    browser,
  }) => {
    const page = await signedIn(browser, "admin@demo.test", javaScriptEnabled);
    await page.goto("/admin/carrier_enrollments");
    await expect(page.getByRole("heading", { level: 1, name: "Carrier enrollments" })).toBeVisible();
    await expectAxeClean(page, javaScriptEnabled);
    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "RFI: information requested" });
    if (javaScriptEnabled) await expect(page).toHaveURL(/status=rfi/);
    await page.getByRole("combobox", { name: "Carrier" }).selectOption({ label: "Summit Mutual" });
    if (javaScriptEnabled) await expect(page).toHaveURL(/carrierId=2/);
    await page.getByLabel("Submitted from").fill(SEED.daysFromNow(-150));
    await applyFilters(page, javaScriptEnabled);
    await expect(page).toHaveURL(/status=rfi.*carrierId=2|carrierId=2.*status=rfi/);
    await expect(page).toHaveURL(/from=\d{4}-\d\d-\d\d/);
    const expected = seedCarrierEnrollments(SEED).filter(
      (e) => e.status === "rfi" && e.carrierId === 2 && e.submittedOn >= SEED.daysFromNow(-150),
    );
    expect(expected.length).toBeGreaterThan(0);
    await expect(
      page.getByText(new RegExp(`Carrier enrollments: 1–${Math.min(25, expected.length)} of ${expected.length}`)),
    ).toBeVisible();
    const rows = page.locator("tbody tr");
    for (const row of await rows.all()) {
      await expect(row).toContainText("Summit Mutual");
      await expect(row).toContainText(/RFI: information requested/i);
    }

    await rows.first().getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: /^Enrollment SM-\d{6}$/ })).toBeVisible();
    const confirmation = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").replace(
      "Enrollment ",
      "",
    );
    const seeded = expected.find((e) => e.confirmationNumber === confirmation)!;
    await expect(page.getByRole("region", { name: "Summary" })).toContainText(seeded.clientId);
    await expect(page.getByRole("region", { name: "Summary" })).toContainText(`${seeded.county}, ${seeded.state}`);
    await expectAxeClean(page, javaScriptEnabled);

    await page.getByRole("link", { name: "Raw payload" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/carrier_enrollments/modal/json_viewer\\?id=${seeded.id}$`));
    await expect(
      page.getByRole("heading", { level: 1, name: `Raw payload of enrollment ${confirmation}` }),
    ).toBeVisible();
    const tree = page.getByRole("list", { name: "Payload" });
    // Summit's feed: conf_no at the top, the member nested.
    await expect(tree).toContainText(`conf_no: "${confirmation}"`);
    const member = tree
      .locator("details")
      .filter({ has: page.locator("summary", { hasText: "member:" }) })
      .first();
    await expect(member.getByText(`"${seeded.clientId}"`)).toBeVisible();
    // The tree opens and closes (a <details> works without JavaScript too).
    await member.locator("summary").first().click();
    await expect(member.getByText(`"${seeded.clientId}"`)).toBeHidden();
    await member.locator("summary").first().click();
    await expect(member.getByText(`"${seeded.clientId}"`)).toBeVisible();
    // The raw text as stored, to select; its download is the same text.
    await expect(page.locator("pre.json-raw")).toHaveText(seeded.rawPayload);
    const download = await page.request.get(`/admin/carrier_enrollments/${seeded.id}/payload`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toContain(`enrollment-${confirmation}.json`);
    expect(await download.text()).toBe(seeded.rawPayload);
    if (javaScriptEnabled) {
      await page.getByRole("button", { name: "Copy the raw text" }).click();
      await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(seeded.rawPayload);
    } else {
      await expect(page.getByRole("button", { name: "Copy the raw text" })).toHaveCount(0);
    }
    await expectAxeClean(page, javaScriptEnabled);
    await page.setViewportSize({ width: 390, height: 800 });
    await expectNoSidewaysScroll(page);
    await page.context().close();
  });
}

test("a payload's HTML is drawn as text in the JSON viewer", async ({ browser }) => {
  const page = await signedIn(browser, "admin@demo.test", true);
  const keystone = seedCarrierEnrollments(SEED).find((e) => e.rawPayload.includes("Call member"))!;
  await page.goto(`/admin/carrier_enrollments/modal/json_viewer?id=${keystone.id}`);
  const tree = page.getByRole("list", { name: "Payload" });
  await expect(tree).toContainText(`"${HTML_NOTE}"`);
  await expect(tree.locator("b, br, script")).toHaveCount(0);
  await expect(page.locator("pre.json-raw")).toContainText(HTML_NOTE);
  await page.context().close();
});

for (const [index, javaScriptEnabled] of [true, false].entries()) {
  const mode = javaScriptEnabled ? "JS on" : "JS off";

  test(`a carrier's RFI for docs@ is sent to docs@'s document notifications and marked handled (${mode})`, async ({
    browser,
  }) => {
    const subject = DOCS_RFI_SUBJECTS[index]!;
    const seeded = seedCarrierNotifications(SEED).find((n) => n.subject === subject)!;
    const release = await lockAccount("docs@demo.test");
    try {
      const page = await signedIn(browser, "admin@demo.test", javaScriptEnabled);
      await page.goto("/admin/carrier_notifications");
      await expectAxeClean(page, javaScriptEnabled);
      await page.getByRole("combobox", { name: "Handled" }).selectOption({ label: "Not handled" });
      if (javaScriptEnabled) await expect(page).toHaveURL(/handled=no/);
      await page.getByRole("combobox", { name: "Agent" }).selectOption({ label: "Thomas Becker" });
      await applyFilters(page, javaScriptEnabled);
      await expect(page).toHaveURL(/userId=4/);
      await page.getByRole("link", { name: subject }).click();
      await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
      await expectAxeClean(page, javaScriptEnabled);

      await page.getByRole("button", { name: "Send to Thomas Becker's document notifications" }).click();
      await expect(success(page)).toContainText("Sent to Thomas Becker's document notifications.");
      await expect(page.getByRole("region", { name: "Summary" })).toContainText(`as "${seeded.documentName}"`);
      await expect(page.getByRole("button", { name: /^Send to/ })).toHaveCount(0);

      await page.getByRole("textbox", { name: "Note (optional)" }).fill("Asked the agent to upload the proof.");
      await page.getByRole("button", { name: "Mark handled" }).click();
      await expect(success(page)).toContainText("Notification marked handled.");
      await expect(page.getByRole("region", { name: "Summary" })).toContainText("Asked the agent to upload the proof.");
      await expect(page.getByRole("region", { name: "History" })).toContainText("Asked the agent to upload the proof.");
      await page.context().close();

      // docs@ sees it on the profile, among the documents that need attention.
      const docs = await signedIn(browser, "docs@demo.test", javaScriptEnabled);
      await docs.goto("/profile");
      const other = docs.getByTestId("document-other");
      await expect(other).toContainText(seeded.documentName!);
      await expect(other).toContainText(seeded.message);
      await docs.context().close();
    } finally {
      await resetAccount("docs@demo.test");
      release();
    }
  });

  test(`notifications are marked handled in bulk from the queue (${mode})`, async ({ browser }) => {
    const page = await signedIn(browser, "admin@demo.test", javaScriptEnabled);
    await page.goto("/admin/carrier_notifications?handled=no&kind=certification");
    const boxes = page.getByRole("checkbox", { name: /^Select notification \d+/ });
    const name = await boxes.nth(index).getAttribute("aria-label");
    await page.getByRole("checkbox", { name: name!, exact: true }).check();
    await page.getByRole("button", { name: "Mark selected handled" }).click();
    await expect(page).toHaveURL(/confirm=/);
    const dialog = page.getByRole("alertdialog", { name: "Mark these notifications handled?" });
    await dialog.getByRole("textbox", { name: "Note (optional)" }).fill("Certifications checked in bulk.");
    await dialog.getByRole("button", { name: "Mark handled", exact: true }).click();
    await expect(success(page)).toContainText("1 of 1 notifications marked handled.");
    const id = /notification (\d+)/.exec(name!)![1];
    await page.goto(`/admin/carrier_notifications/${id}`);
    await expect(page.getByRole("region", { name: "Summary" })).toContainText("Certifications checked in bulk.");
    await page.context().close();
  });
}
