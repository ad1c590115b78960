import { test as httpTest } from "@playwright/test";
import { NoJsBrowser, type NoJsPage, PORTAL } from "../support/no-js";
import { ACCOUNTS } from "./accounts";
import { PASSWORD, expect, loginAs, test } from "./fixtures";

/**
 * Signing in and out, and where a sign-in lands. The server decides the landing page, the menu, the refusals and the
 * redirects: those are HTTP tests (tests/support/no-js.ts, a browser without JavaScript that signs in through the
 * sign-in page's own form). The browser tests are the JavaScript journeys of the form (its errors drawn in place, the
 * wanted URL kept through them) and of the user menu.
 */

/** Opens `path` signed out, and signs in through the sign-in form it shows: the browser and where it landed. */
async function signInAt(path: string, email: string, password = PASSWORD): Promise<[NoJsBrowser, NoJsPage]> {
  const browser = await NoJsBrowser.open();
  const shown = await browser.open(path);
  const landed = await browser.submit(
    shown.form("Sign in").fill("E-mail", email).fill("Password", password),
    "Sign in",
  );
  return [browser, landed];
}

/** The texts of the page's headings, every level. */
const headings = (page: NoJsPage) =>
  ["h1", "h2", "h3", "h4", "h5", "h6"].flatMap((tag) => page.findAll({ tag }).map((h) => h.text));

httpTest.describe("every demo account: home, menu and a refused URL", () => {
  for (const account of ACCOUNTS) {
    httpTest(`${account.email} lands on ${account.home}, sees its menu and is refused ${account.refused}`, async () => {
      const [user, landed] = await signInAt("/", account.email);
      try {
        expect(landed.status).toBe(200);
        expect(landed.path).toBe(account.home);
        expect(landed.hasTestId("signed-in-as")).toBe(true);
        expect(landed.menu()).toEqual(account.menu);

        const refused = await user.open(account.refused);
        expect(refused.status).toBe(403);
        expect(refused.text()).toContain("You do not have access to this page.");
        expect(refused.find({ tag: "a", text: "Back to the home page" }).attr("href")).toBe(account.home);
      } finally {
        await user.close();
      }
    });
  }
});

test("a wrong password keeps the e-mail and says why", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("textbox", { name: "E-mail" }).fill("agent@demo.test");
  await page.getByRole("textbox", { name: "Password" }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid e-mail or password");
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue("agent@demo.test");
});

test("a malformed e-mail is refused at the field, what was typed kept", async ({ page }) => {
  await page.goto("/");
  const email = page.getByRole("textbox", { name: "E-mail" });
  await email.fill("not-an-email");
  await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // Checked by the action (the sign-in page carries no validation library), shown at the field.
  await expect(email).toHaveAccessibleDescription("Enter a valid e-mail address");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveValue("not-an-email");
  await expect(page.getByRole("textbox", { name: "Password" })).toHaveValue("");
  await expect(page).toHaveURL(/^[^?]*\/(\?index)?$/);
});

test("a wrong password on the way to a protected URL still returns there after sign-in", async ({ page }) => {
  await page.goto("/basic_profile?tab=details");
  await page.getByRole("textbox", { name: "E-mail" }).fill("agent@demo.test");
  await page.getByRole("textbox", { name: "Password" }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid e-mail or password");
  await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/basic_profile?tab=details");
});

httpTest("a signed-out visit to a protected URL returns there after sign-in", async () => {
  const visitor = await NoJsBrowser.open();
  try {
    const asked = await visitor.open("/basic_profile?tab=details");
    expect(asked.path).toBe("/?redirectTo=%2Fbasic_profile%3Ftab%3Ddetails");
    const landed = await visitor.submit(
      asked.form("Sign in").fill("E-mail", "agent@demo.test").fill("Password", PASSWORD),
      "Sign in",
    );
    expect(landed.path).toBe("/basic_profile?tab=details");
    expect(headings(landed)).toContain("User Profile");
    expect(landed.findAll({ tag: "td", text: "agent@demo.test" })).toHaveLength(1);
  } finally {
    await visitor.close();
  }
});

httpTest("a signed-out visit to a signed-in area whose page is not built yet also asks to sign in", async () => {
  const visitor = await NoJsBrowser.open();
  expect((await visitor.open("/book_of_business")).path).toBe("/?redirectTo=%2Fbook_of_business");
  await visitor.close();
});

for (const evil of ["//evil.example", "/\\evil.example", "https://evil.example/x"]) {
  httpTest(`an unsafe redirectTo (${evil}) is ignored`, async () => {
    const [user, landed] = await signInAt(`/?redirectTo=${encodeURIComponent(evil)}`, "agent@demo.test");
    expect(landed.url).toBe(`${PORTAL}/dashboard`);
    expect(landed.hasTestId("signed-in-as")).toBe(true);
    await user.close();
  });
}

httpTest("a wanted URL this user may not open gives way to their home", async () => {
  const [user, landed] = await signInAt("/?redirectTo=%2Fdashboard", "carrier@demo.test");
  expect(landed.path).toBe("/carrier/tickets");
  await user.close();
});

for (const sneaky of ["/ADMIN", "/%61dmin", "/Admin/"]) {
  httpTest(`the guard is not fooled by ${sneaky}`, async () => {
    const agent = await NoJsBrowser.signedIn("agent@demo.test");
    const answer = await agent.open(sneaky);
    expect([403, 404]).toContain(answer.status);
    expect(headings(answer)).not.toContainEqual(expect.stringContaining("Admin Tools"));
    await agent.close();
  });
}

httpTest("a signed-in user opening / goes to their home", async () => {
  const carrier = await NoJsBrowser.signedIn("carrier@demo.test");
  expect((await carrier.open("/")).path).toBe("/carrier/tickets");
  await carrier.close();
});

test("signing out calls the upstream, clears the session and lands on /", async ({ page, context }) => {
  await loginAs(page, "agency@demo.test");
  // One "Signed in as", in the header's user menu, which holds Profile and Logout (issue 11).
  await page.getByTestId("signed-in-as").click();
  await expect(page.getByText("Signed in as Linda Chen")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Profile" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  expect((await context.cookies()).map((c) => c.name)).not.toContain("portal_session");
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/?redirectTo=%2Fdashboard");
});

httpTest("opening /account/logout signs out too", async () => {
  const loa = await NoJsBrowser.signedIn("loa@demo.test");
  expect((await loa.open("/account/logout")).path).toBe("/");
  expect((await loa.open("/dashboard")).path).toBe("/?redirectTo=%2Fdashboard");
  await loa.close();
});

httpTest.describe("without JavaScript", () => {
  httpTest("sign in, land on the home, sign out", async () => {
    const [agent, landed] = await signInAt("/", "agent@demo.test");
    try {
      expect(landed.path).toBe("/dashboard");
      expect(landed.menu()).toContain("Book of Business");
      // The user menu is a native disclosure: it opens and signs out without JavaScript.
      const userMenu = landed.find({ tag: "details", attrs: { class: /(^|\s)user-menu(\s|$)/ } });
      expect(userMenu.find({ tag: "summary" }).attr("data-testid")).toBe("signed-in-as");
      expect(userMenu.has({ tag: "button", text: "Logout" })).toBe(true);
      const sessions = async () =>
        (await agent.client.storageState()).cookies
          .map((c) => c.name)
          .filter((name) => name.endsWith("portal_session"));
      expect(await sessions()).toHaveLength(1);
      const out = await agent.submit(landed.form("Logout"), "Logout");
      expect(out.path).toBe("/");
      expect(await sessions()).toEqual([]);
      expect((await agent.open("/dashboard")).path).toBe("/?redirectTo=%2Fdashboard");
    } finally {
      await agent.close();
    }
  });

  httpTest("a wrong password shows the upstream's message", async () => {
    const [visitor, answer] = await signInAt("/", "agent@demo.test", "wrong-password");
    expect(answer.alerts().join(" ")).toContain("Invalid e-mail or password");
    expect(answer.form("Sign in").value("email")).toBe("agent@demo.test");
    await visitor.close();
  });
});
