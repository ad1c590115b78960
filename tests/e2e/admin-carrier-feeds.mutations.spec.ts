import { type Browser, type Page, test as httpTest } from "@playwright/test";
import { DomUtils } from "htmlparser2";
import {
  DOCS_RFI_SUBJECTS,
  HTML_NOTE,
  seedCarrierEnrollments,
  seedCarrierNotifications,
} from "../../server/reference-api/carrier-enrollments/seed";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { type NoJsPage, NoJsBrowser } from "../support/no-js";
import { expect, expectAxeClean, expectNoSidewaysScroll, lockAccount, loginAs, resetAccount, test } from "./fixtures";

/**
 * Carrier enrollments and notifications (issue 24 §3–4), with JavaScript and without: an enrollment found by its
 * filters opens, and its raw payload opens in the JSON viewer (a <details> tree, the raw text; Copy with JavaScript);
 * a hostile payload's HTML is text. A notification for docs@ is sent to docs@'s document notifications (it shows on
 * docs@'s profile) and marked handled with a note; notifications are marked handled in bulk from the queue.
 * Without JavaScript each flow is an HTTP-tier test (testing.md: a no-JavaScript browser is an HTTP client): the
 * pages' own forms posted as their HTML says (tests/support/no-js.ts), no browser.
 */

const success = (page: Page) => page.locator("[data-toast=success]").last();
const SEED = seedDates();

// Generous: the docs@ tests wait for each other (lockAccount), and axe on a busy 2-core machine takes its time.
test.beforeEach(() => test.setTimeout(300_000));

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  await loginAs(page, email);
  return page;
}

/**
 * Waits until React has hydrated the page: a filter chosen before then does not apply. These pages are of browser
 * contexts of their own (`signedIn`), whose `goto` does not wait for it as the fixtures' page does.
 */
const expectHydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "");

/** The seed's RFI enrollments of Summit Mutual submitted in the last 150 days: what the filters below find. */
const rfiAtSummit = () =>
  seedCarrierEnrollments(SEED).filter(
    (e) => e.status === "rfi" && e.carrierId === 2 && e.submittedOn >= SEED.daysFromNow(-150),
  );

test("an enrollment found by status, carrier and date opens, and its raw payload opens in the JSON viewer (JS on)", async ({
  browser,
}) => {
  const page = await signedIn(browser, "admin@demo.test");
  await page.goto("/admin/carrier_enrollments");
  await expect(page.getByRole("heading", { level: 1, name: "Carrier enrollments" })).toBeVisible();
  await expectHydrated(page);
  // The list's and the enrollment's axe and fit are the page sweep's (pages.spec.ts, admin-pages.ts: enrollment 232,
  // the one found here); the JSON viewer's, after Copy, are checked below.
  // Each filter applies at once, without a Search.
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "RFI: information requested" });
  await expect(page).toHaveURL(/status=rfi/);
  await page.getByRole("combobox", { name: "Carrier" }).selectOption({ label: "Summit Mutual" });
  await expect(page).toHaveURL(/carrierId=2/);
  await page.getByLabel("Submitted from").fill(SEED.daysFromNow(-150));
  await expect(page).toHaveURL(/status=rfi.*carrierId=2|carrierId=2.*status=rfi/);
  await expect(page).toHaveURL(/from=\d{4}-\d\d-\d\d/);
  const expected = rfiAtSummit();
  expect(expected.length).toBeGreaterThan(0);
  await expect(
    page.getByText(new RegExp(`Carrier enrollments: 1–${Math.min(25, expected.length)} of ${expected.length}`)),
  ).toBeVisible();
  const rows = page.locator("tbody tr");
  for (const row of await rows.all()) {
    await expect(row).toContainText("Summit Mutual");
    await expect(row).toContainText(/RFI: information requested/i);
  }

  await rows.first().getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Enrollment SM-\d{6}$/ })).toBeVisible();
  const confirmation = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").replace("Enrollment ", "");
  const seeded = expected.find((e) => e.confirmationNumber === confirmation)!;
  await expect(page.getByRole("region", { name: "Summary" })).toContainText(seeded.clientId);
  await expect(page.getByRole("region", { name: "Summary" })).toContainText(`${seeded.county}, ${seeded.state}`);

  await page.getByRole("link", { name: "Raw payload" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/carrier_enrollments/modal/json_viewer\\?id=${seeded.id}$`));
  await expect(
    page.getByRole("heading", { level: 1, name: `Raw payload of enrollment ${confirmation}` }),
  ).toBeVisible();
  const tree = page.getByRole("list", { name: "Payload" });
  // Summit's feed: conf_no at the top, the member nested.
  await expect(tree).toContainText(`conf_no: "${confirmation}"`);
  const member = tree
    .locator("details")
    .filter({ has: page.locator("summary", { hasText: "member:" }) })
    .first();
  await expect(member.getByText(`"${seeded.clientId}"`)).toBeVisible();
  // The tree opens and closes (a <details>: the browser's own, JavaScript or not).
  await member.locator("summary").first().click();
  await expect(member.getByText(`"${seeded.clientId}"`)).toBeHidden();
  await member.locator("summary").first().click();
  await expect(member.getByText(`"${seeded.clientId}"`)).toBeVisible();
  // The raw text as stored, to select, and to copy.
  await expect(page.locator("pre.json-raw")).toHaveText(seeded.rawPayload);
  await page.getByRole("button", { name: "Copy the raw text" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(async () => navigator.clipboard.readText())).toBe(seeded.rawPayload);
  await expectAxeClean(page);
  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoSidewaysScroll(page);
  await page.context().close();
});

type Node = ReturnType<typeof DomUtils.getElementsByTagName>[number];
const textOf = (node: Node) => DomUtils.textContent(node).replace(/\s+/g, " ").trim();
/** The elements of a page's document that `test` picks. */
const elements = (page: NoJsPage, test: (e: Node) => boolean) => DomUtils.findAll(test, page.document.children);

httpTest(
  "without JavaScript: an enrollment found by status, carrier and date opens, and its raw payload opens in the JSON viewer",
  async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      const list = await admin.open("/admin/carrier_enrollments");
      expect(list.status).toBe(200);
      expect(list.heading).toBe("Carrier enrollments");
      // The filters apply by the form's Search button.
      const found = await admin.submit(
        list
          .form("Search")
          .fill("Status", "RFI: information requested")
          .fill("Carrier", "Summit Mutual")
          .fill("Submitted from", SEED.daysFromNow(-150)),
        "Search",
      );
      expect(found.path).toMatch(/status=rfi.*carrierId=2|carrierId=2.*status=rfi/);
      expect(found.path).toMatch(/from=\d{4}-\d\d-\d\d/);
      const expected = rfiAtSummit();
      expect(expected.length).toBeGreaterThan(0);
      expect(found.text()).toMatch(
        new RegExp(`Carrier enrollments: 1–${Math.min(25, expected.length)} of ${expected.length}`),
      );
      const rows = found.tableRows();
      expect(rows.length).toBe(Math.min(25, expected.length));
      for (const row of rows) {
        expect(row.join(" ")).toContain("Summit Mutual");
        expect(row.join(" ")).toMatch(/RFI: information requested/i);
      }

      // The first row's first link (the client's name) opens the enrollment.
      const enrollment = await admin.follow(found, rows[0]![0]!);
      expect(enrollment.heading).toMatch(/^Enrollment SM-\d{6}$/);
      const confirmation = enrollment.heading.replace("Enrollment ", "");
      const seeded = expected.find((e) => e.confirmationNumber === confirmation)!;
      expect(enrollment.text("Summary")).toContain(seeded.clientId);
      expect(enrollment.text("Summary")).toContain(`${seeded.county}, ${seeded.state}`);

      const viewer = await admin.follow(enrollment, "Raw payload");
      expect(viewer.path).toBe(`/admin/carrier_enrollments/modal/json_viewer?id=${seeded.id}`);
      expect(viewer.heading).toBe(`Raw payload of enrollment ${confirmation}`);
      expect(viewer.text("Payload")).toContain(`conf_no: "${confirmation}"`);
      // The tree is <details>, open on its first levels: it opens and closes without JavaScript, the member shown.
      const member = elements(
        viewer,
        (e) =>
          e.name === "details" &&
          DomUtils.findOne((s) => s.name === "summary" && textOf(s).startsWith("member:"), e.children, false) !== null,
      )[0];
      expect(member, "the member's <details>").toBeDefined();
      expect(DomUtils.hasAttrib(member!, "open")).toBe(true);
      expect(textOf(member!)).toContain(`"${seeded.clientId}"`);
      // The raw text as stored, to select; its download (the page's link) is the same text.
      const raw = elements(viewer, (e) => e.name === "pre" && /\bjson-raw\b/.test(e.attribs.class ?? ""));
      expect(raw).toHaveLength(1);
      expect(DomUtils.textContent(raw[0]!)).toBe(seeded.rawPayload);
      const download = await admin.download(viewer.link("Download the raw text"));
      expect(download.status()).toBe(200);
      expect(download.headers()["content-disposition"]).toContain(`enrollment-${confirmation}.json`);
      expect(await download.text()).toBe(seeded.rawPayload);
      // Copy needs JavaScript: the server draws no Copy button.
      expect(elements(viewer, (e) => e.name === "button" && textOf(e) === "Copy the raw text")).toHaveLength(0);
    } finally {
      await admin.close();
    }
  },
);

test("a payload's HTML is drawn as text in the JSON viewer", async ({ browser }) => {
  const page = await signedIn(browser, "admin@demo.test");
  const keystone = seedCarrierEnrollments(SEED).find((e) => e.rawPayload.includes("Call member"))!;
  await page.goto(`/admin/carrier_enrollments/modal/json_viewer?id=${keystone.id}`);
  const tree = page.getByRole("list", { name: "Payload" });
  await expect(tree).toContainText(`"${HTML_NOTE}"`);
  await expect(tree.locator("b, br, script")).toHaveCount(0);
  await expect(page.locator("pre.json-raw")).toContainText(HTML_NOTE);
  await page.context().close();
});

// The two RFIs for docs@ (DOCS_RFI_SUBJECTS): the first for the JavaScript run, the second for the HTTP one.
const RFI_JS_ON = 0;
const RFI_NO_JS = 1;

test("a carrier's RFI for docs@ is sent to docs@'s document notifications and marked handled (JS on)", async ({
  browser,
}) => {
  const subject = DOCS_RFI_SUBJECTS[RFI_JS_ON]!;
  const seeded = seedCarrierNotifications(SEED).find((n) => n.subject === subject)!;
  const release = await lockAccount("docs@demo.test");
  try {
    const page = await signedIn(browser, "admin@demo.test");
    // The queue's and this notification's axe and fit (as the seed has them) are the page sweep's (pages.spec.ts).
    await page.goto("/admin/carrier_notifications");
    await expectHydrated(page);
    // Each filter applies at once, without a Search.
    await page.getByRole("combobox", { name: "Handled" }).selectOption({ label: "Not handled" });
    await expect(page).toHaveURL(/handled=no/);
    await page.getByRole("combobox", { name: "Agent" }).selectOption({ label: "Thomas Becker" });
    await expect(page).toHaveURL(/userId=4/);
    await page.getByRole("link", { name: subject }).click();
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();

    await page.getByRole("button", { name: "Send to Thomas Becker's document notifications" }).click();
    await expect(success(page)).toContainText("Sent to Thomas Becker's document notifications.");
    await expect(page.getByRole("region", { name: "Summary" })).toContainText(`as "${seeded.documentName}"`);
    await expect(page.getByRole("button", { name: /^Send to/ })).toHaveCount(0);

    await page.getByRole("textbox", { name: "Note (optional)" }).fill("Asked the agent to upload the proof.");
    await page.getByRole("button", { name: "Mark handled" }).click();
    await expect(success(page)).toContainText("Notification marked handled.");
    await expect(page.getByRole("region", { name: "Summary" })).toContainText("Asked the agent to upload the proof.");
    await expect(page.getByRole("region", { name: "History" })).toContainText("Asked the agent to upload the proof.");
    await page.context().close();

    // docs@ sees it on the profile, among the documents that need attention.
    const docs = await signedIn(browser, "docs@demo.test");
    await docs.goto("/profile");
    const other = docs.getByTestId("document-other");
    await expect(other).toContainText(seeded.documentName!);
    await expect(other).toContainText(seeded.message);
    await docs.context().close();
  } finally {
    await resetAccount("docs@demo.test");
    release();
  }
});

httpTest(
  "without JavaScript: a carrier's RFI for docs@ is sent to docs@'s document notifications and marked handled",
  async () => {
    const subject = DOCS_RFI_SUBJECTS[RFI_NO_JS]!;
    const seeded = seedCarrierNotifications(SEED).find((n) => n.subject === subject)!;
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    const release = await lockAccount("docs@demo.test");
    try {
      // The filters apply by the form's Search button.
      const queue = await admin.open("/admin/carrier_notifications");
      expect(queue.status).toBe(200);
      const found = await admin.submit(
        queue.form("Search").fill("Handled", "Not handled").fill("Agent", "Thomas Becker"),
        "Search",
      );
      expect(found.path).toMatch(/handled=no/);
      expect(found.path).toMatch(/userId=4/);
      const shown = await admin.follow(found, subject);
      expect(shown.heading).toBe(subject);

      const sent = await admin.submit(
        shown.form("Send to Thomas Becker's document notifications"),
        "Send to Thomas Becker's document notifications",
      );
      expect(sent.toasts("success").join(" ")).toContain("Sent to Thomas Becker's document notifications.");
      expect(sent.text("Summary")).toContain(`as "${seeded.documentName}"`);
      expect(() => sent.form("Send to Thomas Becker's document notifications")).toThrow();

      const handled = await admin.submit(
        sent.form("Mark handled").fill("Note (optional)", "Asked the agent to upload the proof."),
        "Mark handled",
      );
      expect(handled.toasts("success").join(" ")).toContain("Notification marked handled.");
      expect(handled.text("Summary")).toContain("Asked the agent to upload the proof.");
      expect(handled.text("History")).toContain("Asked the agent to upload the proof.");

      // docs@ sees it on the profile, among the documents that need attention.
      const docs = await NoJsBrowser.signedIn("docs@demo.test");
      try {
        const profile = await docs.open("/profile");
        expect(profile.testIdText("document-other")).toContain(seeded.documentName!);
        expect(profile.testIdText("document-other")).toContain(seeded.message);
      } finally {
        await docs.close();
      }
    } finally {
      await admin.close();
      await resetAccount("docs@demo.test");
      release();
    }
  },
);

// Certification notifications not handled: the first for the JavaScript run, the second for the HTTP one.
test("notifications are marked handled in bulk from the queue (JS on)", async ({ browser }) => {
  const page = await signedIn(browser, "admin@demo.test");
  await page.goto("/admin/carrier_notifications?handled=no&kind=certification");
  const boxes = page.getByRole("checkbox", { name: /^Select notification \d+/ });
  const name = await boxes.nth(0).getAttribute("aria-label");
  await page.getByRole("checkbox", { name: name!, exact: true }).check();
  await page.getByRole("button", { name: "Mark selected handled" }).click();
  await expect(page).toHaveURL(/confirm=/);
  const dialog = page.getByRole("alertdialog", { name: "Mark these notifications handled?" });
  await dialog.getByRole("textbox", { name: "Note (optional)" }).fill("Certifications checked in bulk.");
  await dialog.getByRole("button", { name: "Mark handled", exact: true }).click();
  await expect(success(page)).toContainText("1 of 1 notifications marked handled.");
  const id = /notification (\d+)/.exec(name!)![1];
  await page.goto(`/admin/carrier_notifications/${id}`);
  await expect(page.getByRole("region", { name: "Summary" })).toContainText("Certifications checked in bulk.");
  await page.context().close();
});

httpTest("without JavaScript: notifications are marked handled in bulk from the queue", async () => {
  const admin = await NoJsBrowser.signedIn("admin@demo.test");
  try {
    const queue = await admin.open("/admin/carrier_notifications?handled=no&kind=certification");
    // The rows' checkboxes belong to the bulk form (its `form` attribute), drawn outside it.
    const name = elements(queue, (e) => /^Select notification \d+/.test(e.attribs["aria-label"] ?? ""))
      .map((e) => e.attribs["aria-label"]!)
      .at(1);
    expect(name, "a second certification notification not handled").toBeDefined();
    const chosen = await admin.submit(queue.form("Mark selected handled").checkOwned(name!), "Mark selected handled");
    expect(chosen.path).toMatch(/confirm=/);
    // The confirmation, drawn by the server: the chosen notification, a note, Mark handled.
    expect(chosen.text("Mark these notifications handled?")).toContain(name!.replace(/^Select /, ""));
    const done = await admin.submit(
      chosen.form("Mark handled").fill("Note (optional)", "Certifications checked in bulk."),
      "Mark handled",
    );
    expect(done.toasts("success").join(" ")).toContain("1 of 1 notifications marked handled.");
    const id = /notification (\d+)/.exec(name!)![1];
    const shown = await admin.open(`/admin/carrier_notifications/${id}`);
    expect(shown.text("Summary")).toContain("Certifications checked in bulk.");
  } finally {
    await admin.close();
  }
});
