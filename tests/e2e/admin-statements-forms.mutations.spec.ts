import { seedPolicies } from "../../server/reference-api/book-of-business/seed";
import { toUsDate, toUsMonth } from "../../app/domain/validation";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { NoJsBrowser, type NoJsPage } from "../support/no-js";
import { expect, expectNoSidewaysScroll, test } from "./fixtures";

/**
 * Commission statements' other forms without JavaScript (issue 23 §1): a file whose columns the carrier's
 * remembered mapping does not name stops at the mapping form (refused while a column is not chosen, then saved and
 * read again); on the draft statement, an unmatched line is matched to an agent and another set aside (refused
 * without a note). Its own carrier (Keystone Senior Health) and period, and headers of its own each run, so the
 * mapping form always shows and no other test reads this statement; it stays draft, so no agent's figures change.
 *
 * The forms are posted as a browser without JavaScript posts them (tests/support/no-js.ts); the browser, with the
 * same session, only looks at two of the pages for their fit: the mapping form with its errors and the statement
 * with a line set aside.
 */

const dates = seedDates();
const [policy] = seedPolicies(dates).filter((p) => p.userId === 1 && p.status === "Active");

test.beforeEach(() => test.setTimeout(120_000));

/** Whether the import's page links to its statement ("Open statement #12"): the import has run. */
const importedLink = (page: NoJsPage) => /Open statement #\d+/.exec(page.text())?.[0];

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

  const admin = await NoJsBrowser.signedIn("admin@demo.test");
  try {
    const importPage = await admin.open("/admin/commission_statements/import");
    const read = await admin.submit(
      importPage
        .form("Read the file")
        .fill("Carrier", "Keystone Senior Health")
        .fill("Period", toUsMonth(period))
        .fill("Carrier statement date", toUsDate(`${period}-20`))
        .attach("Statement file", { name: `keystone-${run}.csv`, mimeType: "text/csv", buffer: Buffer.from(file) }),
      "Read the file",
    );
    expect(read.path).toMatch(/^\/admin\/commission_statements\/imports\/\d+$/);

    // The mapping form: nothing chosen is refused at each field, then the choice is saved and the file read again.
    expect(read.headings()).toContain("Map the file's columns");
    // Its fit with the errors shown, in the browser (JavaScript on, the same session): the same markup.
    await page.context().addCookies((await admin.client.storageState()).cookies);
    await page.goto(read.path);
    await page.getByRole("button", { name: "Save the mapping and read again" }).click();
    await expect(page.getByRole("combobox", { name: "Policy number" })).toHaveAttribute("aria-invalid", "true");
    await expectNoSidewaysScroll(page);

    const refused = await admin.submit(read.form("Save the mapping and read again"), "Save the mapping and read again");
    expect(refused.form("Save the mapping and read again").isInvalid("Policy number")).toBe(true);
    const labels = ["Policy number", "Member name", "Commission type", "Amount"];
    const mapping = refused.form("Save the mapping and read again");
    for (const [i, label] of labels.entries()) mapping.fill(label, headers[i] ?? "");
    const mapped = await admin.submit(mapping, "Save the mapping and read again");
    expect(mapped.toasts("success").join(" ")).toContain("Mapping saved for this carrier");
    const counts = mapped.testIdText("import-counts");
    expect(counts).toContain("3 rows read");
    expect(counts).toContain("3 ready to import");

    let imported = await admin.submit(mapped.form("Import 3 lines"), "Import 3 lines");
    // Without JavaScript the page refreshes itself while the import runs (its refresh meta): asked again until done.
    await expect
      .poll(
        async () => {
          if (importedLink(imported)) return true;
          expect(imported.html, "a running import's page refreshes itself").toMatch(/<meta http-equiv="refresh"/i);
          imported = await admin.open(imported.url);
          return importedLink(imported) !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const statement = await admin.follow(imported, importedLink(imported)!);

    // Line 3 (QQ-…) to agent@ by hand.
    const line3 = await admin.open(statement.linkNamed("Reconcile line 3"));
    const noAgent = await admin.submit(line3.form("Match to this agent"), "Match to this agent");
    expect(noAgent.form("Match to this agent").isInvalid("Or match to an agent or agency")).toBe(true);
    const matched = await admin.submit(
      noAgent.form("Match to this agent").fill("Or match to an agent or agency", "Maria Alvarez (agent #1)"),
      "Match to this agent",
    );
    expect(matched.toasts("success").join(" ")).toContain("Line 3 matched to Maria Alvarez");
    // A matched line of a draft can be matched again: "Change" opens its forms.
    const change = await admin.open(matched.linkNamed("Change line 3"));
    expect(change.headings().some((h) => h.startsWith("Reconcile line 3:"))).toBe(true);

    // Line 4 (RR-…) set aside: a note is required.
    const line4 = await admin.open(change.linkNamed("Reconcile line 4"));
    const noNote = await admin.submit(line4.form("Set aside"), "Set aside");
    expect(noNote.form("Set aside").text).toContain("Say why the line is set aside");
    const note = "Not our business: sent back to the carrier.";
    const setAside = await admin.submit(noNote.form("Set aside").fill("Or set it aside: why?", note), "Set aside");
    expect(setAside.toasts("success").join(" ")).toContain("Line 4 set aside.");
    expect(setAside.tables().flatMap((t) => t.rows.flat())).toContain(note);

    // Its fit with the note in its row, in the browser.
    await page.goto(setAside.path);
    await expect(page.getByRole("cell", { name: note })).toBeVisible();
    await expectNoSidewaysScroll(page);
  } finally {
    await admin.close();
  }
});
