import { readFileSync } from "node:fs";
import path from "node:path";
import { type Page, test as httpTest } from "@playwright/test";
import { NoJsBrowser } from "../support/no-js";
import { expect, lockAccount, loginAs, resetAccount, test } from "./fixtures";

/** Changes agent@'s contracts: runs after the read-only specs (playwright.config.ts projects). */

const PDF = path.join(import.meta.dirname, "files", "court-order.pdf");
const TEXT = path.join(import.meta.dirname, "files", "notes.txt");

function carrier(page: Page, name: string) {
  return page.getByRole("region", { name });
}

test.describe("the contract flow", () => {
  test.describe.configure({ mode: "serial" });
  // agent@ is changed by the ready-to-sell spec too (issue 25): one spec at a time.
  let release: (() => void) | undefined;
  test.beforeAll(async () => {
    test.setTimeout(330_000);
    release = await lockAccount("agent@demo.test", 300_000);
  });
  test.afterAll(() => release?.());
  test.beforeEach(async () => {
    await resetAccount("agent@demo.test");
  });

  test("Contract Now → Confirm & Next → legal questions → Update Answers & Contract", async ({ page }) => {
    // Contract Now is drawn as a dialog without the menu: signed in at the home, then opened.
    await loginAs(page, "agent@demo.test");
    await page.goto("/contract_now");
    await carrier(page, "Keystone Senior Health").getByRole("link", { name: "Contract Now" }).click();
    await expect(page.getByRole("heading", { name: "Contract with Keystone Senior Health" })).toBeVisible();
    await expect(page.getByText("Confirm your account")).toBeVisible();
    await page.getByRole("link", { name: "Confirm & Next" }).click();

    // Answers are prefilled: question 2 was answered Yes, with its explanation and stored file.
    const q2 = page.getByRole("group", { name: /suspended or revoked/ });
    await expect(q2.getByRole("radio", { name: "Yes" })).toBeChecked();
    await expect(q2.getByText("ga-license-reinstatement.pdf")).toBeVisible();
    const q1 = page.getByRole("group", { name: /felony/ });
    await expect(q1.getByRole("radio", { name: "No" })).toBeChecked();
    await expect(q1.getByLabel("Explanation")).toBeHidden();

    // Yes reveals the explanation fields and makes them required (instant validation with JS).
    await q1.getByRole("radio", { name: "Yes" }).check();
    await expect(q1.getByLabel("Explanation")).toBeVisible();
    await page.getByRole("button", { name: "Update Answers & Contract" }).click();
    await expect(q1.getByText("Explain what happened")).toBeVisible();

    await q1.getByLabel("Explanation").fill("A 2001 misdemeanour, expunged in 2005.");
    await q1.getByRole("textbox", { name: "Date of action" }).fill("03/15/2005");
    await q1.locator('input[type="file"]').setInputFiles(PDF);
    await page.getByRole("button", { name: "Update Answers & Contract" }).dblclick();

    await expect(page.locator("[data-toast=success]")).toContainText(
      "We will be in touch shortly to get you contracting with Keystone Senior Health",
    );
    const keystone = carrier(page, "Keystone Senior Health");
    await expect(keystone).toContainText(
      "We will be in touch shortly to get you contracting with Keystone Senior Health",
    );
    await expect(keystone).toContainText("Pending contract");

    // The double click made one request, and the answers were saved.
    await page.goto("/contracts");
    await expect(page.getByRole("row").filter({ hasText: "Keystone Senior Health" })).toHaveCount(1);
    // A requested carrier no longer opens the flow.
    await page.goto("/contract_now?product=1&carrier=105&step=legal");
    await expect(page.getByRole("heading", { name: "Legal questions" })).toHaveCount(0);
  });

  test("the server decides: no request for a carrier already in a state, nor without every answer", async ({
    page,
  }) => {
    await loginAs(page, "agent@demo.test");
    const active = await page.request.post("/contract_now?product=1&carrier=101&step=legal", {
      multipart: {
        "answers[0].legalQuestionId": "1",
        "answers[0].hasOccurred": "no",
        idempotencyKey: "forged-active-1",
      },
      maxRedirects: 0,
    });
    expect(active.status()).toBe(302);
    const partial = await page.request.post("/contract_now?product=1&carrier=105&step=legal", {
      multipart: {
        "answers[0].legalQuestionId": "1",
        "answers[0].hasOccurred": "no",
        idempotencyKey: "forged-partial-1",
      },
      maxRedirects: 0,
    });
    expect(partial.status()).toBe(400);
    expect(await partial.text()).toContain("Answer every legal question of this product.");
    await page.goto("/contract_now");
    await expect(carrier(page, "Keystone Senior Health").getByRole("link", { name: "Contract Now" })).toBeVisible();
    await expect(carrier(page, "Blue Harbor Health").getByRole("link", { name: "View Contract" })).toBeVisible();
  });

  test("Cancel resets the flow", async ({ page }) => {
    // Contract Now is drawn as a dialog without the menu: signed in at the home, then opened.
    await loginAs(page, "agent@demo.test");
    await page.goto("/contract_now?product=1&carrier=105&step=confirm");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/contract_now?product=1");
    await expect(page.getByText("Confirm your account")).toHaveCount(0);
  });

  httpTest(
    "without JavaScript: a wrong file is refused at its field and nothing typed is lost; then the request goes through",
    async () => {
      const agent = await NoJsBrowser.signedIn("agent@demo.test");
      try {
        const contractNow = await agent.open("/contract_now");
        const confirm = await agent.open(contractNow.linkNamed("Contract Now", "Keystone Senior Health"));
        const legal = await agent.follow(confirm, "Confirm & Next");
        const form = legal.form("Update Answers & Contract");
        form
          .within(/felony/)
          .check("Yes")
          .fill("Explanation", "Expunged misdemeanour.")
          .fill("Date of action", "03/15/2005")
          .attach("Attachment", { name: "notes.txt", mimeType: "text/plain", buffer: readFileSync(TEXT) });
        const refused = await agent.submit(form, "Update Answers & Contract");

        const again = refused.form("Update Answers & Contract");
        const q1 = again.within(/felony/);
        expect(refused.status).toBe(400);
        expect(q1.text).toContain("Only images or PDF files can be attached");
        expect(q1.valueOf("Explanation")).toBe("Expunged misdemeanour.");
        expect(q1.valueOf("Date of action")).toBe("03/15/2005");
        expect(q1.isChecked("Yes")).toBe(true);

        q1.attach("Attachment", { name: "court-order.pdf", mimeType: "application/pdf", buffer: readFileSync(PDF) });
        const sent = await agent.submit(again, "Update Answers & Contract");
        expect(sent.status).toBe(200);
        expect(sent.toasts("success").join(" ")).toContain(
          "We will be in touch shortly to get you contracting with Keystone Senior Health",
        );
        expect(sent.text("Keystone Senior Health")).toContain("Pending contract");
      } finally {
        await agent.close();
      }
    },
  );
});
