import type { Browser, Page } from "@playwright/test";
import { REFERENCE_API_PORT } from "../../playwright.config";
import { expect, expectAxeClean, expectNoSidewaysScroll, loginAs, PASSWORD, test } from "./fixtures";

/**
 * Carrier imports (issue 24 §1), JS on and JS off: an admin uploads an RTS file for agency@'s downline (one agent moved
 * to Ready to sell, an unknown NPN and an unknown status code), sees the two problem rows in the preview, imports the
 * rest, reads the results (and their CSV), and the same file again is recognised; agency@'s /downlines shows the
 * agent Ready to sell. Each mode works on its own carrier and agent, and puts the agent's status back after.
 * Then (JS on) the other kinds' effects where people see them: an appointments file's rows on the broker's contracts
 * page (Carrier appointments), an enrollments file's record in the carrier enrollments with its raw payload.
 */

test.beforeEach(() => test.setTimeout(180_000));

/** The agent's RTS status on agency@'s /downlines for the carrier (the row's text). */
async function downlineRow(browser: Browser, carrierId: number, open: number | null, advisor: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, "agency@demo.test");
  await page.goto(`/downlines?carrier=${carrierId}${open ? `&open=${open}` : ""}`);
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

const CASES = [
  // Samuel Ortiz, agency@'s direct agent: Active but not ready to sell with Pioneer Benefits.
  { javaScriptEnabled: true, carrierId: 4, npn: "30005201", advisor: "Samuel Ortiz", open: null },
  // Julia Novak (Lakeside Insurance Group): Active but not ready to sell with Summit Mutual.
  { javaScriptEnabled: false, carrierId: 2, npn: "30005233", advisor: "Julia Novak", open: 5102 },
] as const;

for (const { javaScriptEnabled, carrierId, npn, advisor, open } of CASES) {
  const mode = javaScriptEnabled ? "JS on" : "JS off";

  test.describe(`carrier imports (${mode})`, () => {
    test.use({ javaScriptEnabled });

    test(`an RTS file moves ${advisor} to Ready to sell; bad rows are refused with their reason; the same file is recognised (${mode})`, async ({
      page,
      browser,
    }) => {
      expect(await downlineRow(browser, carrierId, open, advisor)).toContain("Not ready to sell");
      const tag = `${Date.now()}-${Math.random()}`;
      // JS off: the carrier's columns are named otherwise than its mapping says, so the mapping form is filled in.
      const [npnColumn, statusColumn] = javaScriptEnabled
        ? ["NPN", "RTS Status"]
        : [`Producer ${tag}`, `Readiness ${tag}`];
      const file = [
        `${npnColumn},${statusColumn},Ref`,
        `${npn},RTS,${tag}`,
        "99999999,RTS,unknown agent",
        `${npn},SOMETIMES,unknown status`,
        "",
      ].join("\r\n");
      const upload = { name: `rts-${mode.replace(" ", "-")}.csv`, mimeType: "text/csv", buffer: Buffer.from(file) };

      await loginAs(page, "admin@demo.test");
      await page.goto("/admin/carrier_imports");
      if (javaScriptEnabled) await expectAxeClean(page);
      await page.getByRole("link", { name: "Upload a carrier's file" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Upload a carrier's file" })).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);
      await expectNoSidewaysScroll(page);
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
      if (!javaScriptEnabled) {
        await expect(page.getByRole("heading", { name: "Map the file's columns" })).toBeVisible();
        await page.getByRole("combobox", { name: "Agent NPN" }).selectOption(npnColumn);
        await page.getByRole("button", { name: "Save the mapping and check again" }).click();
        // One field left unchosen: said at the field, the other choice kept.
        await expect(page.locator("p").filter({ hasText: /^Choose the column$/ })).toBeVisible();
        await expect(page.getByRole("combobox", { name: "Agent NPN" })).toHaveValue(npnColumn);
        await page.getByRole("combobox", { name: "RTS status code" }).selectOption(statusColumn);
        await page.getByRole("button", { name: "Save the mapping and check again" }).click();
        await expect(page.locator("[data-toast=success]").last()).toContainText("Mapping saved");
      }
      const counts = page.getByTestId("import-counts");
      await expect(counts).toContainText("3 rows read");
      await expect(counts).toContainText("1 ready to import");
      await expect(counts).toContainText("2 with problems");
      await expect(page.getByText("No agent has the NPN 99999999.")).toBeVisible();
      await expect(page.getByText(/“SOMETIMES” is not an RTS status of /)).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);
      await expectNoSidewaysScroll(page);

      // Nothing is written before the confirmation.
      expect(await downlineRow(browser, carrierId, open, advisor)).toContain("Not ready to sell");
      await page.getByRole("button", { name: "Import 1 row" }).click();
      await expect(page.getByTestId("import-outcomes")).toHaveText("0 created, 1 updated, 0 unchanged, 2 refused.", {
        timeout: 30_000,
      });
      await expect(page.getByText("Refused: No agent has the NPN 99999999.")).toBeVisible();
      if (javaScriptEnabled) await expectAxeClean(page);
      await expectNoSidewaysScroll(page);
      await page.getByRole("link", { name: "Refused", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Rows refused" })).toBeVisible();
      await expect(page.getByRole("row")).toHaveCount(3);

      // The results as CSV: every row with its outcome and reason.
      const csv = await page.request.get(`${importUrl}/results.csv`);
      expect(csv.status()).toBe(200);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      const lines = (await csv.text()).trim().split(/\r?\n/);
      expect(lines).toEqual([
        "Line,Outcome,Reason,Agent NPN,RTS status code",
        `2,Updated,,${npn},RTS`,
        "3,Refused,No agent has the NPN 99999999.,99999999,RTS",
        expect.stringMatching(new RegExp(`^4,Refused,“SOMETIMES” is not an RTS status of .*,${npn},SOMETIMES$`)),
      ]);

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
      if (javaScriptEnabled) await expectAxeClean(page);

      await putBack(carrierId, npn, "NRTS");
      expect(await downlineRow(browser, carrierId, open, advisor)).toContain("Not ready to sell");
    });
  });
}

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
