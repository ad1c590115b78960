import { type Page, test as httpTest } from "@playwright/test";
import {
  NoJsBrowser,
  type NoJsPage,
  attributeOf,
  elementsWhere,
  labelledElements,
  linksIn,
  textIn,
} from "../support/no-js";
import {
  PASSWORD,
  axeViolations,
  expect,
  loginAs,
  resetAccount,
  revokeSessions,
  test,
  transitionsDone,
} from "./fixtures";

/**
 * The signed-in chrome and the pages every account shares: branding, the notice modal, the dashboard, the SMS
 * prompt, the phone's menu, the markup's weight. Without JavaScript over HTTP (`httpTest`: tests/support/no-js.ts, no
 * browser). Every page's axe check and its 390 and 1280 px fit are the page sweep's (pages.spec.ts).
 */

/** The elements of a page with the role `role` (given in the markup). */
const withRole = (page: Parameters<typeof elementsWhere>[0], role: string) =>
  elementsWhere(page, (e) => attributeOf(e, "role") === role);

/** The texts of the elements with `data-testid=id`. */
const byTestId = (page: NoJsPage, id: string) =>
  elementsWhere(page, (e) => attributeOf(e, "data-testid") === id).map(textIn);

/** The elements whose own text (their text children, not their elements') is `text`, as getByText(exact) finds them. */
const withOwnText = (scope: Parameters<typeof elementsWhere>[0], text: string) =>
  elementsWhere(
    scope,
    (e) =>
      e.children
        .map((c) => (c.type === "text" ? (c as { data: string }).data : ""))
        .join("")
        .replace(/\s+/g, " ")
        .trim() === text,
  );

/** The texts of the page's headings (h1 to h6). */
const headings = (page: NoJsPage) => elementsWhere(page, (e) => /^h[1-6]$/.test(e.name)).map(textIn);

/** Over HTTP: the brand is the server's choice (a query parameter, then a cookie), drawn in its HTML. */
httpTest.describe("branding", () => {
  /** The src of the brand logo's image. */
  const logo = (page: NoJsPage) =>
    elementsWhere(page, (e) => attributeOf(e, "data-testid") === "brand-logo")
      .flatMap((el) => elementsWhere(el, (e) => e.name === "img"))
      .map((img) => attributeOf(img, "src"));

  httpTest("?brand=partner sets logo, welcome message and disclaimer, and is remembered", async () => {
    const browser = await NoJsBrowser.open();
    try {
      const home = await browser.open("/?brand=partner");
      expect(logo(home)).toEqual(["/brand/partner-logo.svg"]);
      expect(home.allText).toContain("Welcome to Harbor Partners, your contracting home");
      expect(home.allText).toContain("Harbor Partners Insurance Network, Inc.");

      // Signed in by the same browser: the brand is remembered.
      const signedIn = await browser.submit(
        home.form("Sign in").fill("E-mail", "agent@demo.test").fill("Password", PASSWORD),
        "Sign in",
      );
      expect(signedIn.hasTestId("signed-in-as")).toBe(true);
      expect(headings(signedIn)).toContain("Welcome to Harbor Partners, your contracting home");
      expect(signedIn.allText).toMatch(
        /brokers must be active with Harbor Partners Insurance Network and each policy must be active at the time of payment/,
      );
    } finally {
      await browser.close();
    }
  });

  httpTest("an unknown brand gives the default branding", async () => {
    const browser = await NoJsBrowser.open();
    try {
      await browser.open("/?brand=partner");
      expect(logo(await browser.open("/?brand=nonsense"))).toEqual(["/brand/default-logo.svg"]);
      expect((await browser.open("/")).allText).toContain("Welcome to the Summit Agent Portal");
    } finally {
      await browser.close();
    }
  });
});

test.describe("the 1099 notice modal", () => {
  test("shows with ?notice and closing removes the parameter", async ({ page }) => {
    await loginAs(page, "agent@demo.test", { path: "/dashboard?notice&x=1" });
    const dialog = page.getByRole("dialog", { name: /1099 tax forms/ });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("$600 or more in 2023");
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL("/dashboard?x=1");
    await expect(dialog).toHaveCount(0);
  });

  test("Escape closes it", async ({ page }) => {
    await loginAs(page, "agency@demo.test", { path: "/dashboard?notice" });
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

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

/** Over HTTP: what the server draws for an unknown URL and on the dashboard, for each account's state. */
httpTest("an unknown URL shows the 404 page with a link home", async () => {
  const browser = await NoJsBrowser.open();
  try {
    const missing = await browser.open("/no/such/page");
    expect(missing.status).toBe(404);
    expect(missing.allText).toContain("This page could not be found");
    const home = await browser.follow(missing, "Back to the home page");
    expect(home.status).toBe(200);
    expect(home.path).toBe("/");
  } finally {
    await browser.close();
  }
});

httpTest("the footer links to the privacy policy", async () => {
  const agent = await NoJsBrowser.signedIn("agent@demo.test");
  try {
    const dashboard = await agent.open("/dashboard");
    const links = linksIn(dashboard).filter((l) => l.name === "Privacy Policy");
    expect(links.map((l) => l.href)).toEqual(["/privacy_policy"]);
    const policy = await agent.open(links[0]!.href!);
    expect(policy.path).toBe("/privacy_policy");
    expect(policy.heading).toBe("Privacy Policy");
  } finally {
    await agent.close();
  }
});

httpTest("the dashboard shows level, message counts and system notifications from the upstream", async () => {
  const agent = await NoJsBrowser.signedIn("agent@demo.test");
  try {
    const dashboard = await agent.open("/dashboard");
    expect(byTestId(dashboard, "level")).toEqual(["Level 3"]);
    // Not "Level / Level 3": the value says what it is (issue 11).
    expect(withOwnText(dashboard, "Level")).toHaveLength(0);
    expect(byTestId(dashboard, "unread-messages")).toEqual(["3"]);
    expect(byTestId(dashboard, "unresponded-messages")).toEqual(["1"]);
    expect(dashboard.allText).toContain("Annual Enrollment Period");
  } finally {
    await agent.close();
  }
});

httpTest("an ended system notification is not shown; the current ones are (issue 20: a notice ends)", async () => {
  const agency = await NoJsBrowser.signedIn("agency@demo.test");
  try {
    const dashboard = await agency.open("/dashboard");
    const [notices, ...more] = labelledElements(dashboard, "System notifications");
    expect(more).toHaveLength(0);
    expect(withOwnText(notices!, "Annual Enrollment Period")).toHaveLength(1);
    expect(textIn(notices!)).toMatch(/until \d\d\/\d\d\/\d{4}/);
    expect(textIn(notices!)).not.toContain("Scheduled maintenance");
  } finally {
    await agency.close();
  }
});

httpTest("the dashboard's next steps tell the truth (issue 11)", async () => {
  const [agent, loa, docs, newagent] = await Promise.all(
    ["agent@demo.test", "loa@demo.test", "docs@demo.test", "newagent@demo.test"].map((email) =>
      NoJsBrowser.signedIn(email),
    ),
  );
  try {
    // agent@'s ready-to-sell lines need steps (issue 37 §5: the same rules as Ready to Sell): not 'No pending tasks'.
    const [agentSteps] = labelledElements(await agent.open("/dashboard"), "Next steps");
    expect(textIn(agentSteps!)).not.toContain("No pending tasks");
    expect(textIn(agentSteps!)).not.toContain("all caught up");
    const requests = linksIn(agentSteps!).filter((l) => /^Contract Now: \d+ products$/.test(l.name));
    expect(requests.map((l) => l.href)).toEqual(["/ready_to_sell"]);
    // No message waits for loa@, but its lines do: its steps, not 'all caught up' ('all caught up': next-steps.test.ts).
    const [loaSteps] = labelledElements(await loa.open("/dashboard"), "Next steps");
    expect(textIn(loaSteps!)).not.toContain("all caught up");
    expect(linksIn(loaSteps!).some((l) => l.href === "/ready_to_sell")).toBe(true);
    // Documents lead to the profile, with the spec's pointer to the alert icon.
    const docsDashboard = await docs.open("/dashboard");
    const [docsSteps] = labelledElements(docsDashboard, "Next steps");
    expect(
      linksIn(docsSteps!)
        .filter((l) => l.name === "2 documents need your attention")
        .map((l) => l.href),
    ).toEqual(["/profile"]);
    expect(textIn(docsSteps!)).toContain("Please visit your Profile to find the alert icon");
    // No active contracts: Contract Now.
    const [newSteps] = labelledElements(await newagent.open("/dashboard"), "Next steps");
    const contractNow = linksIn(newSteps!).filter((l) => l.name === "Request your first contracts with Contract Now");
    expect(contractNow).toHaveLength(1);
    expect((await newagent.open(contractNow[0]!.href!)).path).toBe("/contract_now");
  } finally {
    await Promise.all([agent, loa, docs, newagent].map((b) => b.close()));
  }
});

httpTest(
  "the agency dashboard's downline card counts what the downline readiness page counts (issue 37 §5)",
  async () => {
    const agency = await NoJsBrowser.signedIn("agency@demo.test");
    try {
      const dashboard = await agency.open("/dashboard");
      const cards = linksIn(dashboard).filter(
        (l) => attributeOf(l.element, "data-testid") === "downline-readiness-card",
      );
      expect(cards.map((l) => l.href)).toEqual(["/downlines/readiness"]);
      const page = await agency.open(cards[0]!.href!);
      const figure = (id: string) => byTestId(page, id)[0];
      expect(cards[0]!.text).toContain(
        `${figure("figure-blocked")} of ${figure("figure-brokers")} agents blocked at a step`,
      );
    } finally {
      await agency.close();
    }
  },
);

httpTest("an LOA user's level shows as LOA", async () => {
  const loa = await NoJsBrowser.signedIn("loa@demo.test");
  try {
    const dashboard = await loa.open("/dashboard");
    expect(byTestId(dashboard, "level")).toEqual(["LOA"]);
    expect(withOwnText(dashboard, "Level")).toHaveLength(1);
  } finally {
    await loa.close();
  }
});

httpTest("document notifications show the alert icon and a pending task", async () => {
  const [docs, agent] = await Promise.all([
    NoJsBrowser.signedIn("docs@demo.test"),
    NoJsBrowser.signedIn("agent@demo.test"),
  ]);
  try {
    const dashboard = await docs.open("/dashboard");
    expect(dashboard.hasTestId("document-alert")).toBe(true);
    expect(linksIn(dashboard).filter((l) => l.name === "2 documents need your attention")).toHaveLength(1);
    const profile = await docs.open("/basic_profile");
    expect(byTestId(profile, "pending-tasks").join(" ")).toContain("2 documents need your attention");
    expect((await agent.open("/dashboard")).hasTestId("document-alert")).toBe(false);
  } finally {
    await Promise.all([docs.close(), agent.close()]);
  }
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

  httpTest("accounts that answered never see it", async () => {
    const agent = await NoJsBrowser.signedIn("agent@demo.test");
    try {
      expect((await agent.open("/dashboard")).hasTestId("sms-prompt")).toBe(false);
    } finally {
      await agent.close();
    }
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

  test("four notices leave room: the dashboard's heading starts in the top 320 px; one line opens them (issue 37 §3)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, "agent@demo.test", { path: "/dashboard" });
    const banner = page.getByRole("region", { name: "System notifications" });
    const notices = banner.getByTestId("system-notice");
    await expect(notices).toHaveCount(4);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toBeVisible();
    await transitionsDone(page);
    expect((await heading.boundingBox())!.y).toBeLessThan(320);
    // Folded, not gone: the line opens them, each with its Dismiss.
    await expect(notices.first()).toBeHidden();
    await banner.getByText("4 notifications", { exact: true }).click();
    for (const notice of await notices.all())
      await expect(notice.getByRole("button", { name: /^Dismiss/ })).toBeVisible();
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

  /** Over HTTP: the server's HTML is the subject. */
  httpTest(
    "the chrome draws no style attributes but Mantine's shell's, and a menu link is three elements",
    async () => {
      const agency = await NoJsBrowser.signedIn("agency@demo.test");
      const html = await agency.open("/dashboard").then((page) => page.html);
      await agency.close();
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
    },
  );

  test("the commission statement's badges and amounts carry no style attribute", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    const html = await htmlOf(page, "/commissions");
    const badges = html.match(/<span[^>]*mantine-Badge-root[^>]*>/g) ?? [];
    expect(badges.length).toBeGreaterThan(5);
    for (const badge of badges) expect(badge).toMatch(/data-color="(green|blue|red|gray)"/);
    expect(badges.filter((b) => /\sstyle=/.test(b))).toEqual([]);
    const amounts = html.match(/<p[^>]*class="txt amount"[^>]*>\$[\d,.]+<\/p>/g) ?? [];
    expect(amounts.length).toBe(badges.length);
    // The page's look: a badge still renders as Mantine's light badge, in sentence case (issue 37 §4).
    await page.goto("/commissions");
    const badge = page.locator(".data-table-scroll .mantine-Badge-root").first();
    await expect(badge).toHaveCSS("text-transform", "none");
    await expect(badge).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  });
});
