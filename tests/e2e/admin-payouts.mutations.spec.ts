import { type Browser, type Page, test as httpTest } from "@playwright/test";
import { toUsMonth } from "../../app/domain/validation";
import { NoJsBrowser } from "../support/no-js";
import { expect, expectAxeClean, expectNoSidewaysScroll, loginAs, test } from "./fixtures";

/**
 * Payout entries (issue 23 §3): admin@ creates an entry and may not approve it (the page says why; a forged POST of
 * Approve is refused by the server); finance@ (the second administrator) approves it, or rejects it with a note. With
 * JavaScript and without. Each test works on entries of its own (a memo of its own) for agent@; the seed's entries
 * are only read. The list's CSV export holds what the page shows for a filter.
 */

const OWN_ENTRY = "You created this entry: another administrator must approve it.";
const success = (page: Page) => page.locator("[data-toast=success]").last();

test.beforeEach(() => test.setTimeout(150_000));

async function signedIn(browser: Browser, email: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await loginAs(page, email);
  return page;
}

/** This month (YYYY-MM, UTC): the period of the test's entries. */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** admin@ fills the new page for agent@ and creates the entry; the entry's page URL. */
async function createEntry(page: Page, memo: string, amount: string): Promise<string> {
  await page.goto("/admin/payout_entries");
  await page.getByRole("link", { name: "New payout entry" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New payout entry" })).toBeVisible();
  await page
    .getByRole("combobox", { name: "Agent or agency" })
    .selectOption({ label: "Maria Alvarez (agent, agent@demo.test)" });
  await page.getByRole("combobox", { name: "Kind" }).selectOption("bonus");
  await page.getByRole("textbox", { name: "Amount" }).fill(amount);
  await page.getByRole("textbox", { name: "Period" }).fill(toUsMonth(thisMonth()));
  await page.getByRole("textbox", { name: "Memo" }).fill(memo);
  await page.getByRole("button", { name: "Create payout entry" }).click();
  await expect(success(page)).toContainText("Payout entry created: another administrator must approve it.", {
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/\/admin\/payout_entries\/\d+$/);
  return new URL(page.url()).pathname;
}

test.describe("payout entries (JS on)", () => {
  test("the creator cannot approve their entry; another administrator decides it (JS on)", async ({
    page,
    browser,
  }) => {
    const memo = `Production bonus JS on ${Date.now()}`;
    await loginAs(page, "admin@demo.test");
    // Bad input is refused at its field, everything typed kept.
    await page.goto("/admin/payout_entries/new");
    await page.getByRole("textbox", { name: "Amount" }).fill("-5");
    await page.getByRole("textbox", { name: "Memo" }).fill(memo);
    await page.getByRole("button", { name: "Create payout entry" }).click();
    await expect(page.getByText("Enter a positive amount: choose Deduction to take money back.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Memo" })).toHaveValue(memo);
    const path = await createEntry(page, memo, "$1,234.50");
    await expect(page.getByTestId("own-entry")).toHaveText(OWN_ENTRY);
    await expect(page.getByRole("button", { name: "Approve entry" })).toHaveCount(0);
    const summary = page.getByRole("region", { name: "Summary" });
    await expect(summary).toContainText("$1,234.50 (payment)");
    await expect(summary).toContainText("Maria Alvarez (agent)");
    await expect(page.getByRole("region", { name: "History" })).toContainText("Grace Harper");

    // The second administrator approves it.
    const finance = await signedIn(browser, "finance@demo.test", true);
    await finance.goto(path);
    await expect(finance.getByTestId("own-entry")).toHaveCount(0);
    await finance.getByRole("button", { name: "Approve entry" }).click();
    await expect(success(finance)).toContainText("Entry approved: $1,234.50 reaches Maria Alvarez's total", {
      timeout: 20_000,
    });
    await expect(finance.getByRole("region", { name: "Summary" })).toContainText("Approved by");
    await expect(finance.getByRole("region", { name: "Summary" })).toContainText("Nora Whitfield");
    await expect(finance.getByRole("button", { name: /Approve entry|Reject entry/ })).toHaveCount(0);
    await expect(finance.getByRole("region", { name: "History" })).toContainText("Nora Whitfield");
    await finance.context().close();

    // Decided: admin@ can no longer change it.
    await page.reload();
    await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  });
});

/** Without JavaScript (HTTP tier: tests/support/no-js.ts reads and posts the pages' own forms). */
httpTest("without JavaScript: the creator cannot approve their entry; another administrator rejects it", async () => {
  const memo = `Production bonus JS off ${Date.now()}`;
  const [admin, finance] = await Promise.all([
    NoJsBrowser.signedIn("admin@demo.test"),
    NoJsBrowser.signedIn("finance@demo.test"),
  ]);
  try {
    // The list links to the new page; its form creates the entry and lands on the entry's page.
    const list = await admin.open("/admin/payout_entries");
    const newPage = await admin.follow(list, "New payout entry");
    expect(newPage.heading).toBe("New payout entry");
    const created = await admin.submit(
      newPage
        .form("Create payout entry")
        .fill("Agent or agency", "Maria Alvarez (agent, agent@demo.test)")
        .fill("Kind", "bonus")
        .fill("Amount", "$1,234.50")
        .fill("Period", toUsMonth(thisMonth()))
        .fill("Memo", memo),
    );
    expect(created.status).toBe(200);
    expect(created.toasts("success").join(" ")).toContain(
      "Payout entry created: another administrator must approve it.",
    );
    expect(created.path).toMatch(/^\/admin\/payout_entries\/\d+$/);
    const path = created.path;
    expect(created.text()).toContain(OWN_ENTRY);
    expect(() => created.form("Approve entry")).toThrow();
    expect(created.text("Summary")).toContain("$1,234.50 (payment)");
    expect(created.text("Summary")).toContain("Maria Alvarez (agent)");
    expect(created.text("History")).toContain("Grace Harper");

    // A forged Approve from the creator: refused by the server, the entry still pending.
    const forged = await admin.client.post(path, { form: { intent: "approve", note: "" } });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain(OWN_ENTRY);
    expect((await admin.open(path)).text()).toContain("Pending approval");

    // The second administrator rejects it with a note.
    const shown = await finance.open(path);
    expect(shown.hasTestId("own-entry")).toBe(false);
    const rejected = await finance.submit(
      shown.form("Reject entry").fill("Why it is rejected", "Paid twice: see the ticket."),
      "Reject entry",
    );
    expect(rejected.toasts("success").join(" ")).toContain("Entry rejected: it reaches no total.");
    expect(rejected.text("Summary")).toContain("Paid twice: see the ticket.");
    expect(() => rejected.form("Approve entry")).toThrow();
    expect(() => rejected.form("Reject entry")).toThrow();
    expect(rejected.text("History")).toContain("Nora Whitfield");

    // Decided: admin@ can no longer change it.
    await expect(admin.open(path).then((p) => p.form("Save changes"))).rejects.toThrow();
  } finally {
    await Promise.all([admin.close(), finance.close()]);
  }
});

test.describe("payout entries' pages", () => {
  // The list's, the new page's (blank and filled in from its URL) and entry 1's axe and 390 and 1280 px fit are the
  // page sweep's (pages.spec.ts, admin-pages.ts); a new entry's, pending, is checked here.
  test("the new page is filled in from its URL; a new entry's page is axe clean and fits a phone", async ({ page }) => {
    await loginAs(page, "admin@demo.test", {
      path: `/admin/payout_entries/new?kind=correction&userId=1&period=${thisMonth()}&memo=${encodeURIComponent("Correcting entry")}`,
    });
    await expect(page.getByRole("combobox", { name: "Kind" })).toHaveValue("correction");
    await expect(page.getByRole("combobox", { name: "Agent or agency" })).toHaveValue("1");
    await expect(page.getByRole("textbox", { name: "Period" })).toHaveValue(toUsMonth(thisMonth()));
    await expect(page.getByRole("textbox", { name: "Memo" })).toHaveValue("Correcting entry");
    const path = await createEntry(page, `Axe entry ${Date.now()}`, "12.30");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await expectAxeClean(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, `${path} at 390 px`);
  });

  test("the list's CSV export holds what the page shows for a filter", async ({ page }) => {
    await loginAs(page, "admin@demo.test", { path: "/admin/payout_entries?userId=5&status=approved" });
    const rows = page.locator("table tbody tr");
    await expect(rows.first()).toBeVisible();
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim())),
    );
    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    expect(href).toContain("userId=5");
    expect(href).toContain("status=approved");
    const answer = await page.request.get(href!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toContain("text/csv");
    const [header, ...lines] = parseCsv(await answer.text());
    const col = (name: string) => header!.indexOf(name);
    expect(lines).toHaveLength(shown.length);
    const exported = lines.map((l) => [
      l[col("Agent")],
      l[col("Kind")],
      `${l[col("Direction")] === "Deduction" ? "-" : ""}${l[col("Amount")]}`,
      l[col("Status")],
      l[col("Created by")],
    ]);
    // The page's cells: agent, kind, amount, period, status, created by, approved by (the row menu's cell last).
    const onPage = shown.map((cells) => {
      const texts = cells.filter((t) => t !== "");
      const agentAt = texts.findIndex((t) => t === "Linda Chen");
      const [agent, kind, amount, , status, createdBy] = texts.slice(agentAt);
      return [agent, kind, amount, status, createdBy];
    });
    expect(exported).toEqual(onPage);
  });
});

/** A CSV text as rows of cells (quoted cells, doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n") {
      row.push(cell.replace(/\r$/, ""));
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}
