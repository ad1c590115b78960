import { readFile } from "node:fs/promises";
import { type Browser, type Page, test as httpTest } from "@playwright/test";
import { NoJsBrowser } from "../support/no-js";
import { expect, loginAs, test } from "./fixtures";

/**
 * The admin area's carriers and Learning Center resources (issue 22 §2.1, §2.2), with JavaScript (the rich-text
 * editor; browser tests) and without (its plain textarea; HTTP tests: tests/support/no-js.ts posts the pages' own
 * forms): a carrier product's transfer policy reaches agent@'s Contract Now and the
 * Learning Center's carrier page at once; an inactive carrier leaves both (and comes back); a resource published for
 * agencies only reaches agency@ and not agent@; a file attached to it through the portal. Dental carriers only
 * (Clearview Dental & Vision, Brightsmile Dental: carrier products 402 and 403), so no other spec's carrier moves.
 */

const success = (page: Page) => page.locator("[data-toast=success]").last();

// Each test signs in two or three users and saves through the admin pages: more than the default 40 s on a loaded machine.
test.beforeEach(() => test.setTimeout(150_000));

/** A page of `email`'s own, in a browser of its own (JavaScript on). */
async function pageOf(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, email);
  return page;
}

/** Dental, Vision & Hearing on Contract Now (a dialog over the page): a region per carrier. */
async function dentalCarriers(page: Page) {
  await page.goto("/contract_now?product=4");
  return page.getByRole("dialog", { name: "Contract Now" });
}

test.describe("carriers and Learning Center resources (JS on)", () => {
  test("an admin edits a carrier's transfer policy and agent@ sees it in Contract Now at once (JS on)", async ({
    page,
    browser,
  }) => {
    const words = `Transfers to us need the client's signed release (JS on, ${Date.now()}).`;
    const [carrierId, cp, name] = [6, 402, "Clearview Dental & Vision"];
    await loginAs(page, "admin@demo.test", { path: "/admin/carriers" });
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("navigation", { name: `${name}'s products` }).getByRole("link")).toHaveText([
      "Dental, Vision & Hearing",
    ]);
    // The rich-text editor (its own chunk, after hydration): bold by the toolbar.
    const editor = page.getByRole("textbox", { name: "Transfer policy" });
    await expect(editor).toHaveAttribute("contenteditable", "true");
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    // Bold from this editor's toolbar, then the words.
    await page.locator(".rich-text").filter({ has: editor }).getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type(words);
    // A bad link is refused at its field, the rest kept.
    await page.getByRole("textbox", { name: "Carrier portal link" }).fill("portal.example.com");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Enter a link starting with https://")).toBeVisible();
    await page.getByRole("textbox", { name: "Carrier portal link" }).fill("https://portal.example.com/dental");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(success(page), "the success toast").toContainText(`${name} saved.`, { timeout: 20_000 });
    await expect(page).toHaveURL(`/admin/carriers/${carrierId}?product=${cp}`);
    await expect(page.getByRole("region", { name: "History" })).toContainText(
      "Dental, Vision & Hearing: Transfer policy",
    );

    const agent = await pageOf(browser, "agent@demo.test");
    try {
      const main = await dentalCarriers(agent);
      const card = main.getByRole("region", { name });
      await expect(card).toContainText(words);
      await expect(card.locator("strong").filter({ hasText: words })).toHaveCount(1);
      await expect(card.locator("script")).toHaveCount(0);
      await agent.goto(`/learning_center/carrier_resources/${cp}`);
      await expect(agent.locator("main")).toContainText(words);
    } finally {
      await agent.context().close();
    }
  });

  test("a resource published for agencies only: agency@ sees it (JS on)", async ({ page, browser }) => {
    const title = `Agency webinar series JS on ${Date.now()}`;
    await loginAs(page, "admin@demo.test", { path: "/admin/learning_center_resources" });
    await page.getByRole("link", { name: "New resource" }).click();
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page.getByRole("textbox", { name: "Category" }).fill("Training");
    await page.getByRole("combobox", { name: "Library" }).selectOption({ label: "Agent Resources" });
    await page.getByRole("combobox", { name: "Audience" }).selectOption({ label: "Agencies only" });
    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Published" });
    await page.getByRole("textbox", { name: "Description" }).fill("Monthly webinars for agency principals.");
    const editor = page.getByRole("textbox", { name: "Body" });
    await expect(editor).toHaveAttribute("contenteditable", "true");
    await editor.click();
    await page.keyboard.type("Join the webinar every first Tuesday.");
    await page.getByRole("textbox", { name: "Links" }).fill("Sign up | https://webinars.example.com");
    // Published needs its date: refused at the field, everything typed kept.
    await page.getByRole("button", { name: "Create resource" }).click();
    await expect(page.getByText("Enter the day agents first see it (MM/DD/YYYY)")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(title);
    await page.getByRole("textbox", { name: "Publish date" }).fill(todayUs());
    await page.getByRole("button", { name: "Create resource" }).click();
    await expect(success(page), "the success toast").toContainText(`${title} created.`, { timeout: 20_000 });

    // The new resource's page: attach a file through the portal.
    await page.getByRole("textbox", { name: "Search" }).fill(title);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    // The list after the search (the one before it may hold the new resource too: a click there is lost to the
    // search's navigation).
    await expect(page.getByText("Learning Center resources: 1–1 of 1")).toBeVisible();
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await page.getByLabel("Attach a file").setInputFiles("tests/e2e/files/court-order.pdf");
    await page.getByRole("button", { name: "Attach", exact: true }).click();
    await expect(success(page), "the success toast").toContainText("court-order.pdf attached.", { timeout: 20_000 });
    const attachments = page.getByRole("region", { name: "Attachments" });
    await expect(attachments.getByRole("link", { name: "court-order.pdf" })).toBeVisible();
    // A file that is not an image or a PDF: refused with the reason.
    await page.getByLabel("Attach a file").setInputFiles("tests/e2e/files/notes.txt");
    await page.getByRole("button", { name: "Attach", exact: true }).click();
    await expect(page.locator("[data-toast=error]").last()).toContainText("notes.txt");

    // agency@ reads what the editor wrote, and the file; agent@ is not shown it (the HTTP test below).
    const agency = await pageOf(browser, "agency@demo.test");
    try {
      await agency.goto(`/learning_center/agent_resources?search=${encodeURIComponent(title)}`);
      await agency.getByRole("link", { name: title }).click();
      await expect(agency.getByRole("heading", { name: title })).toBeVisible();
      await expect(agency.locator("main")).toContainText("Join the webinar every first Tuesday.");
      await expect(agency.getByRole("link", { name: /court-order\.pdf/ })).toBeVisible();
    } finally {
      await agency.context().close();
    }
  });
});

/** Today (UTC) as the date fields take it: MM/DD/YYYY. */
function todayUs(): string {
  const today = new Date();
  return `${String(today.getUTCMonth() + 1).padStart(2, "0")}/${String(today.getUTCDate()).padStart(2, "0")}/${today.getUTCFullYear()}`;
}

/*
 * Without JavaScript (HTTP tier): the rich-text fields are plain textareas holding HTML, posted as the browser posts
 * them; what agents see is read from the HTML the server draws for them.
 */

httpTest(
  "without JavaScript: an admin edits a carrier's transfer policy and agent@ sees it in Contract Now at once",
  async () => {
    const words = `Transfers to us need the client's signed release (JS off, ${Date.now()}).`;
    const [carrierId, cp, name] = [7, 403, "Brightsmile Dental"];
    const save = "Save";
    const [admin, agent] = await Promise.all([
      NoJsBrowser.signedIn("admin@demo.test"),
      NoJsBrowser.signedIn("agent@demo.test"),
    ]);
    try {
      const carriers = await admin.open("/admin/carriers");
      const carrier = await admin.follow(carriers, name);
      expect(carrier.heading).toBe(name);
      expect(carrier.tagTexts("a", `${name}'s products`)).toEqual(["Dental, Vision & Hearing"]);
      // Without JavaScript the rich-text field is a plain textarea of HTML; a script in it is dropped on the way out.
      // One form (issue 37): the carrier's own fields and the product's resource, one Save.
      const form = carrier.form(save);
      expect(form.fieldValue("Name")).toBe(name);
      expect(form.fieldType("Transfer policy")).toBe("textarea");
      form.fill("Transfer policy", `<p><strong>${words}</strong></p><script>window.__bad = 1</script>`);
      // A bad link is refused at its field, the rest kept.
      const refused = await admin.submit(form.fill("Carrier portal link", "portal.example.com"), save);
      const again = refused.form(save);
      expect(again.fieldError("Carrier portal link")).toContain("Enter a link starting with https://");
      expect(again.fieldValue("Transfer policy")).toContain(words);
      const saved = await admin.submit(again.fill("Carrier portal link", "https://portal.example.com/dental"), save);
      expect(saved.toasts("success").join(" ")).toContain(`${name} saved.`);
      expect(saved.path).toBe(`/admin/carriers/${carrierId}?product=${cp}`);
      expect(saved.text("History")).toContain("Dental, Vision & Hearing: Transfer policy");

      // Contract Now's dialog: the carrier's card holds the words, in bold, and no script.
      const contractNow = await agent.open("/contract_now?product=4");
      expect(contractNow.text("Contract Now")).toContain(words);
      expect(contractNow.text(name)).toContain(words);
      expect(contractNow.tagTexts("strong", name).filter((t) => t.includes(words))).toHaveLength(1);
      expect(contractNow.tagTexts("script", name)).toEqual([]);
      expect((await agent.open(`/learning_center/carrier_resources/${cp}`)).text()).toContain(words);
    } finally {
      await Promise.all([admin.close(), agent.close()]);
    }
  },
);

httpTest("without JavaScript: a resource published for agencies only: agency@ sees it, agent@ does not", async () => {
  httpTest.setTimeout(120_000);
  const title = `Agency webinar series JS off ${Date.now()}`;
  const [admin, agency, agent] = await Promise.all([
    NoJsBrowser.signedIn("admin@demo.test"),
    NoJsBrowser.signedIn("agency@demo.test"),
    NoJsBrowser.signedIn("agent@demo.test"),
  ]);
  try {
    const list = await admin.open("/admin/learning_center_resources");
    const newPage = await admin.follow(list, "New resource");
    const form = newPage
      .form("Create resource")
      .fill("Title", title)
      .fill("Category", "Training")
      .fill("Library", "Agent Resources")
      .fill("Audience", "Agencies only")
      .fill("Status", "Published")
      .fill("Description", "Monthly webinars for agency principals.")
      .fill("Links", "Sign up | https://webinars.example.com");
    expect(form.fieldType("Body")).toBe("textarea");
    form.fill("Body", "<p>Join the webinar every first Tuesday.</p>");
    // Published needs its date: refused at the field, everything typed kept.
    const refused = await admin.submit(form, "Create resource");
    const again = refused.form("Create resource");
    expect(again.fieldError("Publish date")).toContain("Enter the day agents first see it (MM/DD/YYYY)");
    expect(again.fieldValue("Title")).toBe(title);
    const created = await admin.submit(again.fill("Publish date", todayUs()), "Create resource");
    expect(created.toasts("success").join(" ")).toContain(`${title} created.`);

    // The new resource's page, found by the list's search: attach a file through the portal.
    const found = await admin.submit(created.form("Search").fill("Search", title), "Search");
    const record = await admin.follow(found, title);
    expect(record.heading).toBe(title);
    const pdf = {
      name: "court-order.pdf",
      mimeType: "application/pdf",
      buffer: await readFile("tests/e2e/files/court-order.pdf"),
    };
    const attached = await admin.submit(record.form("Attach").attach("Attach a file", pdf), "Attach");
    expect(attached.toasts("success").join(" ")).toContain("court-order.pdf attached.");
    expect(attached.tagTexts("a", "Attachments")).toContain("court-order.pdf");
    // A file that is not an image or a PDF: refused with the reason.
    const txt = { name: "notes.txt", mimeType: "text/plain", buffer: await readFile("tests/e2e/files/notes.txt") };
    const notAttached = await admin.submit(attached.form("Attach").attach("Attach a file", txt), "Attach");
    expect(notAttached.toasts("error").join(" ")).toContain("notes.txt");

    const agencyList = await agency.open(`/learning_center/agent_resources?search=${encodeURIComponent(title)}`);
    const resource = await agency.follow(agencyList, title);
    expect(resource.status).toBe(200);
    expect(resource.heading).toBe(title);
    expect(resource.text()).toContain("Join the webinar every first Tuesday.");
    expect(resource.links(/court-order\.pdf/)).not.toHaveLength(0);

    const agentList = await agent.open(`/learning_center/agent_resources?search=${encodeURIComponent(title)}`);
    expect(agentList.links(title)).toHaveLength(0);
    expect((await agent.open(resource.url)).status).toBe(404);
  } finally {
    await Promise.all([admin.close(), agency.close(), agent.close()]);
  }
});

test.describe("an inactive carrier", () => {
  test("leaves Contract Now and the Learning Center's carrier list, its contracts untouched, and comes back", async ({
    page,
    browser,
  }) => {
    await loginAs(page, "admin@demo.test", { path: "/admin/carriers/7" });
    const agent = await pageOf(browser, "agent@demo.test");
    try {
      await page.getByRole("combobox", { name: "Status" }).selectOption("Inactive");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(success(page), "the success toast").toContainText(
        "Brightsmile Dental saved: inactive, agents no longer see it.",
        { timeout: 20_000 },
      );
      await page.goto("/admin/carriers?active=inactive");
      await expect(page.getByRole("row").filter({ hasText: "Brightsmile Dental" })).toContainText("Inactive");

      const main = await dentalCarriers(agent);
      await expect(main.getByRole("region", { name: "Clearview Dental & Vision" })).toBeVisible();
      await expect(main.getByRole("region", { name: "Brightsmile Dental" })).toHaveCount(0);
      await agent.goto("/learning_center/carrier_resources?product=4");
      await expect(agent.locator("main")).toContainText("Clearview Dental & Vision");
      await expect(agent.locator("main")).not.toContainText("Brightsmile Dental");
    } finally {
      await page.goto("/admin/carriers/7");
      await page.getByRole("combobox", { name: "Status" }).selectOption("Active");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(success(page), "the success toast").toContainText("Brightsmile Dental saved.", { timeout: 20_000 });
    }
    const main = await dentalCarriers(agent);
    await expect(main.getByRole("region", { name: "Brightsmile Dental" })).toBeVisible();
    await agent.context().close();
  });
});
