import type { Locator, Page } from "@playwright/test";
import { formatDate } from "../../app/domain/formats";
import { futureCertificationDate, pastCertificationDate } from "../../server/reference-api/contracting/seed";
import { AGENCY_ONLY_RESOURCE_IDS, UNSAFE_LEARNING_RESOURCE_ID } from "../../server/reference-api/learning-center/seed";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { expect, expectAxeClean, expectNoSidewaysScroll, loginAs, test } from "./fixtures";

/** Issue 12 §1: the Learning Center (spec §2 /learning_center and its children). */

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

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the search is a plain GET form", async ({ page }) => {
      await loginAs(page, "agency@demo.test");
      await page.goto("/learning_center");
      await page.getByRole("searchbox", { name: "Search the Learning Center" }).fill("Agency override");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL("/learning_center?search=Agency+override");
      // The agency sees the resource for agencies.
      await expect(page.getByRole("link", { name: "Agency override commission schedule" })).toBeVisible();
    });
  });
});

test.describe("a library", () => {
  test("search, sort, filter and paging live in the URL", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    await page.goto("/learning_center/agent_resources");
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

  test("a carrier the library does not offer is a 400 with a way back; bad values are ignored with a note", async ({
    page,
  }) => {
    await loginAs(page, "agent@demo.test");
    const answer = await page.goto("/learning_center/documentation_resources?carrierId=7");
    expect(answer?.status()).toBe(400);
    await page.getByRole("link", { name: "Show the list without filters" }).click();
    await expect(page).toHaveURL("/learning_center/documentation_resources");
    await page.goto("/learning_center/documentation_resources?perPage=7&sort=evil");
    await expect(page.getByText(/Some values in the link were not valid and were ignored/)).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("searching, filtering, sorting and paging work by links and GET forms", async ({ page }) => {
      await loginAs(page, "agent@demo.test");
      await page.goto("/learning_center/agent_resources");
      await page.getByRole("textbox", { name: "Search" }).fill("guide");
      await page.getByRole("combobox", { name: "Carrier" }).selectOption({ label: "Blue Harbor Health" });
      await page.getByRole("textbox", { name: "Search" }).press("Enter");
      await expect(page).toHaveURL(/search=guide/);
      await expect(page).toHaveURL(/carrierId=1/);
      await expect
        .poll(async () => (await titles(page)).sort())
        .toEqual([
          "Blue Harbor Health Medicare Advantage agent guide",
          "Blue Harbor Health Medicare Supplement agent guide",
        ]);
      await table(page)
        .getByRole("columnheader", { name: /Updated/ })
        .getByRole("link")
        .click();
      await expect(page).toHaveURL(/sort=updatedAt&order=DESC/);
      await page.goto("/learning_center/enrollment_resources?perPage=5&page=2");
      await expect(table(page).locator("caption")).toHaveText("Enrollment Resources: 6–10 of 14");
    });
  });
});

test.describe("a resource", () => {
  test("its facts, sanitised body, attachment streamed through the portal, and external links", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    await page.goto("/learning_center/agent_resources?search=Blue+Harbor+Health+Medicare+Advantage+agent");
    await page.getByRole("link", { name: "Blue Harbor Health Medicare Advantage agent guide" }).click();
    await expect(page).toHaveURL(/\/learning_center\/agent_resources\/1$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Blue Harbor Health Medicare Advantage agent guide",
    );
    await expect(fact(page, "Carrier")).toHaveText("Blue Harbor Health");
    await expect(fact(page, "Product")).toHaveText("Medicare Advantage");
    await expect(fact(page, "Updated")).toHaveText(formatDate(seedDates().daysAgo(2, "14:30")));
    await expect(page.getByText("Guides", { exact: true })).toBeVisible();
    await expect(page.locator("[data-resource-body] h3")).toHaveText("What it covers");

    // The attachment: a portal URL (never the upstream's), downloaded with the session.
    const attachment = page.getByRole("link", { name: "blue-harbor-ma-agent-guide.pdf" });
    await expect(attachment).toHaveAttribute("href", "/learning_center/agent_resources/1/attachments/1");
    const [download] = await Promise.all([page.waitForEvent("download"), attachment.click()]);
    expect(download.suggestedFilename()).toBe("blue-harbor-ma-agent-guide.pdf");
    const answer = await page.request.get("/learning_center/agent_resources/1/attachments/1");
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("application/pdf");
    expect(answer.headers()["content-disposition"]).toMatch(/^attachment; filename="blue-harbor-ma-agent-guide.pdf"/);
    expect((await answer.body()).subarray(0, 5).toString()).toBe("%PDF-");
    expect(await page.content()).not.toContain("/api/learning_center");

    // External links open in a new tab, without access to this one.
    const link = page.getByRole("link", { name: /Blue Harbor Health broker portal/ });
    await expect(link).toHaveAttribute("href", "https://portal.blueharbor.example.com");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
  });

  test("an image attachment keeps its type, and cannot run script", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    await page.goto("/learning_center/agent_resources/7");
    const href = await page.getByRole("link", { name: "evergreen-ms-brochure-cover.png" }).getAttribute("href");
    const answer = await page.request.get(href ?? "");
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("image/png");
    expect(answer.headers()["content-security-policy"]).toContain("sandbox");
    expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("the upstream's unsafe HTML renders inert", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    await page.goto(`/learning_center/agent_resources/${UNSAFE_LEARNING_RESOURCE_ID}`);
    const body = page.locator("[data-resource-body]");
    await expect(body).toContainText("Earn a bonus on every Medicare Advantage enrollment");
    await expect(body).toContainText("Claim your bonus");
    await expect(body.locator("script, iframe, style, img, [onclick], [onerror]")).toHaveCount(0);
    await expect(body.locator("a[href^='javascript']")).toHaveCount(0);
    await body.getByText("Claim your bonus").click();
    expect(await page.evaluate(() => (window as { __unsafe?: number }).__unsafe)).toBeUndefined();
  });

  test("an unknown, another library's, or forbidden resource is the 404 page; so is its attachment", async ({
    page,
  }) => {
    await loginAs(page, "agent@demo.test");
    for (const path of [
      "/learning_center/agent_resources/9999",
      "/learning_center/agent_resources/abc",
      "/learning_center/enrollment_resources/1",
      `/learning_center/agent_resources/${AGENCY_ONLY_RESOURCE_IDS[0]}`,
      "/learning_center/secret_resources",
      "/learning_center/secret_resources/1",
    ]) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
      await expect(page.getByText("This page could not be found")).toBeVisible();
    }
    for (const path of [
      `/learning_center/agent_resources/${AGENCY_ONLY_RESOURCE_IDS[0]}/attachments/1`,
      "/learning_center/agent_resources/2/attachments/1",
      "/learning_center/agent_resources/1/attachments/999",
      "/learning_center/secret_resources/1/attachments/1",
    ]) {
      expect((await page.request.get(path)).status(), path).toBe(404);
    }
  });

  test("an agency sees the resources for agencies", async ({ page }) => {
    await loginAs(page, "agency@demo.test");
    await page.goto(`/learning_center/agent_resources/${AGENCY_ONLY_RESOURCE_IDS[0]}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Agency override commission schedule");
    await expect(page.getByText("For agencies", { exact: true })).toBeVisible();
  });

  test("a carrier may not open the Learning Center, nor download from it", async ({ page }) => {
    await loginAs(page, "carrier@demo.test");
    expect((await page.goto("/learning_center"))?.status()).toBe(403);
    expect((await page.request.get("/learning_center/agent_resources/1/attachments/1")).status()).toBe(403);
  });
});

test.describe("carrier resources", () => {
  test("a product tab row (Medicare Advantage first) and a card per carrier", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    await page.goto("/learning_center");
    await page
      .getByRole("region", { name: "Carrier resources" })
      .getByRole("link", { name: "Medicare Advantage" })
      .click();
    const products = page.getByRole("navigation", { name: "Products" });
    await expect(products.getByRole("link").first()).toHaveText("Medicare Advantage");
    await expect(products.getByRole("link", { name: "Medicare Advantage" })).toHaveAttribute("aria-current", "page");
    const blueHarbor = page.getByRole("region", { name: "Blue Harbor Health" });
    await expect(fact(blueHarbor, "Recertification")).toHaveText(
      `OPENS ${formatDate(futureCertificationDate(seedDates()))}`,
    );
    await expect(fact(page.getByRole("region", { name: "Evergreen Life & Health" }), "Package code")).toHaveText("TBA");

    await products.getByRole("link", { name: "Medicare Supplement" }).click();
    await expect(page).toHaveURL("/learning_center/carrier_resources?product=2");
    await expect(page.getByRole("region", { name: "Summit Mutual" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Pioneer Benefits" })).toHaveCount(0);
  });

  test("a carrier's page: learning-center tabs, tel:, mailto:, links, OPENS and TBA", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    await page.goto("/learning_center/carrier_resources");
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

  test("the unsafe HTML of a carrier resource renders inert here too; an unknown carrier product is a 404", async ({
    page,
  }) => {
    await loginAs(page, "agent@demo.test");
    await page.goto("/learning_center/carrier_resources/104");
    await page.locator("summary", { hasText: "Additional Info" }).click();
    const info = page.locator(".carrier-section[open] .resource-html");
    await expect(info).toContainText("Bonus details");
    await expect(info.locator("script, img, a[href^='javascript']")).toHaveCount(0);
    expect((await page.goto("/learning_center/carrier_resources/999"))?.status()).toBe(404);
    expect((await page.goto("/learning_center/carrier_resources/x"))?.status()).toBe(404);
  });

  test("a recertification date in the past says it has passed (issue 20)", async ({ page }) => {
    await loginAs(page, "agent@demo.test");
    await page.goto("/learning_center/carrier_resources");
    const passed = `${formatDate(pastCertificationDate(seedDates()))} (passed)`;
    await expect(fact(page.getByRole("region", { name: "Summit Mutual" }), "Recertification")).toHaveText(passed);
    await page.goto("/learning_center/carrier_resources/102");
    await expect(fact(page, "Recertification")).toHaveText(passed);
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
    await loginAs(page, "agent@demo.test");
    await page.goto("/learning_center/carrier_resources");
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
    await expectNoSidewaysScroll(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the product tabs are links and the sections open", async ({ page }) => {
      await loginAs(page, "agent@demo.test");
      await page.goto("/learning_center/carrier_resources");
      await page
        .getByRole("navigation", { name: "Products" })
        .getByRole("link", { name: "Prescription Drug Plans" })
        .click();
      await expect(page).toHaveURL("/learning_center/carrier_resources?product=3");
      await page.getByRole("link", { name: "Pioneer Benefits resources" }).click();
      await expect(page).toHaveURL("/learning_center/carrier_resources/302");
      await page.locator("summary", { hasText: "Transfer Policy" }).click();
      await expect(page.getByText("Pioneer Benefits accepts book transfers")).toBeVisible();
    });
  });
});

test.describe("accessibility and phones", () => {
  const PAGES = [
    "/learning_center",
    "/learning_center?search=summit",
    "/learning_center/agent_resources",
    "/learning_center/documentation_resources?carrierId=1",
    "/learning_center/enrollment_resources",
    "/learning_center/agent_resources/1",
    `/learning_center/agent_resources/${UNSAFE_LEARNING_RESOURCE_ID}`,
    "/learning_center/carrier_resources",
    "/learning_center/carrier_resources/101",
    "/learning_center/agent_resources/9999",
  ];
  for (const path of PAGES) {
    test(`${path} has no axe violations`, async ({ page }) => {
      test.setTimeout(60_000);
      await loginAs(page, "agency@demo.test");
      await page.goto(path);
      await expectAxeClean(page);
    });
  }

  test("every page fits a 390 px phone and a 1280 px laptop without sideways scrolling", async ({ page }, testInfo) => {
    test.slow();
    await loginAs(page, "agency@demo.test");
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of PAGES) {
        await page.goto(path);
        await expectNoSidewaysScroll(page);
        const name = `lc-${width}${path.replace(/\W+/g, "-")}.png`;
        const file = testInfo.outputPath(name);
        await page.screenshot({ path: file, type: "png", fullPage: true });
        await testInfo.attach(name, { path: file, contentType: "image/png" });
      }
    }
  });
});
