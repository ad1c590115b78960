import { test as httpTest } from "@playwright/test";
import { NoJsBrowser } from "../support/no-js";
import { expect, latestLink, loginAs, outbox, resetAccount, test } from "./fixtures";

/**
 * Changes agency@'s invitations: runs after the read-only specs (playwright.config.ts projects). Without JavaScript
 * in the HTTP tier (tests/support/no-js.ts follows the pages' links and posts their forms).
 */
test.describe("Register Downlines", () => {
  test.describe.configure({ mode: "serial" });
  test.beforeEach(async () => {
    await resetAccount("agency@demo.test");
  });

  test("invite a downline, send it again, then withdraw invitations one by one and in bulk", async ({ page }) => {
    await loginAs(page, "agency@demo.test");
    await page.getByRole("link", { name: "Register Downlines" }).click();
    const table = page.getByRole("table", { name: /Invitations/ });
    await expect(table.locator("caption")).toHaveText("Invitations: 1–12 of 12");

    await page.getByRole("link", { name: "Invite a downline" }).click();
    await expect(page).toHaveURL("/register_downlines/new");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText("Enter the e-mail address")).toBeVisible();
    await page.getByRole("textbox", { name: "E-mail" }).fill("new.recruit@example.com");
    await page.getByRole("textbox", { name: "First name" }).fill("Nora");
    await page.getByRole("textbox", { name: "Last name" }).fill("Recruit");
    await page.getByRole("combobox", { name: "Level" }).selectOption("Agent");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page).toHaveURL("/register_downlines");
    await expect(page.locator("[data-toast=success]")).toContainText("Invitation sent to new.recruit@example.com");
    const row = table.getByRole("row").filter({ hasText: "new.recruit@example.com" });
    // The registration link is in the invitation e-mail only (the upstream keeps its hash), never on the page.
    const origin = new URL(page.url()).origin;
    const first = await latestLink("new.recruit@example.com", "/registration/");
    expect(first).toMatch(new RegExp(`^${origin}/registration/[\\w-]{43}$`));
    await expect(page.locator("main")).not.toContainText("/registration/");

    // Send again: a new link by e-mail, the old one replaced.
    await row.getByRole("button", { name: "Send again to Nora Recruit" }).click();
    await expect(page.locator("[data-toast=success]").last()).toContainText(
      "Invitation sent again to new.recruit@example.com",
    );
    await expect(page).toHaveURL("/register_downlines");
    const mails = await outbox("new.recruit@example.com");
    expect(mails.map((m) => m.subject)).toEqual([
      "Chen Senior Benefits Group invites you to the Agent Portal",
      "Chen Senior Benefits Group invites you to the Agent Portal",
    ]);
    const second = await latestLink("new.recruit@example.com", "/registration/");
    expect(second).not.toBe(first);
    await expect(row.getByRole("cell", { name: "Sent", exact: true })).toBeVisible();
    // An accepted invitation has nothing to send again.
    const accepted = table.getByRole("row").filter({ hasText: "Accepted" }).first();
    await expect(accepted.getByRole("button", { name: /^Send again to / })).toHaveCount(0);

    // The same e-mail again: the upstream's reason at the form, the typed values kept.
    await page.goto("/register_downlines/new");
    await page.getByRole("textbox", { name: "E-mail" }).fill("new.recruit@example.com");
    await page.getByRole("textbox", { name: "First name" }).fill("Nora");
    await page.getByRole("textbox", { name: "Last name" }).fill("Recruit");
    await page.getByRole("combobox", { name: "Level" }).selectOption("Agent");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("alert")).toContainText("already pending");
    await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue("Nora");

    // Delete from the row menu asks for confirmation first.
    await page.goto("/register_downlines");
    await row.getByLabel(/Actions for Nora Recruit/).click();
    await row.getByRole("link", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Withdraw these invitations?" });
    await expect(confirm).toContainText("new.recruit@example.com");
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await row.getByLabel(/Actions for Nora Recruit/).click();
    await row.getByRole("link", { name: "Delete" }).click();
    await confirm.getByRole("button", { name: "Withdraw" }).click();
    await expect(page.locator("[data-toast=success]").last()).toContainText("Invitation withdrawn");
    await expect(table.getByRole("row").filter({ hasText: "new.recruit@example.com" })).toHaveCount(0);

    // Select-all feeds the bulk action; only pending invitations are withdrawn.
    await page.getByRole("checkbox", { name: "Select all rows" }).check();
    await page.getByRole("button", { name: "Withdraw selected" }).click();
    await expect(confirm.getByRole("listitem")).toHaveCount(8);
    await confirm.getByRole("button", { name: "Withdraw" }).click();
    await expect(page.locator("[data-toast=success]").last()).toContainText("8 invitations withdrawn");
    await expect(table.locator("caption")).toHaveText("Invitations: 1–4 of 4");
  });

  httpTest(
    "without JavaScript: the row menu's Delete link, the confirmation is a page, the bulk form is a plain form",
    async () => {
      const agency = await NoJsBrowser.signedIn("agency@demo.test");
      try {
        const list = await agency.open("/register_downlines?sort=email&order=ASC");
        const sent = (page: typeof list) => page.tableRows().filter((cells) => cells.includes("Sent"));
        const email = sent(list)[0]!.find((cell) => /^[^\s@]+@[^\s@]+$/.test(cell))!;
        // The row menu (a <details>) holds a plain link to the confirmation.
        const confirm = await agency.open(list.row(email).link("Delete"));
        expect(confirm.path).toMatch(/confirm=/);
        expect(confirm.path).toMatch(/sort=email/);
        const withdrawn = await agency.submit(
          confirm.within("Withdraw these invitations?").form("Withdraw"),
          "Withdraw",
        );
        expect(withdrawn.toasts("success").join(" ")).toContain("Invitation withdrawn");
        expect(withdrawn.tableRows().flat()).not.toContain(email);

        // The first two invitations still sent.
        const bulk = withdrawn.form("Withdraw selected");
        for (const cells of sent(withdrawn).slice(0, 2)) bulk.tick(`Select ${cells[1]}`);
        const asked = await agency.submit(bulk, "Withdraw selected");
        expect(asked.within("Withdraw these invitations?").listItems()).toHaveLength(2);
      } finally {
        await agency.close();
      }
    },
  );

  httpTest(
    "without JavaScript: Send again is a plain form: an expired invitation is pending again, with a new link by e-mail",
    async () => {
      const agency = await NoJsBrowser.signedIn("agency@demo.test");
      try {
        const list = await agency.open("/register_downlines?sort=email&order=ASC");
        expect(list.row("olivia.bennett@example.com").tableRows()[0]).toContain("Expired");
        const before = (await outbox("olivia.bennett@example.com")).length;
        const again = await agency.submit(list.row("Send again to Olivia Bennett").form("Send again"), "Send again");
        expect(again.toasts("success").join(" ")).toContain("Invitation sent again to olivia.bennett@example.com");
        expect(again.path).toBe("/register_downlines?sort=email&order=ASC");
        expect(again.row("olivia.bennett@example.com").tableRows()[0]).toContain("Sent");
        expect(await outbox("olivia.bennett@example.com")).toHaveLength(before + 1);
        expect(await latestLink("olivia.bennett@example.com", "/registration/")).toMatch(/\/registration\/[\w-]{43}$/);
      } finally {
        await agency.close();
      }
    },
  );
});
