import { readFileSync } from "node:fs";
import path from "node:path";
import { type Page, test as httpTest } from "@playwright/test";
import { NoJsBrowser, type NoJsPage } from "../support/no-js";
import { expect, lockAccount, loginAs, resetAccount, test } from "./fixtures";

/**
 * Ready to sell (issue 25 §1): a line turns ready after its fix. docs@ follows its blocking step to the flagged
 * documents and replaces them, which leaves its lines waiting only on the NIPR hold in PA (issue 37 §1: the seed's
 * lapse alert holds PA from its arrival); admin@ moves agent@'s approved request to active on the contracting desk. Holds the
 * accounts it changes (other specs change them too) and restores them after. Without JavaScript in the HTTP tier
 * (tests/support/no-js.ts follows the pages' links and posts their forms, the uploads' multipart ones included).
 */
const PDF = path.join(import.meta.dirname, "files", "court-order.pdf");

/** MM/DD/YYYY of June 30 next year: a certificate's expiry date that is valid whenever the test runs. */
function nextYearDate(): string {
  return `06/30/${new Date().getFullYear() + 1}`;
}

const line = (page: Page, carrierProductId: number) => page.getByTestId(`line-${carrierProductId}`);
/** The documents step, said once above the lines for every product (issue 37 §5). */
const documentsStep = (page: Page) => page.getByTestId("shared-steps").locator("[data-step=documents]");
const licenseStep = (page: Page) => page.getByTestId("shared-steps").locator("[data-step=license]");
/** A product's line on the page without JavaScript. */
const lineOf = (page: NoJsPage, carrierProductId: number) => page.within(`line-${carrierProductId}`);
const documentsStepOf = (page: NoJsPage) => page.within("shared-steps").withAttribute("data-step", "documents");
const licenseStepOf = (page: NoJsPage) => page.within("shared-steps").withAttribute("data-step", "license");
const pdf = () => ({ name: "court-order.pdf", mimeType: "application/pdf", buffer: readFileSync(PDF) });

test.describe("a line turns ready after its fix, JavaScript on", () => {
  test.describe.configure({ mode: "serial" });

  test("docs@ follows the documents step, replaces its flagged documents, and Blue Harbor's lines wait only on the PA hold", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const release = await lockAccount("docs@demo.test");
    try {
      await resetAccount("docs@demo.test");
      await loginAs(page, "docs@demo.test", { path: "/ready_to_sell" });
      await expect(page.getByTestId("readiness-summary")).toHaveText("0 of 14 products ready");
      for (const id of [101, 201]) {
        await expect(line(page, id)).toContainText("2 steps left");
        await expect(line(page, id).getByTestId("next-step")).toContainText("License, for every product above.");
      }
      await expect(licenseStep(page)).toContainText("PA license lapsed per NIPR on");
      await expect(documentsStep(page)).toContainText("2 documents need your attention");
      // A product without a contract: documents first (spec §6), not Contract Now.
      await expect(line(page, 105).locator("[data-step=contract]")).toContainText(
        "You cannot request new contracts until your documentation is up to date.",
      );

      await documentsStep(page).getByRole("link", { name: "Upload your E&O Certificate" }).click();
      await expect(page).toHaveURL("/profile/documents/eo");
      await page.getByLabel(/New E&O Certificate/).setInputFiles(PDF);
      await page.getByRole("textbox", { name: "Expiry date of the certificate" }).fill(nextYearDate());
      await page.getByRole("button", { name: "Upload replacement" }).click();
      await expect(page.locator("[data-toast=success]").last()).toContainText("Your E&O Certificate was uploaded.");

      await page.goto("/ready_to_sell");
      await expect(documentsStep(page)).toContainText("A document needs your attention: W-9.");
      await documentsStep(page).getByRole("link", { name: "Upload your W-9" }).click();
      await expect(page).toHaveURL("/profile/documents/w9");
      await page.getByLabel(/W-9/).setInputFiles(PDF);
      await page.getByRole("button", { name: /^Upload/ }).click();
      await expect(page.locator("[data-toast=success]").last()).toContainText("Your W-9 was uploaded.");

      await page.goto("/ready_to_sell");
      await expect(page.getByTestId("readiness-summary")).toHaveText("0 of 14 products ready; 2 need one step");
      for (const id of [101, 201]) {
        await expect(line(page, id)).toContainText("1 step left");
        await expect(line(page, id).getByTestId("next-step")).toContainText("License, for every product above.");
      }
      await page.goto("/dashboard");
      await expect(page.getByTestId("readiness-card")).toContainText("0 of 14 products ready");
    } finally {
      await resetAccount("docs@demo.test");
      release();
    }
  });

  test("admin@ moves agent@'s approved request to active on the contracting desk, and its line is ready", async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const release = await lockAccount("agent@demo.test");
    const agentContext = await browser.newContext();
    try {
      await resetAccount("agent@demo.test");
      const agent = await agentContext.newPage();
      await loginAs(agent, "agent@demo.test");
      await agent.goto("/ready_to_sell");
      await expect(line(agent, 103)).toContainText("2 steps left");
      await expect(line(agent, 103).locator("[data-step=contract]")).toContainText("Request being processed");

      await loginAs(page, "admin@demo.test", { path: "/admin/contracting/edit/3" });
      await page.getByRole("combobox", { name: "New state" }).selectOption({ label: "Active" });
      await page.getByRole("textbox", { name: "Writing number" }).fill("EV-20271");
      const effective = page.getByRole("textbox", { name: "Effective date" });
      await effective.fill("01/01/2027");
      await expect(effective).toHaveValue("01/01/2027");
      await page.getByRole("button", { name: "Move the request" }).click();
      await expect(page.locator("[data-toast=success]").last()).toContainText("The request is now Active.");

      await agent.goto("/ready_to_sell");
      await expect(line(agent, 103)).toHaveAttribute("data-ready", "true");
      await expect(agent.getByTestId("readiness-summary")).toHaveText("3 of 14 products ready");
    } finally {
      await agentContext.close();
      await resetAccount("agent@demo.test");
      release();
    }
  });
});

/** Without JavaScript (HTTP tier). */
test.describe("a line turns ready after its fix, JavaScript off", () => {
  test.describe.configure({ mode: "serial" });

  httpTest(
    "docs@ follows the documents step, replaces its flagged documents, and Blue Harbor's lines wait only on the PA hold",
    async () => {
      httpTest.setTimeout(150_000);
      const release = await lockAccount("docs@demo.test");
      let docs: NoJsBrowser | undefined;
      try {
        await resetAccount("docs@demo.test");
        docs = await NoJsBrowser.signedIn("docs@demo.test");
        let page = await docs.open("/ready_to_sell");
        expect(page.within("readiness-summary").text()).toBe("0 of 14 products ready");
        for (const id of [101, 201]) {
          expect(lineOf(page, id).text()).toContain("2 steps left");
          expect(lineOf(page, id).within("next-step").text()).toContain("License, for every product above.");
        }
        expect(licenseStepOf(page).text()).toContain("PA license lapsed per NIPR on");
        expect(documentsStepOf(page).text()).toContain("2 documents need your attention");
        // A product without a contract: documents first (spec §6), not Contract Now.
        expect(lineOf(page, 105).withAttribute("data-step", "contract").text()).toContain(
          "You cannot request new contracts until your documentation is up to date.",
        );

        page = await docs.follow(documentsStepOf(page), "Upload your E&O Certificate");
        expect(page.path).toBe("/profile/documents/eo");
        page = await docs.submit(
          page
            .form("Upload replacement")
            .attach("New E&O Certificate", pdf())
            .fill("Expiry date of the certificate", nextYearDate()),
          "Upload replacement",
        );
        expect(page.toasts("success").join(" ")).toContain("Your E&O Certificate was uploaded.");

        page = await docs.open("/ready_to_sell");
        expect(documentsStepOf(page).text()).toContain("A document needs your attention: W-9.");
        page = await docs.follow(documentsStepOf(page), "Upload your W-9");
        expect(page.path).toBe("/profile/documents/w9");
        page = await docs.submit(page.form("Upload").attach("W-9", pdf()), "Upload");
        expect(page.toasts("success").join(" ")).toContain("Your W-9 was uploaded.");

        page = await docs.open("/ready_to_sell");
        expect(page.within("readiness-summary").text()).toBe("0 of 14 products ready; 2 need one step");
        for (const id of [101, 201]) {
          expect(lineOf(page, id).text()).toContain("1 step left");
          expect(lineOf(page, id).within("next-step").text()).toContain("License, for every product above.");
        }
        expect((await docs.open("/dashboard")).within("readiness-card").text()).toContain("0 of 14 products ready");
      } finally {
        await docs?.close();
        await resetAccount("docs@demo.test");
        release();
      }
    },
  );

  httpTest(
    "admin@ moves agent@'s approved request to active on the contracting desk, and its line is ready",
    async () => {
      httpTest.setTimeout(150_000);
      const release = await lockAccount("agent@demo.test");
      const browsers: NoJsBrowser[] = [];
      try {
        await resetAccount("agent@demo.test");
        const [agent, admin] = await Promise.all([
          NoJsBrowser.signedIn("agent@demo.test"),
          NoJsBrowser.signedIn("admin@demo.test"),
        ]);
        browsers.push(agent, admin);
        const before = await agent.open("/ready_to_sell");
        expect(lineOf(before, 103).text()).toContain("2 steps left");
        expect(lineOf(before, 103).withAttribute("data-step", "contract").text()).toContain("Request being processed");

        const desk = await admin.open("/admin/contracting/edit/3");
        const moved = await admin.submit(
          desk
            .form("Move the request")
            .fill("New state", "Active")
            .fill("Writing number", "EV-20271")
            .fill("Effective date", "01/01/2027"),
          "Move the request",
        );
        expect(moved.toasts("success").join(" ")).toContain("The request is now Active.");

        const after = await agent.open("/ready_to_sell");
        expect(after.testIdAttribute("line-103", "data-ready")).toBe("true");
        expect(after.within("readiness-summary").text()).toBe("3 of 14 products ready");
      } finally {
        await Promise.all(browsers.map(async (b) => b.close()));
        await resetAccount("agent@demo.test");
        release();
      }
    },
  );
});
