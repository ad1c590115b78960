import { type Page, test as httpTest } from "@playwright/test";
import { type NoJsPage, signedInAs as as } from "../support/no-js";
import { expect, loginAs, test } from "./fixtures";

/**
 * Ready to sell (issue 25 §1), read-only: agent@ sees which carrier products are ready and what blocks the others,
 * step by step, reaches the page from the dashboard and My Contracts, and follows a blocking step to the page that
 * fixes it. The fixes that turn a line ready are in ready-to-sell.mutations.spec.ts. What the server draws (the lines,
 * their steps and links, the refusal) is read over HTTP (tests/support/no-js.ts); the browser keeps the JavaScript
 * journey from the dashboard. Axe (at 1280 and 390 px), the 390 and 1280 px fit and the text whole at both widths are
 * the page sweep's (pages.spec.ts, agent@).
 */

const line = (page: Page, carrierProductId: number) => page.getByTestId(`line-${carrierProductId}`);

test.describe("agent@'s ready-to-sell page, JavaScript on", () => {
  // A long page (14 lines of steps) on a shared 2-core machine: hydration takes its time.
  test.describe.configure({ timeout: 90_000 });

  test("the dashboard's card counts the ready products and opens the page; My Contracts links to it", async ({
    page,
  }) => {
    await loginAs(page, "agent@demo.test", { path: "/dashboard" });
    const card = page.getByTestId("readiness-card");
    await expect(card).toContainText("Ready to sell");
    await expect(card).toContainText("2 of 14 products ready");
    await card.click();
    await expect(page).toHaveURL("/ready_to_sell");
    await expect(page.getByRole("heading", { level: 1, name: "Ready to Sell" })).toBeVisible();
    await expect(page.getByTestId("readiness-summary")).toHaveText("2 of 14 products ready");
    // The steps of a ready line open in place.
    await line(page, 101).getByText("Show the steps").click();
    await expect(line(page, 101).locator("[data-step=carrierCertification]")).toContainText("Completed");

    await page.goto("/contracts");
    await page.getByRole("link", { name: "See Ready to Sell" }).click();
    await expect(page).toHaveURL("/ready_to_sell");
  });
});

httpTest.describe("agent@'s ready-to-sell page, as the server draws it", () => {
  const lineOf = (page: NoJsPage, carrierProductId: number) => page.testId(`line-${carrierProductId}`);
  const stepOf = (page: NoJsPage, carrierProductId: number, step: string) =>
    lineOf(page, carrierProductId).find({ tag: "li", attrs: { "data-step": step } });

  httpTest("the dashboard's card counts the ready products and opens the page; My Contracts links to it", () =>
    as("agent@demo.test", async (agent) => {
      const dashboard = await agent.open("/dashboard");
      const card = dashboard.testId("readiness-card");
      expect(card.text).toContain("Ready to sell");
      expect(card.text).toContain("2 of 14 products ready");
      const page = await agent.open(card.href);
      expect(page.path).toBe("/ready_to_sell");
      expect(page.heading).toBe("Ready to Sell");
      expect(page.testId("readiness-summary").text).toBe("2 of 14 products ready");

      const contracts = await agent.open("/contracts");
      expect((await agent.open(contracts.find({ tag: "a", text: "See Ready to Sell" }).href)).path).toBe(
        "/ready_to_sell",
      );
    }),
  );

  httpTest("ready lines and the steps that block the others, in order, with the spec's contract words", () =>
    as("agent@demo.test", async (agent) => {
      const page = await agent.open("/ready_to_sell");
      expect(page.status).toBe(200);
      expect(page.heading).toBe("Ready to Sell");
      const ready = page.find({ tag: "section", name: /^Ready to sell/ });
      expect(ready.findAll({ tag: "article" })).toHaveLength(2);
      expect(lineOf(page, 101).attr("data-ready")).toBe("true");
      expect(lineOf(page, 101).text).toContain("Ready to sell");
      expect(lineOf(page, 201).attr("data-ready")).toBe("true");
      // A ready line's steps are under a native disclosure, "Show the steps".
      const steps101 = lineOf(page, 101).find({ tag: "details" });
      expect(steps101.find({ tag: "summary" }).text).toBe("Show the steps");
      expect(steps101.find({ tag: "li", attrs: { "data-step": "carrierCertification" } }).text).toContain("Done");

      // Issue 37 §5: what applies to every line is said once, above them, and on no line: agent@'s license and AHIP
      // certificate run out within the warning window (a warning, with the days left), her documents are in order.
      const shared = page.testId("shared-steps");
      expect(shared.find({ tag: "h2" }).text).toBe("For every product");
      const sharedSteps = shared.findAll({ tag: "li" });
      expect(sharedSteps.map((li) => li.attr("data-step"))).toEqual(["license", "ahip", "documents"]);
      const ahip = sharedSteps[1]!;
      expect(ahip.text).toContain("Done, expires soon");
      expect(ahip.text).toMatch(/expires in \d+ days/);
      // AHIP is for the Medicare Advantage and Prescription Drug Plans lines only (CMS's marketing rules).
      expect(ahip.text).toContain("Medicare Advantage and Prescription Drug Plans only");
      expect(sharedSteps[0]!.text).toMatch(/the AL license expires in \d+ days/);
      for (const article of page.findAll({ tag: "article" }))
        for (const step of ["license", "ahip", "documents"])
          expect(article.findAll({ tag: "li", attrs: { "data-step": step } })).toHaveLength(0);

      const notYet = page.find({ tag: "section", name: /^Not ready yet/ });
      expect(notYet.findAll({ tag: "article" })).toHaveLength(12);
      // Pending (102), approved (103), denied with the public note (104), none (105): spec §4's states.
      expect(stepOf(page, 102, "contract").text).toContain("Pending contract");
      expect(stepOf(page, 103, "contract").text).toContain("Request being processed");
      expect(stepOf(page, 104, "contract").text).toContain("Request denied: Your appointment was declined");
      // Steps in the order they must be done; the RTS status follows the contract.
      const steps = lineOf(page, 105)
        .find({ tag: "ol", name: /^Steps for/ })
        .findAll({ tag: "li" });
      expect(steps.map((li) => li.attr("data-step"))).toEqual(["contract", "carrierCertification", "rts"]);
      expect(stepOf(page, 105, "rts").text).toContain("After an earlier step");
      // Medicare Supplement needs neither AHIP nor the carrier's certification: its own steps are the contract and RTS.
      expect(
        lineOf(page, 202)
          .findAll({ attrs: { "data-step": true } })
          .map((li) => li.attr("data-step")),
      ).toEqual(["contract", "rts"]);
      // The carrier's certification is fixed at the carrier resources' link, in a new tab.
      const certification = stepOf(page, 102, "carrierCertification");
      expect(certification.text).toContain("Action needed");
      const link = certification.find({ tag: "a", text: /Take the certification/ });
      expect(link.attr("href")).toMatch(/^https:\/\//);
      expect(link.attr("target")).toBe("_blank");
    }),
  );

  httpTest("a blocking step links to the page that fixes it: Contract Now at that carrier", () =>
    as("agent@demo.test", async (agent) => {
      const page = await agent.open("/ready_to_sell");
      expect(lineOf(page, 301).find({ attrs: { "data-testid": "next-step" } }).text).toContain(
        "Contract. No contract yet.",
      );
      const fix = stepOf(page, 301, "contract").find({ tag: "a", text: "Contract Now" });
      const contractNow = await agent.open(fix.href);
      expect(contractNow.path).toBe("/contract_now?product=3&carrier=301&step=confirm");
      expect(contractNow.findAll({ tag: "h2", text: "Contract with Blue Harbor Health" })).toHaveLength(1);
      expect(contractNow.findAll({ tag: "a", text: "Confirm & Next" })).toHaveLength(1);
    }),
  );

  httpTest("the page is refused to an administrator (no contracting), inside the layout", () =>
    as("admin@demo.test", async (admin) => {
      const refused = await admin.open("/ready_to_sell");
      expect(refused.status).toBe(403);
      expect(refused.hasTestId("signed-in-as")).toBe(true);
    }),
  );
});
