import { type Page, test as httpTest } from "@playwright/test";
import { NoJsBrowser, attributeOf, elementsWhere, labelledElements, linksIn, textIn } from "../support/no-js";
import { axeViolations, expect, loginAs, resetAccount, revokeSessions, test } from "./fixtures";

/**
 * The signed-in chrome and the pages every account shares: branding, the notice modal, the dashboard, the SMS
 * prompt, the phone's menu, the markup's weight. Without JavaScript over HTTP (`httpTest`: tests/support/no-js.ts, no
 * browser). Every page's axe check and its 390 and 1280 px fit are the page sweep's (pages.spec.ts).
 */

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

/** The elements of a page with the role `role` (given in the markup). */
const withRole = (page: Parameters<typeof elementsWhere>[0], role: string) =>
  elementsWhere(page, (e) => attributeOf(e, "role") === role);

/** Without JavaScript (HTTP tier): the page as the server draws it, its links followed. */
httpTest("without JavaScript: the notice modal shows and closes", async () => {
  const agent = await NoJsBrowser.signedIn("agent@demo.test");
  try {
    const shown = await agent.open("/dashboard?notice");
    const [dialog, ...more] = withRole(shown, "dialog");
    expect(more).toHaveLength(0);
    expect(textIn(dialog!)).toContain("1099");
    const close = linksIn(shown).filter((l) => l.name === "Close");
    expect(close, "one Close link").toHaveLength(1);
    const closed = await agent.open(close[0]!.href!);
    expect(closed.path).toBe("/dashboard");
    expect(withRole(closed, "dialog")).toHaveLength(0);
  } finally {
    await agent.close();
  }
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

  /** Without JavaScript (HTTP tier: the prompt's own form, posted as the browser would). */
  httpTest("without JavaScript: Yes is a plain form that returns to the page", async () => {
    const newagent = await NoJsBrowser.signedIn("newagent@demo.test");
    try {
      const shown = await newagent.open("/basic_profile");
      const [prompt, ...more] = elementsWhere(shown, (e) => attributeOf(e, "data-testid") === "sms-prompt");
      expect(more).toHaveLength(0);
      const yes = shown.form("Yes");
      // The prompt's own form (the one form inside it).
      expect(elementsWhere(prompt!, (e) => e.name === "form").map(textIn)).toEqual([yes.text]);
      const answered = await newagent.submit(yes, "Yes");
      expect(answered.path).toBe("/basic_profile");
      expect(answered.toasts("success").join(" ")).toContain("You will receive text-message alerts.");
      expect(answered.hasTestId("sms-prompt")).toBe(false);
    } finally {
      await newagent.close();
    }
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
  // Every page's axe check (these included: "/", a dialog open, a step of a flow) is the page sweep's
  // (pages.spec.ts).
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("the menu opens from the burger; the burger's link (?menu) opens it too", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    const entry = page.getByRole("link", { name: "Book of Business" });
    await expect(entry).not.toBeInViewport();
    await page.getByRole("link", { name: "Toggle navigation" }).click();
    await expect(entry).toBeInViewport();
    await expect(page).toHaveURL("/dashboard");
    // The address the burger links to (what a click before hydration, or without JavaScript, opens): the menu is
    // drawn open, in view on a phone.
    await page.goto("/dashboard?menu=");
    await expect(entry).toBeInViewport();
  });

  /** Without JavaScript (HTTP tier): the burger is a link, and the page it leads to draws the menu open. */
  httpTest("without JavaScript: the burger is a link that opens the menu", async () => {
    const agent = await NoJsBrowser.signedIn("agent@demo.test");
    try {
      const burger = (page: Parameters<typeof linksIn>[0]) =>
        linksIn(page)
          .filter((l) => l.name === "Toggle navigation")
          .map((l) => ({ href: l.href, expanded: attributeOf(l.element, "aria-expanded") }));
      // Mantine's AppShell draws the navigation's place as CSS variables: closed on a phone, it is moved off the
      // screen (--app-shell-navbar-transform); open, it is not.
      const shellStyle = (page: Parameters<typeof elementsWhere>[0]) =>
        elementsWhere(page, (e) => e.name === "style" && attributeOf(e, "data-mantine-styles") === "inline")
          .map(textIn)
          .join("\n");
      const closed = await agent.open("/dashboard");
      expect(burger(closed)).toEqual([{ href: "/dashboard?menu=", expanded: "false" }]);
      expect(shellStyle(closed)).toContain("--app-shell-navbar-transform");
      const opened = await agent.open("/dashboard?menu=");
      expect(opened.path).toBe("/dashboard?menu=");
      expect(burger(opened)).toEqual([{ href: "/dashboard", expanded: "true" }]);
      expect(shellStyle(opened)).not.toContain("--app-shell-navbar-transform");
      const [menu] = labelledElements(opened, "Main menu");
      expect(
        linksIn(menu!)
          .filter((l) => l.text === "Book of Business")
          .map((l) => l.href),
      ).toEqual(["/book_of_business"]);
    } finally {
      await agent.close();
    }
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
