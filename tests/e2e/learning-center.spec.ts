import { type Locator, type Page, test as httpTest } from "@playwright/test";
import { formatDate } from "../../app/domain/formats";
import { futureCertificationDate, pastCertificationDate } from "../../server/reference-api/contracting/seed";
import { AGENCY_ONLY_RESOURCE_IDS, UNSAFE_LEARNING_RESOURCE_ID } from "../../server/reference-api/learning-center/seed";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { type NoJsElement, type NoJsPage, signedInAs as as } from "../support/no-js";
import { expect, loginAs, test } from "./fixtures";

/**
 * Issue 12 §1: the Learning Center (spec §2 /learning_center and its children). Without JavaScript, and what the server
 * decides (the pages' facts and links, the files, the refusals and 404s), over HTTP (tests/support/no-js.ts); the
 * browser keeps the JavaScript search, sort and filters, inert HTML that is clicked and the layout. Axe and the 390 and
 * 1280 px fit of its pages (agency@'s, a search, a filter, a resource, a 404 among them) are the page sweep's
 * (pages.spec.ts).
 */

const table = (page: Page) => page.getByRole("table", { name: /Resources/ });
const rows = (page: Page) => table(page).locator("tbody tr");
const titles = (page: Page) => table(page).locator("tbody tr td:first-child a").allTextContents();

/** The value (dd) given for a term (dt). */
function fact(scope: Locator | Page, term: string) {
  return scope.locator(`dt:text-is("${term}") + dd`);
}

test.describe("the Learning Center hub", () => {
  test("the three libraries with their newest resources, the carrier resources, and a search", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    await page.getByRole("link", { name: "Learning Center" }).click();
    await expect(page).toHaveURL("/learning_center");
    await expect(page.getByRole("heading", { level: 1, name: "Learning Center" })).toBeVisible();
    for (const name of ["Agent Resources", "Documentation Resources", "Enrollment Resources"]) {
      await expect(page.getByRole("article", { name })).toBeVisible();
    }
    // An agent sees 13 of the 14 agent resources (one is for agencies).
    await expect(page.getByRole("link", { name: "All 13 agent resources" })).toHaveAttribute(
      "href",
      "/learning_center/agent_resources",
    );
    await expect(
      page.getByRole("region", { name: "Carrier resources" }).getByRole("link", { name: "Medicare Advantage" }),
    ).toHaveAttribute("href", "/learning_center/carrier_resources?product=1");

    await page.getByRole("searchbox", { name: "Search the Learning Center" }).fill("evergreen");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL("/learning_center?search=evergreen");
    const results = page.getByRole("region", { name: "Results for “evergreen”" });
    await expect(results.getByRole("link", { name: "Evergreen Life & Health — Medicare Advantage" })).toHaveAttribute(
      "href",
      "/learning_center/carrier_resources/103",
    );
    await expect(results.getByRole("link", { name: "Evergreen Life & Health formulary" })).toHaveAttribute(
      "href",
      /\/learning_center\/documentation_resources\/\d+$/,
    );

    await page.getByRole("searchbox", { name: "Search the Learning Center" }).fill("no-such-topic");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("Nothing in the Learning Center matches “no-such-topic”.")).toBeVisible();
  });
});

test.describe("a library", () => {
  test("search, sort, filter and paging live in the URL", async ({ page }) => {
    await loginAs(page, "agent@demo.test", { path: "/learning_center/agent_resources" });
    await expect(page.getByRole("heading", { level: 1, name: "Agent Resources" })).toBeVisible();
    await expect(table(page).locator("caption")).toHaveText("Agent Resources: 1–13 of 13");
    await expect(page.getByRole("link", { name: "Agency override commission schedule" })).toHaveCount(0);

    // Spec §4: a new column sorts descending first, then toggles.
    const header = table(page).getByRole("columnheader", { name: /Title/ });
    await header.getByRole("link").click();
    await expect(page).toHaveURL("/learning_center/agent_resources?sort=title&order=DESC");
    // The URL changes before the new rows are drawn: wait for the sorted rows, not just the URL.
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expect
      .poll(
        async () => {
          const desc = await titles(page);
          return (
            desc.length > 1 &&
            desc.join("|") === [...desc].sort((a, b) => b.localeCompare(a, "en", { sensitivity: "base" })).join("|")
          );
        },
        { message: "titles sorted descending" },
      )
      .toBe(true);
    await header.getByRole("link").click();
    await expect(page).toHaveURL("/learning_center/agent_resources?sort=title&order=ASC");
    await expect(header).toHaveAttribute("aria-sort", "ascending");

    // Paging: 5 a page, three pages.
    await page.getByRole("combobox", { name: "Rows per page" }).selectOption("5");
    await expect(page).toHaveURL(/perPage=5/);
    await expect(rows(page)).toHaveCount(5);
    const pages = page.getByRole("navigation", { name: "Agent Resources pages" });
    await pages.getByRole("link", { name: "Last" }).click();
    await expect(page).toHaveURL(/page=3/);
    await expect(rows(page)).toHaveCount(3);

    // Filters: carrier and product.
    await page.getByRole("combobox", { name: "Carrier" }).selectOption({ label: "Summit Mutual" });
    await page.getByRole("combobox", { name: "Product" }).selectOption({ label: "Medicare Supplement" });
    await expect(page).toHaveURL(/carrierId=2/);
    await expect(page).toHaveURL(/productId=2/);
    await expect
      .poll(async () => (await titles(page)).sort())
      .toEqual(["Summit Mutual Medicare Supplement underwriting guide", "Summit Mutual commission schedule"]);

    // Search with the debounce; no match has its own message and a way back.
    await page.getByRole("textbox", { name: "Search" }).fill("nothing-like-this");
    await expect(page).toHaveURL(/search=nothing-like-this/);
    await expect(table(page)).toContainText("No resources match this search or these filters.");
  });
});

test.describe("a resource", () => {
  test("the upstream's unsafe HTML renders inert", async ({ page }) => {
    await loginAs(page, "agent@demo.test", { path: `/learning_center/agent_resources/${UNSAFE_LEARNING_RESOURCE_ID}` });
    const body = page.locator("[data-resource-body]");
    await expect(body).toContainText("Earn a bonus on every Medicare Advantage enrollment");
    await expect(body).toContainText("Claim your bonus");
    await expect(body.locator("script, iframe, style, img, [onclick], [onerror]")).toHaveCount(0);
    await expect(body.locator("a[href^='javascript']")).toHaveCount(0);
    await body.getByText("Claim your bonus").click();
    expect(await page.evaluate(() => (window as { __unsafe?: number }).__unsafe)).toBeUndefined();
  });
});

test.describe("carrier resources", () => {
  test("a carrier's page: learning-center tabs, tel:, mailto:, links, OPENS and TBA", async ({ page }) => {
    await loginAs(page, "agent@demo.test", { path: "/learning_center/carrier_resources" });
    await page.getByRole("link", { name: "Blue Harbor Health resources" }).click();
    await expect(page).toHaveURL("/learning_center/carrier_resources/101");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blue Harbor Health");
    await expect(fact(page, "Recertification")).toHaveText(`OPENS ${formatDate(futureCertificationDate(seedDates()))}`);
    await expect(fact(page, "Package code")).toHaveText("PKG-MA-2026-01");
    await expect(fact(page, "Broker services").getByRole("link")).toHaveAttribute("href", "tel:+18005550101");
    await expect(fact(page, "E-mail").getByRole("link")).toHaveAttribute(
      "href",
      "mailto:brokers@blueharbor.example.com",
    );
    await expect(page.getByRole("link", { name: "Carrier portal" })).toHaveAttribute(
      "href",
      "https://portal.blueharbor.example.com",
    );
    await expect(page.getByRole("link", { name: "Certification", exact: true })).toHaveAttribute(
      "href",
      "https://portal.blueharbor.example.com/certification",
    );
    const sections = page.locator("[data-carrier-page] .carrier-section:visible > summary");
    await expect(sections).toHaveText([
      "Broker Support",
      "Commissions",
      "Ordering Supplies",
      "Transfer Policy",
      "Additional Info",
      "Agent Guide",
      "Certification",
      "Technology",
    ]);
    await page.locator("summary", { hasText: "Commissions" }).click();
    await expect(page.getByText("Commissions are paid twice a month by direct deposit")).toBeVisible();
    await page.locator("summary", { hasText: "Broker Support" }).click();
    await expect(
      page.locator(".carrier-section[open]").first().getByRole("link", { name: "(800) 555-0101" }),
    ).toHaveAttribute("href", "tel:+18005550101");

    // Evergreen's Medicare Advantage: no recertification date, no package code.
    await page.goto("/learning_center/carrier_resources/103");
    await expect(fact(page, "Recertification")).toHaveText("TBA");
    await expect(fact(page, "Package code")).toHaveText("TBA");
    // Its other product is one link away.
    await page.getByRole("link", { name: "Medicare Supplement" }).last().click();
    await expect(page).toHaveURL("/learning_center/carrier_resources/203");
  });

  test("at 1280 px every carrier's e-mail address stays on one line (issue 20)", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, "agent@demo.test");
    for (const product of [1, 2, 3, 4]) {
      await page.goto(`/learning_center/carrier_resources?product=${product}`);
      const emails = page.locator("main dt:text-is('E-mail') + dd a");
      expect(await emails.count()).toBeGreaterThan(0);
      for (const email of await emails.all()) {
        const lines = await email.evaluate((a) => new Set([...a.getClientRects()].map((r) => Math.round(r.top))).size);
        expect(lines, `${await email.textContent()} on product ${product}`).toBe(1);
      }
    }
    await page.goto("/learning_center/carrier_resources/101");
    expect(
      await fact(page, "E-mail")
        .locator("a")
        .evaluate((a) => new Set([...a.getClientRects()].map((r) => Math.round(r.top))).size),
    ).toBe(1);
  });

  test("at 390 px each product button shows its whole label (issue 20)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, "agent@demo.test", { path: "/learning_center/carrier_resources" });
    const buttons = page.getByRole("navigation", { name: "Products" }).getByRole("link");
    await expect(buttons).toHaveText([
      "Medicare Advantage",
      "Medicare Supplement",
      "Prescription Drug Plans",
      "Dental, Vision & Hearing",
    ]);
    for (const button of await buttons.all()) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, (await button.textContent()) ?? "").toBeLessThanOrEqual(390);
      // Nothing of its label is cut: the label is as wide as its text.
      expect(
        await button.evaluate((a) => {
          const label = a.querySelector(".mantine-Button-label")!;
          return label.scrollWidth - label.clientWidth;
        }),
      ).toBeLessThanOrEqual(0);
    }
    // The page's fit (no sideways scroll) is the page sweep's (agency@'s page: the same as agent@'s).
  });
});

/** The value (dd) given for a term (dt), in `scope`. */
const factOf = (scope: NoJsPage | NoJsElement, term: string) => scope.find({ tag: "dt", text: term }).next;
const tableOf = (page: NoJsPage) => page.find({ tag: "table", name: /Resources/ });
/** The titles of the listed resources (the first cell's link of each row). */
const titlesOf = (page: NoJsPage) =>
  tableOf(page)
    .find({ tag: "tbody" })
    .findAll({ tag: "tr" })
    .map((tr) => tr.find({ tag: "td" }).find({ tag: "a" }).text);

httpTest.describe("the Learning Center, as the server draws it", () => {
  httpTest("without JavaScript: the hub's search is a plain GET form", () =>
    as("agency@demo.test", async (agency) => {
      const hub = await agency.open("/learning_center");
      const results = await agency.submit(
        hub.form("Search").fill("Search the Learning Center", "Agency override"),
        "Search",
      );
      expect(results.path).toBe("/learning_center?search=Agency+override");
      // The agency sees the resource for agencies.
      expect(results.findAll({ tag: "a", text: "Agency override commission schedule" })).not.toHaveLength(0);
    }),
  );

  httpTest("a carrier the library does not offer is a 400 with a way back; bad values are ignored with a note", () =>
    as("agent@demo.test", async (agent) => {
      const answer = await agent.open("/learning_center/documentation_resources?carrierId=7");
      expect(answer.status).toBe(400);
      expect((await agent.follow(answer, "Show the list without filters")).path).toBe(
        "/learning_center/documentation_resources",
      );
      const ignored = await agent.open("/learning_center/documentation_resources?perPage=7&sort=evil");
      expect(ignored.text()).toMatch(/Some values in the link were not valid and were ignored/);
    }),
  );

  httpTest("without JavaScript: searching, filtering, sorting and paging work by links and GET forms", () =>
    as("agent@demo.test", async (agent) => {
      let page = await agent.open("/learning_center/agent_resources");
      // Enter in the search field sends its GET form, the filters with it.
      page = await agent.submit(page.form("Search").fill("Search", "guide").fill("Carrier", "Blue Harbor Health"));
      expect(page.path).toMatch(/search=guide/);
      expect(page.path).toMatch(/carrierId=1/);
      expect(titlesOf(page).sort()).toEqual([
        "Blue Harbor Health Medicare Advantage agent guide",
        "Blue Harbor Health Medicare Supplement agent guide",
      ]);
      const updated = tableOf(page)
        .findAll({ tag: "th" })
        .find((th) => th.text.startsWith("Updated"))!;
      page = await agent.open(updated.find({ tag: "a" }).href);
      expect(page.path).toMatch(/sort=updatedAt&order=DESC/);
      page = await agent.open("/learning_center/enrollment_resources?perPage=5&page=2");
      expect(tableOf(page).find({ tag: "caption" }).text).toBe("Enrollment Resources: 6–10 of 14");
    }),
  );

  httpTest("a resource: its facts, sanitised body, attachment streamed through the portal, and external links", () =>
    as("agent@demo.test", async (agent) => {
      const list = await agent.open(
        "/learning_center/agent_resources?search=Blue+Harbor+Health+Medicare+Advantage+agent",
      );
      const page = await agent.follow(list, "Blue Harbor Health Medicare Advantage agent guide");
      expect(page.path).toMatch(/\/learning_center\/agent_resources\/1$/);
      expect(page.heading).toBe("Blue Harbor Health Medicare Advantage agent guide");
      expect(factOf(page, "Carrier").text).toBe("Blue Harbor Health");
      expect(factOf(page, "Product").text).toBe("Medicare Advantage");
      expect(factOf(page, "Updated").text).toBe(formatDate(seedDates().daysAgo(2, "14:30")));
      expect(page.findAll({ text: "Guides" })).not.toHaveLength(0);
      expect(
        page
          .find({ attrs: { "data-resource-body": true } })
          .findAll({ tag: "h3" })
          .map((h) => h.text),
      ).toEqual(["What it covers"]);

      // The attachment: a portal URL (never the upstream's), downloaded with the session.
      const attachment = page.find({ tag: "a", text: "blue-harbor-ma-agent-guide.pdf" });
      expect(attachment.attr("href")).toBe("/learning_center/agent_resources/1/attachments/1");
      const answer = await agent.download(attachment.href);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toBe("application/pdf");
      expect(answer.headers()["content-disposition"]).toMatch(/^attachment; filename="blue-harbor-ma-agent-guide.pdf"/);
      expect((await answer.body()).subarray(0, 5).toString()).toBe("%PDF-");
      expect(page.html).not.toContain("/api/learning_center");

      // External links open in a new tab, without access to this one.
      const link = page.find({ tag: "a", text: /Blue Harbor Health broker portal/ });
      expect(link.attr("href")).toBe("https://portal.blueharbor.example.com");
      expect(link.attr("target")).toBe("_blank");
      expect(link.attr("rel")).toMatch(/\bnoopener\b/);
    }),
  );

  httpTest("an image attachment keeps its type, and cannot run script", () =>
    as("agent@demo.test", async (agent) => {
      const page = await agent.open("/learning_center/agent_resources/7");
      const answer = await agent.download(page.find({ tag: "a", text: "evergreen-ms-brochure-cover.png" }).href);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toBe("image/png");
      expect(answer.headers()["content-security-policy"]).toContain("sandbox");
      expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
    }),
  );

  httpTest("an unknown, another library's, or forbidden resource is the 404 page; so is its attachment", () =>
    as("agent@demo.test", async (agent) => {
      for (const path of [
        "/learning_center/agent_resources/9999",
        "/learning_center/agent_resources/abc",
        "/learning_center/enrollment_resources/1",
        `/learning_center/agent_resources/${AGENCY_ONLY_RESOURCE_IDS[0]}`,
        "/learning_center/secret_resources",
        "/learning_center/secret_resources/1",
      ]) {
        const answer = await agent.open(path);
        expect(answer.status, path).toBe(404);
        expect(answer.text(), path).toContain("This page could not be found");
      }
      for (const path of [
        `/learning_center/agent_resources/${AGENCY_ONLY_RESOURCE_IDS[0]}/attachments/1`,
        "/learning_center/agent_resources/2/attachments/1",
        "/learning_center/agent_resources/1/attachments/999",
        "/learning_center/secret_resources/1/attachments/1",
      ]) {
        expect((await agent.client.get(path)).status(), path).toBe(404);
      }
    }),
  );

  httpTest("an agency sees the resources for agencies", () =>
    as("agency@demo.test", async (agency) => {
      const page = await agency.open(`/learning_center/agent_resources/${AGENCY_ONLY_RESOURCE_IDS[0]}`);
      expect(page.heading).toBe("Agency override commission schedule");
      expect(page.findAll({ text: "For agencies" })).not.toHaveLength(0);
    }),
  );

  httpTest("a carrier may not open the Learning Center, nor download from it", () =>
    as("carrier@demo.test", async (carrier) => {
      expect((await carrier.open("/learning_center")).status).toBe(403);
      expect((await carrier.client.get("/learning_center/agent_resources/1/attachments/1")).status()).toBe(403);
    }),
  );

  httpTest("carrier resources: a product tab row (Medicare Advantage first) and a card per carrier", () =>
    as("agent@demo.test", async (agent) => {
      const hub = await agent.open("/learning_center");
      const link = hub
        .find({ tag: "section", name: "Carrier resources" })
        .find({ tag: "a", text: "Medicare Advantage" });
      const page = await agent.open(link.href);
      const products = page.find({ tag: "nav", name: "Products" }).findAll({ tag: "a" });
      expect(products[0]!.text).toBe("Medicare Advantage");
      expect(products.find((a) => a.text === "Medicare Advantage")!.attr("aria-current")).toBe("page");
      const region = (name: string) => page.find({ tag: "section", name });
      expect(factOf(region("Blue Harbor Health"), "Recertification").text).toBe(
        `OPENS ${formatDate(futureCertificationDate(seedDates()))}`,
      );
      expect(factOf(region("Evergreen Life & Health"), "Package code").text).toBe("TBA");

      const supplement = await agent.open(products.find((a) => a.text === "Medicare Supplement")!.href);
      expect(supplement.path).toBe("/learning_center/carrier_resources?product=2");
      expect(supplement.findAll({ tag: "section", name: "Summit Mutual" })).toHaveLength(1);
      expect(supplement.findAll({ tag: "section", name: "Pioneer Benefits" })).toHaveLength(0);
    }),
  );

  httpTest("the unsafe HTML of a carrier resource is inert here too; an unknown carrier product is a 404", () =>
    as("agent@demo.test", async (agent) => {
      const page = await agent.open("/learning_center/carrier_resources/104");
      const info = page
        .findAll({ tag: "details", attrs: { class: /(^|\s)carrier-section(\s|$)/ } })
        .find((d) => d.find({ tag: "summary" }).text === "Additional Info")!
        .find({ attrs: { class: /(^|\s)resource-html(\s|$)/ } });
      expect(info.text).toContain("Bonus details");
      for (const tag of ["script", "img"]) expect(info.findAll({ tag }), tag).toHaveLength(0);
      expect(info.findAll({ tag: "a", attrs: { href: /^javascript/i } })).toHaveLength(0);
      expect((await agent.open("/learning_center/carrier_resources/999")).status).toBe(404);
      expect((await agent.open("/learning_center/carrier_resources/x")).status).toBe(404);
    }),
  );

  httpTest("a recertification date in the past says it has passed (issue 20)", () =>
    as("agent@demo.test", async (agent) => {
      const passed = `${formatDate(pastCertificationDate(seedDates()))} (passed)`;
      const list = await agent.open("/learning_center/carrier_resources");
      expect(factOf(list.find({ tag: "section", name: "Summit Mutual" }), "Recertification").text).toBe(passed);
      expect(factOf(await agent.open("/learning_center/carrier_resources/102"), "Recertification").text).toBe(passed);
    }),
  );

  httpTest("without JavaScript: the product tabs are links and the sections open", () =>
    as("agent@demo.test", async (agent) => {
      const list = await agent.open("/learning_center/carrier_resources");
      const tab = list.find({ tag: "nav", name: "Products" }).find({ tag: "a", text: "Prescription Drug Plans" });
      const drugPlans = await agent.open(tab.href);
      expect(drugPlans.path).toBe("/learning_center/carrier_resources?product=3");
      const pioneer = await agent.follow(drugPlans, "Pioneer Benefits resources");
      expect(pioneer.path).toBe("/learning_center/carrier_resources/302");
      // A native disclosure: its text is in the page, shown when its summary is clicked.
      const transfer = pioneer
        .findAll({ tag: "details" })
        .find((d) => d.find({ tag: "summary" }).text === "Transfer Policy");
      expect(transfer?.text).toContain("Pioneer Benefits accepts book transfers");
    }),
  );
});
