import type { Page } from "@playwright/test";
import { formatCents } from "../../app/domain/cents";
import { periodLabel } from "../../app/domain/commission-reconciliation";
import { seedPolicies } from "../../server/reference-api/book-of-business/seed";
import { seedScheduleByCarrierProduct } from "../../server/reference-api/commission-schedules/schedule";
import { publishedPeriods } from "../../server/reference-api/commission-statements/seed";
import { SEED_CARRIERS, SEED_CARRIER_PRODUCTS } from "../../server/reference-api/contracting/seed";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { expect, expectAxeClean, expectNoSidewaysScroll, expectNoTruncatedText, loginAs, test } from "./fixtures";

/**
 * Issue 25 §3: expected against received commissions. The seed's agent@ has, in the newest published period, a
 * renewal left out of the carrier's statement (missing), one paid at half the schedule (short) and one paid on a
 * terminated policy (unexpected) (commission-statements/seed.ts, AGENT_DISCREPANCIES).
 */
const PERIODS = publishedPeriods(seedDates());
const NEWEST = PERIODS.at(-1)!;
const OLDER = PERIODS[5]!;
const BOOK = seedPolicies(seedDates());
const SCHEDULE = seedScheduleByCarrierProduct();

function carrierOf(carrierProductId: number) {
  const carrierId = SEED_CARRIER_PRODUCTS.find((cp) => cp.id === carrierProductId)!.carrierId;
  return SEED_CARRIERS.find((c) => c.id === carrierId)!;
}

// Each test reads a whole book of business (agent@: 60 policies) and signs in through the form: on a loaded CI
// machine that takes more than the default time.
test.beforeEach(() => {
  test.slow();
});

/** A figure as the page shows it ("$1,234.50", "-$12.30") → cents. */
function centsOf(text: string): number {
  const negative = text.trim().startsWith("-");
  const cents = Number(text.replace(/[^\d]/g, ""));
  return negative ? -cents : cents;
}

async function figure(page: Page, testId: string): Promise<number> {
  return centsOf(await page.getByTestId(testId).innerText());
}

/** The discrepancy row of a status (the first), its policy of the seed book, and the row's locator. */
async function rowOf(page: Page, status: "Missing" | "Short" | "Unexpected") {
  const table = page.getByRole("table", { name: `Payments to check, ${periodLabel(NEWEST)}` });
  const row = table
    .getByRole("row")
    .filter({ has: page.getByText(status, { exact: true }) })
    .first();
  await expect(row).toBeVisible();
  const policyNumber = /[A-Z]{2,3}-\d{7}/.exec(await row.innerText())?.[0] ?? "";
  const policy = BOOK.find((p) => p.userId === 1 && p.policyNumber === policyNumber);
  expect(policy, `${status} row's policy ${policyNumber} is agent@'s`).toBeDefined();
  return { row, policy: policy! };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Expected against received, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a renewal missing from the published statement is listed with its expected amount; one click asks the carrier", async ({
      page,
    }) => {
      await loginAs(page, "agent@demo.test");
      await page.goto("/commissions");
      await page.getByRole("link", { name: `Check ${periodLabel(NEWEST)} against your book of business` }).click();
      await expect(page).toHaveURL(`/commissions/reconciliation?period=${NEWEST}`);
      await expect(page.getByRole("heading", { level: 1, name: "Expected against received" })).toBeVisible();

      const { row, policy } = await rowOf(page, "Missing");
      const expected = SCHEDULE.get(policy.carrierProductId)!.renewalCents;
      await expect(row).toContainText(policy.memberName);
      await expect(row).toContainText(formatCents(expected)); // expected
      await expect(row).toContainText("$0.00"); // received
      await expect(row).toContainText(formatCents(-expected)); // difference
      await expect(row).toContainText(/Active since \d{2}\/\d{2}\/\d{4}: the carrier's schedule pays a renewal/);
      // The short and the unexpected payments of the seed are listed too, with why.
      const short = await rowOf(page, "Short");
      await expect(short.row).toContainText(formatCents(SCHEDULE.get(short.policy.carrierProductId)!.renewalCents));
      const unexpected = await rowOf(page, "Unexpected");
      await expect(unexpected.row).toContainText("Not expected: the policy is terminated");

      await row.getByRole("link", { name: new RegExp(`^Ask .+ about policy ${policy.policyNumber}$`) }).click();
      await expect(page).toHaveURL(/\/commission_inquiry\?new&carrierId=\d+&policy=[A-Z]{2,3}-\d{7}&period=/);
      const url = new URL(page.url());
      expect(url.searchParams.get("policy")).toBe(policy.policyNumber);
      expect(url.searchParams.get("period")).toBe(NEWEST);
      expect(url.searchParams.get("difference")).toBe(String(-expected));
      const carrier = carrierOf(policy.carrierProductId);
      expect(url.searchParams.get("carrierId")).toBe(String(carrier.id));
      const form = page.getByRole("region", { name: "New commission inquiry" });
      const select = form.getByRole("combobox", { name: "Carrier" });
      const chosen = await select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? "");
      expect(chosen).not.toBe("Choose the carrier");
      expect(chosen).toBe(carrier.name);
      await expect(form.getByRole("textbox", { name: "Statement or policy number" })).toHaveValue(policy.policyNumber);
      await expect(form.getByRole("textbox", { name: "Subject" })).toHaveValue(
        `Commission for policy ${policy.policyNumber}, ${periodLabel(NEWEST)}`,
      );
      await expect(form.getByRole("textbox", { name: "Question" })).toHaveValue(
        new RegExp(
          `${periodLabel(NEWEST)} statement pays policy ${policy.policyNumber} \\${formatCents(expected)} less`,
        ),
      );
      await expect(form.getByRole("textbox", { name: "Question" })).toHaveValue(
        new RegExp(`difference -\\${formatCents(expected)}`),
      );
    });

    for (const [email, period] of [
      ["agent@demo.test", NEWEST],
      ["agency@demo.test", OLDER],
    ] as const) {
      test(`the received totals are the Commissions page's figures for the same period: ${email}, ${period}`, async ({
        page,
      }) => {
        await loginAs(page, email);
        await page.goto(`/commissions/reconciliation?period=${period}`);
        await expect(page.getByTestId("reconciliation-agrees")).toBeVisible();
        const received = {
          street: await figure(page, "reconciliation-street"),
          overrides: await figure(page, "reconciliation-overrides"),
          entries: await figure(page, "reconciliation-entries"),
        };
        const total = await figure(page, "reconciliation-received");
        expect(total).toBe(received.street + received.overrides + received.entries);
        await page.goto(`/commissions?period=${period}`);
        await expect(page.getByRole("heading", { name: periodLabel(period) })).toBeVisible();
        expect(received).toEqual({
          street: await figure(page, "summary-street"),
          overrides: await figure(page, "summary-overrides"),
          entries: await figure(page, "summary-entries"),
        });
        // agency@ earns overrides on its downline's business: those count too.
        if (email === "agency@demo.test") expect(received.overrides).not.toBe(0);
      });
    }
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("another period is chosen with the period form; a malformed one is ignored with a note", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    await page.goto("/commissions/reconciliation");
    await expect(page.getByRole("heading", { level: 2, name: periodLabel(NEWEST) })).toBeVisible();
    await page.getByRole("combobox", { name: "Statement period" }).selectOption({ label: periodLabel(OLDER) });
    await page.getByRole("button", { name: "Show period" }).click();
    await expect(page).toHaveURL(new RegExp(`period=${OLDER}`));
    await expect(page.getByRole("heading", { level: 2, name: periodLabel(OLDER) })).toBeVisible();
    await page.goto("/commissions/reconciliation?period=2026-13");
    await expect(page.getByTestId("ignored-filters")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: periodLabel(NEWEST) })).toBeVisible();
  });
});

test("with no published statements, the page says what to do next", async ({ page }) => {
  await loginAs(page, "newagent@demo.test");
  await page.goto("/commissions/reconciliation");
  await expect(
    page.getByText("No published commission statements yet, so there is nothing to reconcile."),
  ).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Book of Business" })).toBeVisible();
});

test("fits a phone and a desktop with every section open, no text cut off, axe clean", async ({ page }, testInfo) => {
  await loginAs(page, "agent@demo.test");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/commissions/reconciliation?period=${NEWEST}`);
    await expect(page.getByRole("table", { name: /Payments to check/ })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`reconciliation-${width}.png`), fullPage: true });
    for (const section of [/^Paid as expected \(/, /^Nothing due \(/, /^Payout entries not about a policy/]) {
      await page.getByText(section).click();
    }
    await expectNoSidewaysScroll(page, `reconciliation at ${width} px`);
    await expectNoTruncatedText(page);
  }
  // One axe run over the whole page, every section open (axe's rules do not depend on the width).
  await expectAxeClean(page);
});
