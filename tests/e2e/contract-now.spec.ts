import type { Locator, Page } from "@playwright/test";
import { formatDate } from "../../app/domain/formats";
import { futureCertificationDate } from "../../server/reference-api/contracting/seed";
import { weekdaysBefore } from "../../server/reference-api/nipr/seed";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { expect, loginAs, test } from "./fixtures";

const BLOCKED =
  "You cannot request new contracts until your documentation is up to date. Please visit the User Profile to find this icon next to any documentation that requires your attention.";

function carrier(page: Page, name: string) {
  return page.getByRole("region", { name });
}

/** The value (dd) given for a term (dt) of a carrier's facts. */
function fact(region: Locator, term: string) {
  return region.locator(`dt:text-is("${term}") + dd`);
}

/** A day's button in the date picker, named as the calendar names it ("7 March 2026"). */
function dayName(date: Date) {
  return `${date.getDate()} ${date.toLocaleString("en-US", { month: "long" })} ${date.getFullYear()}`;
}

test.describe("the Contract Now dialog", () => {
  test("Medicare Advantage first, with each carrier's resources and contract state", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    // The menu's entry (the dashboard's next steps also link "Contract Now: n products" to Ready to Sell).
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Contract Now" }).click();
    await expect(page).toHaveURL("/contract_now");
    const dialog = page.getByRole("dialog", { name: "Contract Now" });
    await expect(dialog.getByRole("navigation", { name: "Products" }).getByRole("link").first()).toHaveText(
      "Medicare Advantage",
    );
    await expect(dialog.getByRole("link", { name: "Medicare Advantage" })).toHaveAttribute("aria-current", "page");

    // Spec §4: one carrier product in each state.
    await expect(carrier(page, "Blue Harbor Health").getByRole("link", { name: "View Contract" })).toHaveAttribute(
      "href",
      "/contracts",
    );
    await expect(carrier(page, "Summit Mutual")).toContainText("Pending contract");
    await expect(carrier(page, "Evergreen Life & Health")).toContainText("Request being processed");
    await expect(carrier(page, "Pioneer Benefits")).toContainText(
      "the carrier requires an active AHIP certification for 2026",
    );
    await expect(carrier(page, "Keystone Senior Health").getByRole("link", { name: "Contract Now" })).toBeVisible();

    // Spec §2: 'OPENS <date>' in the future, 'TBA' when missing; package code or 'TBA'.
    // The seed's recertification dates are relative to today (the e2e run seeds a fresh db).
    await expect(carrier(page, "Blue Harbor Health")).toContainText(
      `OPENS ${formatDate(futureCertificationDate(seedDates()))}`,
    );
    await expect(fact(carrier(page, "Evergreen Life & Health"), "Recertification")).toHaveText("TBA");
    await expect(fact(carrier(page, "Evergreen Life & Health"), "Package code")).toHaveText("TBA");

    // Learning-center tabs open without script; the carrier's unsafe HTML is sanitised.
    const pioneer = carrier(page, "Pioneer Benefits");
    await pioneer.getByText("Additional Info", { exact: true }).click();
    await expect(pioneer.locator(".resource-html script")).toHaveCount(0);
    await expect(pioneer.locator("[onerror]")).toHaveCount(0);
    await expect(pioneer.locator('a[href^="javascript:"]')).toHaveCount(0);
    for (const tab of ["Broker Support", "Commissions", "Ordering Supplies", "Transfer Policy", "Additional Info"]) {
      await expect(pioneer.getByText(tab, { exact: true }).first()).toBeVisible();
    }

    await page.getByRole("link", { name: "Medicare Supplement" }).click();
    await expect(page).toHaveURL("/contract_now?product=2");
    await expect(page.getByRole("link", { name: "Medicare Supplement" })).toHaveAttribute("aria-current", "page");
  });

  test("a user with document notifications cannot request contracts", async ({ page }) => {
    // Contract Now is drawn as a dialog without the menu: signed in at the home, then opened.
    await loginAs(page, "docs@demo.test");
    await page.goto("/contract_now");
    await expect(page.getByRole("alert").filter({ hasText: BLOCKED })).toBeVisible();
    await expect(page.getByRole("region").getByRole("link", { name: "Contract Now" })).toHaveCount(0);
    await expect(page.getByRole("region").getByRole("button", { name: "Contract Now" }).first()).toBeDisabled();
    // The server refuses too: the flow URL does not open, and a forged post is turned away.
    await page.goto("/contract_now?product=1&carrier=102&step=legal");
    await expect(page.getByRole("heading", { name: "Legal questions" })).toHaveCount(0);
    const response = await page.request.post("/contract_now?product=1&carrier=102&step=legal", {
      multipart: { "answers[0].legalQuestionId": "1", "answers[0].hasOccurred": "no", idempotencyKey: "forged-key-1" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    await page.goto("/contracts");
    await expect(page.getByText("Summit Mutual")).toHaveCount(0);
  });

  test("issue 37 §1: NIPR's PA lapse holds docs@'s PA requests from the day it arrives, nobody handling it", async ({
    page,
  }) => {
    // The seed's alert arrived on the last weekday and nobody has handled it: it is applied all the same.
    const held = `PA license lapsed per NIPR on ${formatDate(weekdaysBefore(seedDates(), 1))}`;
    await loginAs(page, "docs@demo.test", { path: "/profile" });
    const pa = page.getByRole("table", { name: "Licenses" }).getByRole("row").filter({ hasText: "889012" });
    await expect(pa).toContainText("Expired");
    await expect(page.getByText(held)).toBeVisible();
    await page.goto("/contract_now");
    await expect(page.getByText(`${held}. New contract requests do not cover PA`)).toBeVisible();
    await page.goto("/ready_to_sell");
    await expect(page.getByTestId("shared-steps").locator("[data-step=license]")).toContainText(held);
  });
});

test("the date of action can be typed or picked, within its bounds", async ({ page }) => {
  // Contract Now is drawn as a dialog without the menu: signed in at the home, then opened.
  await loginAs(page, "loa@demo.test");
  await page.goto("/contract_now?product=1&carrier=103&step=legal");
  const q1 = page.getByRole("group", { name: /felony/ });
  await q1.getByRole("radio", { name: "Yes" }).check();
  await q1.getByRole("button", { name: "Pick a date" }).click();
  const calendar = page.getByRole("dialog", { name: "Pick a date" });
  await expect(calendar).toBeVisible();
  // The calendar opens on this month (max = today): days after today are out of bounds, today can be picked.
  const today = new Date();
  const tomorrow = new Date(today.getTime() + 24 * 60 * 60 * 1000);
  // (On the last day of a month tomorrow may not be drawn at all.)
  if (tomorrow.getDate() !== 1)
    await expect(calendar.getByRole("button", { name: dayName(tomorrow), exact: true })).toBeDisabled();
  await calendar.getByRole("button", { name: dayName(today), exact: true }).click();
  const usToday = today.toLocaleDateString("en-US", { month: "2-digit", day: "2-digit", year: "numeric" });
  await expect(q1.getByRole("textbox", { name: "Date of action" })).toHaveValue(usToday);
});

test("My Contracts lists the contracts by state; a completed onboarding sees contracts_pending", async ({ page }) => {
  await loginAs(page, "loa@demo.test");
  await page.getByRole("link", { name: "My Contracts" }).click();
  await expect(page).toHaveURL("/contracts");
  await expect(page.getByRole("heading", { name: /Active/ })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Summit Mutual" })).toBeVisible();

  await page.goto("/account/logout");
  await loginAs(page, "onboarded@demo.test");
  await page.getByRole("link", { name: "My Contracts" }).click();
  await expect(page).toHaveURL("/contracts_pending");
  await expect(page.getByRole("heading", { name: /Pending/ })).toBeVisible();
});
