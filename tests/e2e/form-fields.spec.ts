import type { Locator, Page } from "@playwright/test";
import { expect, loginAs, test } from "./fixtures";

/**
 * The form layer (docs/decisions/015-form-layer.md): masked fields keep the caret where the user types,
 * and a form the server answers with errors keeps what was typed, with JavaScript and without. Read-only:
 * the upstream refuses the personal details below, so nothing is saved.
 */

/** Puts the caret at `position`, types `digit`, and reads back the value and where the caret is. */
async function typeAt(page: Page, input: Locator, position: number, digit: string) {
  await input.focus();
  await input.evaluate((element: HTMLInputElement, at) => element.setSelectionRange(at, at), position);
  await page.keyboard.type(digit);
  return input.evaluate((element: HTMLInputElement) => ({ value: element.value, caret: element.selectionStart }));
}

test.describe("masked fields keep the caret where the user types", () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, "onboarding@demo.test");
    await page.goto("/onboarding/personal");
  });

  test("a digit typed in the middle of a phone number stays there, and so does the caret", async ({ page }) => {
    const phone = page.getByRole("textbox", { name: "Phone" });
    await phone.fill("555123456");
    await expect(phone).toHaveValue("(555) 123-456");
    // After "(555) 1": the digits after it move one place right, the caret stays after the new digit.
    expect(await typeAt(page, phone, 7, "9")).toEqual({ value: "(555) 192-3456", caret: 8 });
    // Correcting a digit: select it and type over it.
    await phone.evaluate((element: HTMLInputElement) => element.setSelectionRange(1, 2));
    await page.keyboard.type("7");
    expect(await phone.evaluate((element: HTMLInputElement) => [element.value, element.selectionStart])).toEqual([
      "(755) 192-3456",
      2,
    ]);
  });

  test("a digit typed in the middle of an SSN stays there, and so does the caret", async ({ page }) => {
    const ssn = page.getByRole("textbox", { name: /SSN/ });
    await ssn.fill("12345678");
    await expect(ssn).toHaveValue("123-45-678");
    expect(await typeAt(page, ssn, 1, "9")).toEqual({ value: "192-34-5678", caret: 2 });
  });
});

const LONG_STREET = `${"1".repeat(4)} ${"Ocean Drive ".repeat(17)}`.trim();

async function fillPersonal(page: Page) {
  await page.getByRole("textbox", { name: "Phone" }).fill("5552014410");
  await page.getByRole("textbox", { name: "Date of birth" }).fill("04/12/1980");
  // Within the portal's rules, refused by the upstream (at most 200 characters): an answer only the server gives.
  await page.getByRole("textbox", { name: "Street address" }).fill(LONG_STREET);
  await page.getByRole("textbox", { name: "City" }).fill("Miami");
  await page.getByRole("textbox", { name: "State" }).fill("FL");
  await page.getByRole("textbox", { name: "ZIP code" }).fill("33101");
  await page.getByRole("textbox", { name: /SSN/ }).fill("123-45-6789");
  await page.getByRole("button", { name: "Save & Continue" }).click();
}

/** `phone`: as the mask shows it (JavaScript), or as typed (a plain input). */
async function expectTypedValuesKept(page: Page, phone: string) {
  await expect(
    page.getByRole("alert").filter({ hasText: "Address must be at most 200 characters" }).first(),
  ).toBeVisible();
  await expect(page).toHaveURL("/onboarding/personal");
  await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue(phone);
  await expect(page.getByRole("textbox", { name: "Date of birth" })).toHaveValue("04/12/1980");
  await expect(page.getByRole("textbox", { name: "Street address" })).toHaveValue(LONG_STREET);
  await expect(page.getByRole("textbox", { name: "City" })).toHaveValue("Miami");
  await expect(page.getByRole("textbox", { name: "ZIP code" })).toHaveValue("33101");
}

test("a form the server answers with errors keeps what was typed", async ({ page }) => {
  expect(LONG_STREET.length).toBeGreaterThan(200);
  await loginAs(page, "onboarding@demo.test");
  await page.goto("/onboarding/personal");
  await fillPersonal(page);
  await expectTypedValuesKept(page, "(555) 201-4410");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a form the server answers with errors keeps what was typed", async ({ page }) => {
    await loginAs(page, "onboarding@demo.test");
    await page.goto("/onboarding/personal");
    await fillPersonal(page);
    await expectTypedValuesKept(page, "5552014410");
    // A tax id never comes back in the page the server draws.
    await expect(page.getByRole("textbox", { name: /SSN/ })).toHaveValue("");
  });

  test("a masked field is a plain input: any formatting of the digits is accepted, and comes back as typed", async ({
    page,
  }) => {
    await loginAs(page, "onboarding@demo.test");
    await page.goto("/onboarding/personal");
    await page.getByRole("textbox", { name: "Phone" }).fill("555.201.4410");
    await page.getByRole("textbox", { name: "City" }).fill("");
    await page.getByRole("button", { name: "Save & Continue" }).click();
    await expect(page.getByText("Enter your city")).toBeVisible();
    await expect(page.getByText("Enter a 10-digit phone number")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue("555.201.4410");
  });
});

test.describe("/registration marks its required fields from the first render (issue 20)", () => {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled });
      test("each required field is required and its label carries the mark, before any submit", async ({ page }) => {
        await page.goto("/registration");
        for (const name of ["E-mail", "First name", "Last name", "NPN", "Phone"]) {
          const input = page.getByRole("textbox", { name, exact: true });
          await expect(input, name).toHaveAttribute("required", "");
          // Mantine's required mark: an asterisk in the label.
          await expect(page.locator(`label[for="${await input.getAttribute("id")}"]`)).toContainText("*");
        }
        for (const input of await page.locator("input[type=password]").all()) {
          await expect(input).toHaveAttribute("required", "");
        }
        await expect(page.getByRole("checkbox", { name: /privacy policy/ })).toHaveAttribute("required", "");
        // Nothing was sent: no error yet.
        await expect(page.locator("[aria-invalid=true]")).toHaveCount(0);
      });
    });
  }
});
