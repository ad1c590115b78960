import { type APIRequestContext, type APIResponse, test as httpTest, request as requests } from "@playwright/test";
import { PORTAL_PORT } from "../../playwright.config";
import { STALE_RECORD } from "../../app/domain/record-version";
import { toUsMonth } from "../../app/domain/validation";
import { formWithButton, readPage, type HtmlForm } from "../support/html-forms";
import { PASSWORD, expect, expectNoSidewaysScroll, expectNoTruncatedText, loginAs, test } from "./fixtures";

/**
 * Issue 35 §2, over HTTP without a browser (the no-JavaScript flow: testing.md's HTTP tier, against the production
 * build): a payout approval approves only what the approver was shown. admin@ creates a $10.00 bonus; finance@ opens it
 * (Pending, $10.00); admin@ edits it to $9,999.00; finance@ presses Approve on the page still showing $10.00: refused
 * (409) with "This entry changed since you opened it", the page drawn again with $9,999.00, the entry still pending.
 * Every form is read from the page's HTML and posted as a browser would. The test's entry is its own (a memo of its
 * own); the seed's are only read. Playwright's own `test` (httpTest), not the fixtures' (whose console check opens a
 * browser page). One browser test shows the same with JavaScript on: the page's data is read again after the refusal
 * (revalidateWhenStale), without a reload.
 */

const BASE_URL = `http://localhost:${PORTAL_PORT}`;

/** This month (YYYY-MM, UTC): the period of the test's entry. */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** GET a page: its HTML and its address (after redirects). */
async function open(client: APIRequestContext, path: string) {
  const answer = await client.get(path);
  expect(answer.status(), `GET ${path}`).toBe(200);
  return { html: await answer.text(), url: answer.url() };
}

/** Posts a form read from a page as the browser would, `button` pressed; redirects followed. */
function post(client: APIRequestContext, form: HtmlForm, button?: string): Promise<APIResponse> {
  expect(form.method).toBe("post");
  expect(form.enctype).toBe("application/x-www-form-urlencoded");
  return client.post(form.action, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: form.body(button).toString(),
  });
}

/** A client of its own (its own cookies), signed in through the sign-in page's form. */
async function signedIn(email: string): Promise<APIRequestContext> {
  const client = await requests.newContext({ baseURL: BASE_URL });
  const page = await open(client, "/");
  const form = formWithButton(page.html, page.url, "Sign in").fill("E-mail", email).fill("Password", PASSWORD);
  const answer = await post(client, form, "Sign in");
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toContain('data-testid="signed-in-as"');
  return client;
}

/** admin@ creates a bonus of `amount` for agent@ with the new page's form; the entry's path. */
async function createEntry(admin: APIRequestContext, amount: string): Promise<string> {
  const newPage = await open(admin, "/admin/payout_entries/new");
  const created = await post(
    admin,
    formWithButton(newPage.html, newPage.url, "Create payout entry")
      .fill("Agent or agency", "Maria Alvarez (agent, agent@demo.test)")
      .fill("Kind", "Bonus")
      .fill("Amount", amount)
      .fill("Period", toUsMonth(thisMonth()))
      .fill("Memo", `Stale approval ${Date.now()}`),
  );
  expect(created.status()).toBe(200);
  const path = new URL(created.url()).pathname;
  expect(path).toMatch(/^\/admin\/payout_entries\/\d+$/);
  return path;
}

/** admin@ changes the entry's amount with the entry page's own form. */
async function changeAmount(admin: APIRequestContext, path: string, amount: string): Promise<void> {
  const own = await open(admin, path);
  const saved = await post(admin, formWithButton(own.html, own.url, "Save changes").fill("Amount", amount));
  expect(saved.status()).toBe(200);
  expect(readPage(await saved.text()).text("Summary")).toContain(`${amount} (payment)`);
}

httpTest(
  "an approval carries the version it was shown: the entry changed since, 409 and nothing approved",
  async () => {
    httpTest.setTimeout(120_000);
    const [admin, finance] = await Promise.all([signedIn("admin@demo.test"), signedIn("finance@demo.test")]);
    try {
      // admin@ creates a $10.00 bonus for agent@.
      const path = await createEntry(admin, "$10.00");

      // finance@ opens it: pending, $10.00, and the Approve form it will press later.
      const shown = await open(finance, path);
      expect(readPage(shown.html).text("Summary")).toContain("$10.00 (payment)");
      expect(readPage(shown.html).text()).toContain("Pending approval");
      const staleApprove = formWithButton(shown.html, shown.url, "Approve entry");
      expect(staleApprove.value("version")).toBe("1");

      // admin@ changes the amount to $9,999.00 with the page's own form.
      await changeAmount(admin, path, "$9,999.00");

      // finance@ presses Approve on the page that still shows $10.00: refused, the page drawn again as it is now.
      const refused = await post(
        finance,
        staleApprove.fill("Approval note (optional)", "Looks right"),
        "Approve entry",
      );
      expect(refused.status()).toBe(409);
      const answer = await refused.text();
      const page = readPage(answer);
      expect(page.text("Summary")).toContain("$9,999.00 (payment)");
      expect(page.text("Summary")).not.toContain("$10.00");
      expect(page.text()).toContain("Pending approval");
      expect(page.text("Summary")).not.toContain("Approved by");
      // The message is the Approve form's error, inside the layout; the form now carries the entry's new version and
      // keeps the note typed.
      const again = formWithButton(answer, refused.url(), "Approve entry");
      expect(again.insideMain).toBe(true);
      expect(again.alerts().join(" ")).toContain(STALE_RECORD);
      expect(again.value("version")).toBe("2");
      expect(again.value("note")).toBe("Looks right");

      // Nothing was approved: the entry is pending for everyone.
      const later = readPage((await open(admin, path)).html);
      expect(later.text()).toContain("Pending approval");
      expect(later.text("Summary")).not.toContain("Approved by");
      expect(later.text("History")).not.toContain("Approved");

      // Approving what the page now shows works.
      const approved = await post(finance, again, "Approve entry");
      expect(approved.status()).toBe(200);
      expect(await approved.text()).toContain("Entry approved: $9,999.00 reaches Maria Alvarez");
    } finally {
      await Promise.all([admin.dispose(), finance.dispose()]);
    }
  },
);

test("with JavaScript: Approve on a changed entry says so and draws the entry as it is now, nothing approved", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await signedIn("admin@demo.test");
  try {
    const path = await createEntry(admin, "$10.00");
    await loginAs(page, "finance@demo.test", { path: path });
    const summary = page.getByRole("region", { name: "Summary" });
    await expect(summary).toContainText("$10.00 (payment)");
    await changeAmount(admin, path, "$9,999.00");

    await page.getByRole("button", { name: "Approve entry" }).click();
    const refused = page.getByRole("alert").filter({ hasText: STALE_RECORD });
    await expect(refused).toBeVisible();
    await expect(summary).toContainText("$9,999.00 (payment)");
    await expect(page.getByText("Pending approval").first()).toBeVisible();
    await expect(summary).not.toContainText("Approved by");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await refused.scrollIntoViewIfNeeded();
      await expectNoTruncatedText(page);
      await expectNoSidewaysScroll(page, `${path} at ${width} px`);
    }

    // Approved as it is now.
    await page.getByRole("button", { name: "Approve entry" }).click();
    await expect(page.locator("[data-toast=success]").last()).toContainText("Entry approved: $9,999.00", {
      timeout: 20_000,
    });
  } finally {
    await admin.dispose();
  }
});
