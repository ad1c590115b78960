import { type Browser, type Page, test as httpTest } from "@playwright/test";
import { REFERENCE_API_PORT } from "../../playwright.config";
import { NoJsBrowser } from "../support/no-js";
import { expect, expectAxeClean, expectNoSidewaysScroll, loginAs, PASSWORD, test } from "./fixtures";

/**
 * Carrier imports (issue 24 §1), JS on and JS off: an admin uploads an RTS file for agency@'s downline (one agent moved
 * to Ready to sell, an unknown NPN and an unknown status code), sees the two problem rows in the preview, imports the
 * rest, reads the results (and their CSV), and the same file again is recognised; agency@'s /downlines shows the
 * agent Ready to sell. Each mode works on its own carrier and agent, and puts the agent's status back after. Without
 * JavaScript the flow is an HTTP-tier test (testing.md): the pages' own forms posted as their HTML says
 * (tests/support/no-js.ts), the file attached to the upload's multipart post, the import's page polled over HTTP.
 * Then (JS on) the other kinds' effects where people see them: an appointments file's rows on the broker's contracts
 * page (Carrier appointments), an enrollments file's record in the carrier enrollments with its raw payload.
 */

test.beforeEach(() => test.setTimeout(180_000));

/** The agent's RTS status on agency@'s /downlines for the carrier (the row's text). */
async function downlineRow(browser: Browser, carrierId: number, open: number | null, advisor: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, "agency@demo.test", { path: `/downlines?carrier=${carrierId}${open ? `&open=${open}` : ""}` });
  const row = page.getByRole("row").filter({ hasText: advisor });
  const text = (await row.first().textContent()) ?? "";
  await context.close();
  return text;
}

/** Puts the agent's status back through the upstream (an RTS file of its own), so other specs see the seed. */
async function putBack(carrierId: number, npn: string, code: string) {
  const api = `http://127.0.0.1:${REFERENCE_API_PORT}`;
  const login = await fetch(`${api}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@demo.test", password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const params = new URLSearchParams({ carrierId: String(carrierId), kind: "rts", fileName: "put-back.csv" });
  const uploaded = await fetch(`${api}/api/admin/carrier_imports/upload?${params.toString()}`, {
    method: "POST",
    headers: { ...auth, "content-type": "text/csv" },
    body: `NPN,RTS Status,Ref\n${npn},${code},${Date.now()}-${Math.random()}\n`,
  });
  const body = (await uploaded.json()) as { import: { id: number; mapping: Record<string, string> } };
  if (uploaded.status !== 201) throw new Error(`put back: ${uploaded.status}`);
  const { id } = body.import;
  // The carrier's remembered mapping may name other columns (the JS-off run saves one): map ours.
  await fetch(`${api}/api/admin/carrier_imports/${id}/mapping`, {
    method: "PUT",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ npn: "NPN", statusCode: "RTS Status" }),
  });
  expect(
    (await fetch(`${api}/api/admin/carrier_imports/${id}/confirm`, { method: "POST", headers: auth })).status,
  ).toBe(202);
  for (let i = 0; i < 100; i++) {
    const found = await fetch(`${api}/api/admin/carrier_imports/${id}`, { headers: auth });
    if (((await found.json()) as { record: { status: string } }).record.status === "imported") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("put back never finished");
}

// Samuel Ortiz, agency@'s direct agent: Active but not ready to sell with Pioneer Benefits.
const JS_ON = { carrierId: 4, npn: "30005201", advisor: "Samuel Ortiz", open: null } as const;
// Julia Novak (Lakeside Insurance Group): Active but not ready to sell with Summit Mutual.
const NO_JS = { carrierId: 2, npn: "30005233", advisor: "Julia Novak", open: 5102 } as const;

/** The RTS file of a run: the agent moved to RTS, an unknown NPN, an unknown status code. */
function rtsFile(npn: string, npnColumn: string, statusColumn: string, tag: string): string {
  return [
    `${npnColumn},${statusColumn},Ref`,
    `${npn},RTS,${tag}`,
    "99999999,RTS,unknown agent",
    `${npn},SOMETIMES,unknown status`,
    "",
  ].join("\r\n");
}

/** The results' CSV of a run: every row with its outcome and reason. */
function expectResultsCsv(text: string, npn: string) {
  expect(text.trim().split(/\r?\n/)).toEqual([
    "Line,Outcome,Reason,Agent NPN,RTS status code",
    `2,Updated,,${npn},RTS`,
    "3,Refused,No agent has the NPN 99999999.,99999999,RTS",
    expect.stringMatching(new RegExp(`^4,Refused,“SOMETIMES” is not an RTS status of .*,${npn},SOMETIMES$`)),
  ]);
}

test.describe("carrier imports (JS on)", () => {
  const { carrierId, npn, advisor, open } = JS_ON;

  test(`an RTS file moves ${advisor} to Ready to sell; bad rows are refused with their reason; the same file is recognised (JS on)`, async ({
    page,
    browser,
  }) => {
    expect(await downlineRow(browser, carrierId, open, advisor)).toContain("Not ready to sell");
    const tag = `${Date.now()}-${Math.random()}`;
    const upload = {
      name: "rts-JS-on.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(rtsFile(npn, "NPN", "RTS Status", tag)),
    };

    await loginAs(page, "admin@demo.test", { path: "/admin/carrier_imports" });
    // The history's and the upload form's axe and fit (as the seed has them) are the page sweep's (pages.spec.ts).
    await page.getByRole("link", { name: "Upload a carrier's file" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Upload a carrier's file" })).toBeVisible();
    const uploadOnce = async () => {
      await page.goto("/admin/carrier_imports/upload");
      await page.getByRole("combobox", { name: "Carrier" }).selectOption(String(carrierId));
      await page.getByRole("combobox", { name: "What the file holds" }).selectOption("rts");
      await page.locator("input[type=file]").setInputFiles(upload);
      await page.getByRole("button", { name: "Read the file" }).click();
      await page.waitForURL(/\/admin\/carrier_imports\/\d+$/);
    };
    // Without a file: said at the field, the choices kept.
    await page.getByRole("combobox", { name: "Carrier" }).selectOption(String(carrierId));
    await page.getByRole("button", { name: "Read the file" }).click();
    await expect(page.getByText("Choose the carrier's file (CSV)")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Carrier" })).toHaveValue(String(carrierId));

    await uploadOnce();
    const importUrl = page.url();
    const counts = page.getByTestId("import-counts");
    await expect(counts).toContainText("3 rows read");
    await expect(counts).toContainText("1 ready to import");
    await expect(counts).toContainText("2 with problems");
    await expect(page.getByText("No agent has the NPN 99999999.")).toBeVisible();
    await expect(page.getByText(/“SOMETIMES” is not an RTS status of /)).toBeVisible();
    await expectAxeClean(page);
    await expectNoSidewaysScroll(page);

    // Nothing is written before the confirmation.
    expect(await downlineRow(browser, carrierId, open, advisor)).toContain("Not ready to sell");
    await page.getByRole("button", { name: "Import 1 row" }).click();
    await expect(page.getByTestId("import-outcomes")).toHaveText("0 created, 1 updated, 0 unchanged, 2 refused.", {
      timeout: 30_000,
    });
    await expect(page.getByText("Refused: No agent has the NPN 99999999.")).toBeVisible();
    await expectAxeClean(page);
    await expectNoSidewaysScroll(page);
    await page.getByRole("link", { name: "Refused", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Rows refused" })).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(3);

    // The results as CSV: every row with its outcome and reason.
    const csv = await page.request.get(`${importUrl}/results.csv`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expectResultsCsv(await csv.text(), npn);

    // agency@ sees the agent ready to sell.
    expect(await downlineRow(browser, carrierId, open, advisor)).toContain("Ready to sell");

    // The same file again: recognised, with the way to the first import.
    await uploadOnce();
    await expect(page.getByRole("alert")).toContainText("This file was already imported on");
    await page.getByRole("link", { name: /^Open import #\d+$/ }).click();
    await expect(page).toHaveURL(importUrl);

    // The history lists it.
    await page.goto(`/admin/carrier_imports?carrier=${carrierId}&kind=rts`);
    await expect(page.getByRole("link", { name: new RegExp(`#${/(\d+)$/.exec(importUrl)?.[1]}$`) })).toBeVisible();
    await expectAxeClean(page);

    await putBack(carrierId, npn, "NRTS");
    expect(await downlineRow(browser, carrierId, open, advisor)).toContain("Not ready to sell");
  });
});

httpTest(
  `without JavaScript: an RTS file moves ${NO_JS.advisor} to Ready to sell once its columns are mapped; bad rows are refused with their reason; the same file is recognised`,
  async () => {
    const { carrierId, npn, advisor, open } = NO_JS;
    const [admin, agency] = await Promise.all([
      NoJsBrowser.signedIn("admin@demo.test"),
      NoJsBrowser.signedIn("agency@demo.test"),
    ]);
    /** The agent's row on agency@'s /downlines for the carrier (its text). */
    const downline = async () => {
      const page = await agency.open(`/downlines?carrier=${carrierId}${open ? `&open=${open}` : ""}`);
      return (page.tableRows().find((r) => r.join(" ").includes(advisor)) ?? []).join(" ");
    };
    try {
      expect(await downline()).toContain("Not ready to sell");
      const tag = `${Date.now()}-${Math.random()}`;
      // The carrier's columns are named otherwise than its mapping says, so the mapping form is filled in.
      const [npnColumn, statusColumn] = [`Producer ${tag}`, `Readiness ${tag}`];
      const upload = {
        name: "rts-JS-off.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(rtsFile(npn, npnColumn, statusColumn, tag)),
      };

      const list = await admin.open("/admin/carrier_imports");
      expect(list.status).toBe(200);
      const uploadPage = await admin.follow(list, "Upload a carrier's file");
      expect(uploadPage.heading).toBe("Upload a carrier's file");
      /** The upload's form posted (multipart: its enctype) with the file attached; the import's page. */
      const uploadOnce = async () => {
        const empty = await admin.open("/admin/carrier_imports/upload");
        const answer = await admin.submit(
          empty
            .form("Read the file")
            .fill("Carrier", String(carrierId))
            .fill("What the file holds", "rts")
            .attach("Carrier's file (CSV)", upload),
          "Read the file",
        );
        expect(answer.path).toMatch(/^\/admin\/carrier_imports\/\d+$/);
        return answer.path;
      };
      // Without a file: said at the field, the choices kept.
      const noFile = await admin.submit(
        uploadPage.form("Read the file").fill("Carrier", String(carrierId)),
        "Read the file",
      );
      expect(noFile.status).toBe(400);
      const refused = noFile.form("Read the file");
      expect(refused.said("Carrier's file (CSV)")).toEqual({ text: "Choose the carrier's file (CSV)", invalid: true });
      expect(refused.value("carrierId")).toBe(String(carrierId));

      const importPath = await uploadOnce();
      const mapping = await admin.openUntil(importPath, (p) => p.text().includes("Map the file's columns"));
      // One field left unchosen: said at the field, the other choice kept.
      const halfMapped = await admin.submit(
        mapping.form("Save the mapping and check again").fill("Agent NPN", npnColumn),
        "Save the mapping and check again",
      );
      expect(halfMapped.status).toBe(400);
      const mappingForm = halfMapped.form("Save the mapping and check again");
      expect(mappingForm.said("RTS status code")).toEqual({ text: "Choose the column", invalid: true });
      expect(mappingForm.value("npn")).toBe(npnColumn);
      const mapped = await admin.submit(
        mappingForm.fill("RTS status code", statusColumn),
        "Save the mapping and check again",
      );
      expect(mapped.toasts("success").join(" ")).toContain("Mapping saved");
      const preview = await admin.openUntil(importPath, (p) => p.hasTestId("import-counts"));
      const counts = preview.testIdText("import-counts");
      expect(counts).toContain("3 rows read");
      expect(counts).toContain("1 ready to import");
      expect(counts).toContain("2 with problems");
      expect(preview.text()).toContain("No agent has the NPN 99999999.");
      expect(preview.text()).toMatch(/“SOMETIMES” is not an RTS status of /);

      // Nothing is written before the confirmation.
      expect(await downline()).toContain("Not ready to sell");
      await admin.submit(preview.form("Import 1 row"), "Import 1 row");
      // The import runs in the background: its page (which refreshes itself) is read until it is done.
      const outcomes = "0 created, 1 updated, 0 unchanged, 2 refused.";
      const results = await admin.openUntil(
        importPath,
        (p) => p.hasTestId("import-outcomes") && p.testIdText("import-outcomes") === outcomes,
      );
      expect(results.text()).toContain("Refused: No agent has the NPN 99999999.");
      const refusedRows = await admin.follow(results, "Refused");
      expect(refusedRows.text()).toContain("Rows refused");
      expect(refusedRows.tableRows()).toHaveLength(2);

      // The results as CSV (the page's link): every row with its outcome and reason.
      const csv = await admin.download(results.link("Download the results (CSV)"));
      expect(csv.status()).toBe(200);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      expectResultsCsv(await csv.text(), npn);

      // agency@ sees the agent ready to sell.
      expect(await downline()).toContain("Ready to sell");

      // The same file again: recognised, with the way to the first import.
      const already = "This file was already imported on";
      const again = await admin.openUntil(await uploadOnce(), (p) => p.alerts().join(" ").includes(already));
      expect((await admin.open(again.linkMatching(/^Open import #\d+$/))).path).toBe(importPath);

      // The history lists it.
      const history = await admin.open(`/admin/carrier_imports?carrier=${carrierId}&kind=rts`);
      expect(() => history.linkMatching(new RegExp(`#${/(\d+)$/.exec(importPath)?.[1]}$`))).not.toThrow();

      await putBack(carrierId, npn, "NRTS");
      expect(await downline()).toContain("Not ready to sell");
    } finally {
      await Promise.all([admin.close(), agency.close()]);
    }
  },
);

/** Uploads a file of a kind for a carrier (JS on), lands on the import's page. */
async function uploadFile(page: Page, carrierId: number, kind: string, name: string, file: string) {
  await page.goto("/admin/carrier_imports/upload");
  await page.getByRole("combobox", { name: "Carrier" }).selectOption(String(carrierId));
  await page.getByRole("combobox", { name: "What the file holds" }).selectOption(kind);
  await page.locator("input[type=file]").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(file) });
  await page.getByRole("button", { name: "Read the file" }).click();
  await page.waitForURL(/\/admin\/carrier_imports\/\d+$/);
  return page.url();
}

test("an appointments file's rows show on the broker's contracts page; bad rows are refused with their reason", async ({
  page,
}) => {
  // A day of its own per run, so a second run updates what the first created.
  const day = `2025-${String(1 + Math.floor(Math.random() * 12)).padStart(2, "0")}-${String(1 + Math.floor(Math.random() * 28)).padStart(2, "0")}`;
  const [y, m, d] = day.split("-");
  const file = [
    "NPN,State,Appointment Status,Effective Date,Termination Reason",
    `17845210,WY,Appointed,${day},`,
    `17845210,VT,Terminated,${day},Agent request`,
    `17845210,ZZ,Appointed,${day},`,
    "",
  ].join("\r\n");
  await loginAs(page, "admin@demo.test");
  const importUrl = await uploadFile(page, 2, "appointments", "summit-appointments.csv", file);
  await expect(page.getByTestId("import-counts")).toContainText("3 rows read");
  await expect(page.getByText("“ZZ” is not a US state's two-letter code (e.g. TX).")).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole("button", { name: "Import 2 rows" }).click();
  await expect(page.getByTestId("import-outcomes")).toHaveText(
    /^[02] created, [02] updated, 0 unchanged, 1 refused\.$/,
    {
      timeout: 30_000,
    },
  );

  await page.goto("/admin/brokers/1/contracts");
  const appointments = page.getByRole("region", { name: "Carrier appointments" });
  const wy = appointments.getByRole("row").filter({ hasText: "Summit Mutual" }).filter({ hasText: "WY" });
  await expect(wy).toContainText(`Appointed since ${m}/${d}/${y}`);
  const vt = appointments.getByRole("row").filter({ hasText: "Summit Mutual" }).filter({ hasText: "VT" });
  await expect(vt).toContainText(`Terminated since ${m}/${d}/${y} (Agent request)`);
  await expectAxeClean(page);
  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoSidewaysScroll(page);
  await wy.getByRole("link", { name: /^Import #\d+$/ }).click();
  await expect(page).toHaveURL(importUrl);
});

test("an enrollments file's record appears in the carrier enrollments, its row's cells the raw payload", async ({
  page,
}) => {
  const confirmation = `EV-E2E-${Date.now()}`;
  const file = [
    "Confirmation Number,Agent NPN,Member,Medicare ID,Date of Birth,Plan,Plan Type,Contract PBP,County,State,Status,Submitted Date,Effective Date,Termination Date,Termination Reason",
    `${confirmation},17845210,Opal Whitaker,2QF7-TK2-MH41,04/12/1954,Evergreen Complete (HMO-POS),MAPD,H4509002,Maricopa,AZ,Pending,2026-09-10,2026-10-01,,`,
    `${confirmation}-2,17845210,Bad Id,12345,1954-04-12,Evergreen Complete (HMO-POS),MAPD,H4509-002,Maricopa,AZ,Pending,2026-09-10,2026-10-01,,`,
    "",
  ].join("\n");
  await loginAs(page, "admin@demo.test");
  await uploadFile(page, 3, "enrollments", "evergreen-enrollments.csv", file);
  await expect(page.getByText("The Medicare ID is not 11 letters and digits.")).toBeVisible();
  await expectAxeClean(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Import 1 row" }).click();
  await expect(page.getByTestId("import-outcomes")).toHaveText("1 created, 0 updated, 0 unchanged, 1 refused.", {
    timeout: 30_000,
  });

  await page.goto(`/admin/carrier_enrollments?search=${confirmation}`);
  await page.getByRole("row").filter({ hasText: "Opal Whitaker" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: `Enrollment ${confirmation}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Summary" })).toContainText("Maricopa, AZ");
  await page.getByRole("link", { name: "Raw payload" }).click();
  const tree = page.getByRole("list", { name: "Payload" });
  await expect(tree).toContainText(`Confirmation Number: "${confirmation}"`);
  await expect(tree).toContainText('Contract PBP: "H4509002"');
  await expect(page.locator("pre.json-raw")).toContainText('"Date of Birth": "04/12/1954"');
  await expectAxeClean(page);
});
