import { type Page, test as httpTest } from "@playwright/test";
import { type HtmlForm } from "../support/html-forms";
import { NoJsBrowser, type NoJsPage } from "../support/no-js";
import {
  expect,
  expectAxeClean,
  expectNoSidewaysScroll,
  latestLink,
  loginAs,
  outbox,
  type OutboxEmail,
  resetAccount,
  test,
} from "./fixtures";

/**
 * Issue 13: accounts without help desk. Every link a test follows comes from the reference API's outbox (the
 * e-mail the upstream sent); none is built by a test. New accounts get addresses of their own per run and the
 * free demo NPNs (README "Demo data"), one per test, so the flows never meet.
 */

const NEW_PASSWORD = "violet staple harbor 42";
const OTHER_PASSWORD = "copper lantern meadow 77";

/** A fresh address per test and run. */
function freshEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
}

/** The newest link of that kind e-mailed to `to` (the outbox answers once the e-mails already due are out). */
function linkFor(to: string, prefix: string): Promise<string> {
  return latestLink(to, prefix);
}

async function signInWith(page: Page, email: string, password: string) {
  await page.goto("/");
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Without JavaScript: signs in through the sign-in page's form; the page it lands on (or the form's errors). */
async function signIn(visitor: NoJsBrowser, email: string, password: string): Promise<NoJsPage> {
  const home = await visitor.open("/");
  return visitor.submit(home.form("Sign in").fill("E-mail", email).fill("Password", password), "Sign in");
}

/** Fills a form's password and its confirmation (the first field labelled `label`, then "Type the password again"). */
function passwords(form: HtmlForm, password: string, label = "Password"): HtmlForm {
  return form.fill(label, password).fill("Type the password again", password);
}

async function fillPasswords(page: Page, password: string, label = "Password") {
  await page.getByRole("textbox", { name: label, exact: true }).fill(password);
  await page.getByRole("textbox", { name: "Type the password again" }).fill(password);
}

test.describe("accounts (JS on)", () => {
  test("an invited downline registers from the e-mailed link, verifies the address and signs in (JS on)", async ({
    page,
    browser,
  }) => {
    const email = freshEmail("invitee-js");
    const npn = "19000001";

    // agency@ sends the invitation from Register Downlines (in a browser of its own).
    const agencyContext = await browser.newContext();
    const agency = await agencyContext.newPage();
    await loginAs(agency, "agency@demo.test");
    await agency.goto("/register_downlines/new");
    await agency.getByRole("textbox", { name: "E-mail" }).fill(email);
    await agency.getByRole("textbox", { name: "First name" }).fill("Nora");
    await agency.getByRole("textbox", { name: "Last name" }).fill("Recruit");
    await agency.getByRole("combobox", { name: "Level" }).selectOption("Agent");
    await agency.getByRole("button", { name: "Send invitation" }).click();
    await expect(agency.locator("[data-toast=success]")).toContainText(`Invitation sent to ${email}`);

    const invitation = await linkFor(email, "/registration/");
    const opened = await page.goto(invitation);
    expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByText(/invited you to join their downline \(Agent\)/)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue(email);
    await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue("Nora");
    await expectAxeClean(page);
    await expectNoSidewaysScroll(page);

    // An NPN the registry does not know: the upstream's reason at the field, what was typed kept.
    await page.getByRole("textbox", { name: "NPN" }).fill("99999991");
    await page.getByRole("textbox", { name: "Phone" }).fill("5551234567");
    await fillPasswords(page, NEW_PASSWORD);
    await page.getByRole("checkbox", { name: /privacy policy/ }).check();
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(page.getByText("We could not find this NPN")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "NPN" })).toHaveValue("99999991");
    await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue(/555\D*123\D*4567/);

    // A common password is refused by the server too.
    await page.getByRole("textbox", { name: "NPN" }).fill(npn);
    await fillPasswords(page, "qwerty123456");
    await page.getByRole("checkbox", { name: /privacy policy/ }).check();
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(page.getByText("This password is too common").first()).toBeVisible();

    await fillPasswords(page, NEW_PASSWORD);
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(page).toHaveURL("/account/verify");
    await expect(page.locator("[data-toast=success]")).toContainText(`We sent a verification link to ${email}`);

    // Signing in before the address is verified says how to verify it.
    await signInWith(page, email, NEW_PASSWORD);
    await expect(page.getByRole("alert")).toContainText("Verify your e-mail address before signing in.");
    await expect(page.getByRole("link", { name: "Send a new verification link" })).toBeVisible();

    const verify = await linkFor(email, "/account/verify/");
    await page.goto(verify);
    await expect(page).toHaveURL("/");
    await expect(page.locator("[data-toast=success]")).toContainText("Your e-mail address is verified.");
    await signInWith(page, email, NEW_PASSWORD);
    await expect(page.getByTestId("signed-in-as")).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL("/dashboard");

    // The same link again (used): no form, what to do instead.
    await page.goto("/account/logout");
    await page.goto(invitation);
    await expect(page.getByText("This invitation was already used")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create my account" })).toHaveCount(0);

    // agency@'s table shows the invitation accepted.
    await agency.goto(`/register_downlines?search=${encodeURIComponent(email)}`);
    await expect(
      agency.getByRole("row").filter({ hasText: email }).getByText("Accepted", { exact: true }),
    ).toBeVisible();
    await agencyContext.close();
  });

  test("sign-up without an invitation, then a forgotten password that ends the old session (JS on)", async ({
    page,
    browser,
  }) => {
    const email = freshEmail("signup-js");
    await page.goto("/");
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL("/registration");
    // The URL changes before the new page is drawn, and the sign-in page has an "E-mail" field of its own: a full
    // run typed the address there. The page's heading says the form is the registration's.
    await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
    await page.getByRole("textbox", { name: "E-mail" }).fill(email);
    await page.getByRole("textbox", { name: "First name" }).fill("Ivy");
    await page.getByRole("textbox", { name: "Last name" }).fill("Independent");
    await page.getByRole("textbox", { name: "NPN" }).fill("19000003");
    await page.getByRole("textbox", { name: "Phone" }).fill("5559876543");
    await fillPasswords(page, NEW_PASSWORD);
    await page.getByRole("checkbox", { name: /privacy policy/ }).check();
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(page).toHaveURL("/account/verify");
    await expect(page.locator("[data-toast=success]")).toContainText(
      `Check your e-mail: we sent a message to ${email}`,
    );
    await page.goto(await linkFor(email, "/account/verify/"));
    await expect(page.locator("[data-toast=success]")).toContainText("Your e-mail address is verified.");

    // Signed in elsewhere: that session ends when the password is reset.
    const elsewhere = await browser.newContext();
    const old = await elsewhere.newPage();
    await signInWith(old, email, NEW_PASSWORD);
    await expect(old.getByTestId("signed-in-as")).toBeVisible({ timeout: 15_000 });

    await page.goto("/");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL("/account/update_password");
    await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
    await page.getByRole("textbox", { name: "E-mail" }).fill(email);
    await page.getByRole("button", { name: "Send the reset link" }).click();
    await expect(page.getByRole("status")).toContainText(
      "If an account exists for that address, we sent a link to reset its password.",
    );
    const reset = await linkFor(email, "/account/update_password/");
    const opened = await page.goto(reset);
    expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(page.getByText(`For ${email}.`)).toBeVisible();
    // The meter follows the keys: a short password first, then a strong one.
    await page.getByRole("textbox", { name: "New password", exact: true }).fill("short");
    await expect(page.getByTestId("password-strength")).toContainText(/Password strength: (Very weak|Weak)/);
    await expect(page.getByTestId("password-strength")).toContainText("At least 12 characters (not met)");
    await page.getByRole("textbox", { name: "New password", exact: true }).fill(OTHER_PASSWORD);
    await expect(page.getByTestId("password-strength")).toContainText(/Password strength: (Good|Strong)/);
    await expectAxeClean(page);
    await fillPasswords(page, OTHER_PASSWORD, "New password");
    await page.getByRole("button", { name: "Change my password" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.locator("[data-toast=success]")).toContainText("Your password was changed.");

    // The old session is over; the old password no longer works; the new one does.
    await old.reload();
    await expect(old.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    await elsewhere.close();
    await signInWith(page, email, NEW_PASSWORD);
    await expect(page.getByRole("alert")).toBeVisible();
    await signInWith(page, email, OTHER_PASSWORD);
    await expect(page.getByTestId("signed-in-as")).toBeVisible({ timeout: 15_000 });

    // A used reset link says so and offers a new one.
    await page.goto(reset);
    await expect(page.getByText("This reset link was already used")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send a new reset link" })).toBeVisible();
  });
});

/** Without JavaScript (HTTP tier: tests/support/no-js.ts opens the e-mailed links and posts the pages' own forms). */
test.describe("accounts (JS off)", () => {
  httpTest(
    "an invited downline registers from the e-mailed link, verifies the address and signs in (JS off)",
    async () => {
      const email = freshEmail("invitee-nojs");
      const npn = "19000002";

      // agency@ sends the invitation from Register Downlines (in a browser of its own).
      const agency = await NoJsBrowser.signedIn("agency@demo.test");
      const visitor = await NoJsBrowser.open();
      try {
        const invite = await agency.open("/register_downlines/new");
        const invited = await agency.submit(
          invite
            .form("Send invitation")
            .fill("E-mail", email)
            .fill("First name", "Nora")
            .fill("Last name", "Recruit")
            .fill("Level", "Agent"),
          "Send invitation",
        );
        expect(invited.toasts("success").join(" ")).toContain(`Invitation sent to ${email}`);

        const invitation = await linkFor(email, "/registration/");
        let page = await visitor.open(invitation);
        expect(page.headers["referrer-policy"]).toBe("no-referrer");
        expect(page.heading).toBe("Create your account");
        expect(page.text()).toMatch(/invited you to join their downline \(Agent\)/);
        expect(page.form("Create my account").valueOf("E-mail")).toBe(email);
        expect(page.form("Create my account").valueOf("First name")).toBe("Nora");

        // An NPN the registry does not know: the upstream's reason at the field, what was typed kept.
        page = await visitor.submit(
          passwords(
            page.form("Create my account").fill("NPN", "99999991").fill("Phone", "5551234567"),
            NEW_PASSWORD,
          ).check("I have read and accept the privacy policy"),
          "Create my account",
        );
        expect(page.form("Create my account").text).toContain("We could not find this NPN");
        expect(page.form("Create my account").valueOf("NPN")).toBe("99999991");
        expect(page.form("Create my account").valueOf("Phone")).toMatch(/555\D*123\D*4567/);
        // Never sent back: the new page starts without it.
        expect(page.form("Create my account").valueOf("Password")).toBe("");

        // A common password is refused by the server too.
        page = await visitor.submit(
          passwords(page.form("Create my account").fill("NPN", npn), "qwerty123456").check(
            "I have read and accept the privacy policy",
          ),
          "Create my account",
        );
        expect(page.text()).toContain("This password is too common");

        page = await visitor.submit(passwords(page.form("Create my account"), NEW_PASSWORD), "Create my account");
        expect(page.path).toBe("/account/verify");
        expect(page.toasts("success").join(" ")).toContain(`We sent a verification link to ${email}`);

        // Signing in before the address is verified says how to verify it.
        page = await signIn(visitor, email, NEW_PASSWORD);
        expect(page.alerts().join(" ")).toContain("Verify your e-mail address before signing in.");
        expect(page.link("Send a new verification link")).toBeTruthy();

        page = await visitor.open(await linkFor(email, "/account/verify/"));
        expect(page.path).toBe("/");
        expect(page.toasts("success").join(" ")).toContain("Your e-mail address is verified.");
        page = await signIn(visitor, email, NEW_PASSWORD);
        expect(page.hasTestId("signed-in-as")).toBe(true);
        expect(page.path).toBe("/dashboard");

        // The same link again (used): no form, what to do instead.
        await visitor.open("/account/logout");
        page = await visitor.open(invitation);
        expect(page.text()).toContain("This invitation was already used");
        expect(page.hasForm("Create my account")).toBe(false);

        // agency@'s table shows the invitation accepted.
        const table = await agency.open(`/register_downlines?search=${encodeURIComponent(email)}`);
        expect(table.row(email).text()).toContain("Accepted");
      } finally {
        await Promise.all([agency.close(), visitor.close()]);
      }
    },
  );

  httpTest("sign-up without an invitation, then a forgotten password that ends the old session (JS off)", async () => {
    const email = freshEmail("signup-nojs");
    const visitor = await NoJsBrowser.open();
    try {
      let page = await visitor.follow(await visitor.open("/"), "Create an account");
      expect(page.path).toBe("/registration");
      expect(page.heading).toBe("Create an account");
      page = await visitor.submit(
        passwords(
          page
            .form("Create my account")
            .fill("E-mail", email)
            .fill("First name", "Ivy")
            .fill("Last name", "Independent")
            .fill("NPN", "19000004")
            .fill("Phone", "5559876543"),
          NEW_PASSWORD,
        ).check("I have read and accept the privacy policy"),
        "Create my account",
      );
      expect(page.path).toBe("/account/verify");
      expect(page.toasts("success").join(" ")).toContain(`Check your e-mail: we sent a message to ${email}`);
      page = await visitor.open(await linkFor(email, "/account/verify/"));
      expect(page.toasts("success").join(" ")).toContain("Your e-mail address is verified.");

      // Signed in elsewhere: that session ends when the password is reset.
      const elsewhere = await NoJsBrowser.signedIn(email, NEW_PASSWORD);
      try {
        page = await visitor.follow(await visitor.open("/"), "Forgot your password?");
        expect(page.path).toBe("/account/update_password");
        expect(page.heading).toBe("Forgot your password?");
        page = await visitor.submit(page.form("Send the reset link").fill("E-mail", email), "Send the reset link");
        expect(page.text()).toContain("If an account exists for that address, we sent a link to reset its password.");
        const reset = await linkFor(email, "/account/update_password/");
        page = await visitor.open(reset);
        expect(page.headers["referrer-policy"]).toBe("no-referrer");
        expect(page.text()).toContain(`For ${email}.`);
        page = await visitor.submit(
          page
            .form("Change my password")
            .fill("New password", OTHER_PASSWORD)
            .fill("Type the password again", OTHER_PASSWORD),
          "Change my password",
        );
        expect(page.path).toBe("/");
        expect(page.toasts("success").join(" ")).toContain("Your password was changed.");

        // The old session is over; the old password no longer works; the new one does.
        const old = await elsewhere.open("/dashboard");
        expect(old.hasForm("Sign in")).toBe(true);
        expect(old.hasTestId("signed-in-as")).toBe(false);
        page = await signIn(visitor, email, NEW_PASSWORD);
        expect(page.alerts()).not.toEqual([]);
        page = await signIn(visitor, email, OTHER_PASSWORD);
        expect(page.hasTestId("signed-in-as")).toBe(true);

        // A used reset link says so and offers a new one.
        page = await visitor.open(reset);
        expect(page.text()).toContain("This reset link was already used");
        expect(page.hasForm("Send a new reset link")).toBe(true);
      } finally {
        await elsewhere.close();
      }
    } finally {
      await visitor.close();
    }
  });
});

test.describe("accounts", () => {
  test("a withdrawn invitation's link says so, with no form", async ({ page }) => {
    const email = freshEmail("withdrawn");
    await loginAs(page, "agency@demo.test", { path: "/register_downlines/new" });
    await page.getByRole("textbox", { name: "E-mail" }).fill(email);
    await page.getByRole("textbox", { name: "First name" }).fill("Wanda");
    await page.getByRole("textbox", { name: "Last name" }).fill("Withdrawn");
    await page.getByRole("combobox", { name: "Level" }).selectOption("Agent");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.locator("[data-toast=success]")).toContainText(`Invitation sent to ${email}`);
    const link = await linkFor(email, "/registration/");

    await page.goto(`/register_downlines?search=${encodeURIComponent(email)}`);
    const row = page.getByRole("row").filter({ hasText: email });
    await row.getByLabel(/Actions for Wanda Withdrawn/).click();
    await row.getByRole("link", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Withdraw these invitations?" })
      .getByRole("button", { name: "Withdraw" })
      .click();
    await expect(page.locator("[data-toast=success]").last()).toContainText("Invitation withdrawn");

    await page.goto("/account/logout");
    const answer = await page.goto(link);
    expect(answer?.status()).toBe(404);
    await expect(page.getByText("This invitation link is not valid")).toBeVisible();
    await expect(page.getByText("Ask the agency that invited you for a new link.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create my account" })).toHaveCount(0);
    await expectAxeClean(page);
  });

  test.describe("the seeded pending account", () => {
    test.beforeEach(async () => {
      await resetAccount("pending@demo.test");
    });

    /** Without JavaScript (HTTP tier). */
    httpTest("asks for an activation link, sets its password from the e-mail and signs in (JS off)", async () => {
      const visitor = await NoJsBrowser.open();
      try {
        let page = await visitor.open("/account/activate");
        expect(page.heading).toBe("Activate your account");
        page = await visitor.submit(
          page.form("Send a new activation link").fill("E-mail", "pending@demo.test"),
          "Send a new activation link",
        );
        expect(page.text()).toContain(
          "If that address has an account waiting for activation, we sent a new activation link to it.",
        );
        const link = await linkFor("pending@demo.test", "/account/activate/");
        page = await visitor.open(link);
        expect(page.text()).toMatch(/Welcome, Pat Pending/);
        page = await visitor.submit(passwords(page.form("Activate my account"), "pend"), "Activate my account");
        expect(page.text()).toContain("Use at least 12 characters.");
        page = await visitor.submit(passwords(page.form("Activate my account"), NEW_PASSWORD), "Activate my account");
        expect(page.path).toBe("/");
        expect(page.toasts("success").join(" ")).toContain("Your account is active.");
        page = await signIn(visitor, "pending@demo.test", NEW_PASSWORD);
        expect(page.hasTestId("signed-in-as")).toBe(true);
        await visitor.open("/account/logout");
        page = await visitor.open(link);
        expect(page.text()).toContain("This account is already active");
      } finally {
        await visitor.close();
      }
    });
  });

  test("the link forms answer the same for a known and an unknown address, and an address's e-mail says which", async ({
    page,
  }) => {
    const unknown = freshEmail("nobody");
    const answers: string[] = [];
    for (const email of ["agent@demo.test", unknown]) {
      await page.goto("/account/update_password");
      await page.getByRole("textbox", { name: "E-mail" }).fill(email);
      await page.getByRole("button", { name: "Send the reset link" }).click();
      answers.push((await page.getByRole("status").textContent()) ?? "");
    }
    expect(answers[0]).toBe(answers[1]);
    expect(answers[0]).toContain("If an account exists for that address");
    await linkFor("agent@demo.test", "/account/update_password/");
    expect(await outbox(unknown)).toEqual([]);

    // Sign-up with an address that has an account: the same answer as a new one; the e-mail says so.
    const toasts: string[] = [];
    for (const [email, npn] of [
      ["agent@demo.test", "19000005"],
      [freshEmail("brand-new"), "19000006"],
    ] as const) {
      await page.goto("/registration");
      await page.getByRole("textbox", { name: "E-mail" }).fill(email);
      await page.getByRole("textbox", { name: "First name" }).fill("Sam");
      await page.getByRole("textbox", { name: "Last name" }).fill("Same");
      await page.getByRole("textbox", { name: "NPN" }).fill(npn);
      await page.getByRole("textbox", { name: "Phone" }).fill("5550001111");
      await fillPasswords(page, NEW_PASSWORD);
      await page.getByRole("checkbox", { name: /privacy policy/ }).check();
      await page.getByRole("button", { name: "Create my account" }).click();
      await expect(page).toHaveURL("/account/verify");
      toasts.push(((await page.locator("[data-toast=success]").textContent()) ?? "").replace(email, "EMAIL"));
    }
    expect(toasts[0]).toBe(toasts[1]);
    await expect
      .poll(async () => (await outbox("agent@demo.test")).some((m: OutboxEmail) => /already/i.test(m.subject)))
      .toBe(true);
  });

  test("the link forms are rate-limited per address with the same answer", async ({ page }) => {
    const email = freshEmail("limited");
    for (let i = 0; i < 5; i++) {
      await page.goto("/account/verify");
      await page.getByRole("textbox", { name: "E-mail" }).fill(email);
      await page.getByRole("button", { name: "Send a new verification link" }).click();
      await expect(page.getByRole("status")).toContainText("we sent a new verification link");
    }
    await page.getByRole("button", { name: "Send a new verification link" }).click();
    await expect(page.getByRole("alert")).toContainText(/Too many attempts. Try again in \d+ minutes?\./);
    await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue(email);
  });

  test("a signed-in user opening the public account pages goes home; a reset link still opens", async ({ page }) => {
    await loginAs(page, "loa@demo.test");
    for (const path of ["/registration", "/account/verify", "/account/update_password", "/account/activate"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL("/dashboard");
    }
    await page.goto("/account/update_password/not-a-real-token");
    await expect(page.getByText("This reset link is not valid")).toBeVisible();
    await page.goto("/account/verify/not-a-real-token");
    await expect(page.getByText("This verification link is not valid")).toBeVisible();
  });
  // The public account pages' axe (at 1280 and 390 px) and their 390 and 1280 px fit are the page sweep's
  // (pages.spec.ts, signed out).
});
