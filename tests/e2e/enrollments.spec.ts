import { type Page, test as httpTest } from "@playwright/test";
import { REFERENCE_API_PORT } from "../../playwright.config";
import { type NoJsBrowser, type NoJsPage, signedInAs as as } from "../support/no-js";
import { axeViolations, expect, loginAs, test } from "./fixtures";

/**
 * Issue 12 §3, Quote & Enroll: the quote tool opens the provider in a new window with a single-use sign-on
 * link (JavaScript or not), the enrollment hub, and the submitted enrollments table. The reference API
 * serves the demo quote provider itself, at its own origin. Without JavaScript, and what the server decides (the
 * refusals, the answer to the form post, the pages' rows and notes), over HTTP (tests/support/no-js.ts); the browser
 * keeps the new windows, the JavaScript table, axe and the layout.
 */
const PROVIDER_ORIGIN = `http://127.0.0.1:${REFERENCE_API_PORT}`;
const USED = "This sign-on link has already been used or has expired";

/** Clicks `button` and gives the window its form opened, once its document has loaded. */
async function windowOpenedBy(page: Page, button: ReturnType<Page["getByRole"]>): Promise<Page> {
  const opened = page.context().waitForEvent("page");
  await button.click();
  const popup = await opened;
  await popup.waitForLoadState("domcontentloaded");
  return popup;
}

test.describe("the quote tool (spec §7: GET /partners/sunfire, opened in a new window)", () => {
  test("opens the provider in a new window, signed in; the link works once; each click gets a new one", async ({
    page,
  }) => {
    await loginAs(page, "agent@demo.test", { path: "/quote_tool" });
    await expect(page.getByRole("heading", { name: "Quote Tool", exact: true })).toBeVisible();
    // The sign-on link is never in the page before the click.
    expect(await page.content()).not.toContain("sign_on");

    const button = page.getByRole("button", { name: "Open the Quote Tool" });
    const provider = await windowOpenedBy(page, button);
    expect(new URL(provider.url()).origin).toBe(PROVIDER_ORIGIN);
    await expect(provider.getByRole("heading", { level: 1 })).toHaveText(
      "Demo quote provider — signed in as Maria Alvarez",
    );
    // The portal stays where it was.
    await expect(page).toHaveURL("/quote_tool");

    // Single use: the same link again says so and signs no one in.
    await provider.reload();
    await expect(provider.getByRole("heading", { level: 1 })).toHaveText(USED);
    await expect(provider.getByText("Maria Alvarez")).toHaveCount(0);

    // Another click: another window with a new link that works.
    const again = await windowOpenedBy(page, button);
    expect(again.url()).not.toBe(provider.url());
    await expect(again.getByRole("heading", { level: 1 })).toHaveText(
      "Demo quote provider — signed in as Maria Alvarez",
    );
  });

  test("a double click opens two working windows, nothing breaks", async ({ page }) => {
    await loginAs(page, "agency@demo.test", { path: "/quote_tool" });
    const pages: Page[] = [];
    page.context().on("page", (p) => pages.push(p));
    await page.getByRole("button", { name: "Open the Quote Tool" }).dblclick();
    await expect.poll(() => pages.length).toBeGreaterThanOrEqual(1);
    for (const popup of pages) {
      await popup.waitForLoadState("domcontentloaded");
      await expect(popup.getByRole("heading", { level: 1 })).toHaveText(
        "Demo quote provider — signed in as Linda Chen",
      );
    }
    await expect(page.getByRole("heading", { name: "Quote Tool", exact: true })).toBeVisible();
  });

  test("the admin's external test-site link opens the test provider", async ({ page }) => {
    await loginAs(page, "admin@demo.test");
    const siteLink = page.getByRole("link", { name: "Quote Tool (test site)" });
    await expect(siteLink).toHaveAttribute("target", "_blank");
    const quoteTool = await windowOpenedBy(page, siteLink);
    await expect(quoteTool).toHaveURL(/\/quote_tool\?site=test$/);
    await expect(quoteTool.getByRole("heading", { name: "Quote Tool (test site)" })).toBeVisible();
    const provider = await windowOpenedBy(
      quoteTool,
      quoteTool.getByRole("button", { name: "Open the Quote Tool (test site)" }),
    );
    await expect(provider.getByRole("heading", { level: 1 })).toHaveText(
      "Demo quote provider (test site) — signed in as Grace Harper",
    );
  });
  // The Quote Tool page's axe and its 390 and 1280 px fit are the page sweep's (pages.spec.ts, agent@).
});

test.describe("the enrollment hub", () => {
  test("start a quote, and the five latest submitted enrollments", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    await page.getByRole("link", { name: "Enrollments", exact: true }).click();
    await expect(page).toHaveURL("/enrollments");
    const latest = page.getByRole("table", { name: "Latest submitted enrollments" });
    await expect(latest.locator("tbody tr")).toHaveCount(5);
    await expect(latest.locator("tbody tr").first()).toContainText("Eleanor Whitfield");
    await expect(latest.locator("tbody tr").first()).toContainText("Submitted");
    // An agent's own list: no writing agent column.
    await expect(latest.getByRole("columnheader", { name: "Writing agent" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "All 14 submitted enrollments" })).toHaveAttribute(
      "href",
      "/submitted_enrollments",
    );

    const provider = await windowOpenedBy(page, page.getByRole("button", { name: "Open the Quote Tool" }));
    await expect(provider.getByRole("heading", { level: 1 })).toHaveText(
      "Demo quote provider — signed in as Maria Alvarez",
    );
    // The hub's axe and its fit are the page sweep's (pages.spec.ts: agent@'s Quote & Enroll, agency@'s fit).

    // The carriers' enrollment resources, from the Learning Center's enrollment library, by carrier.
    const resources = page.getByRole("region", { name: "Carriers' enrollment resources" });
    for (const carrier of ["Blue Harbor Health", "Summit Mutual", "Evergreen Life & Health"]) {
      await expect(resources.getByRole("heading", { name: carrier })).toBeVisible();
    }
    await expect(resources.getByRole("link", { name: "All enrollment resources" })).toHaveAttribute(
      "href",
      "/learning_center/enrollment_resources",
    );
    const checklist = resources.getByRole("link", {
      name: "Blue Harbor Health Medicare Advantage enrollment checklist",
    });
    await expect(checklist).toHaveAttribute("href", /^\/learning_center\/enrollment_resources\/\d+$/);
    await checklist.click();
    await expect(page).toHaveURL(/\/learning_center\/enrollment_resources\/\d+$/);
    await expect(
      page.getByRole("heading", { name: "Blue Harbor Health Medicare Advantage enrollment checklist" }),
    ).toBeVisible();
  });

  test("an agency's latest name the writing agent, at 390 px too", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await loginAs(page, "agency@demo.test", { path: "/enrollments" });
    const latest = page.getByRole("table", { name: "Latest submitted enrollments" });
    await expect(latest.getByRole("columnheader", { name: "Writing agent" })).toBeVisible();
  });
});

test.describe("submitted enrollments", () => {
  test("an agency's table: its downline's with the writing agent; sort, page, search, filter, export", async ({
    page,
  }) => {
    await loginAs(page, "agency@demo.test");
    await page.getByRole("link", { name: "Submitted Enrollments" }).click();
    await expect(page).toHaveURL("/submitted_enrollments");
    const table = page.getByRole("table", { name: /Submitted enrollments/ });
    await expect(table.locator("caption")).toHaveText("Submitted enrollments: 1–25 of 30");
    const headers = (await table.locator("thead th").allTextContents()).map((h) => h.trim());
    for (const header of [
      "Confirmation #",
      "Member",
      "Plan",
      "Carrier",
      "Effective",
      "Status",
      "Submitted",
      "Writing agent",
    ]) {
      expect(
        headers.some((h) => h.startsWith(header)),
        `${header} in ${headers.join(" | ")}`,
      ).toBe(true);
    }
    await expect(table).toContainText("Linda Chen");
    await expect(table).toContainText("Helen Park");

    // Spec §4: a new column sorts descending first, then toggles.
    const member = table.getByRole("columnheader", { name: /Member/ });
    await member.getByRole("link").click();
    await expect(page).toHaveURL("/submitted_enrollments?sort=memberName&order=DESC");
    await expect(member).toHaveAttribute("aria-sort", "descending");
    await member.getByRole("link").click();
    await expect(member).toHaveAttribute("aria-sort", "ascending");

    const pages = page.getByRole("navigation", { name: "Submitted enrollments pages" });
    await pages.getByRole("link", { name: "Page 2" }).click();
    await expect(table.locator("caption")).toHaveText("Submitted enrollments: 26–30 of 30");

    // Search (debounced) by the writing agent.
    await page.getByRole("textbox", { name: "Search" }).fill("Fiona Marsh");
    await expect(page).toHaveURL(/search=Fiona/);
    await expect(table.locator("caption")).toHaveText(/^Submitted enrollments: 1–\d of \d$/);
    const rows = await table.locator("tbody tr").count();
    await expect(table.getByRole("cell", { name: /Fiona Marsh/ })).toHaveCount(rows);

    // Filters apply as they change (with JavaScript): status, then carrier as well.
    await page.goto("/submitted_enrollments");
    await page.getByRole("combobox", { name: "Status" }).selectOption("Rejected");
    await expect(page).toHaveURL(/status=Rejected/);
    await expect(table.locator("caption")).not.toHaveText(/of 30$/);
    const rejected = await table.locator("tbody tr").count();
    expect(rejected).toBeGreaterThan(0);
    await expect(table.getByRole("cell", { name: "Rejected", exact: true })).toHaveCount(rejected);
    await page.getByRole("combobox", { name: "Carrier" }).selectOption({ label: "Summit Mutual" });
    await expect(page).toHaveURL(/carrierId=2/);
    await expect(page).toHaveURL(/status=Rejected/);
    // The URL changes before the rows are drawn: wait until they are Summit Mutual's only (or none match).
    await expect
      .poll(
        async () => {
          if ((await table.getByText("No enrollments match this search or these filters.").count()) > 0) return "none";
          const carriers = await table.locator("tbody tr td:nth-child(4)").allTextContents();
          return carriers.length > 0 && carriers.every((c) => c === "Summit Mutual") ? "Summit Mutual" : carriers;
        },
        { message: "rows of the carrier filter" },
      )
      .toMatch(/^(none|Summit Mutual)$/);

    await page.getByRole("button", { name: "Export" }).click();
    await expect(page.locator("[data-toast=success]")).toContainText("Download was sent to your email");
    // The filtered list with the toast over it (its message was Mantine's dimmed grey, 3.3:1): one axe run for both.
    expect(await axeViolations(page)).toEqual([]);
  });

  test("an agency's Writing agent column is as wide as its names, its sort icon right after the heading (issue 20)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, "agency@demo.test", { path: "/submitted_enrollments" });
    const table = page.getByRole("table", { name: /Submitted enrollments/ });
    const header = table.getByRole("columnheader", { name: /Writing agent/ });
    await expect(header).toBeVisible();
    const measured = await header.evaluate((th) => {
      const link = th.querySelector("a")!;
      // The label's last word (the text right before the icon).
      const icon = link.querySelector("svg")!;
      const text = [...icon.parentElement!.childNodes].find((n) => n.nodeType === Node.TEXT_NODE)!;
      const range = document.createRange();
      range.selectNodeContents(text);
      const label = range.getBoundingClientRect();
      const iconBox = icon.getBoundingClientRect();
      const column = [...th.parentElement!.children].indexOf(th) + 1;
      const names = [...th.closest("table")!.querySelectorAll(`tbody tr td:nth-child(${column}) p:first-child`)];
      return {
        gap: iconBox.left - label.right,
        iconMiddle: iconBox.top + iconBox.height / 2,
        labelMiddle: label.top + label.height / 2,
        width: th.getBoundingClientRect().width,
        nameHeights: names.map((n) => n.getBoundingClientRect().height),
        lineHeight: names[0] ? parseFloat(getComputedStyle(names[0]).lineHeight) : 0,
      };
    });
    // The icon sits beside the label (a gap of a few pixels, on the same line), never at the column's far edge.
    expect(measured.gap).toBeGreaterThanOrEqual(0);
    expect(measured.gap).toBeLessThan(10);
    expect(Math.abs(measured.iconMiddle - measured.labelMiddle)).toBeLessThan(4);
    expect(measured.width).toBeGreaterThan(110);
    // The whole column is in view at 1280 px, not past the table's scroll box.
    const inView = await header.evaluate((th) => {
      const box = th.closest(".data-table-scroll")!.getBoundingClientRect();
      return th.getBoundingClientRect().right <= box.right + 1;
    });
    expect(inView).toBe(true);
    // Every writing agent's name on one line.
    expect(measured.nameHeights.length).toBeGreaterThan(0);
    for (const height of measured.nameHeights) expect(height).toBeLessThanOrEqual(measured.lineHeight * 1.5);
  });

  // Its 390 and 1280 px fit is the page sweep's (pages.spec.ts).
  test("an agent's own list has no writing agent column", async ({ page }) => {
    await loginAs(page, "agent@demo.test", { path: "/submitted_enrollments" });
    const table = page.getByRole("table", { name: /Submitted enrollments/ });
    await expect(table.locator("caption")).toHaveText("Submitted enrollments: 1–14 of 14");
    await expect(table.getByRole("columnheader", { name: "Writing agent" })).toHaveCount(0);
    await expect(table.locator("tbody tr").first()).toContainText("Eleanor Whitfield");
  });
});

/** Posts the page's "Open the Quote Tool" form as a browser without JavaScript does: the provider's page it opens. */
async function openQuoteTool(user: NoJsBrowser, page: NoJsPage, button = "Open the Quote Tool"): Promise<NoJsPage> {
  const form = page.form(button);
  // A window of its own: the portal's page stays where it was.
  expect(form.attribute("target")).toBe("_blank");
  return user.submit(form, button);
}

/** The text of the provider page's heading. */
const providerHeading = (page: NoJsPage) => page.find({ tag: "h1" }).text;

httpTest.describe("the quote tool, as the server answers it", () => {
  httpTest("without JavaScript: the form post opens the provider in a new window", () =>
    as("agent@demo.test", async (agent) => {
      const provider = await openQuoteTool(agent, await agent.open("/quote_tool"));
      expect(new URL(provider.url).origin).toBe(PROVIDER_ORIGIN);
      expect(providerHeading(provider)).toBe("Demo quote provider — signed in as Maria Alvarez");
    }),
  );

  httpTest("the answer is a 303 to the link, never stored; the CSP lets a form post reach exactly that origin", () =>
    as("agent@demo.test", async (agent) => {
      const shown = await agent.client.get("/quote_tool");
      expect(shown.headers()["content-security-policy"]).toContain(`form-action 'self' ${PROVIDER_ORIGIN};`);
      const answer = await agent.client.post("/quote_tool", { form: {}, maxRedirects: 0 });
      expect(answer.status()).toBe(303);
      expect(answer.headers()["location"]).toMatch(
        new RegExp(`^${PROVIDER_ORIGIN.replace(/\./g, "\\.")}/partners/sunfire/sign_on\\?token=[\\w-]{43}$`),
      );
      expect(answer.headers()["cache-control"]).toContain("no-store");
    }),
  );

  httpTest("refused deliberately: beta@ (no sunfireAccess) and ?site=test for a non-admin are 403s", async () => {
    await as("beta@demo.test", async (beta) => {
      // Its menu has Submitted Enrollments but no quote link.
      const links = (await beta.open("/dashboard")).menuLinks();
      expect(links.filter((href) => href === "/submitted_enrollments")).toHaveLength(1);
      expect(links.filter((href) => href.startsWith("/quote_tool"))).toEqual([]);
      const refused = await beta.open("/quote_tool");
      expect(refused.status).toBe(403);
      expect(refused.heading).toBe("Access denied");
      // Posting anyway is refused too, and opens nothing.
      expect((await beta.client.post("/quote_tool", { form: {}, maxRedirects: 0 })).status()).toBe(403);
    });
    await as("agent@demo.test", async (agent) => {
      expect((await agent.open("/quote_tool?site=test")).status).toBe(403);
      expect((await agent.client.post("/quote_tool?site=test", { form: {}, maxRedirects: 0 })).status()).toBe(403);
    });
  });
});

httpTest.describe("the enrollment hub, as the server draws it", () => {
  httpTest("without JavaScript: start a quote opens the provider in a new window", () =>
    as("agency@demo.test", async (agency) => {
      const provider = await openQuoteTool(agency, await agency.open("/enrollments"));
      expect(providerHeading(provider)).toBe("Demo quote provider — signed in as Linda Chen");
    }),
  );

  httpTest("the beta tester sees its enrollments but is offered no quote it cannot use", () =>
    as("beta@demo.test", async (beta) => {
      const page = await beta.open("/enrollments");
      expect(page.findAll({ tag: "button", text: /quote/i })).toEqual([]);
      expect(page.text()).toContain("The quote tool is not part of your account yet.");
      const latest = page.find({ tag: "table", name: "Latest submitted enrollments" });
      expect(latest.find({ tag: "tbody" }).findAll({ tag: "tr" })).toHaveLength(5);
      expect(page.findAll({ tag: "a", text: "All 6 submitted enrollments" })).toHaveLength(1);
    }),
  );

  httpTest("no active contracts: no Quote & Enroll at all", () =>
    as("newagent@demo.test", async (newagent) => {
      expect((await newagent.open("/dashboard")).menu()).not.toContain("Quote & Enroll");
      for (const path of ["/enrollments", "/quote_tool", "/submitted_enrollments"]) {
        expect((await newagent.open(path)).status, path).toBe(403);
      }
    }),
  );
});

httpTest.describe("submitted enrollments, as the server draws them", () => {
  const tableOf = (page: NoJsPage) => page.find({ tag: "table", name: /Submitted enrollments/ });
  const captionOf = (page: NoJsPage) => tableOf(page).find({ tag: "caption" }).text;
  const rowsOf = (page: NoJsPage) => tableOf(page).find({ tag: "tbody" }).findAll({ tag: "tr" });
  /** The cells of every row in the column whose header starts with `header`. */
  const column = (page: NoJsPage, header: string) => {
    const index = tableOf(page)
      .find({ tag: "thead" })
      .findAll({ tag: "th" })
      .findIndex((th) => th.text.startsWith(header));
    expect(index, `a ${header} column`).toBeGreaterThanOrEqual(0);
    return rowsOf(page).map((tr) => tr.findAll({ tag: "td" })[index]?.text ?? "");
  };

  httpTest("a status the list does not know is ignored with a note; an unknown carrier is a 400", () =>
    as("beta@demo.test", async (beta) => {
      expect((await beta.open("/submitted_enrollments?status=Approved")).text()).toMatch(
        /were not valid and were ignored: status/,
      );
      const unknown = await beta.open("/submitted_enrollments?carrierId=999");
      expect(unknown.status).toBe(400);
      expect(unknown.findAll({ tag: "a", text: "Show the list without filters" })).toHaveLength(1);
    }),
  );

  httpTest("without JavaScript: search on Enter, filters, sort links, paging and export", () =>
    as("agency@demo.test", async (agency) => {
      let page = await agency.open("/submitted_enrollments");
      // Enter in the search field sends its GET form, the filters with it.
      page = await agency.submit(page.form("Search").fill("Status", "Enrolled"));
      expect(page.path).toMatch(/status=Enrolled/);
      expect(captionOf(page)).not.toMatch(/of 30$/);
      const enrolled = column(page, "Status");
      expect(enrolled.length).toBeGreaterThan(0);
      expect(enrolled.every((status) => status === "Enrolled")).toBe(true);

      const effective = tableOf(page)
        .findAll({ tag: "th" })
        .find((th) => th.text.startsWith("Effective"))!;
      page = await agency.open(effective.find({ tag: "a" }).href);
      expect(page.path).toMatch(/sort=effectiveDate&order=DESC/);
      expect(page.path).toMatch(/status=Enrolled/);

      page = await agency.open("/submitted_enrollments?perPage=10");
      const pages = page.find({ tag: "nav", name: "Submitted enrollments pages" });
      page = await agency.open(pages.find({ tag: "a", text: "Last" }).href);
      expect(captionOf(page)).toBe("Submitted enrollments: 21–30 of 30");

      page = await agency.submit(page.form("Search").fill("Search", "Helen Park"));
      expect(page.path).toMatch(/search=Helen/);
      const found = rowsOf(page);
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((tr) => tr.text.includes("Helen Park"))).toBe(true);

      const exported = await agency.submit(page.form("Export"), "Export");
      expect(exported.toasts("success").join(" ")).toContain("Download was sent to your email");
    }),
  );
});
