import { type Page, test as httpTest } from "@playwright/test";
import { formatCents } from "../../app/domain/cents";
import { periodLabel } from "../../app/domain/commission-reconciliation";
import { seedPolicies } from "../../server/reference-api/book-of-business/seed";
import { seedScheduleByCarrierProduct } from "../../server/reference-api/commission-schedules/schedule";
import { publishedPeriods } from "../../server/reference-api/commission-statements/seed";
import { SEED_CARRIERS, SEED_CARRIER_PRODUCTS } from "../../server/reference-api/contracting/seed";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { type NoJsPage, signedInAs as as } from "../support/no-js";
import { expect, expectAxeClean, expectNoSidewaysScroll, expectNoTruncatedText, loginAs, test } from "./fixtures";

/**
 * Issue 25 §3: expected against received commissions. The seed's agent@ has, in the newest published period, a
 * renewal left out of the carrier's statement (missing), one paid at half the schedule (short) and one paid on a
 * terminated policy (unexpected) (commission-statements/seed.ts, AGENT_DISCREPANCIES). Without JavaScript, and the
 * figures the server draws, over HTTP (tests/support/no-js.ts); the browser keeps the JavaScript journey to an
 * inquiry, axe and the layout.
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

test.describe("Expected against received, JavaScript on", () => {
  test("a renewal missing from the published statement is listed with its expected amount; one click asks the carrier", async ({
    page,
  }) => {
    await loginAs(page, "agent@demo.test", { path: "/commissions" });
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
      new RegExp(`${periodLabel(NEWEST)} statement pays policy ${policy.policyNumber} \\${formatCents(expected)} less`),
    );
    await expect(form.getByRole("textbox", { name: "Question" })).toHaveValue(
      new RegExp(`difference -\\${formatCents(expected)}`),
    );
  });
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

httpTest.describe("Expected against received, as the server draws it", () => {
  /** A figure of the page, by its test id, in cents. */
  const figureOf = (page: NoJsPage, testId: string) => centsOf(page.testId(testId).text);

  /** The discrepancy row of a status (the first) and its policy of the seed book. */
  function discrepancy(page: NoJsPage, status: "Missing" | "Short" | "Unexpected") {
    const table = page.find({ tag: "table", name: `Payments to check, ${periodLabel(NEWEST)}` });
    const row = table
      .find({ tag: "tbody" })
      .findAll({ tag: "tr" })
      .find((tr) => tr.has({ text: status }));
    expect(row, `a ${status} row`).toBeDefined();
    const policyNumber = /[A-Z]{2,3}-\d{7}/.exec(row!.text)?.[0] ?? "";
    const policy = BOOK.find((p) => p.userId === 1 && p.policyNumber === policyNumber);
    expect(policy, `${status} row's policy ${policyNumber} is agent@'s`).toBeDefined();
    return { row: row!, policy: policy! };
  }

  httpTest(
    "without JavaScript: a renewal missing from the published statement is listed with its expected amount; one click asks the carrier",
    () =>
      as("agent@demo.test", async (agent) => {
        const commissions = await agent.open("/commissions");
        const page = await agent.follow(commissions, `Check ${periodLabel(NEWEST)} against your book of business`);
        expect(page.path).toBe(`/commissions/reconciliation?period=${NEWEST}`);
        expect(page.heading).toBe("Expected against received");

        const { row, policy } = discrepancy(page, "Missing");
        const expected = SCHEDULE.get(policy.carrierProductId)!.renewalCents;
        expect(row.text).toContain(policy.memberName);
        expect(row.text).toContain(formatCents(expected)); // expected
        expect(row.text).toContain("$0.00"); // received
        expect(row.text).toContain(formatCents(-expected)); // difference
        expect(row.text).toMatch(/Active since \d{2}\/\d{2}\/\d{4}: the carrier's schedule pays a renewal/);
        // The short and the unexpected payments of the seed are listed too, with why.
        const short = discrepancy(page, "Short");
        expect(short.row.text).toContain(formatCents(SCHEDULE.get(short.policy.carrierProductId)!.renewalCents));
        expect(discrepancy(page, "Unexpected").row.text).toContain("Not expected: the policy is terminated");

        const ask = row.find({ tag: "a", name: new RegExp(`^Ask .+ about policy ${policy.policyNumber}$`) });
        const inquiry = await agent.open(ask.href);
        expect(inquiry.path).toMatch(/^\/commission_inquiry\?new&carrierId=\d+&policy=[A-Z]{2,3}-\d{7}&period=/);
        const url = new URL(inquiry.url);
        expect(url.searchParams.get("policy")).toBe(policy.policyNumber);
        expect(url.searchParams.get("period")).toBe(NEWEST);
        expect(url.searchParams.get("difference")).toBe(String(-expected));
        const carrier = carrierOf(policy.carrierProductId);
        expect(url.searchParams.get("carrierId")).toBe(String(carrier.id));
        const region = inquiry.find({ tag: "section", name: "New commission inquiry" });
        const chosen = region
          .find({ tag: "select", attrs: { name: "carrierId" } })
          .find({ tag: "option", attrs: { selected: true } });
        expect(chosen.text).toBe(carrier.name);
        const form = inquiry.form("Send inquiry");
        expect(region.findAll({ tag: "form" }).map((f) => f.attr("id"))).toContain(form.attribute("id"));
        expect(form.value("reference")).toBe(policy.policyNumber);
        expect(form.value("subject")).toBe(`Commission for policy ${policy.policyNumber}, ${periodLabel(NEWEST)}`);
        expect(form.value("message")).toMatch(
          new RegExp(
            `${periodLabel(NEWEST)} statement pays policy ${policy.policyNumber} \\${formatCents(expected)} less`,
          ),
        );
        expect(form.value("message")).toMatch(new RegExp(`difference -\\${formatCents(expected)}`));
      }),
  );

  for (const [email, period] of [
    ["agent@demo.test", NEWEST],
    ["agency@demo.test", OLDER],
  ] as const) {
    httpTest(`the received totals are the Commissions page's figures for the same period: ${email}, ${period}`, () =>
      as(email, async (user) => {
        const page = await user.open(`/commissions/reconciliation?period=${period}`);
        expect(page.hasTestId("reconciliation-agrees")).toBe(true);
        const received = {
          street: figureOf(page, "reconciliation-street"),
          overrides: figureOf(page, "reconciliation-overrides"),
          entries: figureOf(page, "reconciliation-entries"),
        };
        expect(figureOf(page, "reconciliation-received")).toBe(received.street + received.overrides + received.entries);
        const commissions = await user.open(`/commissions?period=${period}`);
        expect(commissions.findAll({ text: periodLabel(period) }).some((e) => /^h[1-6]$/.test(e.element.name))).toBe(
          true,
        );
        expect(received).toEqual({
          street: figureOf(commissions, "summary-street"),
          overrides: figureOf(commissions, "summary-overrides"),
          entries: figureOf(commissions, "summary-entries"),
        });
        // agency@ earns overrides on its downline's business: those count too.
        if (email === "agency@demo.test") expect(received.overrides).not.toBe(0);
      }),
    );
  }

  httpTest(
    "without JavaScript: another period is chosen with the period form; a malformed one is ignored with a note",
    () =>
      as("agent@demo.test", async (agent) => {
        const h2 = (page: NoJsPage) => page.findAll({ tag: "h2" }).map((h) => h.text);
        const page = await agent.open("/commissions/reconciliation");
        expect(h2(page)).toContain(periodLabel(NEWEST));
        const older = await agent.submit(
          page.form("Show period").fill("Statement period", periodLabel(OLDER)),
          "Show period",
        );
        expect(older.path).toMatch(new RegExp(`period=${OLDER}`));
        expect(h2(older)).toContain(periodLabel(OLDER));
        const malformed = await agent.open("/commissions/reconciliation?period=2026-13");
        expect(malformed.hasTestId("ignored-filters")).toBe(true);
        expect(h2(malformed)).toContain(periodLabel(NEWEST));
      }),
  );

  httpTest("with no published statements, the page says what to do next", () =>
    as("newagent@demo.test", async (newagent) => {
      const page = await newagent.open("/commissions/reconciliation");
      expect(page.text()).toContain("No published commission statements yet, so there is nothing to reconcile.");
      expect(page.find({ tag: "main" }).findAll({ tag: "a", text: "Book of Business" })).toHaveLength(1);
    }),
  );
});
