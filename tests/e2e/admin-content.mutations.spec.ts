import type { Browser, Page } from "@playwright/test";
import { REFERENCE_API_PORT } from "../../playwright.config";
import { freePort, startPortalProcess } from "../../scripts/lib/portal-process";
import { PASSWORD, expect, loginAs, test } from "./fixtures";

/**
 * Issue 22 §2.3 and §2.4: the admin area's system notifications (the banner above every page, per audience, until
 * dismissed or ended) and quote tool providers (what /quote_tool opens; the secret write-only).
 */
const success = (page: Page) => page.locator("[data-toast=success]").last();
const banner = (page: Page) => page.getByRole("region", { name: "System notifications" });

/** A fresh signed-in page of its own (a new session). */
async function signedIn(browser: Browser, email: string, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await loginAs(page, email);
  return page;
}

/** Posts a notice to agents only through the admin's form; returns its record page's path. */
async function postAgentsOnlyNotice(page: Page, title: string): Promise<string> {
  await page.goto("/admin/system_notifications/new");
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await page.getByRole("combobox", { name: "Severity" }).selectOption({ label: "Warning" });
  await page.getByRole("combobox", { name: "Who sees it" }).selectOption({ label: "Some roles" });
  await page.getByRole("textbox", { name: "Message" }).fill("Only agents should read this.");
  // Some roles, none chosen: refused at the roles, everything typed kept.
  await page.getByRole("button", { name: "Create notice" }).click();
  await expect(page.getByText("Choose at least one role")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(title);
  await page.getByRole("checkbox", { name: "Agents", exact: true }).check();
  await page.getByRole("button", { name: "Create notice" }).click();
  await expect(page).toHaveURL("/admin/system_notifications");
  await expect(success(page)).toContainText(`Notice “${title}” posted.`);
  const link = page.getByRole("link", { name: title });
  await expect(link).toBeVisible();
  return (await link.getAttribute("href"))!;
}

async function deleteNotice(page: Page, path: string): Promise<void> {
  const id = path.split("/").pop()!;
  const answer = await page.request.post(`/admin/system_notifications?delete=${id}`, {
    form: { intent: "delete", id },
    maxRedirects: 0,
  });
  expect(answer.status()).toBeLessThan(400);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`system notifications, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a notice to agents only: agent@ sees it in the banner, agency@ does not; dismissed, it stays gone", async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      const title = `Agents only ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
      await loginAs(page, "admin@demo.test");
      const path = await postAgentsOnlyNotice(page, title);
      try {
        const agent = await signedIn(browser, "agent@demo.test", javaScriptEnabled);
        await agent.goto("/book_of_business");
        const notice = banner(agent).getByTestId("system-notice").filter({ hasText: title });
        await expect(notice).toBeVisible();
        await expect(notice).toContainText("Only agents should read this.");

        const agency = await signedIn(browser, "agency@demo.test", javaScriptEnabled);
        await agency.goto("/book_of_business");
        await expect(agency.getByText(title)).toHaveCount(0);
        await agency.context().close();

        await notice.getByRole("button", { name: `Dismiss “${title}”` }).click();
        await expect(agent.getByText(title)).toHaveCount(0);
        await expect(agent).toHaveURL("/book_of_business");
        await agent.reload();
        await expect(agent.getByRole("heading", { name: "Book of Business", level: 1 })).toBeVisible();
        await expect(agent.getByText(title)).toHaveCount(0);
        await agent.context().close();

        // A new session: still gone; the admin sees who dismissed it.
        const again = await signedIn(browser, "agent@demo.test", javaScriptEnabled);
        await again.goto("/dashboard");
        await expect(again.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(again.getByText(title)).toHaveCount(0);
        await again.context().close();
        await page.goto(path);
        await expect(page.getByRole("region", { name: "Summary" })).toContainText("1 user");
      } finally {
        await deleteNotice(page, path);
      }
    });
  });
}

/** Provider 1 (Sunfire, the seed's) as the test found it: restored after each test. */
async function saveProvider(page: Page, change: (page: Page) => Promise<void>): Promise<void> {
  await page.goto("/admin/quote_tool_providers/1");
  await change(page);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL("/admin/quote_tool_providers");
  await expect(success(page)).toContainText("Changes to the provider saved.");
}

const restore = (page: Page) =>
  saveProvider(page, async (p) => {
    await p.getByRole("checkbox", { name: "Agents", exact: true }).check();
    await p.getByRole("checkbox", { name: "Agencies", exact: true }).check();
    await p.getByRole("checkbox", { name: "Enabled" }).check();
    await p.getByRole("textbox", { name: "Test site address" }).fill("/partners/sunfire/test/sign_on");
  });

test.describe("the quote tool follows its providers", () => {
  // One provider, changed and restored in turn.
  test.describe.configure({ mode: "serial" });

  for (const javaScriptEnabled of [true, false]) {
    test(`disabled: the quote tool page says so; a role removed: refused (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const admin = await signedIn(browser, "admin@demo.test", javaScriptEnabled);
      const agent = await signedIn(browser, "agent@demo.test", javaScriptEnabled);
      try {
        await saveProvider(admin, (p) => p.getByRole("checkbox", { name: "Enabled" }).uncheck());
        await expect(admin.getByRole("row").filter({ hasText: "Sunfire" })).toContainText("Disabled");
        await agent.goto("/quote_tool");
        await expect(agent.getByText("The quote tool is turned off for now")).toBeVisible();
        await expect(agent.getByRole("button", { name: "Open the Quote Tool" })).toHaveCount(0);
        // The post is refused too (a form sent from a page loaded before the change).
        const posted = await agent.request.post("/quote_tool", { form: {}, maxRedirects: 0 });
        expect(posted.status()).toBe(400);
        expect(await posted.text()).toContain("The quote tool is turned off for now");

        await saveProvider(admin, async (p) => {
          await p.getByRole("checkbox", { name: "Enabled" }).check();
          await p.getByRole("checkbox", { name: "Agents", exact: true }).uncheck();
        });
        const refused = await agent.goto("/quote_tool");
        expect(refused?.status()).toBe(403);
        // agency@ keeps it.
        const agency = await signedIn(browser, "agency@demo.test", javaScriptEnabled);
        expect((await agency.goto("/quote_tool"))?.status()).toBe(200);
        await expect(agency.getByRole("button", { name: "Open the Quote Tool" })).toBeVisible();
        await agency.context().close();
      } finally {
        await restore(admin);
        await agent.goto("/quote_tool");
        await expect(agent.getByRole("button", { name: "Open the Quote Tool" })).toBeVisible();
        await admin.context().close();
        await agent.context().close();
      }
    });
  }

  test("?site=test opens the provider's test address, as configured", async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await signedIn(browser, "admin@demo.test");
    try {
      await saveProvider(admin, (p) =>
        p.getByRole("textbox", { name: "Test site address" }).fill("/partners/sunfire/test/sign_on?env=uat"),
      );
      await admin.goto("/quote_tool?site=test");
      const opened = admin.context().waitForEvent("page");
      await admin.getByRole("button", { name: "Open the Quote Tool (test site)" }).click();
      const provider = await opened;
      await provider.waitForLoadState("domcontentloaded");
      const url = new URL(provider.url());
      expect(url.origin).toBe(`http://127.0.0.1:${REFERENCE_API_PORT}`);
      expect(url.pathname).toBe("/partners/sunfire/test/sign_on");
      expect(url.searchParams.get("env")).toBe("uat");
      await expect(provider.getByRole("heading", { level: 1 })).toHaveText(
        "Demo quote provider (test site) — signed in as Grace Harper",
      );
      // No test address: the page says so.
      await saveProvider(admin, (p) => p.getByRole("textbox", { name: "Test site address" }).fill(""));
      await admin.goto("/quote_tool?site=test");
      await expect(admin.getByText("The quote tool has no test site")).toBeVisible();
    } finally {
      await restore(admin);
      await admin.context().close();
    }
  });
});

test.describe("a provider's secret", () => {
  test("is saved, then found in no page of the section, no .data answer and no log line", async ({ browser }) => {
    test.setTimeout(180_000);
    const SECRET = `s3cret-${Date.now()}-never-shown`;
    // A portal of its own, logging everything, so its whole output can be searched.
    const portal = await startPortalProcess({
      env: { LOG_LEVEL: "trace", REFERENCE_API_PORT: String(await freePort()) },
    });
    const context = await browser.newContext({ baseURL: portal.url });
    try {
      const page = await context.newPage();
      await page.goto("/");
      await page.getByRole("textbox", { name: "E-mail" }).fill("admin@demo.test");
      await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByTestId("signed-in-as")).toBeVisible({ timeout: 15_000 });

      // A new provider with the secret, refused once (its name is taken): the secret is not given back.
      await page.goto("/admin/quote_tool_providers/new");
      await page.getByRole("textbox", { name: "Name" }).fill("Sunfire");
      await page.getByRole("textbox", { name: "Sign-on address" }).fill("https://quotes.example.com/sso");
      await page.getByLabel("Sign-on secret").fill(SECRET);
      await page.getByRole("button", { name: "Create provider" }).click();
      await expect(page.getByText("A provider with this name exists.")).toBeVisible();
      // Not in the answer (the field keeps what was typed in the browser only).
      expect(await page.content()).not.toContain(SECRET);
      await page.getByRole("textbox", { name: "Name" }).fill("Spare quotes");
      await page.getByLabel("Sign-on secret").fill(SECRET);
      await page.getByRole("button", { name: "Create provider" }).click();
      await expect(page).toHaveURL("/admin/quote_tool_providers");
      const row = page.getByRole("row").filter({ hasText: "Spare quotes" });
      await expect(row).toContainText("Set");
      const path = (await row.getByRole("link", { name: "Spare quotes" }).getAttribute("href"))!;
      // Saved again without a secret: the secret is kept.
      await page.goto(path);
      await expect(page.getByLabel("Sign-on secret")).toHaveValue("");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page).toHaveURL("/admin/quote_tool_providers");
      await page.goto(path);
      await expect(page.getByRole("region", { name: "Summary" })).toContainText("Set");

      for (const url of [
        "/admin/quote_tool_providers",
        "/admin/quote_tool_providers?search=Spare",
        "/admin/quote_tool_providers/new",
        path,
        `${path}?back=%2Fadmin%2Fquote_tool_providers`,
        "/admin/quote_tool_providers/export",
      ]) {
        for (const address of [
          url,
          url.includes("export")
            ? null
            : `${url.split("?")[0]}.data${url.includes("?") ? `?${url.split("?")[1]}` : ""}`,
        ]) {
          if (!address) continue;
          const answer = await page.request.get(address);
          expect(answer.status(), address).toBe(200);
          expect(await answer.text(), address).not.toContain(SECRET);
        }
      }
      const log = portal.stdout() + portal.stderr();
      expect(log.length).toBeGreaterThan(1000);
      expect(log).not.toContain(SECRET);
    } finally {
      await context.close();
      await portal.dispose();
    }
  });
});
