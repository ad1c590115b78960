import { seedPolicies } from "../../server/reference-api/book-of-business/seed";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { expect, expectNoSidewaysScroll, loginAs, test } from "./fixtures";

/**
 * Commission statements' other forms without JavaScript (issue 23 §1): a file whose columns the carrier's
 * remembered mapping does not name stops at the mapping form (refused while a column is not chosen, then saved and
 * read again); on the draft statement, an unmatched line is matched to an agent and another set aside (refused
 * without a note). Its own carrier (Keystone Senior Health) and period, and headers of its own each run, so the
 * mapping form always shows and no other test reads this statement; it stays draft, so no agent's figures change.
 */

const dates = seedDates();
const [policy] = seedPolicies(dates).filter((p) => p.userId === 1 && p.status === "Active");

test.use({ javaScriptEnabled: false });
test.beforeEach(() => test.setTimeout(120_000));

test("the mapping form, a match to an agent and a line set aside, without JavaScript", async ({ page }) => {
  if (!policy) throw new Error("agent@ has no Active policy");
  const run = Date.now();
  const headers = [`Pol ${run}`, `Name ${run}`, `What ${run}`, `Paid ${run}`];
  const file = [
    headers.join(","),
    `${policy.policyNumber},${policy.memberName},Renewal,12.34`,
    `QQ-${run},Unknown Member,Renewal,45.67`,
    `RR-${run},Another Stranger,Renewal,8.90`,
    "",
  ].join("\n");
  const period = dates.monthsAgo(4);

  await loginAs(page, "admin@demo.test");
  await page.goto("/admin/commission_statements/import");
  await page.getByRole("combobox", { name: "Carrier" }).selectOption({ label: "Keystone Senior Health" });
  await page.getByRole("textbox", { name: "Period" }).fill(period);
  await page.getByRole("textbox", { name: "Carrier statement date" }).fill(`${period}-20`);
  await page.locator("input[type=file]").setInputFiles({
    name: `keystone-${run}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from(file),
  });
  await page.getByRole("button", { name: "Read the file" }).click();
  await page.waitForURL(/\/admin\/commission_statements\/imports\/\d+$/);

  // The mapping form: nothing chosen is refused at each field, then the choice is saved and the file read again.
  await expect(page.getByRole("heading", { name: "Map the file's columns" })).toBeVisible();
  await page.getByRole("button", { name: "Save the mapping and read again" }).click();
  await expect(page.getByRole("combobox", { name: "Policy number" })).toHaveAttribute("aria-invalid", "true");
  await expectNoSidewaysScroll(page);
  const labels = ["Policy number", "Member name", "Commission type", "Amount"];
  for (const [i, label] of labels.entries()) {
    await page.getByRole("combobox", { name: label }).selectOption(headers[i] ?? "");
  }
  await page.getByRole("button", { name: "Save the mapping and read again" }).click();
  await expect(page.locator("[data-toast=success]").last()).toContainText("Mapping saved for this carrier");
  const counts = page.getByTestId("import-counts");
  await expect(counts).toContainText("3 rows read");
  await expect(counts).toContainText("3 ready to import");

  await page.getByRole("button", { name: "Import 3 lines" }).click();
  // Without JavaScript the page refreshes itself while the import runs.
  const open = page.getByRole("link", { name: /^Open statement #\d+$/ });
  await expect(open).toBeVisible({ timeout: 30_000 });
  await open.click();

  // Line 3 (QQ-…) to agent@ by hand.
  await page.getByRole("link", { name: "Reconcile line 3" }).click();
  await page.getByRole("button", { name: "Match to this agent" }).click();
  const agent = page.getByRole("combobox", { name: "Or match to an agent or agency" });
  await expect(agent).toHaveAttribute("aria-invalid", "true");
  await agent.selectOption({ label: "Maria Alvarez (agent #1)" });
  await page.getByRole("button", { name: "Match to this agent" }).click();
  await expect(page.locator("[data-toast=success]").last()).toContainText("Line 3 matched to Maria Alvarez");
  // A matched line of a draft can be matched again: "Change" opens its forms.
  await page.getByRole("link", { name: "Change line 3" }).click();
  await expect(page.getByRole("heading", { name: /^Reconcile line 3:/ })).toBeVisible();

  // Line 4 (RR-…) set aside: a note is required.
  await page.getByRole("link", { name: "Reconcile line 4" }).click();
  await page.getByRole("button", { name: "Set aside" }).click();
  await expect(page.getByText("Say why the line is set aside")).toBeVisible();
  await page
    .getByRole("textbox", { name: "Or set it aside: why?" })
    .fill("Not our business: sent back to the carrier.");
  await page.getByRole("button", { name: "Set aside" }).click();
  await expect(page.locator("[data-toast=success]").last()).toContainText("Line 4 set aside.");
  await expect(page.getByRole("cell", { name: "Not our business: sent back to the carrier." })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
