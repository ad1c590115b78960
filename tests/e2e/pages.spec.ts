import type { Page, TestInfo } from "@playwright/test";
import { DOCS_RFI_SUBJECTS, seedCarrierNotifications } from "../../server/reference-api/carrier-enrollments/seed";
import { UNSAFE_LEARNING_RESOURCE_ID } from "../../server/reference-api/learning-center/seed";
import { seedDates } from "../../server/reference-api/seed/seed-dates";
import { ACCOUNTS } from "./accounts";
import { PAGES } from "./admin-pages";
import {
  axeViolations,
  expect,
  expectNoSidewaysScroll,
  expectNoTruncatedText,
  loginAs,
  test,
  transitionsDone,
} from "./fixtures";

/**
 * The page sweep (issue 36; issue 11's visual check and the axe checks of the layout and admin specs before it):
 * every page once, in a browser, for what only a browser sees. Each demo account's pages (its home, every page its
 * menu reaches, its refused URL and a 404, and a few pages in a state of their own: a dialog open, a step of a flow),
 * the signed-out pages and every admin page (admin-pages.ts), each loaded ONCE: at 390 px and 1280 px (a resize, not
 * a reload) the document never scrolls sideways, no status badge is cut off and no table caption starts out of view
 * (and, on the pages of NO_CUT_TEXT, no text in the main area is cut off; on the admin pages at 1280 px, every table
 * fits its box, nothing under its sticky row-menu column: issue 37 §2); and axe finds nothing (at 1280 px, and at
 * 390 px too on the pages of AXE_AT_PHONE) on every admin page and on each menu entry, home, refused URL and 404 once
 * (the first account of ACCOUNTS that reaches it: `axeHere`), the pages of MORE_PAGES and AXE_FOR included. With
 * SWEEP_SCREENSHOTS=1, a screenshot of each page at 390 px is kept in the test's folder under test-results/ (and
 * attached to the test) to look at.
 *
 * What the server decides about these pages (statuses, access per role, headings, the admin frame's navigation and
 * breadcrumbs) is the HTTP tier's (admin.spec.ts, tests/hostile/access-sweep.test.ts); the client's behaviour
 * (menus, dialogs, disclosures, the keyboard) the specs of each feature.
 */

const PHONE = 390;
/** Screenshots are for a person to look at (SWEEP_SCREENSHOTS=1), not a check: a run without them is faster. */
const SCREENSHOTS = process.env.SWEEP_SCREENSHOTS === "1";
const LAPTOP = 1280;
const HEIGHT = 900;

/** The carrier's RFI for docs@ that carrier feeds' JavaScript run sends and marks handled (here as the seed has it). */
const DOCS_RFI = seedCarrierNotifications(seedDates()).find((n) => n.subject === DOCS_RFI_SUBJECTS[0])!.id;

/**
 * Pages in a state of their own that an account's menu does not reach (a dialog or a record open, a step of a flow,
 * a filter), checked with axe or at 390 px one by one before the sweep (layout.spec.ts, then the feature specs:
 * learning-center, ready-to-sell, downline-readiness, enrollments, profile, feedback, admin-carrier-feeds, admin-nipr,
 * support-desk): now swept with the account's pages. An admin page here is one of a record the mutation specs change
 * (admin-pages.ts lists the others): swept as the seed has it, before they run.
 */
const MORE_PAGES: Record<string, string[]> = {
  "agent@demo.test": [
    "/commission_inquiry?new&ticket=5",
    "/my_tickets?ticket=1",
    "/ready_to_sell",
    // The menu opens the Quote Tool in a window of its own: not a page the menu's sweep follows.
    "/quote_tool",
  ],
  "loa@demo.test": ["/contract_now?product=1&carrier=103&step=legal"],
  "docs@demo.test": ["/profile/documents/eo"],
  "agency@demo.test": [
    "/register_downlines?confirm=1",
    "/register_downlines/new",
    "/downlines?open=5101&policies=5101",
    "/downlines/readiness",
    "/learning_center?search=summit",
    "/learning_center/agent_resources",
    "/learning_center/documentation_resources?carrierId=1",
    "/learning_center/enrollment_resources",
    "/learning_center/agent_resources/1",
    `/learning_center/agent_resources/${UNSAFE_LEARNING_RESOURCE_ID}`,
    "/learning_center/carrier_resources",
    "/learning_center/carrier_resources/101",
    "/learning_center/agent_resources/9999",
  ],
  // Its feedback conversations as the seed has them (feedback.mutations.spec.ts resets them before each test); a
  // thread is not here: opening one marks its messages read.
  "onboarded@demo.test": ["/feedback/list", "/feedback/show", "/feedback/conversation", "/feedback/form"],
  "admin@demo.test": [
    `/admin/carrier_notifications/${DOCS_RFI}`,
    "/admin/nipr_pdb_alerts/1",
    "/admin/admin_support/22",
  ],
  "carrier@demo.test": ["/carrier/tickets?ticket=4"],
};

/** The pages of MORE_PAGES and of the signed-out sweep that answer other than 200. */
const STATUS: Record<string, number> = {
  "/learning_center/agent_resources/9999": 404,
  "/registration/not-a-real-token": 404,
};

/** The public account pages (accounts.mutations.spec.ts checked them one by one), swept signed out. */
const SIGNED_OUT_PAGES = [
  "/registration",
  "/account/verify",
  "/account/activate",
  "/account/update_password",
  "/registration/not-a-real-token",
];

/**
 * Pages axe checks for one account in particular, whichever account reaches them first (the axe checks of
 * layout.spec.ts, profile.spec.ts and learning-center.spec.ts before the sweep: the same page with this account's
 * data).
 */
const AXE_FOR: Record<string, string[]> = {
  "agent@demo.test": ["/dashboard"],
  "carrier@demo.test": ["/basic_profile"],
  "loa@demo.test": ["/contracts"],
  "docs@demo.test": ["/profile"],
  "agency@demo.test": ["/book_of_business", "/commissions", "/dashboard", "/learning_center"],
};

/**
 * Pages axe also checks at 390 px, as their feature specs did (the sweep's axe runs at 1280 px): the same rules over
 * the phone's layout.
 */
const AXE_AT_PHONE = new Set([
  "/ready_to_sell",
  "/downlines/readiness",
  ...PAGES.filter((p) => /^\/admin\/commission_totals\/1-/.test(p.path)).map((p) => p.path),
  ...SIGNED_OUT_PAGES,
]);

/**
 * Pages whose main area must show its text whole at both widths (`expectNoTruncatedText`: nothing cut off by a
 * hidden overflow or an ellipsis), as their feature specs checked.
 */
const NO_CUT_TEXT = new Set(["/ready_to_sell", "/downlines/readiness"]);

/** The first account of ACCOUNTS (its order is fixed, whichever worker runs what) for which `has` holds. */
const firstAccount = (has: (account: (typeof ACCOUNTS)[number]) => boolean) => ACCOUNTS.find(has)?.email;

/**
 * Whether the sweep runs axe on `path` for `email`: a page of MORE_PAGES or AXE_FOR, or the first account's to reach
 * it — its home, its refused URL, its menu entry `label` (the menu's link text, which starts with the entry's label)
 * or the 404. An entry whose label is not found is checked.
 */
function axeHere(email: string, path: string, kind: "home" | "menu" | "refused" | "404", label = ""): boolean {
  if ([...(MORE_PAGES[email] ?? []), ...(AXE_FOR[email] ?? [])].includes(path)) return true;
  if (kind === "home") return firstAccount((a) => a.home === path) === email;
  if (kind === "refused") return firstAccount((a) => a.refused === path) === email;
  if (kind === "404") return firstAccount(() => true) === email;
  const own = ACCOUNTS.find((a) => a.email === email)?.menu ?? [];
  const entry = own.filter((l) => label === l || label.startsWith(l)).sort((a, b) => b.length - a.length)[0];
  return entry === undefined || firstAccount((a) => a.menu.includes(entry)) === email;
}

/**
 * What axe finds that the app has yet to fix, each on the one page it was found on: let through so that the sweep
 * stands guard over everything else (any other finding, on any page, fails). Remove an entry once its fix is in.
 */
const KNOWN_AXE: Array<{ path: string; violation: string }> = [
  // While the SMS prompt is shown (an account that has not answered it yet: newagent@ between the SMS specs'
  // resets), /profile holds two regions named "Text-message alerts": the prompt and the profile's own section.
  { path: "/profile", violation: 'landmark-unique: div[role="region"]' },
];

/** Axe finds nothing on the page but what KNOWN_AXE lets through. */
async function expectAxeClean(page: Page, path: string): Promise<void> {
  const known = (v: string) => KNOWN_AXE.some((k) => k.path === path && k.violation === v);
  expect(
    (await axeViolations(page)).filter((v) => !known(v)),
    `axe on ${path}`,
  ).toEqual([]);
}

/** The accounts, the longest menu first. */
const BY_MENU_SIZE = [...ACCOUNTS].sort((a, b) => b.menu.length - a.menu.length);

/** The admin pages in chunks of about ten, each its own test: the two workers share them with the accounts'. */
const ADMIN_CHUNK = 10;
const ADMIN_PATHS = new Set(PAGES.map((p) => p.path));

/** Where the sweep is: the width the page is shown at now, and what each step cost (reported at the end). */
interface Sweep {
  width: number;
  pages: number;
  /** Milliseconds spent in each kind of step: load, axe, fit, screenshot. */
  ms: Record<string, number>;
}

/** Runs `step`, adding its time to the sweep's tally of `kind`. */
async function timed<T>(sweep: Sweep, kind: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await step();
  } finally {
    sweep.ms[kind] = (sweep.ms[kind] ?? 0) + performance.now() - started;
  }
}

/**
 * The checks of one width, measured in one round trip: the document does not scroll sideways, no badge is cut off,
 * every table caption starts in view (not centred across a table wider than the screen). Right after a resize the
 * layout may still be settling (a caption seen where the wider table put it): what does not fit is measured again,
 * frame after frame, for a while; a sideways scroll is then waited out as expectNoSidewaysScroll does.
 */
async function expectFits(page: Page, what: string, tablesFit: "no" | "phone" | "laptop" = "no"): Promise<void> {
  const measure = () =>
    page.evaluate(
      (tablesFit) => ({
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        cut: [...document.querySelectorAll(".mantine-Badge-root, .mantine-Badge-label, .admin-tag")]
          .filter((n) => n.scrollWidth > n.clientWidth + 1)
          .map((n) => (n.textContent ?? "").trim()),
        captions: [...document.querySelectorAll(".data-table-scroll caption")]
          .filter((n) => {
            const box = n.getBoundingClientRect();
            const range = document.createRange();
            range.selectNodeContents(n);
            const text = range.getBoundingClientRect();
            return text.left < box.left - 1 || text.right > window.innerWidth + 1;
          })
          .map((n) => (n.textContent ?? "").trim()),
        // Issue 37 §2: each table inside its box (nothing to scroll to: on a phone, a list of cards), no cell under
        // the sticky row-menu column (at 1280 px; a card's menu sits in its corner).
        wide:
          tablesFit !== "no"
            ? [...document.querySelectorAll(".data-table-scroll")].flatMap((box) => {
                const table = box.querySelector("table");
                const name = (table?.querySelector("caption")?.textContent ?? "").trim();
                const out: string[] = [];
                if (table && table.scrollWidth > box.clientWidth)
                  out.push(`${name}: ${table.scrollWidth} px in a ${box.clientWidth} px box`);
                if (tablesFit === "phone") return out;
                for (const menu of box.querySelectorAll("tbody td[data-row-actions]")) {
                  const before = menu.previousElementSibling?.getBoundingClientRect();
                  if (before && before.right > menu.getBoundingClientRect().left + 1)
                    out.push(`${name}: a cell under the row menu`);
                }
                return out;
              })
            : [],
      }),
      tablesFit,
    );
  type Found = Awaited<ReturnType<typeof measure>>;
  const fits = (f: Found) => f.overflow <= 0 && f.cut.length === 0 && f.captions.length === 0 && f.wide.length === 0;
  let found = await measure();
  // Measured again, a frame after another, for up to 3 s while something does not fit: what was still settling
  // passes, what stays wrong fails below with what it is.
  for (const until = Date.now() + 3_000; !fits(found) && Date.now() < until; found = await measure())
    await page.evaluate(async () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  if (found.overflow > 0) {
    await expectNoSidewaysScroll(page, what);
    found = await measure();
  }
  expect(found.cut, `${what}: badges cut off`).toEqual([]);
  expect(found.captions, `${what}: table captions out of view`).toEqual([]);
  expect(found.wide, `${what}: tables wider than their box`).toEqual([]);
}

/**
 * One page, loaded once at the width the previous page ended at, then shown at the other (the widths alternate from
 * page to page, so no page costs a resize before it loads): axe at 1280 px, the fit at both, a screenshot at 390 px.
 * `status` is the answer the page must come with (the refused URL's is the access rule's: not checked here); `axe`
 * false: the page is swept for its fit only (another account's sweep runs axe on it: see `axeHere`);
 * `loaded`: the page is already there (where signing in landed), at the sweep's width; `atLaptop`: what else the page
 * must show at 1280 px; `tablesFit`: at 1280 px its tables fit their boxes (the admin pages, issue 37 §2).
 */
async function sweepPage(
  page: Page,
  sweep: Sweep,
  path: string,
  options: {
    status?: number;
    loaded?: boolean;
    axe?: boolean;
    atLaptop?: () => Promise<void>;
    /** Every table fits its box (cards on a phone), nothing under the row menu at 1280 px (issue 37 §2: admin lists). */
    tablesFit?: boolean;
  } = {},
): Promise<void> {
  await test.step(path, async () => {
    if (!options.loaded) {
      const response = await timed(sweep, "load", () => page.goto(path));
      if (options.status !== undefined) expect(response?.status(), `${path}: status`).toBe(options.status);
    }
    for (const width of sweep.width === LAPTOP ? [LAPTOP, PHONE] : [PHONE, LAPTOP]) {
      if (width !== sweep.width) await timed(sweep, "resize", () => page.setViewportSize({ width, height: HEIGHT }));
      sweep.width = width;
      const what = `${path} at ${width} px`;
      // Right after a resize the navigation is still sliding in or out and the main area still changing width (a
      // table that fits 390 px was seen scrolling, and so unfocusable, mid-slide): axe checks the layout once it stands.
      if (options.axe !== false && (width === LAPTOP || AXE_AT_PHONE.has(path)))
        await timed(sweep, "axe", async () => {
          await transitionsDone(page);
          await expectAxeClean(page, path);
        });
      if (width === LAPTOP && options.atLaptop) await options.atLaptop();
      const tablesFit = options.tablesFit === true ? (width === LAPTOP ? "laptop" : "phone") : "no";
      await timed(sweep, "fit", () => expectFits(page, what, tablesFit));
      if (NO_CUT_TEXT.has(path))
        await timed(sweep, "fit", async () => {
          await transitionsDone(page);
          await expectNoTruncatedText(page);
        });
      if (width === PHONE && SCREENSHOTS) await timed(sweep, "screenshot", () => keepScreenshot(page, path));
    }
    sweep.pages++;
  });
}

/** The page as it looks at 390 px, written into the test's output folder and attached from there (a cheap jpeg). */
async function keepScreenshot(page: Page, path: string): Promise<void> {
  const info = test.info();
  const name = `${PHONE}${path.replace(/\W+/g, "-")}.jpeg`;
  const file = info.outputPath(name);
  await page.screenshot({ path: file, type: "jpeg", quality: 60 });
  await info.attach(name, { path: file, contentType: "image/jpeg" });
}

async function startSweep(page: Page): Promise<Sweep> {
  await page.setViewportSize({ width: LAPTOP, height: HEIGHT });
  return { width: LAPTOP, pages: 0, ms: {} };
}

/** What the sweep's steps cost, a page on average, as an annotation of the test (the HTML and JSON reports show it). */
function report(info: TestInfo, sweep: Sweep): void {
  const each = Object.entries(sweep.ms).map(([kind, ms]) => `${kind} ${Math.round(ms / Math.max(sweep.pages, 1))}`);
  info.annotations.push({ type: "sweep", description: `${sweep.pages} pages; ms a page: ${each.join(", ")}` });
}

test.describe("every page once: axe, and the 390 and 1280 px fit", () => {
  // The longest tests first, so that the two workers finish together: the admin pages, then the accounts with the
  // longest menus.
  for (let from = 0; from < PAGES.length; from += ADMIN_CHUNK) {
    const chunk = PAGES.slice(from, from + ADMIN_CHUNK);
    test(`admin pages ${from + 1}–${from + chunk.length} of ${PAGES.length}`, async ({ page }, testInfo) => {
      test.setTimeout(420_000);
      const sweep = await startSweep(page);
      await loginAs(page, "admin@demo.test", { path: chunk[0]!.path });
      await expect(page).toHaveURL(chunk[0]!.path);
      // Signing in landed on the chunk's first page: swept where it stands.
      // One navigation column, the main menu's (ADR 043): the admin sections wait in the switcher above the page.
      const switcher = page.locator("details.admin-switcher");
      const atLaptop = async () => {
        await expect(switcher, "the admin sections' switcher").toBeVisible();
        await expect(switcher.getByRole("navigation", { name: "Admin sections" }), "closed").toBeHidden();
      };
      for (const [i, p] of chunk.entries())
        await sweepPage(page, sweep, p.path, { status: 200, loaded: i === 0, atLaptop, tablesFit: true });
      report(testInfo, sweep);
    });
  }
  for (const account of BY_MENU_SIZE) {
    test(`${account.email}: its home, its menu's pages, its refused URL and a 404`, async ({ page }, testInfo) => {
      test.setTimeout(420_000);
      const sweep = await startSweep(page);
      await loginAs(page, account.email);
      await expect(page).toHaveURL(account.home);
      const menu = page.getByRole("navigation", { name: "Main menu" }).locator("a[data-menu-item][href]");
      const entries = await menu.evaluateAll((nodes) =>
        nodes
          .filter((n) => n.getAttribute("target") !== "_blank")
          .map((n) => ({ href: n.getAttribute("href") ?? "", label: (n.textContent ?? "").trim() })),
      );
      expect(entries.length).toBeGreaterThan(1);
      const { email, home } = account;
      // Each path once, with why it is swept (what decides whether axe runs on it for this account).
      const axeOn = new Map<string, boolean>([[home, axeHere(email, home, "home")]]);
      for (const { href, label } of entries) if (!axeOn.has(href)) axeOn.set(href, axeHere(email, href, "menu", label));
      for (const path of MORE_PAGES[email] ?? []) axeOn.set(path, true);
      // The admin's home and Admin Tools are the admin pages' first: swept with them.
      for (const path of ADMIN_PATHS) axeOn.delete(path);
      // Signing in landed on the home: swept where it stands.
      for (const [path, axe] of axeOn)
        await sweepPage(page, sweep, path, { status: STATUS[path] ?? 200, loaded: path === home, axe });
      await sweepPage(page, sweep, account.refused, { axe: axeHere(email, account.refused, "refused") });
      await sweepPage(page, sweep, "/no-such-page", { status: 404, axe: axeHere(email, "/no-such-page", "404") });
      report(testInfo, sweep);
    });
  }

  test("signed out: the sign-in page, the public account pages and a 404", async ({ page }, testInfo) => {
    const sweep = await startSweep(page);
    await sweepPage(page, sweep, "/", { status: 200 });
    for (const path of SIGNED_OUT_PAGES) await sweepPage(page, sweep, path, { status: STATUS[path] ?? 200 });
    await sweepPage(page, sweep, "/no-such-page", { status: 404 });
    report(testInfo, sweep);
  });
});
