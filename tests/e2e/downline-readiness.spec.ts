import { type Page, test as httpTest } from "@playwright/test";
import { AL_LICENSE_EXPIRES_IN_DAYS } from "../../server/reference-api/profile/seed";
import { type NoJsElement, type NoJsPage, signedInAs as as } from "../support/no-js";
import { expect, expectAxeClean, loginAs, test } from "./fixtures";

/**
 * Downline readiness (issue 25 §2), read-only: agency@ reaches it from Downlines, finds agent@ (Maria Alvarez) held
 * back by her AL license running out, narrows the list by step, sub-agency and carrier, and downloads it as CSV. The
 * reminders, which send e-mails, are in downline-readiness.mutations.spec.ts. Without JavaScript, and what the server
 * draws (the rows, the CSV), over HTTP (tests/support/no-js.ts); the browser keeps the filters that apply as they
 * change and the keyboard (axe on the reminder's dialog it opens). The page's axe, its 390 and 1280 px fit and its
 * text whole at both widths are the page sweep's (pages.spec.ts).
 */

const table = (page: Page) => page.getByRole("table", { name: /^Agents/ });
const maria = (page: Page) => page.getByTestId("broker-1");

/**
 * The count in the table's caption ("Agents at License: 1–25 of 30"), once the caption names what the filters ask
 * (`named`): with JavaScript the list is drawn after the address changes.
 */
async function listed(page: Page, named = /^Agents: /): Promise<number> {
  const caption = table(page).locator("caption");
  await expect(caption).toHaveText(named);
  const match = / of (\d+)$/.exec(((await caption.textContent()) ?? "").trim());
  expect(match).not.toBeNull();
  return Number(match?.[1]);
}

/** Chooses a filter's option: with JavaScript a choice applies at once. */
async function choose(page: Page, label: string, option: { label: string } | string) {
  const before = page.url();
  await page.getByRole("combobox", { name: label }).selectOption(option);
  await expect(page).not.toHaveURL(before);
}

test.describe("agency@'s downline readiness, JavaScript on", () => {
  test("reached from Downlines; needing action first; narrowed by step, sub-agency and carrier", async ({ page }) => {
    await loginAs(page, "agency@demo.test", { path: "/downlines" });
    await page.getByRole("link", { name: "Downline readiness" }).click();
    await expect(page).toHaveURL("/downlines/readiness");
    await expect(page.getByRole("heading", { level: 1, name: "Downline readiness" })).toBeVisible();

    const brokers = Number(await page.getByTestId("figure-brokers").textContent());
    expect(brokers).toBeGreaterThan(50);
    expect(await listed(page)).toBe(brokers);
    // Needing action first: the first broker is blocked at a step (its summary line in red), and it opens to the steps.
    const first = table(page).locator("tbody tr").first();
    const summary = first.locator("summary[data-urgent]");
    await expect(summary).toHaveText(/^\d+ blockers?: /);
    await expect(first.locator("li[data-urgent]").first()).toBeHidden();
    await summary.click();
    await expect(first.locator("li[data-urgent]").first()).toBeVisible();

    await choose(page, "Step", { label: "License" });
    await expect(page).toHaveURL(/step=license/);
    const atLicense = await listed(page, /^Agents at License: /);
    expect(atLicense).toBeLessThan(brokers);
    // agent@ (Maria Alvarez, under agency@ itself) is held back by her AL license running out.
    await expect(maria(page)).toBeVisible();
    const row = table(page)
      .locator("tbody tr")
      .filter({ has: maria(page) });
    await expect(row.locator("li[data-step=license]")).toContainText(
      `the AL license expires in ${AL_LICENSE_EXPIRES_IN_DAYS} days`,
    );
    await expect(row).toContainText(`AL license expires in ${AL_LICENSE_EXPIRES_IN_DAYS} days`);
    // Every broker listed has something to do at the License step.
    const rows = table(page).locator("tbody tr");
    for (let i = 0; i < (await rows.count()); i++)
      await expect(rows.nth(i).locator("li[data-step=license]")).not.toHaveCount(0);
    await expect(page.getByRole("link", { name: `Remind all ${atLicense} at License` })).toBeVisible();

    // A sub-agency: its own brokers at any depth; Maria writes under agency@ itself, so she is not among them.
    await choose(page, "Step", { label: "All" });
    const subAgency =
      (await page.getByRole("combobox", { name: "Sub-agency" }).locator("option").nth(1).textContent()) ?? "";
    await choose(page, "Sub-agency", { label: subAgency });
    await expect(page).toHaveURL(/agencyId=\d+/);
    const underSubAgency = await listed(
      page,
      new RegExp(`^Agents under ${subAgency.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `),
    );
    expect(underSubAgency).toBeGreaterThan(0);
    expect(underSubAgency).toBeLessThan(brokers);
    await expect(maria(page)).toHaveCount(0);

    // A carrier: only that carrier's products are counted and named.
    await choose(page, "Sub-agency", { label: "All" });
    await choose(page, "Carrier", { label: "Summit Mutual" });
    await expect(page).toHaveURL(/carrierId=2/);
    expect(await listed(page, /^Agents with Summit Mutual: /)).toBeLessThan(brokers);
    await expect(table(page)).not.toContainText("Blue Harbor Health");
  });
});

test("the keyboard reaches a reminder and opens its confirmation, axe clean", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, "agency@demo.test", { path: "/downlines/readiness" });
  await expect(table(page)).toBeVisible();
  // The keyboard alone: Tab to a broker's reminder link and open its confirmation.
  const reminder = page.getByRole("link", { name: /^Send a reminder to / }).first();
  for (let i = 0; i < 80 && !(await reminder.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(reminder).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alertdialog", { name: /^Send a reminder to 1 agent\?/ })).toBeVisible();
  await expectAxeClean(page);
});

httpTest.describe("agency@'s downline readiness, as the server draws it", () => {
  const brokers = (page: NoJsPage) => page.find({ tag: "table", name: /^Agents/ });
  const bodyRows = (page: NoJsPage) => brokers(page).find({ tag: "tbody" }).findAll({ tag: "tr" });
  const mariaRow = (page: NoJsPage) => bodyRows(page).find((tr) => tr.has({ attrs: { "data-testid": "broker-1" } }));
  /** The count in the table's caption ("Agents at License: 1–25 of 30"), which must name what the filters ask. */
  function listedIn(page: NoJsPage, named = /^Agents: /): number {
    const caption = brokers(page).find({ tag: "caption" }).text;
    expect(caption).toMatch(named);
    const match = / of (\d+)$/.exec(caption);
    expect(match).not.toBeNull();
    return Number(match?.[1]);
  }

  httpTest(
    "without JavaScript: reached from Downlines; needing action first; narrowed by step, sub-agency and carrier",
    () =>
      as("agency@demo.test", async (agency) => {
        const downlines = await agency.open("/downlines");
        let page = await agency.follow(downlines, "Downline readiness");
        expect(page.path).toBe("/downlines/readiness");
        expect(page.heading).toBe("Downline readiness");

        const all = Number(page.testId("figure-brokers").text);
        expect(all).toBeGreaterThan(50);
        expect(listedIn(page)).toBe(all);
        // Needing action first: the first broker is blocked at a step (an action in red).
        expect(bodyRows(page)[0]!.has({ tag: "li", attrs: { "data-urgent": true } })).toBe(true);
        // Issue 37 §5: one summary line per broker, a native disclosure (it opens without JavaScript) over the steps,
        // in words to the manager about the broker ("their NPN", never "your NPN").
        const needs = bodyRows(page)[0]!.find({ tag: "details" });
        expect(needs.find({ tag: "summary" }).text).toMatch(/^\d+ blockers?: /);
        expect(needs.has({ tag: "li", attrs: { "data-step": true } })).toBe(true);
        const steps = brokers(page).findAll({ tag: "li", attrs: { "data-step": true } });
        expect(steps.length).toBeGreaterThan(0);
        for (const li of steps) expect(li.text).not.toMatch(/\byour\b/i);
        expect(steps.some((li) => /\btheir NPN\b/.test(li.text))).toBe(true);
        // No "last written" day after today (the seed has policies taking effect next month).
        const today = new Date().toISOString().slice(0, 10);
        for (const tr of bodyRows(page)) {
          const date = /(\d\d)\/(\d\d)\/(\d{4})/.exec(tr.findAll({ tag: "td" })[6]!.text);
          if (date) expect(`${date[3]}-${date[1]}-${date[2]}` <= today, tr.text).toBe(true);
        }

        /** Chooses a filter's option and applies it with the Search button, as a browser without JavaScript does. */
        const choose = async (label: string, option: string) => {
          const before = page.path;
          page = await agency.submit(page.form("Search").fill(label, option), "Search");
          expect(page.path).not.toBe(before);
        };

        await choose("Step", "License");
        expect(page.path).toMatch(/step=license/);
        const atLicense = listedIn(page, /^Agents at License: /);
        expect(atLicense).toBeLessThan(all);
        // agent@ (Maria Alvarez, under agency@ itself) is held back by her AL license running out.
        const row = mariaRow(page);
        expect(row).toBeDefined();
        expect(row!.find({ tag: "li", attrs: { "data-step": "license" } }).text).toContain(
          `the AL license expires in ${AL_LICENSE_EXPIRES_IN_DAYS} days`,
        );
        expect(row!.text).toContain(`AL license expires in ${AL_LICENSE_EXPIRES_IN_DAYS} days`);
        // Every broker listed has something to do at the License step.
        for (const tr of bodyRows(page)) expect(tr.has({ tag: "li", attrs: { "data-step": "license" } })).toBe(true);
        expect(page.findAll({ tag: "a", text: `Remind all ${atLicense} at License` })).toHaveLength(1);

        // A sub-agency: its own brokers at any depth; Maria writes under agency@ itself, so she is not among them.
        await choose("Step", "All");
        const subAgency = page.form("Search").options("Sub-agency")[1]!;
        await choose("Sub-agency", subAgency);
        expect(page.path).toMatch(/agencyId=\d+/);
        const underSubAgency = listedIn(
          page,
          new RegExp(`^Agents under ${subAgency.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `),
        );
        expect(underSubAgency).toBeGreaterThan(0);
        expect(underSubAgency).toBeLessThan(all);
        expect(page.hasTestId("broker-1")).toBe(false);

        // A carrier: only that carrier's products are counted and named.
        await choose("Sub-agency", "All");
        await choose("Carrier", "Summit Mutual");
        expect(page.path).toMatch(/carrierId=2/);
        expect(listedIn(page, /^Agents with Summit Mutual: /)).toBeLessThan(all);
        expect(brokers(page).text).not.toContain("Blue Harbor Health");
      }),
  );

  httpTest(
    "agent@'s row agrees with agent@'s own Ready to Sell page: the same products ready, by the same rule",
    async () => {
      let names: string[] = [];
      await as("agent@demo.test", async (agent) => {
        const ready = await agent.open("/ready_to_sell");
        // A line's heading is the carrier, then the product (a span of its own).
        const nameOf = (h3: NoJsElement) => {
          const product = h3.find({ tag: "span" }).text;
          return `${h3.text.slice(0, -product.length).trim()} ${product}`;
        };
        names = ready
          .findAll({ tag: "article", attrs: { "data-ready": true } })
          .map((a) => nameOf(a.find({ tag: "h3" })));
        expect(names.length).toBeGreaterThan(0);
        expect(ready.testId("readiness-summary").text).toMatch(new RegExp(`^${names.length} of \\d+ products ready`));
      });

      await as("agency@demo.test", async (agency) => {
        const page = await agency.open("/downlines/readiness?search=Alvarez");
        // Her lines here are the products she asked a contract for; every ready line has one, so the counts agree.
        const planYear = mariaRow(page)!.findAll({ tag: "td" })[1]!.text;
        expect(planYear).toMatch(new RegExp(`^${names.length} of \\d+ ready`));
        for (const name of names) expect(planYear).toContain(name);
      });
    },
  );

  httpTest("the CSV has every broker the filters list, in the page's order", () =>
    as("agency@demo.test", async (agency) => {
      const page = await agency.open("/downlines/readiness?step=license");
      const count = listedIn(page, /^Agents at License: /);
      const firstName = bodyRows(page)[0]!.find({ tag: "strong" }).text;
      const csv = await agency.download(page.link("Export CSV"));
      expect(csv.status()).toBe(200);
      expect(csv.headers()["content-disposition"]).toMatch(
        /^attachment; filename="downline-readiness-\d{4}-\d\d-\d\d\.csv"/,
      );
      const lines = (await csv.text()).split("\r\n").filter((l) => l !== "");
      expect(lines[0]).toMatch(/^Agent,Role,NPN,Agency,Plan year \d{4},Plan year \d{4},Ready to sell,Needs action,/);
      expect(lines).toHaveLength(count + 1);
      expect(lines[1]?.startsWith(firstName)).toBe(true);
      const mariaLine = lines.find((l) => l.startsWith("Maria Alvarez,"));
      expect(mariaLine).toContain(`AL license expires in ${AL_LICENSE_EXPIRES_IN_DAYS} days`);
    }),
  );
});
