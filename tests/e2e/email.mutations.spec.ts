import { type Page, test as httpTest } from "@playwright/test";
import { NoJsBrowser } from "../support/no-js";
import { expect, lockAccount, loginAs, outbox, test } from "./fixtures";

/**
 * E-mail communications (issue 22 §2.5), with JavaScript and without: a test e-mail found in the outbox and in the
 * log; a message to a filtered list that states its recipient count before it goes, then that many in the log; an
 * edited template is what the next e-mail of its kind says (a password reset sent from a user's page); a
 * placeholder that does not exist is refused at its field. The reset template's subject is a global change, held
 * under a lock and put back in a `finally`. Without JavaScript in the HTTP tier (tests/support/no-js.ts reads and posts
 * the pages' own forms).
 */

// Several pages and e-mails per test, on a shared machine.
test.describe.configure({ timeout: 90_000 });

const success = (page: Page) => page.locator("[data-toast=success]").last();
const BASE = "/admin/email_communications";
/** Template ids (server/reference-api/email/templates.ts). */
const ALREADY_REGISTERED = 3;
const RESET = 5;
const PASSWORD_CHANGED = 6;
/** An active bulk agent no other spec uses (its reset e-mail shows the edited subject). */
const RESET_USER = 250;
const RESET_TEMPLATE_LOCK = "email-template-reset";

/** Sends the message of the composer's current values: counts, checks the count, confirms; the log it leads to. */
async function countAndSend(page: Page, agencyId: string) {
  await page.goto(`${BASE}/message`);
  const subject = `Office hours change ${Date.now()}`;
  await page.getByRole("textbox", { name: "Subject" }).fill(subject);
  await page
    .getByRole("textbox", { name: "Text" })
    .fill("Hello {{firstName}},\n\nOur office closes at 3 PM on Fridays.");
  await page.getByRole("combobox", { name: "Write under the agency" }).selectOption(agencyId);
  await page.getByRole("button", { name: "Count recipients" }).click();
  const status = page.getByRole("status").filter({ hasText: "This message will go to" });
  await expect(status).toBeVisible();
  const count = Number(/go to (\d+) users?/.exec((await status.innerText()) ?? "")![1]);
  expect(count).toBeGreaterThan(0);
  // Nothing was sent by counting.
  const log = await page.context().newPage();
  await log.goto(`${BASE}/log?search=${encodeURIComponent(subject)}`);
  await expect(log.locator("caption")).toHaveText("Sent e-mails: none");
  await log.close();
  await page.getByRole("button", { name: `Send to ${count} ${count === 1 ? "user" : "users"}` }).click();
  await expect(page).toHaveURL(/\/admin\/email_communications\/log\?messageId=\d+$/);
  await expect(success(page)).toContainText(`Message queued for ${count} user`);
  // Queued, then sent after the answer: the log has exactly that many, all sent.
  await expect(async () => {
    await page.reload();
    await expect(page.locator("caption")).toHaveText(`Sent e-mails: 1–${Math.min(count, 25)} of ${count}`);
    await expect(page.locator("table .admin-tag", { hasText: "Queued" })).toHaveCount(0);
    await expect(page.locator("table .admin-tag", { hasText: "Sent" })).toHaveCount(Math.min(count, 25));
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("row").filter({ hasText: subject }).first()).toContainText("Sent");
  return { subject, count };
}

/** `countAndSend` without JavaScript: the composer's own forms posted, the log read until every e-mail is sent. */
async function countAndSendNoJs(admin: NoJsBrowser, agencyId: string) {
  const subject = `Office hours change ${Date.now()}`;
  const composer = await admin.open(`${BASE}/message`);
  const counted = await admin.submit(
    composer
      .form("Count recipients")
      .fill("Subject", subject)
      .fill("Text", "Hello {{firstName}},\n\nOur office closes at 3 PM on Fridays.")
      .fill("Write under the agency", agencyId),
    "Count recipients",
  );
  const count = Number(/This message will go to (\d+) users?/.exec(counted.text())?.[1]);
  expect(count).toBeGreaterThan(0);
  // Nothing was sent by counting.
  expect((await admin.open(`${BASE}/log?search=${encodeURIComponent(subject)}`)).tableCaption).toBe(
    "Sent e-mails: none",
  );
  const send = `Send to ${count} ${count === 1 ? "user" : "users"}`;
  const sent = await admin.submit(counted.form(send), send);
  expect(sent.path).toMatch(/^\/admin\/email_communications\/log\?messageId=\d+$/);
  expect(sent.toasts("success").join(" ")).toContain(`Message queued for ${count} user`);
  // Queued, then sent after the answer: the log has exactly that many, all sent.
  const shown = Math.min(count, 25);
  const statuses = (rows: string[][], status: string) => rows.filter((cells) => cells.includes(status)).length;
  await expect
    .poll(
      async () => {
        const log = await admin.open(sent.path);
        return [log.tableCaption, statuses(log.tableRows(), "Queued"), statuses(log.tableRows(), "Sent")];
      },
      { timeout: 20_000 },
    )
    .toEqual([`Sent e-mails: 1–${shown} of ${count}`, 0, shown]);
  expect((await admin.open(sent.path)).row(subject).text()).toContain("Sent");
}

test.describe("a test e-mail", () => {
  test("an admin sends a test of a template: a toast, the outbox, the log's first row", async ({ page }) => {
    await loginAs(page, "admin@demo.test", { path: BASE });
    await page.getByRole("link", { name: "Password changed" }).click();
    await expect(page).toHaveURL(`${BASE}/${PASSWORD_CHANGED}`);
    await expect(page.getByLabel("The e-mail's text")).toContainText("Hello Grace,");
    await page.getByRole("button", { name: "Send me a test" }).click();
    await expect(success(page)).toContainText("Test sent to admin@demo.test.");
    const [mail] = await outbox("admin@demo.test");
    expect(mail!.subject).toBe("[Test] Your Agent Portal password was changed");
    expect(mail!.text).toContain("Hello Grace,");

    await page.getByRole("link", { name: "Sent e-mails" }).click();
    const first = page.getByRole("row").filter({ hasText: "[Test] Your Agent Portal password was changed" }).first();
    await expect(first).toContainText("admin@demo.test");
    await expect(first).toContainText("Password changed (test)");
    await expect(first).toContainText("Sent");
  });

  /** Without JavaScript (HTTP tier). */
  httpTest("without JavaScript: the preview for another user, then the test with that user's values", async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      const template = await admin.open(`${BASE}/${PASSWORD_CHANGED}`);
      const preview = await admin.submit(template.form("Show").fill("With the values of", "1"), "Show");
      expect(preview.within("The e-mail's text").text()).toContain("Hello Maria,");
      const tested = await admin.submit(preview.form("Send me a test"), "Send me a test");
      expect(tested.toasts("success").join(" ")).toContain("Test sent to admin@demo.test.");
      const [mail] = await outbox("admin@demo.test");
      expect(mail!.subject).toBe("[Test] Your Agent Portal password was changed");
      expect(mail!.text).toContain("Hello Maria,");
      expect((await admin.open(`${BASE}/log?kind=password-changed`)).row("admin@demo.test").text()).toContain("(test)");
    } finally {
      await admin.close();
    }
  });
});

test.describe("a message to a filtered list", () => {
  test("states its recipient count before it goes; then the log has that many", async ({ page }) => {
    await loginAs(page, "admin@demo.test");
    await countAndSend(page, "6");
  });

  test("a choice changed after the count is counted again, never sent to the users nobody confirmed", async ({
    page,
  }) => {
    await loginAs(page, "admin@demo.test", { path: `${BASE}/message` });
    const subject = `Changed choices ${Date.now()}`;
    await page.getByRole("textbox", { name: "Subject" }).fill(subject);
    await page.getByRole("textbox", { name: "Text" }).fill("Hello {{firstName}}.");
    await page.getByRole("combobox", { name: "Write under the agency" }).selectOption("6");
    await page.getByRole("button", { name: "Count recipients" }).click();
    const send = page.getByRole("button", { name: /^Send to \d+ users?$/ });
    await expect(send).toBeVisible();
    await page.getByRole("combobox", { name: "Write under the agency" }).selectOption("8");
    await send.click();
    await expect(page.getByRole("status").filter({ hasText: "The choices changed after the count" })).toContainText(
      "so nothing was sent.",
    );
    await expect(page).toHaveURL(`${BASE}/message`);
    await page.goto(`${BASE}/log?search=${encodeURIComponent(subject)}`);
    await expect(page.locator("caption")).toHaveText("Sent e-mails: none");
  });

  /** Without JavaScript (HTTP tier). */
  httpTest(
    "without JavaScript: the count, the confirmation, the log; an unknown placeholder is refused at its field first",
    async () => {
      const admin = await NoJsBrowser.signedIn("admin@demo.test");
      try {
        const composer = await admin.open(`${BASE}/message`);
        const counted = await admin.submit(
          composer.form("Count recipients").fill("Subject", "Hello {{nickname}}").fill("Text", "Hi."),
          "Count recipients",
        );
        const send = /Send to \d+ users?/.exec(counted.text())![0];
        const refused = await admin.submit(counted.form(send), send);
        const form = refused.form("Count recipients");
        expect(form.fieldAttribute("Subject", "aria-invalid")).toBe("true");
        expect(form.valueOf("Subject")).toBe("Hello {{nickname}}");
        expect(refused.text()).toContain("{{nickname}} is not a placeholder of this e-mail.");
        await countAndSendNoJs(admin, "8");
      } finally {
        await admin.close();
      }
    },
  );
});

test.describe("templates", () => {
  test("an edited subject is what the next e-mail of its kind says: a password reset from a user's page", async ({
    page,
  }) => {
    const unlock = await lockAccount(RESET_TEMPLATE_LOCK);
    await loginAs(page, "admin@demo.test");
    try {
      await page.goto(`${BASE}/${RESET}`);
      await page.getByRole("textbox", { name: "Subject" }).fill("Your password link, {{firstName}}");
      await page.getByRole("button", { name: "Save template" }).click();
      await expect(success(page)).toContainText("Password reset saved: the next one sent says this.");
      await expect(page.getByText("Your password link, Grace")).toBeVisible();
      await expect(page.getByRole("region", { name: "History" }).locator("li").first()).toContainText("Subject:");

      await page.goto(`/admin/users/${RESET_USER}`);
      const name = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
      const email = (
        await page
          .locator("dt", { hasText: /^E-mail$/ })
          .locator("xpath=following-sibling::dd")
          .innerText()
      ).trim();
      await page.getByRole("button", { name: "Send password reset" }).click();
      await expect(success(page)).toContainText(`A password reset link was sent to ${email}`);
      await expect
        .poll(async () => (await outbox(email))[0]?.subject)
        .toBe(`Your password link, ${name.split(" ")[0]}`);
      expect((await outbox(email))[0]!.links[0]).toMatch(/\/account\/update_password\/[\w-]{43}$/);
    } finally {
      await page.goto(`${BASE}/${RESET}`);
      await page.getByRole("textbox", { name: "Subject" }).fill("Reset your Agent Portal password");
      await page.getByRole("button", { name: "Save template" }).click();
      await expect(success(page)).toContainText("Password reset saved");
      unlock();
    }
  });

  /** Without JavaScript (HTTP tier). */
  httpTest(
    "without JavaScript: a placeholder that does not exist is refused at its field, the text kept, nothing saved",
    async () => {
      const admin = await NoJsBrowser.signedIn("admin@demo.test");
      try {
        const template = await admin.open(`${BASE}/${ALREADY_REGISTERED}`);
        const typed = "Hello {{firstName}}, sign in at {{signInLink}} or call {{phoneNumber}}.";
        const refused = await admin.submit(template.form("Save template").fill("Text", typed), "Save template");
        const form = refused.form("Save template");
        expect(form.fieldAttribute("Text", "aria-invalid")).toBe("true");
        expect(form.valueOf("Text")).toBe(typed);
        expect(refused.text()).toContain(
          "{{phoneNumber}} is not a placeholder of this e-mail. Use {{firstName}}, {{signInLink}}, {{resetLink}}.",
        );
        const again = await admin.open(`${BASE}/${ALREADY_REGISTERED}`);
        expect(again.form("Save template").valueOf("Text")).not.toBe(typed);
        expect(again.within("The e-mail's text").text()).toContain("Sign in: ");
      } finally {
        await admin.close();
      }
    },
  );
});
