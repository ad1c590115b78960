import { readFileSync } from "node:fs";
import path from "node:path";
import { type Page, test as httpTest } from "@playwright/test";
import { NoJsBrowser } from "../support/no-js";
import { expect, lockAccount, loginAs, resetAccount, test } from "./fixtures";

/**
 * The profile's changes (issue 12): docs@ uploads its flagged documents and may then request a contract (holding
 * docs@, which the tickets spec changes too); loa@ changes its details, SMS answer and a document. Runs after the
 * read-only specs. Without JavaScript in the HTTP tier (tests/support/no-js.ts posts the page's own forms, multipart
 * ones included).
 */
const PDF = path.join(import.meta.dirname, "files", "court-order.pdf");
const TEXT = path.join(import.meta.dirname, "files", "notes.txt");
/** The files as a browser without JavaScript sends them (what `setInputFiles` sends for these paths). */
const pdf = () => ({ name: "court-order.pdf", mimeType: "application/pdf", buffer: readFileSync(PDF) });
const text = () => ({ name: "notes.txt", mimeType: "text/plain", buffer: readFileSync(TEXT) });

/** MM/DD/YYYY of June 30 next year: a certificate's expiry date that is valid whenever the test runs. */
function nextYearDate(): string {
  return `06/30/${new Date().getFullYear() + 1}`;
}

const menuAlert = (page: Page) =>
  page.getByRole("navigation", { name: "Main menu" }).getByRole("img", { name: "Documents need attention" });

test.describe("docs@ replaces its flagged documents", () => {
  test.describe.configure({ mode: "serial" });
  let release: (() => void) | undefined;
  test.beforeAll(async () => {
    // Waiting for the other spec that holds docs@ counts against this hook's time.
    test.setTimeout(150_000);
    release = await lockAccount("docs@demo.test");
  });
  test.beforeEach(async () => {
    await resetAccount("docs@demo.test");
  });
  test.afterAll(async () => {
    try {
      await resetAccount("docs@demo.test");
    } finally {
      release?.();
    }
  });

  test("uploads each flagged document (progress shown), the icon leaves, and a contract request goes through", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await loginAs(page, "docs@demo.test");
    await expect(menuAlert(page)).toBeVisible();
    await page.goto("/profile");

    // The E&O certificate: an expired date is refused at the field, before anything is sent.
    const eo = page.getByTestId("document-eo");
    await eo.getByLabel(/New E&O Certificate/).setInputFiles(PDF);
    const expiry = eo.getByRole("textbox", { name: "Expiry date of the certificate" });
    await expiry.fill("01/01/2020");
    await eo.getByRole("button", { name: "Upload replacement" }).click();
    await expect(eo.getByText(/Enter a date on or after/)).toBeVisible();

    // Held back a moment, the upload shows its progress.
    let releaseUpload: () => void = () => {};
    const held = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route("**/profile/documents/eo/file", async (route) => {
      await held;
      await route.continue();
    });
    await expiry.fill(nextYearDate());
    await eo.getByRole("button", { name: "Upload replacement" }).click();
    await expect(eo.getByText(/Uploading… \d+%/)).toBeVisible();
    await expect(eo.getByRole("progressbar")).toBeVisible();
    releaseUpload();
    await expect(page.locator("[data-toast=success]").last()).toContainText("Your E&O Certificate was uploaded.");
    await expect(eo.getByTestId("document-status")).toHaveText("Valid");
    await expect(eo.getByTestId("document-flag")).toHaveCount(0);
    await expect(eo).toContainText("court-order.pdf");
    // The W-9 is still flagged: so is the menu.
    await expect(page.getByTestId("document-w9").getByTestId("document-flag")).toBeVisible();
    await expect(menuAlert(page)).toBeVisible();

    const w9 = page.getByTestId("document-w9");
    await w9.getByLabel(/W-9/).setInputFiles(PDF);
    await w9.getByRole("button", { name: "Upload" }).click();
    await expect(page.locator("[data-toast=success]").last()).toContainText(
      "Your W-9 was uploaded. Your documentation is up to date: you can request contracts again.",
    );
    await expect(page.getByTestId("document-flag")).toHaveCount(0);
    await expect(menuAlert(page)).toHaveCount(0);

    // Contract Now is open again: request Summit Mutual.
    await page.getByRole("link", { name: "Contract Now" }).first().click();
    await expect(page.getByRole("alert").filter({ hasText: "You cannot request new contracts" })).toHaveCount(0);
    await page.getByRole("region", { name: "Summit Mutual" }).getByRole("link", { name: "Contract Now" }).click();
    await page.getByRole("link", { name: "Confirm & Next" }).click();
    await page.getByRole("button", { name: "Update Answers & Contract" }).click();
    await expect(page.locator("[data-toast=success]").filter({ hasText: "We will be in touch shortly" })).toContainText(
      "We will be in touch shortly to get you contracting with Summit Mutual",
    );
    await expect(page.getByRole("region", { name: "Summit Mutual" })).toContainText("Pending contract");
  });

  httpTest(
    "without JavaScript: a plain multipart upload: refused with the date kept, then on file and the icon gone",
    async () => {
      const docs = await NoJsBrowser.signedIn("docs@demo.test");
      try {
        const profile = await docs.open("/profile");
        const refused = await docs.submit(
          profile
            .within("document-eo")
            .form("Upload replacement")
            .attach("New E&O Certificate", pdf())
            .fill("Expiry date of the certificate", "02/30/2030"),
          "Upload replacement",
        );
        // The form comes back on the document's page, with the date typed and the file to choose again.
        expect(refused.path).toBe("/profile/documents/eo");
        const form = refused.form("Upload replacement");
        expect(form.text).toContain("Enter the expiry date as MM/DD/YYYY");
        expect(form.valueOf("Expiry date of the certificate")).toBe("02/30/2030");
        const uploaded = await docs.submit(
          form.attach("New E&O Certificate", pdf()).fill("Expiry date of the certificate", nextYearDate()),
          "Upload replacement",
        );
        expect(uploaded.path).toBe("/profile");
        expect(uploaded.toasts("success").join(" ")).toContain("Your E&O Certificate was uploaded.");
        expect(uploaded.within("document-eo").hasTestId("document-flag")).toBe(false);
        expect(uploaded.within("document-eo").within("document-status").text()).toBe("Valid");
        expect(uploaded.within("document-w9").hasTestId("document-flag")).toBe(true);
      } finally {
        await docs.close();
      }
    },
  );
});

test.describe("loa@ changes its profile", () => {
  test.describe.configure({ mode: "serial" });
  test.beforeEach(async () => {
    await resetAccount("loa@demo.test");
  });
  test.afterAll(async () => {
    await resetAccount("loa@demo.test");
  });

  test("details: checked as typed, saved with the phone's mask; SMS answer changed", async ({ page }) => {
    await loginAs(page, "loa@demo.test", { path: "/profile" });
    const details = page.getByRole("region", { name: "Personal details" });
    const zip = details.getByRole("textbox", { name: "ZIP code" });
    await zip.fill("123");
    await zip.blur();
    await expect(details.getByText("Enter a 5-digit ZIP code")).toBeVisible();
    await zip.fill("85701");
    const phone = details.getByRole("textbox", { name: "Phone" });
    // Replace the number on file as a user would: select it all, delete, type the digits (the mask formats them).
    await phone.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Delete");
    await expect(phone).toHaveValue("");
    await phone.pressSequentially("5553001234");
    await expect(phone).toHaveValue("(555) 300-1234");
    await details.getByRole("textbox", { name: "City" }).fill("Tucson");
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(page.locator("[data-toast=success]")).toContainText("Your details were saved.");
    await page.reload();
    await expect(details.getByRole("textbox", { name: "City" })).toHaveValue("Tucson");
    await expect(details.getByRole("textbox", { name: "Phone" })).toHaveValue("(555) 300-1234");

    const sms = page.getByRole("region", { name: "Text-message alerts" });
    await expect(sms.getByTestId("sms-answer")).toContainText("No");
    await sms.getByRole("button", { name: "Yes" }).click();
    await expect(page.locator("[data-toast=success]").last()).toContainText("You will receive text-message alerts.");
    await expect(sms.getByTestId("sms-answer")).toHaveText("Current answer: Yes, you receive text-message alerts.");
  });

  httpTest("without JavaScript: details refused keep every typed value; SMS answer and a wrong file type", async () => {
    const loa = await NoJsBrowser.signedIn("loa@demo.test");
    try {
      const profile = await loa.open("/profile");
      const refused = await loa.submit(
        profile
          .within("Personal details")
          .form("Save details")
          .fill("Phone", "555-12")
          .fill("Street address", "77 Camelback Road")
          .fill("State", "A1"),
        "Save details",
      );
      let details = refused.within("Personal details").form("Save details");
      expect(details.text).toContain("Enter a 10-digit phone number");
      expect(details.text).toContain("Use the 2-letter state code");
      expect(details.valueOf("Street address")).toBe("77 Camelback Road");
      expect(details.valueOf("Phone")).toBe("555-12");
      const saved = await loa.submit(details.fill("Phone", "(555) 310-7777").fill("State", "AZ"), "Save details");
      expect(saved.toasts("success").join(" ")).toContain("Your details were saved.");
      details = saved.within("Personal details").form("Save details");
      expect(details.valueOf("Street address")).toBe("77 Camelback Road");

      const answered = await loa.submit(saved.within("Text-message alerts").form("Yes"), "Yes");
      expect(answered.path).toBe("/profile");
      expect(answered.within("Text-message alerts").within("sms-answer").text()).toBe(
        "Current answer: Yes, you receive text-message alerts.",
      );

      const wrong = await loa.submit(
        answered.within("document-w9").form("Upload replacement").attach("New W-9", text()),
        "Upload replacement",
      );
      expect(wrong.path).toBe("/profile/documents/w9");
      expect(wrong.text()).toContain("Only images or PDF files can be attached");
    } finally {
      await loa.close();
    }
  });
});
