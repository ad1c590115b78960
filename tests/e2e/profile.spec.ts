import { expect, test as httpTest } from "@playwright/test";
import { BRANDINGS } from "../../app/domain/branding";
import { NoJsBrowser, type NoJsElement, type NoJsPage, signedInAs as as } from "../support/no-js";
import { loginAs, test } from "./fixtures";

/**
 * The profile page (issue 12), read-only: what agent@, docs@, newagent@ and agency@ see. What the server draws (the
 * figures, marks, open upload forms, files and refusals) is read over HTTP (tests/support/no-js.ts); axe and the
 * phone layout in the browser.
 */

const DISCLAIMER = BRANDINGS.default.rewardsDisclaimer;

/** The body rows of a table. */
const rowsOf = (table: NoJsElement) => table.find({ tag: "tbody" }).findAll({ tag: "tr" });
/** The row of a table whose text has `text`. */
const rowWith = (table: NoJsElement, text: string) => {
  const [row] = rowsOf(table).filter((r) => r.text.includes(text));
  if (!row) throw new Error(`No row with "${text}"`);
  return row;
};
/** The status a document's card shows. */
const documentStatus = (page: NoJsPage, kind: string) =>
  page.testId(`document-${kind}`).find({ attrs: { "data-testid": "document-status" } }).text;

httpTest.describe("the profile, as the server draws it", () => {
  httpTest("agent@: details, licenses sorted by state with their marks, documents, SMS answer, rewards", () =>
    as("agent@demo.test", async (agent) => {
      const home = await agent.open("/dashboard");
      const page = await agent.open(home.find({ tag: "a", text: "Profile" }).href);
      expect(page.path).toBe("/profile");
      expect(page.heading).toBe("Profile");

      const details = page.find({ tag: "section", name: "Personal details" });
      expect(details.text).toContain("Maria Alvarez");
      expect(details.text).toContain("17845210");
      expect(details.text).toContain("Chen Senior Benefits Group");
      const field = (name: string) => details.find({ tag: "input", attrs: { name } }).attr("value");
      expect(field("phone")).toBe("(555) 201-4410");
      expect(field("city")).toBe("Miami");

      const licenses = page.find({ tag: "table", name: "Licenses" });
      expect(licenses.findAll({ tag: "th" }).map((th) => th.text)).toEqual([
        "State",
        "Number",
        "Class",
        "Lines of authority",
        "Resident",
        "Status",
        "Effective",
        "Expires",
      ]);
      expect(rowsOf(licenses).map((tr) => tr.find({ tag: "td" }).text)).toEqual(["AL", "FL", "GA", "SC"]);
      expect(rowWith(licenses, "AL-3390712").text).toContain("Expires soon");
      expect(rowWith(licenses, "1884420").text).toContain("Expired");
      expect(rowWith(licenses, "W123456").text).toContain("Resident");
      expect(rowWith(licenses, "W123456").has({ attrs: { "data-testid": "license-mark" } })).toBe(false);
      expect(rowWith(licenses, "3219876").text).toContain("Life, Accident & Health");

      expect(documentStatus(page, "ahip")).toBe("Expiring soon");
      for (const kind of ["eo", "w9", "aml", "direct_deposit"]) expect(documentStatus(page, kind), kind).toBe("Valid");
      expect(page.findAll({ attrs: { "data-testid": "document-flag" } })).toHaveLength(0);

      expect(page.testId("sms-answer").text).toBe("Current answer: Yes, you receive text-message alerts.");

      const rewards = page.find({ tag: "section", name: /Member rewards \d{4}/ });
      const figure = (id: string) => rewards.find({ attrs: { "data-testid": id } }).text;
      expect(Number(figure("rewards-qualifying"))).toBeGreaterThan(10);
      expect(figure("rewards-paid")).toMatch(/^\$[\d,]+\.\d\d$/);
      expect(figure("rewards-next-payout")).toMatch(/^\d\d\/15\/\d{4}$/);
      expect(figure("rewards-disclaimer")).toBe(DISCLAIMER);
      expect(rewards.has({ attrs: { "data-testid": "rewards-reason" } })).toBe(false);
    }),
  );

  httpTest("a document on file downloads", () =>
    as("agent@demo.test", async (agent) => {
      const page = await agent.open("/profile");
      const link = page.testId("document-w9").find({ tag: "a", text: "w9-signed.pdf" });
      expect(link.attr("href")).toBe("/profile/documents/w9/file");
      const response = await agent.download(link.href);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      expect(response.headers()["content-disposition"]).toMatch(/^attachment;/);
      expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
      // Nothing on file, or no such document: 404.
      expect((await agent.client.get("/profile/documents/passport/file")).status()).toBe(404);
    }),
  );

  httpTest("docs@: the alert icon stands next to each flagged document and in the menu", () =>
    as("docs@demo.test", async (docs) => {
      const home = await docs.open("/dashboard");
      const menu = home.find({ tag: "nav", name: "Main menu" });
      expect(menu.findAll({ attrs: { role: "img", "aria-label": "Documents need attention" } })).toHaveLength(1);
      const page = await docs.open("/profile");
      const flagged = (kind: string) =>
        page.testId(`document-${kind}`).has({ attrs: { "data-testid": "document-flag" } });
      expect(flagged("eo")).toBe(true);
      expect(flagged("w9")).toBe(true);
      expect(page.findAll({ attrs: { "data-testid": "document-flag" } })).toHaveLength(2);
      expect(documentStatus(page, "eo")).toBe("Expired");
      expect(page.testId("document-eo").text).toContain("Your Errors & Omissions certificate expired");
      expect(documentStatus(page, "w9")).toBe("Missing");
      expect(documentStatus(page, "direct_deposit")).toBe("Rejected");
      expect(page.testId("document-direct_deposit").text).toContain("Reviewer's note: The voided check is unreadable");
      // The flagged documents' upload forms are open (a native disclosure); the others are one click away.
      const upload = (kind: string) => page.testId(`document-${kind}`).find({ tag: "details" });
      expect(upload("eo").attr("open")).toBe("");
      expect(upload("eo").text).toContain("New E&O Certificate");
      expect(upload("aml").attr("open")).toBeUndefined();
      expect(upload("aml").text).toContain("New AML Certificate");
    }),
  );

  httpTest("newagent@: SMS not answered; no qualifying policies, and why", () =>
    as("newagent@demo.test", async (newagent) => {
      const page = await newagent.open("/profile");
      expect(page.testId("sms-answer").text).toBe("Current answer: not answered yet.");
      const rewards = page.find({ tag: "section", name: /Member rewards/ });
      const figure = (id: string) => rewards.find({ attrs: { "data-testid": id } }).text;
      expect(figure("rewards-reason")).toContain("None of your policies qualifies");
      expect(figure("rewards-qualifying")).toBe("0");
      expect(figure("rewards-next-payout")).toBe("None scheduled");
    }),
  );

  httpTest("agency@'s dashboard shows its rewards with the disclaimer beside them", async () => {
    const visitor = await NoJsBrowser.open();
    try {
      const landed = await visitor.submit(
        (await visitor.open("/")).form("Sign in").fill("E-mail", "agency@demo.test").fill("Password", "demo-pass-123"),
        "Sign in",
      );
      expect(landed.path).toBe("/dashboard");
      const rewards = landed.find({ tag: "section", name: /Member rewards \d{4}/ });
      const figure = (id: string) => rewards.find({ attrs: { "data-testid": id } }).text;
      expect(Number(figure("rewards-qualifying"))).toBeGreaterThan(100);
      expect(figure("rewards-earned")).toMatch(/^\$[\d,]+\.\d\d$/);
      expect(figure("rewards-disclaimer")).toBe(DISCLAIMER);
    } finally {
      await visitor.close();
    }
  });

  httpTest("admins keep the read-only basic profile; carriers may not open the profile", async () => {
    await as("admin@demo.test", async (admin) => {
      const page = await admin.open("/profile");
      expect(page.path).toBe("/basic_profile");
      expect(page.heading).toBe("User Profile");
    });
    await as("carrier@demo.test", async (carrier) => {
      expect((await carrier.open("/profile")).status).toBe(403);
      expect((await carrier.client.get("/profile/documents/w9/file")).status()).toBe(403);
    });
  });

  httpTest("the basic profile still lists an agent's licenses", () =>
    as("agent@demo.test", async (agent) => {
      const page = await agent.open("/basic_profile");
      expect(page.find({ tag: "table", name: "Licenses" }).text).toContain("W123456");
    }),
  );
});

test.describe("the profile", () => {
  // Axe on agent@'s and docs@'s profile, docs@'s E&O page and agency@'s dashboard, and their 390 and 1280 px fit, are
  // the page sweep's (pages.spec.ts).
  test.describe("on a 390 px phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test("each license shows its status and expiry, 'Expired' included, without scrolling (issue 20)", async ({
      page,
    }) => {
      await loginAs(page, "agent@demo.test", { path: "/profile" });
      const licenses = page.getByRole("table", { name: "Licenses" });
      const expired = licenses.getByRole("row").filter({ hasText: "1884420" });
      const mark = expired.getByTestId("license-mark");
      await expect(mark).toHaveText("(Expired)");
      await mark.scrollIntoViewIfNeeded();
      await expect(mark).toBeInViewport({ ratio: 1 });
      // Its status and expiry cells, labelled, inside the screen's width.
      await expect(expired.locator("td[data-label=Status]")).toHaveText("Expired");
      for (const cell of [expired.locator("td[data-label=Status]"), mark]) {
        const box = (await cell.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      // Every license's Status and Expires are on screen, each with its label.
      const statusCells = licenses.locator("td[data-label=Status]");
      await expect(statusCells).toHaveCount(4);
      for (const cell of await licenses.locator("td[data-label=Status], td[data-label=Expires]").all()) {
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        expect(await cell.evaluate((td) => getComputedStyle(td, "::before").content)).toMatch(/^"(Status|Expires)"$/);
      }
      await expect(licenses.getByRole("columnheader")).toHaveCount(8);
    });

    test("the profile's sections are reachable from its top (issue 20)", async ({ page }) => {
      await loginAs(page, "agent@demo.test", { path: "/profile" });
      const index = page.getByRole("navigation", { name: "Profile sections" });
      await expect(index).toBeInViewport();
      const sections = [
        "Personal details",
        "Licenses",
        "Documents",
        "Text-message alerts",
        "Password",
        /Member rewards/,
      ] as const;
      await expect(index.getByRole("link")).toHaveCount(sections.length);
      for (const name of sections) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await index.getByRole("link", { name }).click();
        const heading = page.getByRole("heading", { level: 2, name });
        await expect(heading).toBeInViewport();
        // Not hidden under the fixed header.
        const header = (await page.locator("header").first().boundingBox())!;
        expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
      }
    });
  });
});
