import { type Browser, type Page, test as httpTest } from "@playwright/test";
import { REFERENCE_API_PORT } from "../../playwright.config";
import { freePort, startPortalProcess } from "../../scripts/lib/portal-process";
import { type HtmlForm } from "../support/html-forms";
import { NoJsBrowser, type NoJsPage } from "../support/no-js";
import { PASSWORD, expect, loginAs, test } from "./fixtures";

/**
 * Issue 22 §2.3 and §2.4: the admin area's system notifications (the banner above every page, per audience, until
 * dismissed or ended) and quote tool providers (what /quote_tool opens; the secret write-only). With JavaScript
 * (browser tests: the client's form posts, toasts and dismissal) and without (HTTP tests: tests/support/no-js.ts posts
 * the pages' own forms; what each role may see and do is decided there).
 */
const success = (page: Page) => page.locator("[data-toast=success]").last();
const banner = (page: Page) => page.getByRole("region", { name: "System notifications" });

/** A fresh signed-in page of its own (a new session). */
async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
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
  await page.getByRole("button", { name: "Create notification" }).click();
  await expect(page.getByText("Choose at least one role")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(title);
  await page.getByRole("checkbox", { name: "Agents", exact: true }).check();
  await page.getByRole("button", { name: "Create notification" }).click();
  await expect(page).toHaveURL("/admin/system_notifications");
  await expect(success(page)).toContainText(`Notification “${title}” posted.`);
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

test.describe("system notifications, JavaScript on", () => {
  test("a notice to agents only: agent@ sees it in the banner and dismisses it, it stays gone", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const title = `Agents only js ${Date.now()}`;
    await loginAs(page, "admin@demo.test");
    const path = await postAgentsOnlyNotice(page, title);
    try {
      const agent = await signedIn(browser, "agent@demo.test");
      await agent.goto("/book_of_business");
      // Not critical, beside the seed's four: folded into the banner's one line, which opens them (issue 37 §3). Its
      // count is the seed's four and this one, or more while the test without JavaScript below posts its own.
      await banner(agent)
        .getByText(/^[5-9] notifications$/)
        .click();
      const notice = banner(agent).getByTestId("system-notice").filter({ hasText: title });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText("Only agents should read this.");

      // Dismissed in place (no page load), and still gone when the page is loaded again.
      await notice.getByRole("button", { name: `Dismiss “${title}”` }).click();
      await expect(agent.getByText(title)).toHaveCount(0);
      await expect(agent).toHaveURL("/book_of_business");
      await agent.reload();
      await expect(agent.getByRole("heading", { name: "Book of Business", level: 1 })).toBeVisible();
      await expect(agent.getByText(title)).toHaveCount(0);
      await agent.context().close();
      // The admin sees who dismissed it. (agency@ never seeing it and a new session of agent@: the HTTP test.)
      await page.goto(path);
      await expect(page.getByRole("region", { name: "Summary" })).toContainText("1 user");
    } finally {
      await deleteNotice(page, path);
    }
  });
});

/** Without JavaScript (HTTP tier): the same notice's forms posted from their pages, the banner read from the HTML. */
httpTest(
  "without JavaScript: a notice to agents only: agent@ sees it in the banner, agency@ does not; dismissed, it stays gone",
  async () => {
    httpTest.setTimeout(120_000);
    const title = `Agents only nojs ${Date.now()}`;
    const [admin, agent, agency] = await Promise.all([
      NoJsBrowser.signedIn("admin@demo.test"),
      NoJsBrowser.signedIn("agent@demo.test"),
      NoJsBrowser.signedIn("agency@demo.test"),
    ]);
    let path: string | undefined;
    try {
      const form = (await admin.open("/admin/system_notifications/new"))
        .form("Create notification")
        .fill("Title", title)
        .fill("Severity", "Warning")
        .fill("Who sees it", "Some roles")
        .fill("Message", "Only agents should read this.");
      // Some roles, none chosen: refused at the roles, everything typed kept.
      const refused = await admin.submit(form, "Create notification");
      expect(refused.status).toBe(400);
      const again = refused.form("Create notification");
      expect(again.text).toContain("Choose at least one role");
      expect(again.fieldValue("Title")).toBe(title);
      const posted = await admin.submit(again.check("Agents"), "Create notification");
      expect(posted.path).toBe("/admin/system_notifications");
      expect(posted.toasts("success").join(" ")).toContain(`Notification “${title}” posted.`);
      const [link] = posted.links(title);
      if (!link) throw new Error(`no link to “${title}” in the list`);
      path = new URL(link.href).pathname;

      const notices = (page: NoJsPage) => page.text("System notifications");
      const book = await agent.open("/book_of_business");
      expect(notices(book)).toContain(title);
      expect(notices(book)).toContain("Only agents should read this.");
      expect((await agency.open("/book_of_business")).allText).not.toContain(title);

      // Its Dismiss button's form: back on the same page, the notice gone, and gone when the page is loaded again.
      const dismissed = await agent.submit(book.formByButtonName(`Dismiss “${title}”`));
      expect(dismissed.path).toBe("/book_of_business");
      expect(dismissed.allText).not.toContain(title);
      const reloaded = await agent.open("/book_of_business");
      expect(reloaded.heading).toBe("Book of Business");
      expect(reloaded.allText).not.toContain(title);

      // A new session: still gone; the admin sees who dismissed it.
      const again2 = await NoJsBrowser.signedIn("agent@demo.test");
      try {
        const dashboard = await again2.open("/dashboard");
        expect(dashboard.heading).not.toBe("");
        expect(dashboard.allText).not.toContain(title);
      } finally {
        await again2.close();
      }
      expect((await admin.open(path)).text("Summary")).toContain("1 user");
    } finally {
      if (path) {
        const id = path.split("/").pop()!;
        const answer = await admin.client.post(`/admin/system_notifications?delete=${id}`, {
          form: { intent: "delete", id },
          maxRedirects: 0,
        });
        expect(answer.status()).toBeLessThan(400);
      }
      await Promise.all([admin.close(), agent.close(), agency.close()]);
    }
  },
);

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

  test("disabled: the quote tool page says so; a role removed: refused (JavaScript on)", async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await signedIn(browser, "admin@demo.test");
    const agent = await signedIn(browser, "agent@demo.test");
    try {
      await saveProvider(admin, (p) => p.getByRole("checkbox", { name: "Enabled" }).uncheck());
      await expect(admin.getByRole("row").filter({ hasText: "Sunfire" })).toContainText("Disabled");
      await agent.goto("/quote_tool");
      await expect(agent.getByText("The quote tool is turned off for now")).toBeVisible();
      await expect(agent.getByRole("button", { name: "Open the Quote Tool" })).toHaveCount(0);

      await saveProvider(admin, async (p) => {
        await p.getByRole("checkbox", { name: "Enabled" }).check();
        await p.getByRole("checkbox", { name: "Agents", exact: true }).uncheck();
      });
      const refused = await agent.goto("/quote_tool");
      expect(refused?.status()).toBe(403);
      // A forged post, agency@ keeping the tool: the HTTP test.
    } finally {
      await restore(admin);
      await agent.goto("/quote_tool");
      await expect(agent.getByRole("button", { name: "Open the Quote Tool" })).toBeVisible();
      await admin.context().close();
      await agent.context().close();
    }
  });

  /** Without JavaScript (HTTP tier): provider 1's form posted from its page; what each role is shown or refused. */
  httpTest("without JavaScript: disabled: the quote tool page says so; a role removed: refused", async () => {
    httpTest.setTimeout(120_000);
    const [admin, agent, agency] = await Promise.all([
      NoJsBrowser.signedIn("admin@demo.test"),
      NoJsBrowser.signedIn("agent@demo.test"),
      NoJsBrowser.signedIn("agency@demo.test"),
    ]);
    /** Provider 1's form, changed and saved: the list it lands on. */
    const save = async (change: (form: HtmlForm) => HtmlForm) => {
      const form = (await admin.open("/admin/quote_tool_providers/1")).form("Save changes");
      const saved = await admin.submit(change(form), "Save changes");
      expect(saved.path).toBe("/admin/quote_tool_providers");
      expect(saved.toasts("success").join(" ")).toContain("Changes to the provider saved.");
      return saved;
    };
    const openButton = (page: NoJsPage) => () => page.form("Open the Quote Tool");
    try {
      const list = await save((f) => f.check("Enabled", false));
      expect(
        list
          .tableRows()
          .find((r) => r.some((c) => c.includes("Sunfire")))
          ?.join(" "),
      ).toContain("Disabled");
      const off = await agent.open("/quote_tool");
      expect(off.text()).toContain("The quote tool is turned off for now");
      expect(openButton(off)).toThrow();
      // The post is refused too (a form sent from a page loaded before the change).
      const posted = await agent.client.post("/quote_tool", { form: {}, maxRedirects: 0 });
      expect(posted.status()).toBe(400);
      expect(await posted.text()).toContain("The quote tool is turned off for now");

      await save((f) => f.check("Enabled").check("Agents", false));
      expect((await agent.open("/quote_tool")).status).toBe(403);
      // agency@ keeps it.
      const agencyTool = await agency.open("/quote_tool");
      expect(agencyTool.status).toBe(200);
      expect(openButton(agencyTool)).not.toThrow();
    } finally {
      await save((f) =>
        f
          .check("Agents")
          .check("Agencies")
          .check("Enabled")
          .fill("Test site address", "/partners/sunfire/test/sign_on"),
      );
      expect(openButton(await agent.open("/quote_tool"))).not.toThrow();
      await Promise.all([admin.close(), agent.close(), agency.close()]);
    }
  });

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
