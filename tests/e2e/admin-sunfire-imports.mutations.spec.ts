import type { Page } from "@playwright/test";
import { expect, expectAxeClean, expectNoSidewaysScroll, loginAs, test } from "./fixtures";

/**
 * Sunfire imports (issue 24 §5), JS on and JS off: an admin uploads the quote tool's enrollment export — a row of
 * agent@'s whose client is matched by id, a row whose NPN is no agent's, a row whose plan is not the carrier's exactly —
 * sees each row's agent, client and problem in the preview, imports it, reconciles the unmatched row by hand (agent@,
 * a new client), reads the results (and their CSV), and the same file again is recognised; agent@'s Submitted
 * Enrollments show both rows. Each mode has its own confirmation numbers.
 */

test.beforeEach(() => test.setTimeout(300_000));

/** agent@'s /submitted_enrollments rows matching a search (their text), on agent@'s own signed-in page. */
async function agentsEnrollments(agentPage: Page, search: string): Promise<string[]> {
  await agentPage.goto(`/submitted_enrollments?search=${encodeURIComponent(search)}`);
  await expect(agentPage.getByRole("heading", { level: 1 })).toBeVisible();
  return agentPage.locator("tbody tr").filter({ hasText: search }).allTextContents();
}

const HEADER =
  "Agent NPN,Writing Agent,Carrier,Plan Name,Contract-PBP,Client ID,First Name,Last Name,Date of Birth,Email,Phone,Medicare ID,Status,Submitted Date,Effective Date,Confirmation Number";

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JS on" : "JS off";

  test.describe(`Sunfire imports (${mode})`, () => {
    test.use({ javaScriptEnabled });

    test(`a matched row becomes agent@'s Submitted Enrollment, an unmatched one is reconciled by hand (${mode})`, async ({
      page,
      browser,
    }) => {
      const tag = `E2E${javaScriptEnabled ? "ON" : "OFF"}-${Date.now()}`;
      const file = [
        HEADER,
        `17845210,Maria Alvarez,Summit Mutual,Summit Choice (PPO),H1234-001,SF-100102,Walter,Brennan,1951-09-30,,,,Submitted,2026-01-05,2030-02-01,${tag}-1`,
        `99999999,Sam Unknown,Evergreen Life & Health,Evergreen Rx Plus (PDP),,,Nadia,Quill,1958-03-03,nq-${tag}@example.com,,,Enrolled,2026-01-06,2030-02-01,${tag}-2`,
        `17845210,Maria Alvarez,Blue Harbor Health,Blue Harbor Advantage (HMO),,,Howard,Pike,,,,,Submitted,,2030-02-01,${tag}-3`,
        "",
      ].join("\r\n");
      const upload = { name: `sunfire-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(file) };
      // agent@, signed in beside the admin, to see its Submitted Enrollments.
      const agentContext = await browser.newContext();
      const agentPage = await agentContext.newPage();
      await loginAs(agentPage, "agent@demo.test");

      await loginAs(page, "admin@demo.test");
      await page.goto("/admin/sunfire_imports");
      await expect(page.getByRole("heading", { level: 1, name: "Sunfire imports" })).toBeVisible();
      // The seeded history is listed.
      await expect(page.getByRole("link", { name: /\(#1\)$/ })).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);
      await expectNoSidewaysScroll(page);
      await page.getByRole("link", { name: "Upload a Sunfire export" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Upload a Sunfire export" })).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);
      await expectNoSidewaysScroll(page);
      // Without a file: said at the field.
      await page.getByRole("button", { name: "Read the file" }).click();
      await expect(page.getByText("Choose Sunfire's enrollment export (CSV)")).toBeVisible();

      const uploadOnce = async () => {
        await page.goto("/admin/sunfire_imports/new");
        await page.locator("input[type=file]").setInputFiles(upload);
        await page.getByRole("button", { name: "Read the file" }).click();
        await page.waitForURL(/\/admin\/sunfire_imports\/\d+$/);
      };
      await uploadOnce();
      const importUrl = page.url();
      const counts = page.getByTestId("import-counts");
      await expect(counts).toContainText("3 rows read");
      await expect(counts).toContainText("1 matched to an agent and a client");
      await expect(counts).toContainText("1 to reconcile by hand");
      await expect(counts).toContainText("1 with problems");
      await expect(
        page.getByText("Blue Harbor Health has no plan named “Blue Harbor Advantage (HMO)” exactly."),
      ).toBeVisible();
      await expect(page.getByText("No agent has the NPN 99999999")).toBeVisible();
      await expect(page.getByText("Client SF-100102, by client id")).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);
      await expectNoSidewaysScroll(page);

      // Nothing is written before the confirmation.
      expect(await agentsEnrollments(agentPage, tag)).toEqual([]);
      await page.getByRole("button", { name: "Import 2 rows" }).click();
      await expect(page.getByTestId("import-outcomes")).toHaveText(
        "1 matched, 1 to reconcile, 0 reconciled, 1 refused.",
        { timeout: 30_000 },
      );
      if (javaScriptEnabled) await expectAxeClean(page);
      await expectNoSidewaysScroll(page);

      // The matched row is agent@'s Submitted Enrollment.
      const matched = await agentsEnrollments(agentPage, tag);
      expect(matched).toHaveLength(1);
      expect(matched[0]).toContain(`${tag}-1`);
      expect(matched[0]).toContain("Walter Brennan");
      expect(matched[0]).toContain("Summit Choice (PPO)");

      // The unmatched row, reconciled by hand.
      await page.getByRole("link", { name: "Reconcile line 3" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Line 3: Nadia Quill" })).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);
      await expectNoSidewaysScroll(page);
      await page.getByRole("button", { name: "Reconcile line 3" }).click();
      await expect(page.getByText("Choose the agent", { exact: true }).last()).toBeVisible();
      const agent = page.getByRole("combobox", { name: "Agent" });
      const agentId = await agent.locator("option", { hasText: "NPN 17845210" }).getAttribute("value");
      await agent.selectOption(agentId ?? "");
      await expect(page.getByRole("radio", { name: /A new client: Nadia Quill/ })).toBeChecked();
      await page.getByRole("button", { name: "Reconcile line 3" }).click();
      await expect(page.locator("[data-toast=success]").last()).toContainText(
        /Line 3 reconciled: Submitted Enrollment #\d+ of Maria Alvarez\./,
      );
      await expect(page.getByRole("heading", { name: "Rows reconciled" })).toBeVisible();
      await expect(page.getByTestId("import-outcomes")).toHaveText(
        "1 matched, 0 to reconcile, 1 reconciled, 1 refused.",
      );

      // The results as CSV: every row with its outcome, reason, agent and client.
      const csv = await page.request.get(`${importUrl}/results.csv`);
      expect(csv.status()).toBe(200);
      const lines = (await csv.text()).trim().split(/\r?\n/);
      expect(lines[1]).toMatch(
        /^2,Matched,,Maria Alvarez \(NPN 17845210\),"?Client SF-100102, by client id"?,SF-100102,\d+,/,
      );
      expect(lines[2]).toMatch(/^3,Reconciled,,Maria Alvarez \(NPN 17845210\),New client,SF-\d+-3,\d+,/);
      expect(lines[3]).toMatch(/^4,Refused,Blue Harbor Health has no plan named/);

      // agent@ sees both.
      const both = await agentsEnrollments(agentPage, tag);
      expect(both).toHaveLength(2);
      expect(both.join(" ")).toContain("Nadia Quill");

      // The same file again: recognised, with the way to the first import.
      await uploadOnce();
      await expect(page.getByRole("alert")).toContainText("This file was already imported on");
      await page.getByRole("link", { name: /^Open import #\d+$/ }).click();
      await expect(page).toHaveURL(importUrl);
      await agentContext.close();
    });
  });
}
