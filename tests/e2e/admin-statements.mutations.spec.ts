import type { Browser } from "@playwright/test";
import { parseCents } from "../../app/domain/cents";
import { seedPolicies } from "../../server/reference-api/book-of-business/seed";
import { SEED_STATEMENT_MAPPINGS } from "../../server/reference-api/commission-statements/seed";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { expect, expectAxeClean, expectNoSidewaysScroll, loginAs, test } from "./fixtures";

/**
 * Commission statements (issue 23 §1), JS on and JS off: an admin imports a carrier's file made here (agent@'s
 * policies with random amounts, one unknown policy number, one amount "N/A"), sees the problem row in the preview,
 * imports, matches the unmatched line by hand, locks, and agent@'s street commission for that period grows by exactly
 * the file's amounts; the same file again is refused naming the first. Each mode imports into its own published period
 * and carrier, so neither reads the other's figures.
 */

const dates = seedDates();
const agentPolicies = seedPolicies(dates).filter((p) => p.userId === 1 && p.status === "Active");

test.beforeEach(() => test.setTimeout(180_000));

/** agent@'s street commission and balance of the period, as their Commissions page shows them. */
async function agentFigures(browser: Browser, period: string): Promise<{ street: number; balance: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, "agent@demo.test");
  await page.goto(`/commissions?period=${period}`);
  const cents = async (id: string) => {
    const text = (await page.getByTestId(`summary-${id}`).textContent()) ?? "";
    const parsed = parseCents(text);
    if (!("cents" in parsed)) throw new Error(`not an amount: ${text}`);
    return parsed.cents;
  };
  const figures = { street: await cents("street"), balance: await cents("available") };
  await context.close();
  return figures;
}

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JS on" : "JS off";
  const carrierId = javaScriptEnabled ? 6 : 7;
  const period = dates.monthsAgo(javaScriptEnabled ? 2 : 3);

  test.describe(`commission statements (${mode})`, () => {
    test.use({ javaScriptEnabled });

    test(`an admin imports, reconciles and locks a statement; agent@ sees it; the same file is refused (${mode})`, async ({
      page,
      browser,
    }) => {
      const [a, b, c] = agentPolicies;
      if (!a || !b || !c) throw new Error("agent@ has fewer than three Active policies");
      const cents = [1, 2, 3].map(() => 100 + Math.floor(Math.random() * 99_900));
      const [ca = 0, cb = 0, cc = 0] = cents;
      const unknown = `ZZ-${Date.now()}`;
      const m = SEED_STATEMENT_MAPPINGS[carrierId];
      if (!m) throw new Error("no mapping");
      const file = [
        `${m.policyNumber},${m.memberName},${m.kind},${m.amount}`,
        `${a.policyNumber},${a.memberName},Renewal,${money(ca)}`,
        `${b.policyNumber},${b.memberName},First Year,${money(cb)}`,
        `${unknown},Somebody Else,renewal,${money(cc)}`,
        `${a.policyNumber},${a.memberName},CB,N/A`,
        "",
      ].join("\r\n");
      const upload = {
        name: `statement-${mode.replace(" ", "-")}.csv`,
        mimeType: "text/csv",
        buffer: Buffer.from(file),
      };
      const before = await agentFigures(browser, period);

      await loginAs(page, "admin@demo.test");
      await page.goto("/admin/commission_statements");
      await page.getByRole("link", { name: "Import a statement" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Import a statement" })).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);
      const importOnce = async ({ watchProgress = false } = {}) => {
        await page.goto("/admin/commission_statements/import");
        await page.getByRole("combobox", { name: "Carrier" }).selectOption(String(carrierId));
        await page.getByRole("textbox", { name: "Period" }).fill(period);
        await page.getByRole("textbox", { name: "Carrier statement date" }).fill(`${period}-28`);
        await page.locator("input[type=file]").setInputFiles(upload);
        // With JavaScript the file goes to the upload route by XMLHttpRequest and the page shows how far it is;
        // the answer is held back a second so that the progress can be seen.
        const uploadRoute = "**/admin/commission_statements/import/upload";
        if (watchProgress) {
          await page.route(
            uploadRoute,
            async (route) => {
              await new Promise((resolve) => setTimeout(resolve, 1_000));
              await route.continue();
            },
            { times: 1 },
          );
        }
        await page.getByRole("button", { name: "Read the file" }).click();
        if (watchProgress) {
          await expect(
            page.getByRole("progressbar", { name: /^(Uploading… \d+%|Sent; reading the file…)$/ }),
          ).toBeVisible();
        }
        await page.waitForURL(/\/admin\/commission_statements\/imports\/\d+$/);
      };
      await importOnce({ watchProgress: javaScriptEnabled });
      const counts = page.getByTestId("import-counts");
      await expect(counts).toContainText("4 rows read");
      await expect(counts).toContainText("3 ready to import");
      await expect(counts).toContainText("1 with problems");
      await expect(page.getByText("The amount is not a number: “N/A”.")).toBeVisible();
      await expect(page.getByText("The row with a problem is left out of the import.")).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);
      await expectNoSidewaysScroll(page);
      await page.getByRole("button", { name: "Import 3 lines" }).click();
      const open = page.getByRole("link", { name: /^Open statement #\d+$/ });
      await expect(open).toBeVisible({ timeout: 30_000 });
      const statementId = Number(/#(\d+)/.exec((await open.textContent()) ?? "")?.[1]);
      await open.click();
      await expect(
        page.getByRole("heading", { level: 1, name: new RegExp(`${period} statement #${statementId}`) }),
      ).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);

      await page.getByRole("link", { name: "Reconcile line 4" }).click();
      const policyField = page.getByRole("textbox", { name: "Match to the policy number" });
      await policyField.fill("NOPE-1");
      await page.getByRole("button", { name: "Match to this policy" }).click();
      await expect(page.getByText("No policy has this number.")).toBeVisible();
      await expect(policyField).toHaveValue("NOPE-1");
      await policyField.fill(c.policyNumber);
      await page.getByRole("button", { name: "Match to this policy" }).click();
      await expect(page.locator("[data-toast=success]").last()).toContainText("Line 4 matched to");
      await page.getByRole("link", { name: "Lock this statement…" }).click();
      await page.getByRole("button", { name: "Lock the statement" }).click();
      await expect(page.locator("[data-toast=success]").last()).toContainText("Statement locked");
      await expect(page.getByRole("link", { name: "record a correcting payout entry" })).toHaveAttribute(
        "href",
        new RegExp(`^/admin/payout_entries/new\\?kind=correction&period=${period}&statement=${statementId}$`),
      );

      // agent@ wrote all three lines: their street commission and balance grow by exactly the file's amounts.
      expect(await agentFigures(browser, period)).toEqual({
        street: before.street + ca + cb + cc,
        balance: before.balance + ca + cb + cc,
      });

      await importOnce();
      await expect(page.getByRole("alert")).toContainText(
        new RegExp(`This file was already imported on \\d{4}-\\d\\d-\\d\\d: .+ ${period} statement #${statementId}\\.`),
      );
      await expect(page.getByRole("link", { name: `Open statement #${statementId}` })).toBeVisible();
    });
  });
}
