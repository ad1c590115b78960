import { type Browser, test as httpTest } from "@playwright/test";
import { parseCents } from "../../app/domain/cents";
import { formatPeriod } from "../../app/domain/formats";
import { toUsDate, toUsMonth } from "../../app/domain/validation";
import { seedPolicies } from "../../server/reference-api/book-of-business/seed";
import { SEED_STATEMENT_MAPPINGS } from "../../server/reference-api/commission-statements/seed";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { NoJsBrowser } from "../support/no-js";
import { expect, expectAxeClean, expectNoSidewaysScroll, loginAs, test } from "./fixtures";

/**
 * Commission statements (issue 23 §1), JS on (a browser) and JS off (an HTTP test: tests/support/no-js.ts posts the
 * pages' own forms, the file included): an admin imports a carrier's file made here (agent@'s policies with random
 * amounts, one unknown policy number, one amount "N/A"), sees the problem row in the preview, imports, matches the
 * unmatched line by hand, locks, and agent@'s street commission for that period grows by exactly the file's amounts;
 * the same file again is refused naming the first. Each mode imports into its own published period and carrier, so
 * neither reads the other's figures.
 */

const dates = seedDates();
const agentPolicies = seedPolicies(dates).filter((p) => p.userId === 1 && p.status === "Active");

test.beforeEach(() => test.setTimeout(180_000));

/** agent@'s street commission and balance of the period, as their Commissions page shows them. */
async function agentFigures(browser: Browser, period: string): Promise<{ street: number; balance: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, "agent@demo.test", { path: `/commissions?period=${period}` });
  const cents = async (id: string) => centsOf((await page.getByTestId(`summary-${id}`).textContent()) ?? "");
  const figures = { street: await cents("street"), balance: await cents("available") };
  await context.close();
  return figures;
}

/** The same figures read from the page's HTML (the HTTP test). */
async function agentFiguresOverHttp(period: string): Promise<{ street: number; balance: number }> {
  const agent = await NoJsBrowser.signedIn("agent@demo.test");
  try {
    const page = await agent.open(`/commissions?period=${period}`);
    expect(page.status).toBe(200);
    return {
      street: centsOf(page.testIdText("summary-street")),
      balance: centsOf(page.testIdText("summary-available")),
    };
  } finally {
    await agent.close();
  }
}

/** An amount as the Commissions page shows it, in cents. */
function centsOf(text: string): number {
  const parsed = parseCents(text);
  if (!("cents" in parsed)) throw new Error(`not an amount: ${text}`);
  return parsed.cents;
}

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/**
 * A carrier's statement file made here: agent@'s first two Active policies with random amounts, a third amount on an
 * unknown policy number (for its line to be matched by hand to `matchTo`), and a line whose amount is "N/A".
 */
function statementFile(carrierId: number, mode: string) {
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
  return {
    upload: { name: `statement-${mode.replace(" ", "-")}.csv`, mimeType: "text/csv", buffer: Buffer.from(file) },
    total: ca + cb + cc,
    matchTo: c.policyNumber,
  };
}

test.describe("commission statements (JS on)", () => {
  const mode = "JS on";
  const carrierId = 6;
  const period = dates.monthsAgo(2);

  test(`an admin imports, reconciles and locks a statement; agent@ sees it; the same file is refused (${mode})`, async ({
    page,
    browser,
  }) => {
    const { upload, total, matchTo } = statementFile(carrierId, mode);
    const before = await agentFigures(browser, period);

    await loginAs(page, "admin@demo.test", { path: "/admin/commission_statements" });
    await page.getByRole("link", { name: "Import a statement" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Import a statement" })).toBeVisible();
    // The blank form's axe and fit are the page sweep's (pages.spec.ts).
    const importOnce = async ({ watchProgress = false } = {}) => {
      await page.goto("/admin/commission_statements/import");
      await page.getByRole("combobox", { name: "Carrier" }).selectOption(String(carrierId));
      await page.getByRole("textbox", { name: "Period" }).fill(toUsMonth(period));
      await page.getByRole("textbox", { name: "Carrier statement date" }).fill(toUsDate(`${period}-28`));
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
    await importOnce({ watchProgress: true });
    const counts = page.getByTestId("import-counts");
    await expect(counts).toContainText("4 rows read");
    await expect(counts).toContainText("3 ready to import");
    await expect(counts).toContainText("1 with problems");
    await expect(page.getByText("The amount is not a number: “N/A”.")).toBeVisible();
    await expect(page.getByText("The row with a problem is left out of the import.")).toBeVisible();
    await expectAxeClean(page);
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Import 3 lines" }).click();
    const open = page.getByRole("link", { name: /^Open statement #\d+$/ });
    await expect(open).toBeVisible({ timeout: 30_000 });
    const statementId = Number(/#(\d+)/.exec((await open.textContent()) ?? "")?.[1]);
    await open.click();
    await expect(
      page.getByRole("heading", { level: 1, name: new RegExp(`${formatPeriod(period)} statement #${statementId}`) }),
    ).toBeVisible();
    await expectAxeClean(page);

    await page.getByRole("link", { name: "Reconcile line 4" }).click();
    const policyField = page.getByRole("textbox", { name: "Match to the policy number" });
    await policyField.fill("NOPE-1");
    await page.getByRole("button", { name: "Match to this policy" }).click();
    await expect(page.getByText("No policy has this number.")).toBeVisible();
    await expect(policyField).toHaveValue("NOPE-1");
    await policyField.fill(matchTo);
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
      street: before.street + total,
      balance: before.balance + total,
    });

    await importOnce();
    await expect(page.getByRole("alert")).toContainText(
      new RegExp(
        `This file was already imported on \\d\\d/\\d\\d/\\d{4}: .+ ${formatPeriod(period)} statement #${statementId}\\.`,
      ),
    );
    await expect(page.getByRole("link", { name: `Open statement #${statementId}` })).toBeVisible();
  });
});

/** Without JavaScript (HTTP tier): the pages' own forms posted, the file as a multipart part, refreshes followed. */
httpTest(
  "without JavaScript: an admin imports, reconciles and locks a statement; agent@ sees it; the same file is refused",
  async () => {
    httpTest.setTimeout(180_000);
    const carrierId = 7;
    const period = dates.monthsAgo(3);
    const { upload, total, matchTo } = statementFile(carrierId, "JS off");
    const before = await agentFiguresOverHttp(period);
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      const list = await admin.open("/admin/commission_statements");
      const importPage = await admin.follow(list, "Import a statement");
      expect(importPage.heading).toBe("Import a statement");
      /** Posts the import form with the file; the import's page once it has read the file. */
      const importOnce = async () => {
        const form = (await admin.open("/admin/commission_statements/import"))
          .form("Read the file")
          .fill("Carrier", String(carrierId))
          .fill("Period", toUsMonth(period))
          .fill("Carrier statement date", toUsDate(`${period}-28`))
          .attach("Statement file (CSV)", upload);
        const read = await admin.settled(await admin.submit(form, "Read the file"));
        expect(read.path).toMatch(/^\/admin\/commission_statements\/imports\/\d+$/);
        return read;
      };
      const preview = await importOnce();
      const counts = preview.testIdText("import-counts");
      expect(counts).toContain("4 rows read");
      expect(counts).toContain("3 ready to import");
      expect(counts).toContain("1 with problems");
      expect(preview.text()).toContain("The amount is not a number: “N/A”.");
      expect(preview.text()).toContain("The row with a problem is left out of the import.");
      // Imported: the page refreshes itself until the lines are written, then links to the statement.
      const imported = await admin.settled(await admin.submit(preview.form("Import 3 lines"), "Import 3 lines"));
      const [open] = imported.links(/^Open statement #\d+$/);
      if (!open) throw new Error(`no link to the statement at ${imported.url}: ${imported.text()}`);
      const statementId = Number(/#(\d+)/.exec(open.text)?.[1]);
      const statement = await admin.open(open.href);
      expect(statement.heading).toMatch(new RegExp(`${formatPeriod(period)} statement #${statementId}`));

      const reconcile = await admin.follow(statement, "Reconcile line 4");
      const refused = await admin.submit(
        reconcile.form("Match to this policy").fill("Match to the policy number", "NOPE-1"),
        "Match to this policy",
      );
      const again = refused.form("Match to this policy");
      expect(again.fieldError("Match to the policy number")).toContain("No policy has this number.");
      expect(again.fieldValue("Match to the policy number")).toBe("NOPE-1");
      const matched = await admin.submit(again.fill("Match to the policy number", matchTo), "Match to this policy");
      expect(matched.toasts("success").join(" ")).toContain("Line 4 matched to");
      const lockPage = await admin.follow(matched, "Lock this statement…");
      const locked = await admin.submit(lockPage.form("Lock the statement"), "Lock the statement");
      expect(locked.toasts("success").join(" ")).toContain("Statement locked");
      expect(
        locked.links("record a correcting payout entry").map((l) => new URL(l.href).pathname + new URL(l.href).search),
      ).toEqual([`/admin/payout_entries/new?kind=correction&period=${period}&statement=${statementId}`]);

      // agent@ wrote all three lines: their street commission and balance grow by exactly the file's amounts.
      expect(await agentFiguresOverHttp(period)).toEqual({
        street: before.street + total,
        balance: before.balance + total,
      });

      const duplicate = await importOnce();
      expect(duplicate.alerts().join(" ")).toMatch(
        new RegExp(
          `This file was already imported on \\d\\d/\\d\\d/\\d{4}: .+ ${formatPeriod(period)} statement #${statementId}\\.`,
        ),
      );
      expect(duplicate.links(`Open statement #${statementId}`)).toHaveLength(1);
    } finally {
      await admin.close();
    }
  },
);
