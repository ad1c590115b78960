import type { Page } from "@playwright/test";
import { axeViolations, expect, expectAxeClean, loginAs, resetAccount, revokeSessions, test } from "./fixtures";

test.describe("branding", () => {
  test("?brand=partner sets logo, welcome message and disclaimer, and is remembered", async ({ page }) => {
    await page.goto("/?brand=partner");
    await expect(page.getByTestId("brand-logo").locator("img")).toHaveAttribute("src", "/brand/partner-logo.svg");
    await expect(page.getByText("Welcome to Harbor Partners, your contracting home")).toBeVisible();
    await expect(page.getByText("Harbor Partners Insurance Network, Inc.")).toBeVisible();

    await loginAs(page, "agent@demo.test");
    await expect(
      page.getByRole("heading", { name: "Welcome to Harbor Partners, your contracting home" }),
    ).toBeVisible();
    await expect(
      page.getByText(
        /brokers must be active with Harbor Partners Insurance Network and each policy must be active at the time of payment/,
      ),
    ).toBeVisible();
  });

  test("an unknown brand gives the default branding", async ({ page }) => {
    await page.goto("/?brand=partner");
    await page.goto("/?brand=nonsense");
    await expect(page.getByTestId("brand-logo").locator("img")).toHaveAttribute("src", "/brand/default-logo.svg");
    await page.goto("/");
    await expect(page.getByText("Welcome to the Summit Agent Portal")).toBeVisible();
  });
});

test.describe("the 1099 notice modal", () => {
  test("shows with ?notice and closing removes the parameter", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    await page.goto("/dashboard?notice&x=1");
    const dialog = page.getByRole("dialog", { name: /1099 tax forms/ });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("$600 or more in 2023");
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL("/dashboard?x=1");
    await expect(dialog).toHaveCount(0);
  });

  test("Escape closes it", async ({ page }) => {
    await loginAs(page, "agency@demo.test");
    await page.goto("/dashboard?notice");
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the notice modal shows and closes", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    await page.goto("/dashboard?notice");
    await expect(page.getByRole("dialog")).toContainText("1099");
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test("an unknown URL shows the 404 page with a link home", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("This page could not be found")).toBeVisible();
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL("/");
});

test("the footer links to the privacy policy", async ({ page }) => {
  await loginAs(page, "agent@demo.test");
  await page.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL("/privacy_policy");
  await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
});

test("the dashboard shows level, message counts and system notifications from the upstream", async ({ page }) => {
  await loginAs(page, "agent@demo.test");
  await expect(page.getByTestId("level")).toHaveText("Level 3");
  // Not "Level / Level 3": the value says what it is (issue 11).
  await expect(page.getByText("Level", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("unread-messages")).toHaveText("3");
  await expect(page.getByTestId("unresponded-messages")).toHaveText("1");
  await expect(page.getByText("Annual Enrollment Period").first()).toBeVisible();
});

test("an ended system notification is not shown; the current ones are (issue 20: a notice ends)", async ({ page }) => {
  await loginAs(page, "agency@demo.test");
  const notices = page.getByRole("region", { name: "System notifications" });
  await expect(notices.getByText("Annual Enrollment Period", { exact: true })).toBeVisible();
  await expect(notices.getByText(/until \d\d\/\d\d\/\d{4}/).first()).toBeVisible();
  await expect(notices.getByText("Scheduled maintenance")).toHaveCount(0);
});

test("the dashboard's next steps tell the truth (issue 11)", async ({ page }) => {
  const steps = page.getByRole("region", { name: "Next steps" });
  // A message awaits agent@'s reply: not 'all caught up'.
  await loginAs(page, "agent@demo.test");
  await expect(steps).toContainText("No pending tasks. Messages still await your reply.");
  await expect(steps).not.toContainText("all caught up");
  await page.goto("/account/logout");
  // Nothing waits for loa@.
  await loginAs(page, "loa@demo.test");
  await expect(steps).toContainText("You are all caught up: nothing needs your attention.");
  await page.goto("/account/logout");
  // Documents lead to the profile, with the spec's pointer to the alert icon.
  await loginAs(page, "docs@demo.test");
  await expect(steps.getByRole("link", { name: "2 documents need your attention" })).toHaveAttribute(
    "href",
    "/profile",
  );
  await expect(steps).toContainText("Please visit the User Profile to find the alert icon");
  await page.goto("/account/logout");
  // No active contracts: Contract Now.
  await loginAs(page, "newagent@demo.test");
  await steps.getByRole("link", { name: "Request your first contracts with Contract Now" }).click();
  await expect(page).toHaveURL("/contract_now");
});

test("an LOA user's level shows as LOA", async ({ page }) => {
  await loginAs(page, "loa@demo.test");
  await expect(page.getByTestId("level")).toHaveText("LOA");
  await expect(page.getByText("Level", { exact: true })).toBeVisible();
});

test("document notifications show the alert icon and a pending task", async ({ page }) => {
  await loginAs(page, "docs@demo.test");
  await expect(page.getByTestId("document-alert")).toBeVisible();
  await expect(page.getByRole("link", { name: "2 documents need your attention" })).toBeVisible();
  await page.goto("/basic_profile");
  await expect(page.getByTestId("pending-tasks")).toContainText("2 documents need your attention");
  await page.goto("/account/logout");
  await loginAs(page, "agent@demo.test");
  await expect(page.getByTestId("document-alert")).toHaveCount(0);
});

test("the offline banner shows while the browser is offline", async ({ page, context }) => {
  await loginAs(page, "agent@demo.test");
  await expect(page.getByText("You are offline")).toHaveCount(0);
  // React Router asks the server about the page's links once hydrated (lazy route discovery); cut off before that
  // answer, its fetch fails with a console error the fixture counts. The banner is the subject, not that race.
  await page.waitForLoadState("networkidle");
  await context.setOffline(true);
  await expect(page.getByText("You are offline")).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText("You are offline")).toHaveCount(0);
});

test("an admin signs in as a user and comes back with 'Logout As {name}'", async ({ page }) => {
  await loginAs(page, "admin@demo.test");
  await page.getByRole("textbox", { name: "User e-mail" }).fill("agent@demo.test");
  await page.getByRole("button", { name: "Sign in as user" }).click();
  await expect(page).toHaveURL("/dashboard");
  const back = page.getByRole("button", { name: "Logout As Maria Alvarez" });
  await expect(back).toBeVisible();
  await back.click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { name: "Admin Tools" })).toBeVisible();
  // Signed in as the admin again (the header's user menu names who is signed in).
  await expect(page.getByTestId("signed-in-as")).toHaveAccessibleName("Account: Grace Harper");
  await expect(page.getByRole("button", { name: /Logout As/ })).toHaveCount(0);
});

test("an upstream 401 ends the session with 'Unauthorized Request'", async ({ page, context }) => {
  await page.clock.install();
  await loginAs(page, "expired@demo.test");
  await revokeSessions("expired@demo.test");
  await page.getByRole("link", { name: "Book of Business" }).click();
  await expect(page).toHaveURL("/");
  const toast = page.locator("[data-toast=error]");
  await expect(toast).toContainText("Unauthorized Request");
  expect((await context.cookies()).map((c) => c.name)).not.toContain("portal_session");
  // Spec §9: notifications disappear after 7 seconds.
  await page.clock.fastForward(7100);
  await expect(toast).toHaveCount(0);
});

test.describe("the SMS consent prompt", () => {
  test.describe.configure({ mode: "serial" });
  test.beforeEach(async () => {
    await resetAccount("newagent@demo.test");
  });

  test("Yes gives consent, hides the prompt and shows a green toast", async ({ page }) => {
    await loginAs(page, "newagent@demo.test");
    const prompt = page.getByTestId("sms-prompt");
    await expect(prompt).toBeVisible();
    await prompt.getByRole("button", { name: "Yes" }).click();
    await expect(page.locator("[data-toast=success]")).toContainText("You will receive text-message alerts.");
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("sms-prompt")).toHaveCount(0);
  });

  test("No declines and hides it; a toast can be dismissed", async ({ page }) => {
    await loginAs(page, "newagent@demo.test");
    await page.getByTestId("sms-prompt").getByRole("button", { name: "No" }).click();
    const toast = page.locator("[data-toast=success]");
    await expect(toast).toContainText("You will not receive text-message alerts.");
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toast).toHaveCount(0);
    await page.goto("/basic_profile");
    await expect(page.getByTestId("sms-prompt")).toHaveCount(0);
  });

  test("the toasts' live code loads with the first toast, not at idle (issue 21)", async ({ page }) => {
    const fetched: string[] = [];
    page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
    const liveToasts = () => fetched.filter((path) => /\/assets\/live-toasts-[\w-]+\.js$/.test(path));
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.waitForLoadState("networkidle");
    expect(liveToasts()).toEqual([]);
    await loginAs(page, "newagent@demo.test");
    await page.waitForLoadState("networkidle");
    expect(liveToasts()).toEqual([]);
    // A fetcher's toast after hydration: the notifications load then, and their toast can be dismissed.
    await page.getByTestId("sms-prompt").getByRole("button", { name: "No" }).click();
    const toast = page.locator("[data-toast=success]");
    await expect(toast).toContainText("You will not receive text-message alerts.");
    expect(liveToasts()).toHaveLength(1);
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toast).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("Yes is a plain form that returns to the page", async ({ page }) => {
      await loginAs(page, "newagent@demo.test");
      await page.goto("/basic_profile");
      await page.getByTestId("sms-prompt").getByRole("button", { name: "Yes" }).click();
      await expect(page).toHaveURL("/basic_profile");
      await expect(page.locator("[data-toast=success]")).toContainText("You will receive text-message alerts.");
      await expect(page.getByTestId("sms-prompt")).toHaveCount(0);
    });
  });

  test("accounts that answered never see it", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    await expect(page.getByTestId("sms-prompt")).toHaveCount(0);
  });
});

test.describe("accessibility", () => {
  test("the suite's axe check finds what axe finds (ADR 039: run in the page, violations only)", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await page.evaluate(() => {
      const main = document.querySelector("main")!;
      main.append(document.createElement("button"), document.createElement("input"));
      const faint = Object.assign(document.createElement("p"), { textContent: "Faint text" });
      faint.style.color = "#eeeeee";
      main.append(faint);
    });
    const found = (await axeViolations(page)).map((v) => v.split(":")[0]);
    expect(found).toEqual(expect.arrayContaining(["button-name", "label", "color-contrast"]));
  });

  for (const [email, path] of [
    [null, "/"],
    ["agent@demo.test", "/dashboard"],
    ["carrier@demo.test", "/basic_profile"],
    ["loa@demo.test", "/contract_now?product=1&carrier=103&step=legal"],
    ["loa@demo.test", "/contracts"],
    ["agency@demo.test", "/book_of_business"],
    ["agency@demo.test", "/register_downlines?confirm=1"],
    ["agency@demo.test", "/register_downlines/new"],
    ["agency@demo.test", "/downlines?open=5101&policies=5101"],
    ["agent@demo.test", "/commission_inquiry?new&ticket=5"],
    ["agent@demo.test", "/my_tickets?ticket=1"],
    ["carrier@demo.test", "/carrier/tickets?ticket=4"],
    ["agency@demo.test", "/commissions"],
  ] as const) {
    test(`${path} has no axe violations${email ? ` for ${email}` : ""}`, async ({ page }) => {
      // axe walks every node of a long page (tables, menus): tens of seconds on a busy 2-core machine.
      test.setTimeout(60_000);
      if (email) await loginAs(page, email);
      await page.goto(path);
      await expectAxeClean(page);
    });
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("the menu opens from the burger", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    const entry = page.getByRole("link", { name: "Book of Business" });
    await expect(entry).not.toBeInViewport();
    await page.getByRole("link", { name: "Toggle navigation" }).click();
    await expect(entry).toBeInViewport();
    await expect(page).toHaveURL("/dashboard");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the burger is a link that opens the menu", async ({ page }) => {
      await loginAs(page, "agent@demo.test");
      await page.getByRole("link", { name: "Toggle navigation" }).click();
      await expect(page).toHaveURL("/dashboard?menu=");
      await expect(page.getByRole("link", { name: "Book of Business" })).toBeInViewport();
    });
  });
});

test.describe("lean markup (issue 21)", () => {
  /** The server's HTML of a page, as the signed-in browser would get it. */
  const htmlOf = async (page: Page, path: string) => (await page.request.get(path)).text();
  const styleAttributes = (html: string) => html.match(/\sstyle="/g)?.length ?? 0;

  test("the chrome draws no style attributes but Mantine's shell's, and a menu link is three elements", async ({
    page,
  }) => {
    await loginAs(page, "agency@demo.test");
    const html = await htmlOf(page, "/dashboard");
    const header = /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? "";
    const footer = /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? "";
    const main = /id="main"[\s\S]*?<footer/.exec(html)?.[0] ?? "";
    const links = (html.match(/<a\b[^>]*\bdata-menu-item="[^"]*"[^>]*>[\s\S]*?<\/a>/g) ?? []).filter((a) =>
      /\shref="/.test(a.slice(0, a.indexOf(">"))),
    );
    expect(header).toContain("Toggle navigation");
    // The AppShell's header and the Burger carry Mantine's variables; the rows, the logo, the user menu none.
    expect(styleAttributes(header)).toBe(2);
    expect(footer).toContain("Privacy Policy");
    expect(styleAttributes(footer)).toBe(0);
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) {
      expect(styleAttributes(link), link).toBe(0);
      expect(link.match(/<[a-z]/g)?.length, link).toBe(3);
    }
    // The dashboard's own markup: only the notifications' Alerts carry a style attribute.
    expect(main).toContain("System notifications");
    expect(styleAttributes(main)).toBe(main.match(/mantine-Alert-root/g)?.length ?? 0);
  });

  test("the commission statement's badges and amounts carry no style attribute", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    const html = await htmlOf(page, "/commissions");
    const badges = html.match(/<span[^>]*mantine-Badge-root[^>]*>/g) ?? [];
    expect(badges.length).toBeGreaterThan(5);
    for (const badge of badges) expect(badge).toMatch(/data-color="(green|blue|red|gray)"/);
    expect(badges.filter((b) => /\sstyle=/.test(b))).toEqual([]);
    const amounts = html.match(/<p[^>]*class="txt amount"[^>]*>\$[\d,.]+<\/p>/g) ?? [];
    expect(amounts.length).toBe(badges.length);
    // The page's look: a badge still renders as Mantine's light badge.
    await page.goto("/commissions");
    const badge = page.locator(".data-table-scroll .mantine-Badge-root").first();
    await expect(badge).toHaveCSS("text-transform", "uppercase");
    await expect(badge).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  });
});
