import { type Browser, type Page, test as httpTest } from "@playwright/test";
import { NoJsBrowser, type NoJsPage } from "../support/no-js";
import { expect, expectAxeClean, lockAccount, loginAs, test } from "./fixtures";

/**
 * The support desk (issue 22): the tickets queue and the admin_support inbox, a conversation's admin page (public
 * answer, internal note, assign, close, reopen), and what the broker and the carrier see of it. Changes agent@'s
 * ticket 2 (support), ticket 4 (a commission inquiry to carrier@'s Blue Harbor Health) and feedback conversations 21
 * and 23 (agent@ locked; every assertion is relative to what the page shows first, and each message is new text,
 * so a rerun on the same database passes too). With JavaScript in the browser; without it in the HTTP tier
 * (tests/support/no-js.ts reads and posts the pages' own forms).
 */

const success = (page: Page) => page.locator("[data-toast=success]").last();
const conversation = (page: Page) => page.getByRole("list", { name: "Conversation" });
const stamp = () => `${Date.now().toString(36)}`;

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, email);
  return page;
}

/** Opens a conversation's admin page without JavaScript, reopened first if a rerun left it closed. */
async function reopenedIfClosed(admin: NoJsBrowser, path: string): Promise<NoJsPage> {
  const page = await admin.open(path);
  if (!page.hasForm("Reopen")) return page;
  const reopened = await admin.submit(page.form("Reopen"), "Reopen");
  expect(reopened.toasts("success").join(" ")).toContain("Conversation reopened.");
  return reopened;
}

/** Puts a conversation that a rerun may have left closed back in the open. */
async function reopenIfClosed(page: Page) {
  if ((await page.getByRole("button", { name: "Reopen" }).count()) > 0) {
    await page.getByRole("button", { name: "Reopen" }).click();
    await expect(success(page)).toContainText("Conversation reopened.");
  }
}

test.describe.configure({ mode: "serial" });
let release: (() => void) | undefined;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  release = await lockAccount("agent@demo.test");
});
test.afterAll(() => release?.());

test.describe("with JavaScript", () => {
  test("an admin answers agent@'s ticket: agent@ sees the answer, never the internal note; close and reopen", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const answer = `We updated your mailing address (${stamp()}).`;
    const note = `Internal: checked the USPS change of address (${stamp()}).`;
    await loginAs(page, "admin@demo.test", { path: "/admin/tickets/2" });
    await expect(page.getByRole("heading", { name: "Update my mailing address", level: 1 })).toBeVisible();
    await reopenIfClosed(page);

    // A blank answer is refused at its field; the note typed meanwhile is not lost.
    await page.getByRole("button", { name: "Send the answer" }).click();
    await expect(page.getByText("Write the answer")).toBeVisible();

    await page.getByRole("textbox", { name: "Internal note" }).fill(note);
    await page.getByRole("button", { name: "Add the note" }).click();
    await expect(success(page)).toContainText("Internal note added.");
    await expect(conversation(page).getByRole("listitem").filter({ hasText: note })).toContainText("(internal note)");

    await page.getByRole("textbox", { name: "Answer" }).fill(answer);
    await page.getByRole("button", { name: "Send the answer" }).click();
    await expect(success(page)).toContainText("Answer sent: Maria Alvarez sees it.");
    await expect(conversation(page)).toContainText(answer);
    await expect(page.getByRole("region", { name: "Where it stands" })).toContainText("Answered");

    await page.getByRole("combobox", { name: "Assignee" }).selectOption({ label: "Grace Harper" });
    await page.getByRole("button", { name: "Assign", exact: true }).click();
    await expect(success(page)).toContainText("Assigned to Grace Harper.");
    await expect(page.getByRole("region", { name: "History" })).toContainText("Grace Harper assigned");

    const agent = await signedIn(browser, "agent@demo.test");
    await agent.goto("/my_tickets?ticket=2");
    const ticket = agent.getByRole("region", { name: "Update my mailing address" });
    await expect(conversation(agent)).toContainText(answer);
    await expect(ticket).toContainText("Answered");
    expect(await agent.content()).not.toContain(note);
    expect(await agent.content()).not.toContain("USPS change of address");

    await page.getByRole("button", { name: "Close", exact: true }).click();
    await expect(success(page)).toContainText("Conversation closed.");
    await expect(page.getByText("This conversation is closed: reopen it to answer.")).toBeVisible();
    await agent.reload();
    await expect(agent.getByText("This ticket is closed.")).toBeVisible();

    await page.getByRole("button", { name: "Reopen" }).click();
    await expect(success(page)).toContainText("Conversation reopened.");
    await expect(page.getByRole("textbox", { name: "Answer" })).toBeVisible();
    await agent.reload();
    await expect(agent.getByRole("textbox", { name: "Your reply" })).toBeVisible();
    await agent.context().close();
  });

  test("an admin answers a commission inquiry: its carrier and its broker see the answer, not the note", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const answer = `We asked Blue Harbor Health for the missing lines (${stamp()}).`;
    const note = `Internal: Blue Harbor's file is late (${stamp()}).`;
    await loginAs(page, "admin@demo.test", { path: "/admin/tickets/4" });
    await reopenIfClosed(page);
    await expect(page.getByText("Maria Alvarez and Blue Harbor Health see it")).toBeVisible();
    await page.getByRole("textbox", { name: "Internal note" }).fill(note);
    await page.getByRole("button", { name: "Add the note" }).click();
    await expect(success(page)).toContainText("Internal note added.");
    await page.getByRole("textbox", { name: "Answer" }).fill(answer);
    await page.getByRole("button", { name: "Send the answer" }).click();
    await expect(success(page)).toContainText("Answer sent");

    for (const [email, url] of [
      ["carrier@demo.test", "/carrier/tickets?ticket=4"],
      ["agent@demo.test", "/commission_inquiry?ticket=4"],
    ] as const) {
      const other = await signedIn(browser, email);
      await other.goto(url);
      await expect(conversation(other), email).toContainText(answer);
      expect(await other.content(), email).not.toContain(note);
      await other.context().close();
    }
  });

  test("an admin answers a feedback conversation: agent@'s unread count rises, and falls once agent@ reads it", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const answer = `Thanks, Maria: we passed it on (${stamp()}).`;
    const agent = await signedIn(browser, "agent@demo.test");
    const unread = async () => {
      await agent.goto("/dashboard");
      return Number(await agent.getByTestId("unread-messages").textContent());
    };
    const before = await unread();

    await loginAs(page, "admin@demo.test", { path: "/admin/admin_support/21" });
    await reopenIfClosed(page);
    await page.getByRole("textbox", { name: "Answer" }).fill(answer);
    await page.getByRole("button", { name: "Send the answer" }).click();
    await expect(success(page)).toContainText("Answer sent: Maria Alvarez sees it.");

    expect(await unread()).toBe(before + 1);
    await agent.goto("/feedback/21");
    await expect(conversation(agent)).toContainText(answer);
    expect(await unread()).toBe(before);
    await agent.context().close();
  });

  test("staff close a feedback conversation: agent@ is told so, and agent@'s reply opens it again", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const subject = "The certification videos were excellent";
    await loginAs(page, "admin@demo.test", { path: "/admin/admin_support/23" });
    await reopenIfClosed(page);
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await expect(success(page)).toContainText("Conversation closed.");

    const agent = await signedIn(browser, "agent@demo.test");
    await agent.goto("/feedback/list");
    await expect(agent.getByRole("row").filter({ hasText: subject })).toContainText("Closed");
    await agent.goto("/feedback/23");
    const told = agent.getByText(/^Our staff closed this conversation on .+\. Replying opens it again\.$/);
    await expect(told).toBeVisible();
    await agent.getByRole("textbox", { name: "Your reply" }).fill(`One more idea for the videos (${stamp()}).`);
    await agent.getByRole("button", { name: "Send reply" }).click();
    await expect(success(agent)).toContainText("Reply sent");
    await expect(told).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole("region", { name: "Where it stands" })).toContainText("Awaiting staff");
    await agent.context().close();
  });
});

/** Without JavaScript (HTTP tier): the same flows through the pages' own forms. */
test.describe("without JavaScript", () => {
  httpTest(
    "an admin answers agent@'s ticket: agent@ sees the answer, never the internal note; close and reopen",
    async () => {
      const answer = `We updated your mailing address (${stamp()}).`;
      const note = `Internal: checked the USPS change of address (${stamp()}).`;
      const [admin, agent] = await Promise.all([
        NoJsBrowser.signedIn("admin@demo.test"),
        NoJsBrowser.signedIn("agent@demo.test"),
      ]);
      try {
        let page = await reopenedIfClosed(admin, "/admin/tickets/2");
        expect(page.heading).toBe("Update my mailing address");

        // A blank answer is refused at its field; the note is then added on the page drawn again.
        page = await admin.submit(page.form("Send the answer"), "Send the answer");
        expect(page.status).toBe(400);
        expect(page.form("Send the answer").text).toContain("Write the answer");

        page = await admin.submit(page.form("Add the note").fill("Internal note", note), "Add the note");
        expect(page.toasts("success").join(" ")).toContain("Internal note added.");
        expect(page.listItems("Conversation").find((item) => item.includes(note))).toContain("(internal note)");

        page = await admin.submit(page.form("Send the answer").fill("Answer", answer), "Send the answer");
        expect(page.toasts("success").join(" ")).toContain("Answer sent: Maria Alvarez sees it.");
        expect(page.within("Conversation").text()).toContain(answer);
        expect(page.text("Where it stands")).toContain("Answered");

        page = await admin.submit(page.form("Assign").fill("Assignee", "Grace Harper"), "Assign");
        expect(page.toasts("success").join(" ")).toContain("Assigned to Grace Harper.");
        expect(page.text("History")).toContain("Grace Harper assigned");

        let mine = await agent.open("/my_tickets?ticket=2");
        expect(mine.within("Conversation").text()).toContain(answer);
        expect(mine.text("Update my mailing address")).toContain("Answered");
        expect(mine.html).not.toContain(note);
        expect(mine.html).not.toContain("USPS change of address");

        page = await admin.submit(page.form("Close"), "Close");
        expect(page.toasts("success").join(" ")).toContain("Conversation closed.");
        expect(page.text()).toContain("This conversation is closed: reopen it to answer.");
        mine = await agent.open("/my_tickets?ticket=2");
        expect(mine.text()).toContain("This ticket is closed.");

        page = await admin.submit(page.form("Reopen"), "Reopen");
        expect(page.toasts("success").join(" ")).toContain("Conversation reopened.");
        expect(page.form("Send the answer").valueOf("Answer")).toBe("");
        mine = await agent.open("/my_tickets?ticket=2");
        expect(mine.form("Send reply").valueOf("Your reply")).toBe("");
      } finally {
        await Promise.all([admin.close(), agent.close()]);
      }
    },
  );

  httpTest(
    "an admin answers a commission inquiry: its carrier and its broker see the answer, not the note",
    async () => {
      const answer = `We asked Blue Harbor Health for the missing lines (${stamp()}).`;
      const note = `Internal: Blue Harbor's file is late (${stamp()}).`;
      const admin = await NoJsBrowser.signedIn("admin@demo.test");
      try {
        let page = await reopenedIfClosed(admin, "/admin/tickets/4");
        expect(page.text()).toContain("Maria Alvarez and Blue Harbor Health see it");
        page = await admin.submit(page.form("Add the note").fill("Internal note", note), "Add the note");
        expect(page.toasts("success").join(" ")).toContain("Internal note added.");
        page = await admin.submit(page.form("Send the answer").fill("Answer", answer), "Send the answer");
        expect(page.toasts("success").join(" ")).toContain("Answer sent");
      } finally {
        await admin.close();
      }

      for (const [email, url] of [
        ["carrier@demo.test", "/carrier/tickets?ticket=4"],
        ["agent@demo.test", "/commission_inquiry?ticket=4"],
      ] as const) {
        const other = await NoJsBrowser.signedIn(email);
        try {
          const shown = await other.open(url);
          expect(shown.within("Conversation").text(), email).toContain(answer);
          expect(shown.html, email).not.toContain(note);
        } finally {
          await other.close();
        }
      }
    },
  );

  httpTest(
    "an admin answers a feedback conversation: agent@'s unread count rises, and falls once agent@ reads it",
    async () => {
      const answer = `Thanks, Maria: we passed it on (${stamp()}).`;
      const [admin, agent] = await Promise.all([
        NoJsBrowser.signedIn("admin@demo.test"),
        NoJsBrowser.signedIn("agent@demo.test"),
      ]);
      try {
        const unread = async () => Number((await agent.open("/dashboard")).within("unread-messages").text());
        const before = await unread();

        const page = await reopenedIfClosed(admin, "/admin/admin_support/21");
        const sent = await admin.submit(page.form("Send the answer").fill("Answer", answer), "Send the answer");
        expect(sent.toasts("success").join(" ")).toContain("Answer sent: Maria Alvarez sees it.");

        expect(await unread()).toBe(before + 1);
        expect((await agent.open("/feedback/21")).within("Conversation").text()).toContain(answer);
        expect(await unread()).toBe(before);
      } finally {
        await Promise.all([admin.close(), agent.close()]);
      }
    },
  );

  httpTest("staff close a feedback conversation: agent@ is told so, and agent@'s reply opens it again", async () => {
    const subject = "The certification videos were excellent";
    const told = /Our staff closed this conversation on .+?\. Replying opens it again\./;
    const [admin, agent] = await Promise.all([
      NoJsBrowser.signedIn("admin@demo.test"),
      NoJsBrowser.signedIn("agent@demo.test"),
    ]);
    try {
      const page = await reopenedIfClosed(admin, "/admin/admin_support/23");
      const closed = await admin.submit(page.form("Close"), "Close");
      expect(closed.toasts("success").join(" ")).toContain("Conversation closed.");

      expect((await agent.open("/feedback/list")).row(subject).text()).toContain("Closed");
      const conversation = await agent.open("/feedback/23");
      expect(conversation.text()).toMatch(told);
      const replied = await agent.submit(
        conversation.form("Send reply").fill("Your reply", `One more idea for the videos (${stamp()}).`),
        "Send reply",
      );
      expect(replied.toasts("success").join(" ")).toContain("Reply sent");
      expect(replied.text()).not.toMatch(told);

      expect((await admin.open("/admin/admin_support/23")).text("Where it stands")).toContain("Awaiting staff");
    } finally {
      await Promise.all([admin.close(), agent.close()]);
    }
  });

  httpTest("bulk assign from the inbox", async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      const list = await admin.open("/admin/admin_support?search=Dark+mode");
      const names = list
        .tableRows()
        .slice(0, 2)
        .map((cells) => `Select ${cells[1]} (${cells[3]})`);
      const bulk = list.form("Assign selected");
      for (const name of names) bulk.tick(name);
      const confirm = await admin.submit(bulk, "Assign selected");
      expect(confirm.path).toMatch(/confirm=/);
      const dialog = confirm.within("Assign these conversations?");
      const assigned = await admin.submit(dialog.form("Assign").fill("Assign to", "Grace Harper"), "Assign");
      expect(assigned.toasts("success").join(" ")).toContain("2 of 2 conversations assigned.");
      for (const name of names) expect(assigned.row(name).text()).toContain("Grace Harper");
    } finally {
      await admin.close();
    }
  });
});

test("the admin home's open tickets count opens the queue; filters, the subject's link and the CSV", async ({
  page,
}) => {
  await loginAs(page, "admin@demo.test", { path: "/admin" });
  const count = page.getByRole("link", { name: /open support tickets/i });
  const open = Number(await count.textContent());
  expect(open).toBeGreaterThan(10);
  await count.click();
  await expect(page).toHaveURL("/admin/tickets?status=open");
  await expect(page.locator("caption")).toContainText(`of ${open}`);
  const statuses = page.getByRole("row").filter({ hasText: "Awaiting staff" });
  await expect(statuses).toHaveCount(25);

  await page.goto("/admin/tickets?kind=commission_inquiry&carrierId=2");
  const rows = page.locator("tbody tr");
  expect(await rows.count()).toBeGreaterThan(0);
  for (const row of await rows.all()) await expect(row).toContainText("Summit Mutual");
  await rows.first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/admin\/tickets\/\d+$/);
  await expect(page.getByRole("region", { name: "Where it stands" })).toContainText("Commission inquiry");

  const csv = await page.request.get("/admin/tickets/export?status=closed");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect((await csv.text()).split("\r\n")[0]).toMatch(/^ID,Kind,Subject/);

  // The inbox: the conversations awaiting staff first.
  await page.goto("/admin/admin_support");
  await expect(page.locator("tbody tr").first()).toContainText("Awaiting staff");
});

test("bulk assign from the inbox with JavaScript", async ({ page }) => {
  const list = "/admin/admin_support?search=Dark+mode";
  await loginAs(page, "admin@demo.test", { path: list });
  const boxes = page.getByRole("checkbox", { name: /^Select Dark mode/ });
  const names = [await boxes.nth(0).getAttribute("aria-label"), await boxes.nth(1).getAttribute("aria-label")];
  for (const name of names) await page.getByRole("checkbox", { name: name! }).check();
  await page.getByRole("button", { name: "Assign selected" }).click();
  await expect(page).toHaveURL(/confirm=/);
  const dialog = page.getByRole("alertdialog", { name: "Assign these conversations?" });
  await dialog.getByRole("combobox", { name: "Assign to" }).selectOption({ label: "Grace Harper" });
  await dialog.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(success(page)).toContainText("2 of 2 conversations assigned.");
  for (const name of names) {
    const row = page.getByRole("row").filter({ has: page.getByRole("checkbox", { name: name!, exact: true }) });
    await expect(row).toContainText("Grace Harper");
  }
});

// Feedback conversation 22 (as the seed has it) has its axe and fit in the page sweep (pages.spec.ts); ticket 4 is
// checked here as the tests above leave it: answered, with an internal note.
test("an answered ticket's admin page has no axe violations and fits a 390 px phone", async ({ page }) => {
  const url = "/admin/tickets/4";
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, "admin@demo.test", { path: url });
  await expectAxeClean(page);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(url);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    url,
  ).toBe(true);
});

test("keyboard: the answer form is reached and sent with the keyboard alone", async ({ page }) => {
  await loginAs(page, "admin@demo.test", { path: "/admin/admin_support/22" });
  await reopenIfClosed(page);
  const field = page.getByRole("textbox", { name: "Answer" });
  await field.focus();
  await page.keyboard.type(`Thank you for the details (${stamp()}).`);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Send the answer" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(success(page)).toContainText("Answer sent");
});
