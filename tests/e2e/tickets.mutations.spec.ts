import { readFileSync } from "node:fs";
import path from "node:path";
import { test as httpTest } from "@playwright/test";
import { NoJsBrowser } from "../support/no-js";
import { expect, lockAccount, loginAs, resetAccount, test } from "./fixtures";

/**
 * Opens tickets for docs@ (holding it: the profile's upload spec changes docs@ too): runs after the read-only specs.
 * Without JavaScript in the HTTP tier (tests/support/no-js.ts posts the page's own multipart form).
 */
const PDF = path.join(import.meta.dirname, "files", "court-order.pdf");
const TEXT = path.join(import.meta.dirname, "files", "notes.txt");

test.describe("support tickets", () => {
  test.describe.configure({ mode: "serial" });
  let release: (() => void) | undefined;
  test.beforeAll(async () => {
    // Waiting for the other spec that holds docs@ counts against this hook's time.
    test.setTimeout(150_000);
    release = await lockAccount("docs@demo.test");
  });
  test.afterAll(() => release?.());
  test.beforeEach(async () => {
    await resetAccount("docs@demo.test");
  });

  test("contact support with an attachment, then follow the conversation, reply and close", async ({ page }) => {
    await loginAs(page, "docs@demo.test");
    await page.getByRole("link", { name: "My Tickets" }).click();
    await expect(page.getByRole("table", { name: /Support tickets/ })).toContainText("You have no support tickets.");
    await page.getByRole("link", { name: "Contact Support" }).first().click();
    await expect(page).toHaveURL("/contact_support");

    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Enter a subject")).toBeVisible();
    await page.getByRole("textbox", { name: "Subject" }).fill("My W-9 upload keeps failing");
    await page.getByRole("combobox", { name: "Category" }).selectOption("Account and profile");
    await page.getByRole("textbox", { name: "Message" }).fill("The profile page says my W-9 is missing.");
    await page.getByLabel(/Attachment/).setInputFiles(PDF);
    await page.getByRole("button", { name: "Send" }).dblclick();

    await expect(page).toHaveURL(/\/my_tickets\?ticket=\d+/);
    await expect(page.locator("[data-toast=success]").first()).toContainText("Your message was sent to support.");
    const ticket = page.getByRole("region", { name: "My W-9 upload keeps failing" });
    await expect(ticket.getByRole("list", { name: "Conversation" })).toContainText("court-order.pdf");
    // The double click opened one ticket.
    await expect(page.getByRole("table", { name: /Support tickets/ }).locator("caption")).toHaveText(
      "Support tickets: 1–1 of 1",
    );

    await ticket.getByRole("textbox", { name: "Your reply" }).fill("Here is more detail.");
    await ticket.getByRole("button", { name: "Send reply" }).click();
    await expect(page.locator("[data-toast=success]").last()).toContainText("Reply sent");
    await expect(page.getByRole("list", { name: "Conversation" }).getByRole("listitem")).toHaveCount(2);
    await page.getByRole("button", { name: "Close ticket" }).click();
    await expect(page.getByText("This ticket is closed.")).toBeVisible();
  });

  httpTest("without JavaScript: a wrong attachment is refused at its field, the rest is kept", async () => {
    const docs = await NoJsBrowser.signedIn("docs@demo.test");
    try {
      const contact = await docs.open("/contact_support");
      const refused = await docs.submit(
        contact
          .form("Send")
          .fill("Subject", "Question about contracting")
          .fill("Category", "Contracting")
          .fill("Message", "Which carriers pay bonuses?")
          .attach("Attachment", { name: "notes.txt", mimeType: "text/plain", buffer: readFileSync(TEXT) }),
        "Send",
      );
      const form = refused.form("Send");
      expect(form.text).toContain("Only images or PDF files can be attached");
      expect(form.valueOf("Subject")).toBe("Question about contracting");
      expect(form.valueOf("Message")).toBe("Which carriers pay bonuses?");
      const sent = await docs.submit(form, "Send");
      expect(sent.path).toMatch(/^\/my_tickets\?ticket=\d+/);
      expect(sent.within("Question about contracting").text()).toContain("Question about contracting");
    } finally {
      await docs.close();
    }
  });

  test("a commission inquiry: the agent asks, the carrier answers, the agent sees the answer", async ({ browser }) => {
    const agent = await (await browser.newContext()).newPage();
    await loginAs(agent, "docs@demo.test");
    await agent.getByRole("link", { name: "Commission Inquiry" }).click();
    await agent.getByRole("link", { name: "New inquiry" }).click();
    await agent.getByRole("combobox", { name: "Carrier" }).selectOption({ label: "Blue Harbor Health" });
    await agent.getByRole("textbox", { name: "Statement or policy number" }).fill("Statement 2026-10");
    await agent.getByRole("textbox", { name: "Subject" }).fill("Missing October renewal");
    await agent
      .getByRole("textbox", { name: "Question" })
      .fill("The October statement lacks the renewal for MA-1000123.");
    await agent.getByRole("button", { name: "Send inquiry" }).click();
    await expect(agent).toHaveURL(/\/commission_inquiry\?ticket=\d+/);
    const id = new URL(agent.url()).searchParams.get("ticket");

    const carrier = await (await browser.newContext()).newPage();
    await loginAs(carrier, "carrier@demo.test");
    await expect(carrier).toHaveURL("/carrier/tickets");
    await carrier.getByRole("link", { name: "Missing October renewal" }).click();
    await carrier.getByRole("textbox", { name: "Your reply" }).fill("The renewal is on the November statement.");
    await carrier.getByRole("button", { name: "Send reply" }).click();
    await expect(carrier.locator("[data-toast=success]").last()).toContainText("Reply sent");
    await expect(carrier.getByRole("button", { name: "Close ticket" })).toHaveCount(0);

    await agent.goto(`/commission_inquiry?ticket=${id}`);
    const view = agent.getByRole("region", { name: "Missing October renewal" });
    await expect(view).toContainText("Answered");
    await expect(view.getByRole("list", { name: "Conversation" })).toContainText(
      "The renewal is on the November statement.",
    );
  });
});
