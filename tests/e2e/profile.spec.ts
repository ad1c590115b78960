import { BRANDINGS } from "../../app/domain/branding";
import { expect, expectAxeClean, loginAs, test } from "./fixtures";

/** The profile page (issue 12), read-only: what agent@, docs@, newagent@ and agency@ see. */

const DISCLAIMER = BRANDINGS.default.rewardsDisclaimer;

test.describe("the profile", () => {
  test("agent@: details, licenses sorted by state with their marks, documents, SMS answer, rewards", async ({
    page,
  }) => {
    await loginAs(page, "agent@demo.test");
    await page.getByRole("link", { name: "Profile", exact: true }).first().click();
    await expect(page).toHaveURL("/profile");
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();

    const details = page.getByRole("region", { name: "Personal details" });
    await expect(details).toContainText("Maria Alvarez");
    await expect(details).toContainText("17845210");
    await expect(details).toContainText("Chen Senior Benefits Group");
    await expect(details.getByRole("textbox", { name: "Phone" })).toHaveValue("(555) 201-4410");
    await expect(details.getByRole("textbox", { name: "City" })).toHaveValue("Miami");

    const licenses = page.getByRole("table", { name: "Licenses" });
    await expect(licenses.getByRole("columnheader")).toHaveText([
      "State",
      "Number",
      "Class",
      "Lines of authority",
      "Resident",
      "Status",
      "Effective",
      "Expires",
    ]);
    const rows = licenses.getByRole("row");
    await expect(rows.locator("td:first-child")).toHaveText(["AL", "FL", "GA", "SC"]);
    await expect(rows.filter({ hasText: "AL-3390712" })).toContainText("Expires soon");
    await expect(rows.filter({ hasText: "1884420" })).toContainText("Expired");
    await expect(rows.filter({ hasText: "W123456" })).toContainText("Resident");
    await expect(rows.filter({ hasText: "W123456" }).getByTestId("license-mark")).toHaveCount(0);
    await expect(rows.filter({ hasText: "3219876" })).toContainText("Life, Accident & Health");

    await expect(page.getByTestId("document-ahip").getByTestId("document-status")).toHaveText("Expiring soon");
    for (const kind of ["eo", "w9", "aml", "direct_deposit"]) {
      await expect(page.getByTestId(`document-${kind}`).getByTestId("document-status")).toHaveText("Valid");
    }
    await expect(page.getByTestId("document-flag")).toHaveCount(0);

    await expect(page.getByTestId("sms-answer")).toHaveText("Current answer: Yes, you receive text-message alerts.");

    const rewards = page.getByRole("region", { name: /Member rewards \d{4}/ });
    expect(Number(await rewards.getByTestId("rewards-qualifying").textContent())).toBeGreaterThan(10);
    await expect(rewards.getByTestId("rewards-paid")).toHaveText(/^\$[\d,]+\.\d\d$/);
    await expect(rewards.getByTestId("rewards-next-payout")).toHaveText(/^\d\d\/15\/\d{4}$/);
    await expect(rewards.getByTestId("rewards-disclaimer")).toHaveText(DISCLAIMER);
    await expect(rewards.getByTestId("rewards-reason")).toHaveCount(0);
  });

  test("a document on file downloads", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    await page.goto("/profile");
    const link = page.getByTestId("document-w9").getByRole("link", { name: "w9-signed.pdf" });
    const href = await link.getAttribute("href");
    expect(href).toBe("/profile/documents/w9/file");
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment;/);
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
    // Nothing on file, or no such document: 404.
    expect((await page.request.get("/profile/documents/passport/file")).status()).toBe(404);
  });

  test("docs@: the alert icon stands next to each flagged document and in the menu", async ({ page }) => {
    await loginAs(page, "docs@demo.test");
    await expect(
      page.getByRole("navigation", { name: "Main menu" }).getByRole("img", { name: "Documents need attention" }),
    ).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByTestId("document-eo").getByTestId("document-flag")).toBeVisible();
    await expect(page.getByTestId("document-w9").getByTestId("document-flag")).toBeVisible();
    await expect(page.getByTestId("document-flag")).toHaveCount(2);
    await expect(page.getByTestId("document-eo").getByTestId("document-status")).toHaveText("Expired");
    await expect(page.getByTestId("document-eo")).toContainText("Your Errors & Omissions certificate expired");
    await expect(page.getByTestId("document-w9").getByTestId("document-status")).toHaveText("Missing");
    const deposit = page.getByTestId("document-direct_deposit");
    await expect(deposit.getByTestId("document-status")).toHaveText("Rejected");
    await expect(deposit).toContainText("Reviewer's note: The voided check is unreadable");
    // The flagged documents' upload forms are open; the others are one click away.
    await expect(page.getByTestId("document-eo").getByLabel(/New E&O Certificate/)).toBeVisible();
    await expect(page.getByTestId("document-aml").getByLabel(/New AML Certificate/)).toBeHidden();
  });

  test("newagent@: SMS not answered; no qualifying policies, and why", async ({ page }) => {
    await loginAs(page, "newagent@demo.test");
    await page.goto("/profile");
    await expect(page.getByTestId("sms-answer")).toHaveText("Current answer: not answered yet.");
    const rewards = page.getByRole("region", { name: /Member rewards/ });
    await expect(rewards.getByTestId("rewards-reason")).toContainText("None of your policies qualifies");
    await expect(rewards.getByTestId("rewards-qualifying")).toHaveText("0");
    await expect(rewards.getByTestId("rewards-next-payout")).toHaveText("None scheduled");
  });

  test("agency@'s dashboard shows its rewards with the disclaimer beside them", async ({ page }) => {
    await loginAs(page, "agency@demo.test");
    await expect(page).toHaveURL("/dashboard");
    const rewards = page.getByRole("region", { name: /Member rewards \d{4}/ });
    expect(Number(await rewards.getByTestId("rewards-qualifying").textContent())).toBeGreaterThan(100);
    await expect(rewards.getByTestId("rewards-earned")).toHaveText(/^\$[\d,]+\.\d\d$/);
    await expect(rewards.getByTestId("rewards-disclaimer")).toHaveText(DISCLAIMER);
  });

  test("admins keep the read-only basic profile; carriers may not open the profile", async ({ page, browser }) => {
    await loginAs(page, "admin@demo.test");
    await page.goto("/profile");
    await expect(page).toHaveURL("/basic_profile");
    await expect(page.getByRole("heading", { name: "User Profile" })).toBeVisible();
    const carrier = await (await browser.newContext()).newPage();
    await loginAs(carrier, "carrier@demo.test");
    expect((await carrier.goto("/profile"))?.status()).toBe(403);
    expect((await carrier.request.get("/profile/documents/w9/file")).status()).toBe(403);
  });

  test("the basic profile still lists an agent's licenses", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    await page.goto("/basic_profile");
    await expect(page.getByRole("table", { name: "Licenses" })).toContainText("W123456");
  });

  for (const [email, path] of [
    ["agent@demo.test", "/profile"],
    ["docs@demo.test", "/profile"],
    ["docs@demo.test", "/profile/documents/eo"],
    ["agency@demo.test", "/dashboard"],
  ] as const) {
    test(`${path} has no axe violations for ${email}`, async ({ page }) => {
      test.setTimeout(60_000);
      await loginAs(page, email);
      await page.goto(path);
      await expectAxeClean(page);
    });
  }

  test.describe("on a 390 px phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test("the profile fits without sideways scrolling", async ({ page }) => {
      await loginAs(page, "docs@demo.test");
      await page.goto("/profile");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });

    test("each license shows its status and expiry, 'Expired' included, without scrolling (issue 20)", async ({
      page,
    }) => {
      await loginAs(page, "agent@demo.test");
      await page.goto("/profile");
      const licenses = page.getByRole("table", { name: "Licenses" });
      const expired = licenses.getByRole("row").filter({ hasText: "1884420" });
      const mark = expired.getByTestId("license-mark");
      await expect(mark).toHaveText("(Expired)");
      await mark.scrollIntoViewIfNeeded();
      await expect(mark).toBeInViewport({ ratio: 1 });
      // Its status and expiry cells, labelled, inside the screen's width.
      await expect(expired.locator("td[data-label=Status]")).toHaveText("Expired");
      for (const cell of [expired.locator("td[data-label=Status]"), mark]) {
        const box = (await cell.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      // Every license's Status and Expires are on screen, each with its label.
      const statusCells = licenses.locator("td[data-label=Status]");
      await expect(statusCells).toHaveCount(4);
      for (const cell of await licenses.locator("td[data-label=Status], td[data-label=Expires]").all()) {
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        expect(await cell.evaluate((td) => getComputedStyle(td, "::before").content)).toMatch(/^"(Status|Expires)"$/);
      }
      await expect(licenses.getByRole("columnheader")).toHaveCount(8);
    });

    test("the profile's sections are reachable from its top (issue 20)", async ({ page }) => {
      await loginAs(page, "agent@demo.test");
      await page.goto("/profile");
      const index = page.getByRole("navigation", { name: "Profile sections" });
      await expect(index).toBeInViewport();
      const sections = [
        "Personal details",
        "Licenses",
        "Documents",
        "Text-message alerts",
        "Password",
        /Member rewards/,
      ] as const;
      await expect(index.getByRole("link")).toHaveCount(sections.length);
      for (const name of sections) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await index.getByRole("link", { name }).click();
        const heading = page.getByRole("heading", { level: 2, name });
        await expect(heading).toBeInViewport();
        // Not hidden under the fixed header.
        const header = (await page.locator("header").first().boundingBox())!;
        expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
      }
    });
  });
});
