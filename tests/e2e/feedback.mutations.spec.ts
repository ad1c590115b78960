import { readFileSync } from "node:fs";
import path from "node:path";
import { type Page, test as httpTest } from "@playwright/test";
import { DomUtils } from "htmlparser2";
import { NoJsBrowser, type NoJsPage } from "../support/no-js";
import { expectSharedFileFields } from "./file-field";
import { expect, expectAxeClean, loginAs, resetAccount, test, transitionsDone } from "./fixtures";

/**
 * Issue 12, feedback conversations (spec §2 /feedback/*, §7 counts). Changes onboarded@'s conversations (no
 * other spec changes them; its seed: conversation 30 with 2 unread staff messages awaiting a reply, 31 answered
 * and read): runs after the read-only specs, one test at a time, each from the seed.
 */
const EMAIL = "onboarded@demo.test";
const WAITING = "Carrier appointment timeline";
const ANSWERED = "Signing the agreement on a tablet";
const PDF = path.join(import.meta.dirname, "files", "court-order.pdf");
const TEXT = path.join(import.meta.dirname, "files", "notes.txt");

test.describe.configure({ mode: "serial" });
test.beforeEach(async () => {
  await resetAccount(EMAIL);
});

async function dashboardCounts(page: Page): Promise<[string, string]> {
  await page.goto("/dashboard");
  return [
    (await page.getByTestId("unread-messages").textContent()) ?? "",
    (await page.getByTestId("unresponded-messages").textContent()) ?? "",
  ];
}

/** The dashboard's two counts as the server draws them (no JavaScript). */
async function dashboardCountsDrawn(browser: NoJsBrowser): Promise<[string, string]> {
  const dashboard = await browser.open("/dashboard");
  return [dashboard.testIdText("unread-messages"), dashboard.testIdText("unresponded-messages")];
}

/** How many messages the conversation's list holds, as the server drew it. */
const messagesDrawn = (page: NoJsPage) =>
  DomUtils.findAll((e) => e.name === "li", page.read.element("Conversation").children).length;

const table = (page: Page, name: RegExp) => page.getByRole("table", { name });

/**
 * The page fits the phone it is shown on: no sideways scroll, no badge cut off. The lists and the new conversation's
 * form, as the seed has them, are the page sweep's (pages.spec.ts, onboarded@: axe too); a thread is not (opening
 * one marks its messages read), so its first opening is measured here.
 */
async function expectFitsPhone(page: Page, url: string): Promise<void> {
  // Measured once the layout stands: after a resize the navigation slides out (a CSS transition).
  await transitionsDone(page);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${url} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
  const cut = await page
    .locator(".mantine-Badge-root, .mantine-Badge-label")
    .evaluateAll((nodes) => nodes.filter((n) => n.scrollWidth > n.clientWidth + 1).length);
  expect(cut, `${url}: badges cut off`).toBe(0);
}
const conversation = (page: Page) => page.getByRole("list", { name: "Conversation" });

test("the dashboard's counts lead to the unread and the awaiting conversations; the list shows every one with its markers", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, EMAIL);
  expect(await dashboardCounts(page)).toEqual(["2", "1"]);

  await page.getByRole("link", { name: /Unread messages\s*2/ }).click();
  await expect(page).toHaveURL("/feedback/show");
  await expect(page.getByRole("heading", { name: "Unread messages", level: 1 })).toBeVisible();
  await expect(page.getByText("You have 2 unread messages from our staff.")).toBeVisible();
  const unread = table(page, /Conversations with unread messages/);
  await expect(unread.getByRole("row")).toHaveCount(2);
  await expect(unread).toContainText(WAITING);
  await expect(unread).toContainText("2 unread messages");

  await page.goto("/dashboard");
  await page.getByRole("link", { name: /Messages awaiting your reply\s*1/ }).click();
  await expect(page).toHaveURL("/feedback/conversation");
  await expect(page.getByText("1 conversation is waiting for your reply.")).toBeVisible();
  const awaiting = table(page, /Conversations awaiting your reply/);
  await expect(awaiting).toContainText(WAITING);
  await expect(awaiting).not.toContainText(ANSWERED);

  await page.getByRole("navigation", { name: "Feedback" }).getByRole("link", { name: "All conversations" }).click();
  await expect(page).toHaveURL("/feedback/list");
  const all = table(page, /Feedback conversations/);
  await expect(all.locator("caption")).toHaveText("Feedback conversations: 1–2 of 2");
  // Most recent message first, with the last message's author and start.
  await expect(all.getByRole("row").nth(1)).toContainText(WAITING);
  await expect(all.getByRole("row").nth(1)).toContainText("Awaiting your reply");
  await expect(all.getByRole("row").nth(1)).toContainText("Grace Harper (staff)");
  await expect(all.getByRole("row").nth(2)).toContainText("You");
  // /feedback with no id is the same list; a search that matches nothing says so.
  await page.goto("/feedback?search=zebra");
  await expect(page.getByText("No conversations match this search.")).toBeVisible();
});

test("opening a thread marks its staff messages read and lowers the dashboard's unread count; a reply ends the wait", async ({
  page,
}) => {
  await loginAs(page, EMAIL, { path: "/feedback/show" });
  await page.getByRole("link", { name: WAITING }).click();
  await expect(page).toHaveURL(/\/feedback\/\d+$/);
  await expect(page.getByRole("heading", { name: WAITING, level: 1 })).toBeVisible();
  await expect(page.getByText("2 new messages, now marked read.")).toBeVisible();
  // Oldest first: the broker's question, then the two staff answers, marked new.
  const messages = conversation(page).getByRole("listitem");
  await expect(messages).toHaveCount(3);
  await expect(messages.first()).toContainText("Michael Rossi");
  await expect(messages.nth(1)).toContainText("Most carriers appoint within 10 business days");
  await expect(conversation(page).getByText("New", { exact: true })).toHaveCount(2);
  await expect(page.getByText("Rated 4 of 5")).toBeVisible();
  await expectAxeClean(page);
  // Its first opening (its new messages marked) fits a 390 px phone, badges whole.
  await page.setViewportSize({ width: 390, height: 800 });
  await expectFitsPhone(page, page.url());
  await page.setViewportSize({ width: 1280, height: 720 });
  const thread = page.url();

  expect(await dashboardCounts(page)).toEqual(["0", "1"]);
  // Opened again: nothing is new any more.
  await page.goto(thread);
  await expect(conversation(page).getByText("New", { exact: true })).toHaveCount(0);
  // Issue 20: the reply's attachment is the shared file field; before the page runs (and without JavaScript: the
  // HTTP test below) the native input shows in its box, its button drawn as the portal's.
  await page.evaluate(() => document.documentElement.removeAttribute("data-hydrated"));
  expect(await expectSharedFileFields(page, { javaScript: false })).toBe(1);
  await page.evaluate(() => document.documentElement.setAttribute("data-hydrated", ""));

  await page.getByRole("textbox", { name: "Your reply" }).fill("Yes please, a weekly e-mail would help.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.locator("[data-toast=success]").last()).toContainText("Reply sent");
  await expect(messages).toHaveCount(4);
  await expect(messages.last()).toContainText("Yes please, a weekly e-mail would help.");
  expect(await dashboardCounts(page)).toEqual(["0", "0"]);
  await page.goto("/feedback/conversation");
  await expect(
    page.getByText("Nothing is waiting for your reply: you have answered our staff in every conversation."),
  ).toBeVisible();
});

test("a new conversation with a rating and an attachment; a double click starts one", async ({ page }) => {
  await loginAs(page, EMAIL, { path: "/feedback/list" });
  await page.getByRole("link", { name: "New conversation" }).click();
  await expect(page).toHaveURL("/feedback/form");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Enter a subject")).toBeVisible();
  await expect(page.getByText("Write your message")).toBeVisible();

  await page.getByRole("textbox", { name: "Subject" }).fill("A dark mode for the portal");
  await page.getByRole("combobox", { name: "Category" }).selectOption("Portal and website");
  await page.getByRole("textbox", { name: "Message" }).fill("Evenings are easier on the eyes with a dark theme.");
  const rating = page.getByRole("radiogroup", { name: /Rating/ });
  await expect(rating.getByRole("radio", { name: "No rating" })).toBeChecked();
  await rating.getByRole("radio", { name: "4", exact: true }).check();
  await page.getByLabel(/Attachment/).setInputFiles(PDF);
  await expectAxeClean(page);
  await page.getByRole("button", { name: "Send" }).dblclick();

  await expect(page).toHaveURL(/\/feedback\/\d+$/);
  await expect(page.locator("[data-toast=success]").first()).toContainText("Thank you: your message was sent.");
  await expect(page.getByRole("heading", { name: "A dark mode for the portal", level: 1 })).toBeVisible();
  await expect(page.getByText("Portal and website · started")).toContainText("Rated 4 of 5");
  await expect(conversation(page)).toContainText("court-order.pdf");
  await page.goto("/feedback/list");
  // The double click started one conversation: the seed's two and this one.
  await expect(table(page, /Feedback conversations/).locator("caption")).toHaveText("Feedback conversations: 1–3 of 3");
});

test("another user's conversation, or an id that is none, is the 404 page", async ({ page }) => {
  await loginAs(page, EMAIL);
  // Conversation 22 is agent@'s.
  for (const url of ["/feedback/22", "/feedback/999999", "/feedback/abc"]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByText("This page could not be found")).toBeVisible();
  }
  // agent@'s unread messages were not marked read by the attempt.
  await page.goto("/account/logout");
  await loginAs(page, "agent@demo.test");
  expect((await dashboardCounts(page))[0]).not.toBe("0");
});

httpTest(
  "without JavaScript: a new conversation: a wrong attachment is refused at its field, the rest kept; a double submit starts one",
  async () => {
    const user = await NoJsBrowser.signedIn(EMAIL);
    try {
      const blank = await user.open("/feedback/form");
      const refused = await user.submit(
        blank
          .form("Send")
          .fill("Subject", "Printing statements")
          .fill("Category", "Commissions")
          .fill("Message", "A printable statement would help my accountant.")
          .check("5 (excellent)")
          .attach("Attachment", { name: "notes.txt", mimeType: "text/plain", buffer: readFileSync(TEXT) }),
        "Send",
      );
      expect(refused.status).toBe(400);
      const again = refused.form("Send");
      expect(again.text).toContain("Only images or PDF files can be attached");
      expect(again.valueOf("Subject")).toBe("Printing statements");
      expect(again.valueOf("Message")).toBe("A printable statement would help my accountant.");
      expect(again.valueOf("Category")).toBe("Commissions");
      expect(again.isChecked("5 (excellent)")).toBe(true);

      again.attach("Attachment", { name: "court-order.pdf", mimeType: "application/pdf", buffer: readFileSync(PDF) });
      // A double click: the same form posted twice, the second while the first is on its way; the page shown is the
      // second's answer.
      const [, sent] = await Promise.all([user.submit(again, "Send"), user.submit(again, "Send")]);
      expect(sent.path).toMatch(/^\/feedback\/\d+$/);
      expect(sent.heading).toBe("Printing statements");
      expect(sent.text("Conversation")).toContain("court-order.pdf");
      const list = await user.open("/feedback/list");
      expect(list.tables().find((t) => t.caption.startsWith("Feedback conversations"))?.caption).toBe(
        "Feedback conversations: 1–3 of 3",
      );
    } finally {
      await user.close();
    }
  },
);

httpTest(
  "without JavaScript: a reply: an empty one is refused at the field; then it is the last message and the dashboard counts fall",
  async () => {
    const user = await NoJsBrowser.signedIn(EMAIL);
    try {
      const awaiting = await user.open("/feedback/conversation");
      const thread = await user.open(awaiting.linkNamed(WAITING));
      expect(thread.text()).toContain("2 new messages, now marked read.");
      // Issue 20: the reply's attachment is the shared file field, also without JavaScript (its look: the thread test).
      expect(thread.htmlHas("data-hydrated")).toBe(false);
      expect(thread.fileInputBoxes()).toEqual([expect.stringMatching(/(^| )file-field( |$)/)]);
      const empty = await user.submit(thread.form("Send reply"), "Send reply");
      expect(empty.form("Send reply").text).toContain("Write your reply");
      const sent = await user.submit(
        empty.form("Send reply").fill("Your reply", "No e-mail needed, thank you."),
        "Send reply",
      );
      expect(sent.toasts("success").join(" ")).toContain("Reply sent");
      expect(messagesDrawn(sent)).toBe(4);
      expect(await dashboardCountsDrawn(user)).toEqual(["0", "0"]);
    } finally {
      await user.close();
    }
  },
);
