import { type Locator, type Page, test as httpTest } from "@playwright/test";
import { NoJsBrowser, type NoJsPage } from "../support/no-js";
import { expect, loginAs, test } from "./fixtures";

/**
 * The form layer (docs/decisions/015-form-layer.md): masked fields keep the caret where the user types,
 * and a form the server answers with errors keeps what was typed, with JavaScript and without (without: HTTP tests,
 * tests/support/no-js.ts, which post the page's own form). Read-only: the upstream refuses the personal details below,
 * so nothing is saved.
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
    await loginAs(page, "onboarding@demo.test", { path: "/onboarding/personal" });
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
  await loginAs(page, "onboarding@demo.test", { path: "/onboarding/personal" });
  await fillPersonal(page);
  await expectTypedValuesKept(page, "(555) 201-4410");
});

httpTest.describe("without JavaScript", () => {
  /** onboarding@'s personal step, its form filled by `fill` and sent with Save & Continue: the page answered. */
  async function sendPersonal(fill: (page: NoJsPage) => ReturnType<NoJsPage["form"]>): Promise<NoJsPage> {
    const user = await NoJsBrowser.signedIn("onboarding@demo.test");
    try {
      return await user.submit(fill(await user.open("/onboarding/personal")), "Save & Continue");
    } finally {
      await user.close();
    }
  }

  httpTest("a form the server answers with errors keeps what was typed", async () => {
    const answer = await sendPersonal((page) =>
      page
        .form("Save & Continue")
        .fill("Phone", "5552014410")
        .fill("Date of birth", "04/12/1980")
        // Within the portal's rules, refused by the upstream (at most 200 characters): an answer only the server gives.
        .fill("Street address", LONG_STREET)
        .fill("City", "Miami")
        .fill("State", "FL")
        .fill("ZIP code", "33101")
        .fill("SSN (", "123-45-6789"),
    );
    expect(answer.alerts().join(" ")).toContain("Address must be at most 200 characters");
    expect(answer.path).toBe("/onboarding/personal");
    const form = answer.form("Save & Continue");
    expect(form.value("phone")).toBe("5552014410");
    expect(form.value("dateOfBirth")).toBe("04/12/1980");
    expect(form.value("addressLine1")).toBe(LONG_STREET);
    expect(form.value("city")).toBe("Miami");
    expect(form.value("zip")).toBe("33101");
    // A tax id never comes back in the page the server draws.
    expect(form.value("taxId")).toBe("");
  });

  httpTest(
    "a masked field is a plain input: any formatting of the digits is accepted, and comes back as typed",
    async () => {
      const answer = await sendPersonal((page) =>
        page.form("Save & Continue").fill("Phone", "555.201.4410").fill("City", ""),
      );
      expect(answer.text()).toContain("Enter your city");
      expect(answer.text()).not.toContain("Enter a 10-digit phone number");
      expect(answer.form("Save & Continue").value("phone")).toBe("555.201.4410");
    },
  );
});

test.describe("/registration marks its required fields from the first render (issue 20)", () => {
  test("with JavaScript: each required field is required and its label carries the mark, before any submit", async ({
    page,
  }) => {
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

  httpTest(
    "without JavaScript: each required field is required and its label carries the mark, before any submit",
    async () => {
      const visitor = await NoJsBrowser.open();
      const page = await visitor.open("/registration");
      await visitor.close();
      const control = (label: RegExp) =>
        page.find({ tag: "input", attrs: { id: page.find({ tag: "label", text: label }).attr("for")! } });
      for (const name of ["E-mail", "First name", "Last name", "NPN", "Phone"]) {
        // Mantine's required mark: an asterisk in the label.
        const input = control(new RegExp(`^${name}\\s*\\*$`));
        expect(input.attr("required"), name).toBe("");
        expect(input.attr("type") ?? "text", name).toMatch(/^(text|email|tel)$/);
      }
      const passwords = page.findAll({ tag: "input", attrs: { type: "password" } });
      expect(passwords).toHaveLength(2);
      for (const input of passwords) expect(input.attr("required")).toBe("");
      expect(control(/privacy policy/).attr("type")).toBe("checkbox");
      expect(control(/privacy policy/).attr("required")).toBe("");
      // Nothing was sent: no error yet.
      expect(page.findAll({ attrs: { "aria-invalid": "true" } })).toHaveLength(0);
    },
  );
});
