import { type Page, test as httpTest } from "@playwright/test";
import { NoJsBrowser } from "../support/no-js";
import { AL_LICENSE_EXPIRES_IN_DAYS } from "../../server/reference-api/profile/seed";
import { expect, lockAccount, loginAs, outbox, test } from "./fixtures";

/**
 * Downline readiness's reminders (issue 25 §2): agency@ (Chen Senior Benefits Group) reminds agent@ (Maria Alvarez) of
 * her AL license running out, and every broker at the License step at once, each time after confirming the count. The
 * e-mails go through the e-mail communications (the "Ready to sell reminder" template) and land in the outbox.
 *
 * agent@ is held for each test: other specs change her (her AL license, her contracts) and reset her, and a reset
 * restores her outbox to the seed's, which would take the reminders counted here with it. Without JavaScript in the
 * HTTP tier (tests/support/no-js.ts follows the page's links and posts its forms).
 */

const SUBJECT = "Chen Senior Benefits Group: one step before you can sell";

// One after the other: each test counts agent@'s reminders before and after its own.
test.describe.configure({ mode: "serial" });

let release: (() => void) | undefined;
test.beforeEach(async () => {
  release = await lockAccount("agent@demo.test");
});
test.afterEach(() => release?.());

const confirmation = (page: Page) => page.getByRole("alertdialog");

async function remindersTo(email: string) {
  return (await outbox(email)).filter((e) => e.subject === SUBJECT);
}

test.describe("reminders, JavaScript on", () => {
  test("agency@ reminds agent@ of her expiring AL license: the count is confirmed, the e-mail lands in her outbox", async ({
    page,
  }) => {
    const before = (await remindersTo("agent@demo.test")).length;
    await loginAs(page, "agency@demo.test", { path: "/downlines/readiness?step=license&search=Alvarez" });
    const row = page
      .getByRole("table", { name: /^Agents/ })
      .locator("tbody tr")
      .filter({ has: page.getByTestId("broker-1") });
    await expect(row).toContainText(`AL license expires in ${AL_LICENSE_EXPIRES_IN_DAYS} days`);

    await row.getByRole("link", { name: "Send a reminder to Maria Alvarez" }).click();
    await expect(page).toHaveURL(/remind=1/);
    await expect(confirmation(page)).toContainText("Send a reminder to 1 agent?");
    await expect(confirmation(page)).toContainText(
      `Maria Alvarez: Active license in AL, FL, GA; the AL license expires in ${AL_LICENSE_EXPIRES_IN_DAYS} days`,
    );
    // A double click sends one reminder (the same confirmation's key).
    await page.getByRole("button", { name: "Send the reminder" }).dblclick();
    await expect(page.locator("[data-toast=success]").last()).toContainText("Reminder sent to 1 agent about License.");
    await expect(page).not.toHaveURL(/remind=/);
    await expect(confirmation(page)).toHaveCount(0);

    await expect.poll(async () => (await remindersTo("agent@demo.test")).length).toBe(before + 1);
    const [mail] = await remindersTo("agent@demo.test");
    expect(mail?.text).toContain("Hello Maria,");
    expect(mail?.text).toContain("Chen Senior Benefits Group reminds you of a step left before you can sell: License.");
    expect(mail?.text).toContain(`the AL license expires in ${AL_LICENSE_EXPIRES_IN_DAYS} days`);
    expect(mail?.links.some((href) => new URL(href).pathname === "/ready_to_sell")).toBe(true);
  });
});

/** Without JavaScript (HTTP tier). */
test.describe("reminders, JavaScript off", () => {
  httpTest(
    "agency@ reminds agent@ of her expiring AL license: the count is confirmed, the e-mail lands in her outbox",
    async () => {
      const before = (await remindersTo("agent@demo.test")).length;
      const agency = await NoJsBrowser.signedIn("agency@demo.test");
      try {
        const list = await agency.open("/downlines/readiness?step=license&search=Alvarez");
        const row = list.row("Send a reminder to Maria Alvarez");
        expect(row.hasTestId("broker-1")).toBe(true);
        expect(row.text()).toContain(`AL license expires in ${AL_LICENSE_EXPIRES_IN_DAYS} days`);

        const confirm = await agency.follow(row, "Send a reminder");
        expect(confirm.path).toMatch(/remind=1/);
        const dialog = confirm.within("Send a reminder to 1 agent?");
        expect(dialog.text()).toContain(
          `Maria Alvarez: Active license in AL, FL, GA; the AL license expires in ${AL_LICENSE_EXPIRES_IN_DAYS} days`,
        );
        const sent = await agency.submit(dialog.form("Send the reminder"), "Send the reminder");
        expect(sent.toasts("success").join(" ")).toContain("Reminder sent to 1 agent about License.");
        expect(sent.path).not.toMatch(/remind=/);
        expect(sent.html).not.toContain('role="alertdialog"');
      } finally {
        await agency.close();
      }

      await expect.poll(async () => (await remindersTo("agent@demo.test")).length).toBe(before + 1);
      const [mail] = await remindersTo("agent@demo.test");
      expect(mail?.text).toContain("Hello Maria,");
      expect(mail?.text).toContain(
        "Chen Senior Benefits Group reminds you of a step left before you can sell: License.",
      );
      expect(mail?.text).toContain(`the AL license expires in ${AL_LICENSE_EXPIRES_IN_DAYS} days`);
      expect(mail?.links.some((href) => new URL(href).pathname === "/ready_to_sell")).toBe(true);
    },
  );
});

test("every broker at the License step at once: a count that changed before the send sends nothing and says so", async ({
  page,
}) => {
  await loginAs(page, "agency@demo.test", { path: "/downlines/readiness?step=license" });
  const caption =
    (await page
      .getByRole("table", { name: /^Agents/ })
      .locator("caption")
      .textContent()) ?? "";
  const count = Number(/ of (\d+)$/.exec(caption.trim())?.[1]);
  expect(count).toBeGreaterThan(1);
  await page.getByRole("link", { name: `Remind all ${count} at License` }).click();
  await expect(confirmation(page)).toContainText(`Send a reminder to ${count} agents?`);
  await expect(confirmation(page).getByRole("listitem")).toHaveCount(count);

  // The count confirmed no longer being the list's (as when a broker renewed meanwhile): nothing is sent.
  const before = (await remindersTo("agent@demo.test")).length;
  await confirmation(page)
    .locator("input[name=count]")
    .evaluate((input: HTMLInputElement, n) => {
      input.value = String(n);
    }, count + 1);
  await page.getByRole("button", { name: `Send ${count} reminders` }).click();
  await expect(page.locator("[data-toast=error]").last()).toContainText(
    `The list changed since you confirmed it: the reminder would now go to ${count} agents. Check it and confirm again.`,
  );
  await expect(confirmation(page)).toContainText(`Send a reminder to ${count} agents?`);
  expect((await remindersTo("agent@demo.test")).length).toBe(before);

  await page.getByRole("button", { name: `Send ${count} reminders` }).click();
  await expect(page.locator("[data-toast=success]").last()).toContainText(
    `Reminder sent to ${count} agents about License.`,
  );
  await expect.poll(async () => (await remindersTo("agent@demo.test")).length).toBe(before + 1);
});
