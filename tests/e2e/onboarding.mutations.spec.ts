import path from "node:path";
import { type Page, test as httpTest } from "@playwright/test";
import type { HtmlForm } from "../support/html-forms";
import { NoJsBrowser } from "../support/no-js";
import { expect, loginAs, menuLabels, resetAccount, test } from "./fixtures";

const PDF = path.join(import.meta.dirname, "files", "court-order.pdf");

async function fillPersonal(page: Page) {
  await page.getByRole("textbox", { name: "Phone" }).fill("5552014410");
  await page.getByRole("textbox", { name: "Date of birth" }).fill("04/12/1980");
  await page.getByRole("textbox", { name: "Street address" }).fill("12 Ocean Drive");
  await page.getByRole("textbox", { name: "City" }).fill("Miami");
  await page.getByRole("textbox", { name: "State" }).fill("FL");
  await page.getByRole("textbox", { name: "ZIP code" }).fill("33101");
}

/** `fillPersonal` without JavaScript: the personal details step's form, as typed. */
function personal(form: HtmlForm): HtmlForm {
  return form
    .fill("Phone", "5552014410")
    .fill("Date of birth", "04/12/1980")
    .fill("Street address", "12 Ocean Drive")
    .fill("City", "Miami")
    .fill("State", "FL")
    .fill("ZIP code", "33101");
}

test.describe("onboarding, step by step, to an unlocked menu", () => {
  test.describe.configure({ mode: "serial" });
  test.beforeEach(async () => {
    await resetAccount("onboarding@demo.test");
  });

  test("with JavaScript: every step saved, then submitted", async ({ page }) => {
    // Six steps, each saved through the upstream: ~25 s alone, more on a busy 2-core CI machine.
    test.slow();
    await loginAs(page, "onboarding@demo.test");
    await expect(page).toHaveURL("/onboarding");
    expect(await menuLabels(page)).toEqual(["Contracting", "Profile", "Contact Support", "Logout"]);
    // Issue 11: nothing is done yet, so the overview starts with the first step; the banner does not link here.
    await expect(page.getByRole("link", { name: "Finish your contracting steps" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Continue where you left off" })).toHaveCount(0);
    await page.getByRole("link", { name: /^Start with Personal details/ }).click();

    // Personal details with the spec §5 masks; the SSN shows masked once saved.
    await expect(page).toHaveURL("/onboarding/personal");
    await fillPersonal(page);
    await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue("(555) 201-4410");
    await page.getByRole("button", { name: "Save & Continue" }).click();
    await expect(page.getByText("Enter your SSN (###-##-####) or your agency's EIN (##-#######)")).toBeVisible();
    await page.getByRole("textbox", { name: /SSN/ }).fill("123456789");
    await expect(page.getByRole("textbox", { name: /SSN/ })).toHaveValue("123-45-6789");
    await page.getByRole("button", { name: "Save & Continue" }).click();
    await expect(page).toHaveURL("/onboarding/licenses");
    // A step done: the overview continues where the user left off.
    await page.goto("/onboarding");
    await expect(page.getByRole("link", { name: "Continue where you left off" })).toHaveAttribute(
      "href",
      "/onboarding/licenses",
    );
    await page.goto("/onboarding/personal");
    await expect(page.getByTestId("tax-id-on-file")).toContainText("SSN XXX-XX-XXXX");
    expect(await page.content()).not.toContain("123-45-6789");

    await page.goto("/onboarding/licenses");
    await page.getByRole("textbox", { name: "State" }).fill("FL");
    await page.getByRole("textbox", { name: "License number" }).fill("W7654321");
    await page.getByRole("textbox", { name: "License type" }).fill("Health");
    await page.getByRole("textbox", { name: "Expires on" }).fill("12/31/2028");
    await page.getByRole("button", { name: "Add license" }).click();
    await expect(page.getByRole("table", { name: "Your licenses" })).toContainText("W7654321");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL("/onboarding/legal");
    await page.getByRole("button", { name: "Save & Continue" }).click();

    await expect(page).toHaveURL("/onboarding/documents");
    await page.getByLabel(/W-9 form/).setInputFiles(PDF);
    await page.getByLabel(/E&O certificate/).setInputFiles(PDF);
    await page.getByRole("button", { name: "Save & Continue" }).click();

    await expect(page).toHaveURL("/onboarding/signature");
    const canvas = page.locator("canvas.signature-canvas[data-ready]");
    await page.getByRole("button", { name: "Save & Continue" }).click();
    await expect(page.getByText("Please sign in the box: your signature is too short.")).toBeVisible();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 60);
    await page.mouse.down();
    for (let i = 1; i <= 30; i++) await page.mouse.move(box.x + 20 + i * 8, box.y + 60 + Math.sin(i / 3) * 25);
    await page.mouse.up();
    await page.getByRole("button", { name: "Save & Continue" }).click();

    await expect(page).toHaveURL("/onboarding");
    await page.getByRole("button", { name: "Submit onboarding" }).click();
    await expect(page).toHaveURL("/onboarding_complete");
    await expect(page.getByRole("heading", { name: "Your onboarding is complete" })).toBeVisible();
    expect(await menuLabels(page)).toEqual(["Home", "My Contracts", "Learning Center", "Profile", "Logout"]);
    await page.getByRole("link", { name: "Go to your home page" }).click();
    await expect(page).toHaveURL("/home");
  });

  /** Without JavaScript (HTTP tier: tests/support/no-js.ts posts the steps' own forms). */
  httpTest(
    "without JavaScript: the steps are plain forms; errors show at the field and what was typed stays",
    async () => {
      const SSN = "SSN (###-##-####) or EIN (##-#######)";
      const user = await NoJsBrowser.signedIn("onboarding@demo.test");
      try {
        const step = await user.open("/onboarding/personal");
        const refused = await user.submit(personal(step.form("Save & Continue")).fill(SSN, "12-34"), "Save & Continue");
        expect(refused.form("Save & Continue").text).toContain("Enter the SSN as ###-##-####");
        expect(refused.form("Save & Continue").valueOf("City")).toBe("Miami");
        const saved = await user.submit(refused.form("Save & Continue").fill(SSN, "123-45-6789"), "Save & Continue");
        expect(saved.path).toBe("/onboarding/licenses");

        const documents = await user.open("/onboarding/documents");
        const empty = await user.submit(documents.form("Save & Continue"), "Save & Continue");
        expect(empty.form("Save & Continue").text).toContain("Attach your W-9 form (image or PDF)");
        // A file over 10 MB is refused at its field; the other file is checked on its own.
        const large = await user.submit(
          empty.form("Save & Continue").attach("W-9 form", {
            name: "w9-scan.pdf",
            mimeType: "application/pdf",
            buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20),
          }),
          "Save & Continue",
        );
        expect(large.form("Save & Continue").text).toContain("The file is larger than 10 MB");
        expect(large.form("Save & Continue").text).toContain("Attach your E&O certificate (image or PDF)");

        expect((await user.open("/onboarding/signature")).text()).toContain("Drawing your signature needs JavaScript.");
      } finally {
        await user.close();
      }
    },
  );
});
