import { type Page, test as httpTest } from "@playwright/test";
import { NoJsBrowser } from "../support/no-js";
import { expect, expectAxeClean, expectNoSidewaysScroll, loginAs, test } from "./fixtures";

/**
 * Sunfire imports (issue 24 §5), JS on and JS off: an admin uploads the quote tool's enrollment export — a row of
 * agent@'s whose client is matched by id, a row whose NPN is no agent's, a row whose plan is not the carrier's exactly —
 * sees each row's agent, client and problem in the preview, imports it, reconciles the unmatched row by hand (agent@,
 * a new client), reads the results (and their CSV), and the same file again is recognised; agent@'s Submitted
 * Enrollments show both rows. Each mode has its own confirmation numbers. Without JavaScript the flow is an HTTP-tier
 * test (testing.md): the pages' own forms posted as their HTML says (tests/support/no-js.ts), the export attached to
 * the upload's multipart post, the import's page polled over HTTP.
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

/** The export of a run (`tag`: its confirmation numbers): matched by client id, no agent by the NPN, a plan not exact. */
function sunfireExport(tag: string): string {
  return [
    HEADER,
    `17845210,Maria Alvarez,Summit Mutual,Summit Choice (PPO),H1234-001,SF-100102,Walter,Brennan,1951-09-30,,,,Submitted,2026-01-05,2030-02-01,${tag}-1`,
    `99999999,Sam Unknown,Evergreen Life & Health,Evergreen Rx Plus (PDP),,,Nadia,Quill,1958-03-03,nq-${tag}@example.com,,,Enrolled,2026-01-06,2030-02-01,${tag}-2`,
    `17845210,Maria Alvarez,Blue Harbor Health,Blue Harbor Advantage (HMO),,,Howard,Pike,,,,,Submitted,,2030-02-01,${tag}-3`,
    "",
  ].join("\r\n");
}

/** The results' CSV: every row with its outcome, reason, agent and client. */
function expectResultsCsv(text: string) {
  const lines = text.trim().split(/\r?\n/);
  expect(lines[1]).toMatch(
    /^2,Matched,,Maria Alvarez \(NPN 17845210\),"?Client SF-100102, by client id"?,SF-100102,\d+,/,
  );
  expect(lines[2]).toMatch(/^3,Reconciled,,Maria Alvarez \(NPN 17845210\),New client,SF-\d+-3,\d+,/);
  expect(lines[3]).toMatch(/^4,Refused,Blue Harbor Health has no plan named/);
}

test.describe("Sunfire imports (JS on)", () => {
  test("a matched row becomes agent@'s Submitted Enrollment, an unmatched one is reconciled by hand (JS on)", async ({
    page,
    browser,
  }) => {
    const tag = `E2EON-${Date.now()}`;
    const upload = { name: `sunfire-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(sunfireExport(tag)) };
    // agent@, signed in beside the admin, to see its Submitted Enrollments.
    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    await loginAs(agentPage, "agent@demo.test");

    await loginAs(page, "admin@demo.test", { path: "/admin/sunfire_imports" });
    await expect(page.getByRole("heading", { level: 1, name: "Sunfire imports" })).toBeVisible();
    // The seeded history is listed.
    await expect(page.getByRole("link", { name: /\(#1\)$/ })).toBeVisible();
    // The history's and the upload form's axe and fit are the page sweep's (pages.spec.ts, admin-pages.ts).
    await page.getByRole("link", { name: "Upload a Sunfire export" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Upload a Sunfire export" })).toBeVisible();
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
    await expectAxeClean(page);
    await expectNoSidewaysScroll(page);

    // Nothing is written before the confirmation.
    expect(await agentsEnrollments(agentPage, tag)).toEqual([]);
    await page.getByRole("button", { name: "Import 2 rows" }).click();
    await expect(page.getByTestId("import-outcomes")).toHaveText(
      "1 matched, 1 to reconcile, 0 reconciled, 1 refused.",
      {
        timeout: 30_000,
      },
    );
    await expectAxeClean(page);
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
    await expectAxeClean(page);
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
    await expect(page.getByTestId("import-outcomes")).toHaveText("1 matched, 0 to reconcile, 1 reconciled, 1 refused.");

    // The results as CSV: every row with its outcome, reason, agent and client.
    const csv = await page.request.get(`${importUrl}/results.csv`);
    expect(csv.status()).toBe(200);
    expectResultsCsv(await csv.text());

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

httpTest(
  "without JavaScript: a matched row becomes agent@'s Submitted Enrollment, an unmatched one is reconciled by hand",
  async () => {
    const tag = `E2EOFF-${Date.now()}`;
    const upload = { name: `sunfire-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(sunfireExport(tag)) };
    const [admin, agent] = await Promise.all([
      NoJsBrowser.signedIn("admin@demo.test"),
      NoJsBrowser.signedIn("agent@demo.test"),
    ]);
    /** agent@'s /submitted_enrollments rows matching the run's tag (their cells' text). */
    const agentsRows = async () => {
      const page = await agent.open(`/submitted_enrollments?search=${encodeURIComponent(tag)}`);
      expect(page.status).toBe(200);
      return page
        .tableRows()
        .map((r) => r.join(" "))
        .filter((r) => r.includes(tag));
    };
    try {
      const list = await admin.open("/admin/sunfire_imports");
      expect(list.heading).toBe("Sunfire imports");
      // The seeded history is listed.
      expect(() => list.linkMatching(/\(#1\)$/)).not.toThrow();
      const uploadPage = await admin.follow(list, "Upload a Sunfire export");
      expect(uploadPage.heading).toBe("Upload a Sunfire export");
      // Without a file: said at the field.
      const noFile = await admin.submit(uploadPage.form("Read the file"), "Read the file");
      expect(noFile.status).toBe(400);
      expect(noFile.form("Read the file").said("Sunfire export (CSV)")).toEqual({
        text: "Choose Sunfire's enrollment export (CSV)",
        invalid: true,
      });

      /** The upload's form posted (multipart: its enctype) with the export attached; the import's page. */
      const uploadOnce = async () => {
        const empty = await admin.open("/admin/sunfire_imports/new");
        const answer = await admin.submit(
          empty.form("Read the file").attach("Sunfire export (CSV)", upload),
          "Read the file",
        );
        expect(answer.path).toMatch(/^\/admin\/sunfire_imports\/\d+$/);
        return answer.path;
      };
      const importPath = await uploadOnce();
      const preview = await admin.openUntil(importPath, (p) => p.hasTestId("import-counts"));
      const counts = preview.testIdText("import-counts");
      expect(counts).toContain("3 rows read");
      expect(counts).toContain("1 matched to an agent and a client");
      expect(counts).toContain("1 to reconcile by hand");
      expect(counts).toContain("1 with problems");
      expect(preview.text()).toContain("Blue Harbor Health has no plan named “Blue Harbor Advantage (HMO)” exactly.");
      expect(preview.text()).toContain("No agent has the NPN 99999999");
      expect(preview.text()).toContain("Client SF-100102, by client id");

      // Nothing is written before the confirmation.
      expect(await agentsRows()).toEqual([]);
      await admin.submit(preview.form("Import 2 rows"), "Import 2 rows");
      // The import runs in the background: its page (which refreshes itself) is read until it is done.
      const outcomes = "1 matched, 1 to reconcile, 0 reconciled, 1 refused.";
      const results = await admin.openUntil(
        importPath,
        (p) => p.hasTestId("import-outcomes") && p.testIdText("import-outcomes") === outcomes,
      );

      // The matched row is agent@'s Submitted Enrollment.
      const matched = await agentsRows();
      expect(matched).toHaveLength(1);
      expect(matched[0]).toContain(`${tag}-1`);
      expect(matched[0]).toContain("Walter Brennan");
      expect(matched[0]).toContain("Summit Choice (PPO)");

      // The unmatched row, reconciled by hand: first without an agent (said at the field), then with agent@.
      const line = await admin.follow(results, "Reconcile line 3");
      expect(line.heading).toBe("Line 3: Nadia Quill");
      const noAgent = await admin.submit(line.form("Reconcile line 3"), "Reconcile line 3");
      expect(noAgent.status).toBe(400);
      const form = noAgent.form("Reconcile line 3");
      expect(form.said("Agent").text).toContain("Choose the agent");
      expect(form.said("Agent").invalid).toBe(true);
      // The new client (from the row) is the client chosen.
      expect(form.body().get("clientId")).toBe("new");
      expect(form.text).toContain("A new client: Nadia Quill, from this row");
      const reconciled = await admin.submit(form.fill("Agent", "Alvarez, Maria (NPN 17845210)"), "Reconcile line 3");
      expect(reconciled.toasts("success").join(" ")).toMatch(
        /Line 3 reconciled: Submitted Enrollment #\d+ of Maria Alvarez\./,
      );
      expect(reconciled.text()).toContain("Rows reconciled");
      expect(reconciled.testIdText("import-outcomes")).toBe("1 matched, 0 to reconcile, 1 reconciled, 1 refused.");

      // The results as CSV (the page's link): every row with its outcome, reason, agent and client.
      const csv = await admin.download(reconciled.link("Download the results (CSV)"));
      expect(csv.status()).toBe(200);
      expectResultsCsv(await csv.text());

      // agent@ sees both.
      const both = await agentsRows();
      expect(both).toHaveLength(2);
      expect(both.join(" ")).toContain("Nadia Quill");

      // The same file again: recognised, with the way to the first import.
      const already = "This file was already imported on";
      const again = await admin.openUntil(await uploadOnce(), (p) => p.alerts().join(" ").includes(already));
      expect((await admin.open(again.linkMatching(/^Open import #\d+$/))).path).toBe(importPath);
    } finally {
      await Promise.all([admin.close(), agent.close()]);
    }
  },
);
