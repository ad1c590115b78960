import { type Locator, type Page, test as httpTest } from "@playwright/test";
import { ADMIN_SECTIONS } from "../../app/domain/admin/sections";
import {
  type HtmlElement,
  NoJsBrowser,
  type NoJsPage,
  PORTAL,
  attributeOf,
  controlLabelled,
  currentItems,
  elementsWhere,
  labelledElements,
  linksIn,
  optionsOf,
  textIn,
  withClass,
} from "../support/no-js";
import { PAGES } from "./admin-pages";
import { expect, expectAxeClean, expectNoSidewaysScroll, loginAs, test } from "./fixtures";

/**
 * The admin area (issue 14), read only. Over HTTP (`httpTest`: tests/support/no-js.ts, no browser), what the server
 * draws: every page's status, heading, sections' navigation and breadcrumbs, the 404 inside the admin frame, the
 * forms without JavaScript, and the 403 that every admin URL and action gives anyone but an administrator's own
 * session. In the browser, what only a browser shows: the navigation's layout from 390 to 1280 px, the tags at 390
 * px, a keyboard-only walk through a list and a record form, the CSV export of a filtered list. Every admin page's
 * axe check and its 390 and 1280 px fit are the page sweep's (pages.spec.ts). Nothing here changes data.
 */

/** The admin sections' switcher above the page (ADR 043), and the navigation in it. */
const switcher = (page: Page) => page.locator("details.admin-switcher");
const adminNav = (page: Page) => switcher(page).getByRole("navigation", { name: "Admin sections" });

/** A text read from the HTML is `expected`: the whole text for a string, a match for a pattern. */
function expectText(actual: string | undefined, expected: string | RegExp, what: string): void {
  if (typeof expected === "string") expect(actual, what).toBe(expected);
  else expect(actual, what).toMatch(expected);
}

/** The one element of `page` with the class `className` (the admin frame's parts). */
function only(page: NoJsPage | HtmlElement, className: string): HtmlElement {
  const found = withClass(page, className);
  expect(found, `one .${className}`).toHaveLength(1);
  return found[0]!;
}

/** Whether an element has the class `className` among its classes. */
const hasClass = (element: HtmlElement, className: string) =>
  (attributeOf(element, "class") ?? "").split(/\s+/).includes(className);

/** The one link of `page` whose accessible name is `name` (the whole name for a string, a match for a pattern). */
function oneLink(page: NoJsPage, name: string | RegExp): ReturnType<typeof linksIn>[number] {
  const found = linksIn(page).filter((l) => (typeof name === "string" ? l.name === name : name.test(l.name)));
  expect(
    found.map((l) => l.name),
    `one link named ${String(name)}`,
  ).toHaveLength(1);
  return found[0]!;
}

/** The texts of the page's table captions. */
const captions = (page: NoJsPage) => elementsWhere(page, (e) => e.name === "caption").map(textIn);

/** The rows of the body of the page's data table (`.data-table-scroll`). */
const tableRows = (page: NoJsPage) =>
  elementsWhere(only(page, "data-table-scroll"), (e) => e.name === "tbody").flatMap((tbody) =>
    elementsWhere(tbody, (e) => e.name === "tr"),
  );

/**
 * The admin sections' navigation as the server draws it on `page`: once, in the switcher above the page (ADR 043: one
 * navigation column, the main menu's), marking exactly `current` and linking every built section, none "not
 * available yet".
 */
function expectAdminNav(page: NoJsPage, current: string): void {
  const navs = labelledElements(page, "Admin sections");
  expect(navs, "one navigation of the sections").toHaveLength(1);
  expect(labelledElements(only(page, "admin-switcher"), "Admin sections")).toHaveLength(1);
  for (const nav of navs) {
    expect(currentItems(nav), "the section marked current").toEqual([current]);
    // Every section of spec §2 is built (Sunfire imports the last, issue 24 §5): each a link, none "not available
    // yet".
    expect(withClass(nav, "admin-nav-later")).toHaveLength(0);
    expect(textIn(nav)).not.toContain("Not available yet");
    const links = linksIn(nav);
    const hrefOf = (name: string) => links.filter((l) => l.text === name).map((l) => l.href);
    expect(hrefOf("Sunfire imports")).toEqual(["/admin/sunfire_imports"]);
    // Issue 24: the compliance sections are built.
    expect(hrefOf("NIPR history")).toEqual(["/admin/nipr_history"]);
    for (const built of ["Users", "Roles", "Contracting desk", "RTS statuses", "Tickets", "Feedback"])
      expect(hrefOf(built), built).toEqual([expect.stringMatching(/^\/admin\//)]);
    // Every section of the catalogue is one link to its page.
    for (const section of ADMIN_SECTIONS)
      expect(links.filter((l) => l.href === `/admin/${section.key}`).length, section.key).toBe(1);
  }
}

/** Without JavaScript (HTTP tier): what the server draws, read from its HTML. */
httpTest.describe("every admin page (HTTP)", () => {
  httpTest(
    "answers 200 with its heading, marks its section, links every built section, shows its breadcrumb",
    async () => {
      const admin = await NoJsBrowser.signedIn("admin@demo.test");
      try {
        for (const p of PAGES) {
          await httpTest.step(p.path, async () => {
            const page = await admin.open(p.path);
            expect(page.status, p.path).toBe(200);
            expectText(page.heading, p.heading, `${p.path}: its h1`);
            expectAdminNav(page, p.section ?? "Admin Tools");
            const trails = labelledElements(page, "Breadcrumb");
            if (p.crumb) {
              expect(trails, `${p.path}: one breadcrumb trail`).toHaveLength(1);
              const current = currentItems(trails[0]!);
              expect(current, `${p.path}: the trail's current step`).toHaveLength(1);
              expectText(current[0], p.crumb, `${p.path}: the trail's current step`);
            } else {
              expect(trails, `${p.path}: no breadcrumb trail`).toHaveLength(0);
            }
          });
        }
      } finally {
        await admin.close();
      }
    },
  );

  httpTest("a section that does not exist is the 404 page inside the admin frame", async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      for (const path of ["/admin/not_a_section", "/admin/not_a_section/new", "/admin/sunfire_imports/999999"]) {
        const page = await admin.open(path);
        expect(page.status, path).toBe(404);
        expect(labelledElements(only(page, "admin-switcher"), "Admin sections"), path).toHaveLength(1);
      }
    } finally {
      await admin.close();
    }
  });

  httpTest("the sections are a switcher, a disclosure that opens without JavaScript", async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      const page = await admin.open("/admin/users");
      // A <details>: the browser opens it on a click of its summary, with or without JavaScript. Closed at first.
      const fold = only(page, "admin-switcher");
      expect(fold.name).toBe("details");
      expect(attributeOf(fold, "open")).toBeUndefined();
      const summary = elementsWhere(fold, (e) => e.name === "summary");
      expect(summary.map((s) => textIn(s))).toEqual(["Admin sections"]);
      const [nav] = labelledElements(fold, "Admin sections");
      expect(
        linksIn(nav!)
          .filter((l) => l.text === "Roles")
          .map((l) => l.href),
      ).toEqual(["/admin/roles"]);
      expect(currentItems(nav!)).toEqual(["Users"]);
    } finally {
      await admin.close();
    }
  });
});

test.describe("the sections' navigation (issue 20, issue 37 §2)", () => {
  // At 1280 px every admin page's fit (its tables inside their box) is the page sweep's (pages.spec.ts); 1024 px,
  // where the switcher becomes a panel over the page, is checked here.
  test("from 1024 px one navigation column: the sections a switcher whose panel lies over the page", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1024, height: 800 });
    // Signing in lands on the first.
    await loginAs(page, "admin@demo.test", { path: "/admin" });
    for (const path of ["/admin", "/admin/users", "/admin/contracting", "/admin/rts_statuses", "/admin/brokers/110"]) {
      if (path !== "/admin") await page.goto(path);
      // The main menu is the one column beside the page; the sections wait in the closed switcher above it.
      await expect(page.getByRole("navigation", { name: "Main menu" }), path).toBeVisible();
      await expect(switcher(page)).toBeVisible();
      await expect(adminNav(page)).toBeHidden();
      await expectNoSidewaysScroll(page, `${path} at 1024 px`);
    }
    const heading = page.getByRole("heading", { level: 1 });
    const before = await heading.boundingBox();
    await switcher(page).getByText("Admin sections", { exact: true }).click();
    const nav = adminNav(page);
    await expect(nav).toBeVisible();
    // A panel over the page: the page below does not move.
    expect(await heading.boundingBox()).toEqual(before);
    await expect(nav.locator('[aria-current="page"]')).toHaveText("Users");
    // Every section is built (issue 24 §5 the last): each is a link to its page; none is listed as coming later.
    await expect(nav.locator(".admin-nav-later")).toHaveCount(0);
    for (const section of ADMIN_SECTIONS)
      await expect(nav.locator(`a[href="/admin/${section.key}"]`), section.key).toHaveCount(1);
    await expectAxeClean(page);
    // A section chosen in it opens, and the switcher closes.
    await nav.getByRole("link", { name: "Contracting desk", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Contracting desk" })).toBeVisible();
    await expect(adminNav(page)).toBeHidden();
  });

  test("on a phone: a styled disclosure (its own chevron, no browser triangle) that opens", async ({ page }) => {
    await loginAs(page, "admin@demo.test");
    await page.setViewportSize({ width: 390, height: 844 });
    // Issue 37 §3: under admin@'s notifications (a critical one in full, two folded), the switcher and the page's
    // parent share one bar, and the page's heading starts in the top 320 px; on a record's page too.
    await expect(page.locator(".notices-banner .notice[data-severity=critical]")).toHaveCount(1);
    await expect(page.locator(".notices-more")).toHaveCount(1);
    for (const [path, parent] of [
      ["/admin/learning_center_resources/1", "Learning Center resources"],
      ["/admin/contracting", "Admin Tools"],
    ] as const) {
      await page.goto(path);
      const trail = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(trail.getByRole("link", { name: parent, exact: true })).toBeVisible();
      await expect(trail.locator("li:visible"), `${path}: the parent alone`).toHaveCount(1);
      await expect(switcher(page).locator("summary")).toHaveText("Admin sections");
      const [bar, top] = await Promise.all([
        page.locator(".admin-bar").boundingBox(),
        page.getByRole("heading", { level: 1 }).evaluate((h) => h.getBoundingClientRect().top),
      ]);
      expect(bar!.height, `${path}: one line`).toBeLessThan(40);
      expect(top, `${path}: the heading's top`).toBeLessThanOrEqual(320);
    }
    const fold = switcher(page);
    const summary = fold.locator("summary");
    const look = await summary.evaluate((el) => ({
      display: getComputedStyle(el).display,
      listStyle: getComputedStyle(el).listStyleType,
    }));
    // Not a list item: no browser triangle (its ::-webkit-details-marker is hidden too, app.css).
    expect(look).toEqual({ display: "flex", listStyle: "none" });
    await expect(summary.locator("svg.admin-nav-chevron")).toBeVisible();
    await expect(fold.getByRole("navigation", { name: "Admin sections" })).toBeHidden();
    // Its words open it, a panel over the page: the page below does not move.
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    await fold.getByText("Admin sections", { exact: true }).click();
    await expect(fold).toHaveAttribute("open", "");
    expect(await page.getByRole("heading", { level: 1 }).boundingBox()).toEqual(heading);
    const nav = fold.getByRole("navigation", { name: "Admin sections" });
    await expect(nav).toBeVisible();
    await expect(nav.locator('[aria-current="page"]')).toHaveText("Contracting desk");
    // Every section is built: the last one (Sunfire imports) a link here too, none "not available yet".
    await expect(nav.getByRole("link", { name: "Sunfire imports", exact: true })).toBeVisible();
    await expect(nav.locator(".admin-nav-later")).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    // Open, the page is still axe clean.
    await expectAxeClean(page);
  });
});

httpTest.describe("the admin home (issue 20)", () => {
  httpTest("the brokers with documents awaiting review: the number is the linked list's total", async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      const home = await admin.open("/admin");
      const link = oneLink(home, /agents with documents awaiting review$/);
      const count = Number(link.text);
      expect(count).toBeGreaterThan(0);
      const users = await admin.open(link.href!);
      expect(users.path).toBe("/admin/users?documents=awaiting_review");
      expect(captions(users)).toEqual([expect.stringMatching(new RegExp(`^Users: 1–\\d+ of ${count}$`))]);
      // Open support tickets (issue 22): the tickets queue, awaiting staff.
      expect(oneLink(home, /open support tickets/i).href).toBe("/admin/tickets?status=open");
      // Feedback awaiting staff (issue 22): the number is the inbox's total of conversations awaiting staff.
      const feedback = oneLink(home, /feedback awaiting staff$/);
      const awaiting = Number(feedback.text);
      expect(awaiting).toBeGreaterThan(0);
      const inbox = await admin.open(feedback.href!);
      expect(inbox.path).toBe("/admin/admin_support?status=open");
      expect(captions(inbox)).toEqual([expect.stringContaining(`of ${awaiting}`)]);
    } finally {
      await admin.close();
    }
  });
});

test.describe("the contracting desk (issue 20)", () => {
  test("at 390 px every state and ball tag is whole and in view; the words are clear", async ({ page }) => {
    await loginAs(page, "admin@demo.test");
    await page.setViewportSize({ width: 390, height: 844 });
    const words = new Set<string>();
    // The queue longest first, and shortest first (requests with our staff).
    for (const path of ["/admin/contracting", "/admin/contracting?state=pending&sort=waiting&order=ASC"]) {
      await page.goto(path);
      const tags = page.locator(".data-table-scroll tbody .admin-tag");
      expect(await tags.count()).toBeGreaterThan(20);
      const problems = await page.locator(".data-table-scroll tbody tr").evaluateAll((rows) =>
        rows.flatMap((row) => {
          const actions = row.querySelector("[data-row-actions]")!.getBoundingClientRect();
          return [...row.querySelectorAll<HTMLElement>(".admin-tag")]
            .filter((tag) => {
              const box = tag.getBoundingClientRect();
              return tag.scrollWidth > tag.clientWidth || box.right > actions.left || box.left < 0;
            })
            .map((tag) => tag.textContent);
        }),
      );
      expect(problems, `${path}: tags cut, or under the row actions`).toEqual([]);
      for (const word of await tags.allInnerTexts()) words.add(word);
    }
    for (const word of words)
      expect(["Pending", "Approved", "Denied", "Active", "Agent", "Our staff", "Carrier"]).toContain(word);
    // Issue 37 §4: badges in sentence case, as written (no upper-casing CSS).
    expect(words).toContain("Our staff");
    await expect(page.getByText("Us (agency)", { exact: false })).toHaveCount(0);
    // A request's row menu leads to its review, and says so.
    await expect(page.locator("details.row-menu .row-menu-items a").first()).toHaveText("Review");
  });

  /** Over HTTP: which requests the desk lists, in which order, and whose ball each is, are the server's. */
  httpTest("denied requests are closed (nobody's ball) and come after every open one", async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      const denied = await admin.open("/admin/contracting?state=denied");
      const rows = tableRows(denied);
      expect(rows.length).toBeGreaterThan(5);
      for (const row of rows)
        expect(withClass(row, "state-and-ball-with").map(textIn)).toEqual(["Ball: nobody (closed)"]);
      // The waiting queue, longest first: no closed request on its first page.
      const queue = await admin.open("/admin/contracting?sort=waiting&order=DESC&perPage=50");
      const states = tableRows(queue).flatMap((row) =>
        withClass(row, "state-and-ball").flatMap((cell) =>
          elementsWhere(cell, (e) => e.parent === cell && hasClass(e, "admin-tag")).map((tag) =>
            textIn(tag).toUpperCase(),
          ),
        ),
      );
      expect(states.length).toBe(50);
      expect(states.filter((state) => state === "DENIED" || state === "ACTIVE")).toEqual([]);
    } finally {
      await admin.close();
    }
  });

  httpTest("a pending request whose legal questions are unanswered is blocked on the broker", async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      const desk = await admin.open("/admin/contracting?state=pending&sort=waiting&order=DESC");
      let unanswered = 0;
      for (const row of tableRows(desk).slice(0, 12)) {
        const ball = withClass(row, "state-and-ball-with").map(textIn).join(" ");
        const href = linksIn(row).find((l) => l.href?.startsWith("/admin/contracting/edit/"))?.href;
        expect(href, "the row's review link").toBeDefined();
        const review = await admin.open(href!);
        expect(review.status, href).toBe(200);
        if (
          review
            .text("The agent's legal answers")
            .includes("The agent has not answered this product's legal questions yet.")
        ) {
          unanswered++;
          // "Ball: BROKER" on the screen (the tag's CSS writes it in capitals).
          expect(ball, href).toBe("Ball: Agent");
          expect(review.text("Where it stands")).toContain("Agent");
        }
      }
      expect(unanswered).toBeGreaterThan(0);
    } finally {
      await admin.close();
    }
  });

  test("the bulk confirmation shows its chosen rows as chosen and marks the new state required", async ({ page }) => {
    await loginAs(page, "admin@demo.test", { path: "/admin/contracting?carrierId=7" });
    const boxes = page.locator('.data-table-scroll tbody input[type="checkbox"]');
    await expect(boxes).toHaveCount(3);
    const [first, second] = [await boxes.nth(0).getAttribute("value"), await boxes.nth(1).getAttribute("value")];
    await page.goto(`/admin/contracting?carrierId=7&confirm=${first}&confirm=${second}`);
    const dialog = page.getByRole("alertdialog", { name: "Move these requests?" });
    await expect(dialog.getByRole("listitem")).toHaveCount(2);
    await expect(boxes.nth(0)).toBeChecked();
    await expect(boxes.nth(1)).toBeChecked();
    await expect(boxes.nth(2)).not.toBeChecked();
    await expect(page.locator(".data-table-scroll tbody tr[data-chosen]")).toHaveCount(2);
    const state = dialog.getByRole("combobox", { name: "New state" });
    await expect(state).toHaveAttribute("required", "");
    await expect(dialog.locator("label", { hasText: "New state" })).toContainText("*");
    await expect(state).toHaveValue("");
  });
});

test.describe("a request's review (issue 20)", () => {
  test("no new state is chosen beforehand; moving without one is refused at the field", async ({ page }) => {
    await loginAs(page, "admin@demo.test");
    // A pending request no test moves (the reserved ones are the mutation specs').
    await page.goto("/admin/contracting?state=pending&sort=waiting&order=DESC");
    const href = await page
      .locator('.data-table-scroll tbody tr a[href^="/admin/contracting/edit/"]')
      .first()
      .getAttribute("href");
    await page.goto(href!);
    const state = page.getByRole("combobox", { name: "New state" });
    await expect(state).toHaveValue("");
    await expect(state).toHaveAttribute("required", "");
    await page.getByRole("button", { name: "Move the request" }).click();
    await expect(state).toHaveAttribute("aria-invalid", "true");
    await expect(
      page.locator(".mantine-InputWrapper-root", { has: state }).locator(".mantine-InputWrapper-error"),
    ).toHaveText("Choose the new state");
    await expect(page.locator("[data-toast=success]")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Where it stands" })).toContainText("Pending");
  });

  /** Without JavaScript (HTTP tier: the page's own form, posted as the browser would). */
  httpTest(
    "without JavaScript: no new state is chosen beforehand; moving without one is refused at the field",
    async () => {
      const admin = await NoJsBrowser.signedIn("admin@demo.test");
      try {
        // A pending request no test moves (the reserved ones are the mutation specs').
        const list = await admin.open("/admin/contracting?state=pending&sort=waiting&order=DESC");
        const rows = elementsWhere(only(list, "data-table-scroll"), (e) => e.name === "tbody");
        const href = rows.flatMap(linksIn).find((l) => l.href?.startsWith("/admin/contracting/edit/"))?.href;
        expect(href, "a request's review link").toBeDefined();
        const review = await admin.open(href!);
        expect(review.status).toBe(200);
        const form = review.form("Move the request");
        expect(form.value("state"), "the new state chosen beforehand").toBe("");
        expect(attributeOf(controlLabelled(review, "New state"), "required")).toBeDefined();
        const refused = await admin.submit(form, "Move the request");
        const state = controlLabelled(refused, "New state");
        expect(attributeOf(state, "aria-invalid")).toBe("true");
        // The field's own wrapper (the innermost around the select) shows why.
        const wrapper = withClass(refused, "mantine-InputWrapper-root")
          .filter((w) => elementsWhere(w, (e) => e === state).length > 0)
          .at(-1);
        expect(withClass(wrapper!, "mantine-InputWrapper-error").map(textIn)).toEqual(["Choose the new state"]);
        expect(refused.toasts("success")).toEqual([]);
        expect(refused.text("Where it stands")).toContain("Pending");
      } finally {
        await admin.close();
      }
    },
  );
});

test.describe("RTS statuses (issue 20)", () => {
  test("each badge is colored by its status's tone; the carrier filter and the form offer no bogus choice", async ({
    page,
  }) => {
    await loginAs(page, "admin@demo.test", { path: "/admin/rts_statuses?carrierId=1" });
    await expect(page.locator("caption")).toHaveText("RTS statuses: 1–6 of 6");
    const tagOf = (code: string) =>
      page
        .getByRole("row")
        .filter({ has: page.getByRole("link", { name: code, exact: true }) })
        .locator(".admin-tag");
    await expect(tagOf("RTS")).toHaveAttribute("data-color", "green");
    await expect(tagOf("PEND")).toHaveAttribute("data-color", "orange");
    await expect(tagOf("TERM")).toHaveAttribute("data-color", "red");
    await expect(tagOf("NRTS")).toHaveAttribute("data-color", "red");
    const colour = (code: string) => tagOf(code).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await colour("TERM")).not.toBe(await colour("RTS"));

    // The filter: "All" is the empty value, every other choice a carrier the filter applies.
    const filter = page.getByRole("combobox", { name: "Carrier" });
    const options = await filter
      .locator("option")
      .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(options[0]).toEqual(["", "All"]);
    expect(options.slice(1).every(([value]) => /^\d+$/.test(value!))).toBe(true);
    expect(options.map(([, label]) => label)).not.toContain("Any carrier");
    await filter.selectOption({ label: "Summit Mutual" });
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/carrierId=2/);
    await expect(page.locator("caption")).toHaveText("RTS statuses: 1–6 of 6");
    await expect(page.getByTestId("ignored-filters")).toHaveCount(0);

    // The form: one "Every carrier" choice (the empty value), then the carriers.
    await page.goto("/admin/rts_statuses/new");
    const carrier = page.getByRole("combobox", { name: "Carrier" });
    const labels = await carrier.locator("option").allInnerTexts();
    expect(labels.filter((l) => /carrier$/i.test(l))).toEqual(["Every carrier"]);
    await expect(carrier.locator("option").first()).toHaveAttribute("value", "");
    const tone = page.getByRole("combobox", { name: "Badge color" });
    await expect(tone).toHaveValue("");
    expect(await tone.locator("option").allInnerTexts()).toEqual([
      "Choose badge color",
      "Ready (green)",
      "In progress (orange)",
      "Blocked (red)",
    ]);
  });
});

/** Presses Tab until `target` has the focus (at most `max` times): the keyboard reaches it, after what came before. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `reached with Tab within ${max} presses`).toBeFocused();
}

test.describe("the users list and a user's page (issue 20)", () => {
  test("at 1280 px names stay on one line and an agency's on two at most", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, "admin@demo.test", { path: "/admin/users?perPage=50" });
    const lineHeight = await page
      .locator("tbody td a")
      .first()
      .evaluate((a) => parseFloat(getComputedStyle(a).lineHeight));
    const names = page.locator("tbody tr td:nth-child(2) a");
    expect(await names.count()).toBe(50);
    for (const height of await names.evaluateAll((as) => as.map((a) => a.getBoundingClientRect().height)))
      expect(height).toBeLessThan(lineHeight * 1.5);
    const agencies = page.locator("tbody .admin-agency");
    for (const height of await agencies.evaluateAll((s) => s.map((e) => e.getBoundingClientRect().height)))
      expect(height).toBeLessThan(lineHeight * 2.5);
  });

  // The list's fit at 390 px (no sideways scroll) is the page sweep's (pages.spec.ts).
  test("at 390 px each row shows its facts as a card: nothing under the row menu", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await loginAs(page, "admin@demo.test", { path: "/admin/users" });
    const row = page.getByRole("row").filter({ hasText: "Maria Alvarez" });
    await row.scrollIntoViewIfNeeded();
    for (const fact of ["Chen Senior Benefits Group", "Career agent", "Active", "3 states", "Next expiry"])
      await expect(row.getByText(fact, { exact: false }).first()).toBeInViewport();
    // No cell of any row runs under its row menu, and every cell is inside the screen.
    const overlaps = await page.locator("tbody tr").evaluateAll((rows) =>
      rows.flatMap((tr) => {
        const menu = tr.querySelector("summary")?.getBoundingClientRect();
        if (!menu) return [];
        return [...tr.querySelectorAll("td:not([data-row-actions]):not([data-sticky=select])")]
          .map((td) => td.getBoundingClientRect())
          .filter(
            (r) =>
              r.right > window.innerWidth ||
              (r.left < menu.right && r.right > menu.left && r.top < menu.bottom && r.bottom > menu.top),
          )
          .map((r) => `${tr.textContent?.slice(0, 30)}: ${JSON.stringify(r)}`);
      }),
    );
    expect(overlaps).toEqual([]);
  });

  /** Over HTTP: the options and the record's facts are what the server draws. */
  httpTest("the Agency filter and the upline list tell agencies of the same name apart", async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      for (const [path, name] of [
        ["/admin/users", "Agency"],
        ["/admin/users/new", "Upline agency"],
      ] as const) {
        const page = await admin.open(path);
        const labels = optionsOf(controlLabelled(page, name))
          .map((o) => o.label)
          .filter((l) => l !== "All" && l !== "None");
        expect(labels.length).toBeGreaterThan(20);
        expect(new Set(labels).size).toBe(labels.length);
        expect(labels).toContain(labels.find((l) => l.startsWith("Chen Senior Benefits Group — NPN ")));
      }
    } finally {
      await admin.close();
    }
  });

  httpTest(
    "a user's address opens the user: facts, history, Edit; agent@'s agency and upline as agent@'s profile has them",
    async () => {
      const [admin, agent] = await Promise.all([
        NoJsBrowser.signedIn("admin@demo.test"),
        NoJsBrowser.signedIn("agent@demo.test"),
      ]);
      try {
        const found = await admin.open("/admin/users?search=agent%40demo.test");
        const user = await admin.open(oneLink(found, "Maria Alvarez").href!);
        expect(user.path).toMatch(/\/admin\/users\/1$/);
        expect(user.heading).toBe("Maria Alvarez");
        const summary = user.text("Summary");
        expect(summary).toContain("AgencyChen Senior Benefits Group");
        expect(summary).toContain("UplineSummit Health Marketing");
        expect(summary).toContain("Last sign-in");
        expect(labelledElements(user, "History")).toHaveLength(1);
        const edit = await admin.open(oneLink(user, "Edit user").href!);
        expect(edit.path).toMatch(/\/admin\/users\/1\/edit/);
        // Human words only: no internal name such as sunfireAccess as a label.
        const quoteTool = controlLabelled(edit, "Quote tool access");
        expect(attributeOf(quoteTool, "type")).toBe("checkbox");
        expect(attributeOf(quoteTool, "checked"), "Quote tool access is ticked").toBeDefined();
        expect(edit.allText.toLowerCase()).not.toContain("sunfireaccess");
        expect(
          optionsOf(controlLabelled(edit, "Upline agency"))
            .filter((o) => o.selected)
            .map((o) => o.value),
        ).toEqual(["5"]);

        const profile = await agent.open("/profile");
        expect(profile.text()).toContain("Chen Senior Benefits Group");
        expect(profile.text()).toContain("Summit Health Marketing");
      } finally {
        await Promise.all([admin.close(), agent.close()]);
      }
    },
  );
});

test("a search's pause gives way to Enter and to a row's link: the page followed stays", async ({ page }) => {
  // The page's clock, held still: the 500 ms pause after typing ends only when the test says so.
  await page.clock.install();
  await loginAs(page, "admin@demo.test", { path: "/admin/users?roleId=11" });
  await expect(page.locator("caption")).toContainText("Users:");
  await page.clock.pauseAt(Date.now() + 60_000);
  const caption = page.locator("caption");
  const search = page.getByRole("textbox", { name: "Search" });
  const karen = page.getByRole("link", { name: "Karen Young", exact: true });
  const heading = page.getByRole("heading", { level: 1, name: "Karen Young" });
  /** Follows Karen Young's link and lets the pause end while her page is still loading (a slow upstream). */
  async function followWhileThePauseEnds() {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = page.waitForRequest((r) => new URL(r.url()).pathname === "/admin/users/103.data");
    await page.route("**/admin/users/103.data*", async (route) => {
      await released;
      await route.continue();
    });
    await karen.click();
    await held;
    await page.clock.runFor(1_000);
    release();
    await expect(heading).toBeVisible();
    await page.unroute("**/admin/users/103.data*");
  }

  // Typed, then Enter at once: the pause the typing started is dropped with the search.
  await search.fill("Karen Young");
  await search.press("Enter");
  await expect(caption).toHaveText("Users: 1–1 of 1");
  await followWhileThePauseEnds();
  await page.waitForLoadState("networkidle");
  await expect(heading).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users\/103$/);

  // Typed, then the link followed within the pause (no Enter): the link's page stays too.
  await page.goBack();
  await expect(caption).toHaveText("Users: 1–1 of 1");
  await search.fill("Karen");
  await followWhileThePauseEnds();
  await page.waitForLoadState("networkidle");
  await expect(heading).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users\/103$/);
});

test.describe("keyboard only", () => {
  test("a list (search, a filter, a sort link, a row menu, Edit) and then its record's form", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, "admin@demo.test", { path: "/admin/users?roleId=11" });
    await expect(page.locator("caption")).toContainText("Users:");

    // The search: typed, Enter submits it.
    const search = page.getByRole("textbox", { name: "Search" });
    await tabTo(page, search, 80);
    await page.keyboard.type("Karen Young");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/search=Karen\+Young/);
    await expect(page.locator("caption")).toHaveText("Users: 1–1 of 1");

    // A filter (a native select): reached after the search, then the search button.
    const status = page.getByRole("combobox", { name: "Status" });
    await tabTo(page, status);
    await tabTo(page, page.getByRole("button", { name: "Search", exact: true }));

    // A sort link of the table's header: Enter follows it.
    const sortByEmail = page.getByRole("columnheader", { name: /E-mail/ }).getByRole("link");
    await tabTo(page, sortByEmail);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/sort=email/);

    // The row's menu: Enter opens it, Tab reaches Edit, Enter follows it.
    const menu = page.getByLabel("Actions for Karen Young");
    await tabTo(page, menu);
    await page.keyboard.press("Enter");
    await expect(page.locator("details.row-menu").first()).toHaveAttribute("open", "");
    const edit = page.locator("details.row-menu").first().getByRole("link", { name: "Edit" });
    await page.keyboard.press("Tab");
    await expect(edit).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/users\/103\/edit/);
    await expect(page.getByRole("heading", { level: 1, name: "Karen Young" })).toBeVisible();

    // The form: its fields in order, then Save.
    const order = [
      page.getByRole("textbox", { name: "First name" }),
      page.getByRole("textbox", { name: "Last name" }),
      page.getByRole("textbox", { name: "E-mail" }),
      page.getByRole("textbox", { name: "Phone" }),
      page.getByRole("textbox", { name: "NPN" }),
      page.getByRole("combobox", { name: "Role" }),
      page.getByRole("combobox", { name: "Upline agency" }),
    ];
    await tabTo(page, order[0]!, 80);
    for (const next of order.slice(1)) {
      await page.keyboard.press("Tab");
      await expect(next).toBeFocused();
    }
    await tabTo(page, page.getByRole("checkbox", { name: "Quote tool access" }));
    await tabTo(page, page.getByRole("button", { name: "Save changes" }));
    await expect(page.getByRole("button", { name: "Save changes" })).toBeFocused();
  });
});

/** The rows of a CSV answer (no quoted line breaks in these exports' values): the header, then one per record. */
function csvLines(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.length > 0);
}

/** Over HTTP: the export link, its file and its rows are the server's (the browser only saves what it is sent). */
httpTest.describe("CSV export", () => {
  httpTest("of a filtered list: the header and exactly the rows the filter finds", async () => {
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      const users = await admin.open("/admin/users?status=pending");
      const total = Number(/of (\d+)/.exec(captions(users)[0] ?? "")?.[1]);
      expect(total).toBeGreaterThan(0);

      const link = oneLink(users, "Export CSV");
      expect(link.href).toBe("/admin/users/export?status=pending");
      // Saved as a file: the link says download, the answer is an attachment named .csv.
      expect(attributeOf(link.element, "download")).toBeDefined();
      const download = await admin.download(link.href!);
      expect(download.status()).toBe(200);
      expect(download.headers()["content-disposition"]).toMatch(/^attachment;.*filename="[^"]+\.csv"/);
      const lines = csvLines(await download.text());
      expect(lines[0]).toMatch(/e-?mail/i);
      expect(lines.length - 1).toBe(total);

      // The desk filtered by carrier 7 (Brightsmile Dental: the three reserved requests only).
      const desk = await admin.open("/admin/contracting?carrierId=7");
      expect(captions(desk)).toEqual(["Contracting desk: 1–3 of 3"]);
      const href = oneLink(desk, "Export CSV").href;
      expect(href).toBe("/admin/contracting/export?carrierId=7");
      const answer = await admin.download(href!);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toContain("text/csv");
      const rows = csvLines(await answer.text());
      expect(rows).toHaveLength(4);
      for (const row of rows.slice(1)) expect(row).toContain("Brightsmile Dental");
    } finally {
      await admin.close();
    }
  });
});

/** Every admin URL (GET). */
const ADMIN_URLS = [
  "/admin",
  "/admin/users",
  "/admin/users?status=pending",
  "/admin/users/new",
  "/admin/users/110/edit",
  "/admin/users/export",
  "/admin/roles",
  "/admin/roles/new",
  "/admin/roles/11",
  "/admin/roles/export",
  "/admin/rts_statuses",
  "/admin/rts_statuses/new",
  "/admin/rts_statuses/1",
  "/admin/rts_statuses/export",
  "/admin/contracting",
  "/admin/contracting/export",
  "/admin/contracting/edit",
  "/admin/contracting/edit/1010",
  "/admin/brokers/110",
  "/admin/brokers/110/contracts",
  "/admin/brokers/110/contracts/new",
  "/admin/brokers/110/contracts/1010",
  "/admin/brokers/110/documents",
  // Issue 22 §2.3, §2.4.
  "/admin/system_notifications",
  "/admin/system_notifications/new",
  "/admin/system_notifications/4",
  "/admin/system_notifications/export",
  "/admin/quote_tool_providers",
  "/admin/quote_tool_providers/new",
  "/admin/quote_tool_providers/1",
  "/admin/quote_tool_providers/export",
  "/admin/email_communications",
  "/admin/email_communications/export",
  "/admin/email_communications/5",
  "/admin/email_communications/5?previewUser=1",
  "/admin/email_communications/log",
  "/admin/email_communications/log?status=failed",
  "/admin/email_communications/message",
  "/admin/tickets",
  "/admin/tickets?status=open",
  "/admin/tickets/export",
  "/admin/tickets/103",
  "/admin/admin_support",
  "/admin/admin_support/export",
  "/admin/admin_support/302",
  "/admin/carriers",
  "/admin/carriers/1",
  "/admin/carriers/1?product=101",
  "/admin/carriers/export",
  "/admin/learning_center_resources",
  "/admin/learning_center_resources/new",
  "/admin/learning_center_resources/101",
  "/admin/learning_center_resources/export",
  "/admin/learning_center_resources/1/attachments/1",
  // Issue 24 §2: carrier exports.
  "/admin/carrier_exports",
  "/admin/carrier_exports/export",
  "/admin/carrier_exports/new",
  "/admin/carrier_exports/schedules",
  "/admin/carrier_exports/1",
  "/admin/carrier_exports/1/file",
  // Carrier enrollments and notifications (issue 24 §3–4).
  "/admin/carrier_enrollments",
  "/admin/carrier_enrollments?status=rfi&from=2025-01-01",
  "/admin/carrier_enrollments/export",
  "/admin/carrier_enrollments/1",
  "/admin/carrier_enrollments/1/payload",
  "/admin/carrier_enrollments/modal/json_viewer?id=1",
  "/admin/carrier_notifications",
  "/admin/carrier_notifications?handled=no",
  "/admin/carrier_notifications/export",
  "/admin/carrier_notifications/1",
  // Issue 24 §6-8: NIPR.
  "/admin/nipr_pdb_alerts",
  "/admin/nipr_pdb_alerts?handled=no",
  "/admin/nipr_pdb_alerts/1",
  "/admin/nipr_pdb_alerts/export",
  "/admin/nipr_history",
  "/admin/nipr_history/export",
  "/admin/nipr_license_config",
  // Issue 24 §1: carrier imports.
  "/admin/carrier_imports",
  "/admin/carrier_imports/export",
  "/admin/carrier_imports/upload",
  "/admin/carrier_imports/1",
  "/admin/carrier_imports/1/results.csv",
  // Issue 24 §5: Sunfire imports.
  "/admin/sunfire_imports",
  "/admin/sunfire_imports/export",
  "/admin/sunfire_imports/new",
  "/admin/sunfire_imports/1",
  "/admin/sunfire_imports/1/results.csv",
  "/admin/sunfire_imports/1/rows/4",
  "/admin/carrier_imports/2",
  "/admin/carrier_imports?kind=enrollments",
];

/** Every admin action (POST target and its form, with its intent): what an admin's form would send. */
const ADMIN_ACTIONS: Array<{ path: string; form: Record<string, string> }> = [
  { path: "/admin/users?delete=110", form: { intent: "delete", id: "110" } },
  { path: "/admin/users?confirm=110", form: { intent: "bulk", id: "110" } },
  {
    path: "/admin/users/new",
    form: { firstName: "Eve", lastName: "Intruder", email: "eve.intruder@demo.test", roleId: "1" },
  },
  {
    path: "/admin/users/110/edit",
    form: { intent: "save", firstName: "Eve", lastName: "Intruder", email: "eve@demo.test", roleId: "1" },
  },
  { path: "/admin/users/110/edit", form: { intent: "password_reset" } },
  { path: "/admin/roles?delete=12", form: { intent: "delete", id: "12" } },
  { path: "/admin/roles?confirm=12", form: { intent: "bulk", id: "12" } },
  { path: "/admin/roles/new", form: { name: "Intruders", kind: "Admin", description: "x" } },
  { path: "/admin/roles/11", form: { intent: "save", name: "Intruders", kind: "Admin", description: "x" } },
  { path: "/admin/rts_statuses?delete=6", form: { intent: "delete", id: "6" } },
  { path: "/admin/rts_statuses?confirm=6", form: { intent: "bulk", id: "6" } },
  {
    path: "/admin/rts_statuses/new",
    form: { statusCode: "EVIL", statusTitle: "Evil", displayStatus: "Evil", tone: "blocked" },
  },
  {
    path: "/admin/rts_statuses/1",
    form: {
      intent: "save",
      statusCode: "EVIL",
      statusTitle: "Evil",
      displayStatus: "Evil",
      tone: "blocked",
      carrierId: "1",
    },
  },
  { path: "/admin/contracting?confirm=1011", form: { intent: "bulk", id: "1011", state: "denied", publicNote: "x" } },
  { path: "/admin/contracting/edit/1011", form: { state: "denied", publicNote: "Refused by an intruder" } },
  { path: "/admin/brokers/110?index", form: { body: "A note by an intruder" } },
  { path: "/admin/brokers/110/contracts/new", form: { carrierProductId: "101", internalNote: "x" } },
  { path: "/admin/brokers/110/contracts/1011", form: { state: "denied", publicNote: "Refused by an intruder" } },
  { path: "/admin/brokers/110/documents", form: { kind: "eo", decision: "reject", note: "Rejected by an intruder" } },
  { path: "/admin?index", form: { email: "agent@demo.test" } },
  // Issue 22 §2.3, §2.4.
  { path: "/admin/system_notifications?delete=4", form: { intent: "delete", id: "4" } },
  { path: "/admin/system_notifications?confirm=4", form: { intent: "bulk", id: "4" } },
  {
    path: "/admin/system_notifications/new",
    form: { title: "Evil", message: "Evil", severity: "critical", audience: "everyone" },
  },
  {
    path: "/admin/system_notifications/4",
    form: { intent: "save", title: "Evil", message: "Evil", severity: "critical", audience: "everyone" },
  },
  { path: "/admin/quote_tool_providers?delete=2", form: { intent: "delete", id: "2" } },
  {
    path: "/admin/quote_tool_providers/new",
    form: { name: "Evil", signOnUrl: "https://evil.example.com/", enabled: "on", secret: "evil-secret-1" },
  },
  {
    path: "/admin/quote_tool_providers/1",
    form: { intent: "save", name: "Evil", signOnUrl: "https://evil.example.com/", secret: "evil-secret-1" },
  },
  {
    path: "/admin/email_communications/5",
    form: { intent: "save", subject: "Evil {{firstName}}", body: "x {{link}}" },
  },
  { path: "/admin/email_communications/5", form: { intent: "test", userId: "1" } },
  { path: "/admin/email_communications/log", form: { intent: "resend", id: "1" } },
  {
    path: "/admin/email_communications/message",
    form: { intent: "send", subject: "Evil", body: "x", agencyId: "6", recipients: "1", idempotencyKey: "evil-1" },
  },
  // Issue 22: the support desk's conversation page and its lists' bulk assign.
  { path: "/admin/tickets/103", form: { intent: "answer", message: "Hello from outside" } },
  { path: "/admin/tickets/103", form: { intent: "note", note: "An intruder's note" } },
  { path: "/admin/tickets/103", form: { intent: "assign", assigneeId: "9" } },
  { path: "/admin/tickets/103", form: { intent: "reopen" } },
  { path: "/admin/admin_support/302", form: { intent: "answer", message: "Hello from outside" } },
  { path: "/admin/admin_support/302", form: { intent: "reopen" } },
  { path: "/admin/tickets?confirm=103", form: { intent: "bulk", id: "103", assigneeId: "9" } },
  { path: "/admin/admin_support?confirm=302", form: { intent: "bulk", id: "302", assigneeId: "9" } },
  { path: "/admin/carriers/1", form: { name: "Intruder Health", active: "on" } },
  {
    path: "/admin/carriers/1?product=101",
    form: { name: "Intruder Health", active: "on", carrierProductId: "101", transferPolicy: "<p>Intruded</p>" },
  },
  { path: "/admin/learning_center_resources?delete=101", form: { intent: "delete", id: "101" } },
  { path: "/admin/learning_center_resources?confirm=101", form: { intent: "bulk", id: "101" } },
  {
    path: "/admin/learning_center_resources/new",
    form: { title: "Evil", library: "agent", category: "x", description: "x", audience: "all", status: "draft" },
  },
  {
    path: "/admin/learning_center_resources/101",
    form: {
      intent: "save",
      title: "Evil",
      library: "agent",
      category: "x",
      description: "x",
      audience: "all",
      status: "draft",
    },
  },
  { path: "/admin/learning_center_resources/1/attachments", form: { intent: "remove", attachmentId: "1" } },
  // Issue 23: the money sections' own pages (an import's form and its JavaScript upload, a statement's page, a
  // payout entry's new and record pages).
  {
    path: "/admin/commission_statements/import",
    form: { carrierId: "1", period: "01/2026", carrierStatementDate: "01/28/2026" },
  },
  {
    path: "/admin/commission_statements/import/upload",
    form: { carrierId: "1", period: "01/2026", carrierStatementDate: "01/28/2026" },
  },
  { path: "/admin/commission_statements/imports/1", form: { intent: "discard" } },
  { path: "/admin/commission_statements/84", form: { intent: "lock" } },
  {
    path: "/admin/payout_entries/new",
    form: { kind: "bonus", userId: "1", period: "01/2026", amount: "100.00", reason: "An intruder's bonus" },
  },
  { path: "/admin/payout_entries/1", form: { intent: "approve" } },
  // Issue 24 §2: carrier exports.
  { path: "/admin/carrier_exports/new", form: { carrierId: "1", kind: "terminations" } },
  {
    path: "/admin/carrier_exports/schedules",
    form: { carrierId: "1", new_contracts: "daily", terminations: "off", address_changes: "off" },
  },
  // Carrier notifications (issue 24 §4): handle, send to the agent, the list's bulk handle.
  { path: "/admin/carrier_notifications/49", form: { intent: "handle", note: "Evil" } },
  { path: "/admin/carrier_notifications/49", form: { intent: "route" } },
  { path: "/admin/carrier_notifications?confirm=49", form: { intent: "bulk", id: "49" } },
  // Issue 24 §6-8: NIPR.
  { path: "/admin/nipr_pdb_alerts/1", form: { note: "Handled by an intruder" } },
  { path: "/admin/nipr_pdb_alerts/1", form: { intent: "resolve", note: "Resolved by an intruder" } },
  { path: "/admin/nipr_pdb_alerts?confirm=1", form: { intent: "bulk", id: "1" } },
  { path: "/admin/brokers/110?index", form: { intent: "nipr_sync" } },
  { path: "/admin/nipr_license_config", form: { intent: "connection", username: "intruder", password: "intruder-1" } },
  { path: "/admin/nipr_license_config", form: { intent: "track", tracking: "all", npns: "" } },
  {
    path: "/admin/nipr_license_config",
    form: { intent: "schedule", activeScan: "monthly", inactiveScan: "weekly", warningDays: "9" },
  },
  // Issue 24 §1: carrier imports.
  { path: "/admin/carrier_imports/upload", form: { carrierId: "4", kind: "rts" } },
  { path: "/admin/carrier_imports/upload/send", form: { carrierId: "4", kind: "appointments" } },
  { path: "/admin/carrier_imports/1", form: { intent: "confirm" } },
  { path: "/admin/carrier_imports/1", form: { intent: "discard" } },
  { path: "/admin/carrier_imports/1", form: { intent: "mapping:rts", npn: "NPN", statusCode: "RTS Status" } },
  // Issue 24 §5: Sunfire imports.
  { path: "/admin/sunfire_imports/new", form: {} },
  { path: "/admin/sunfire_imports/new/upload", form: {} },
  { path: "/admin/sunfire_imports/1", form: { intent: "confirm" } },
  { path: "/admin/sunfire_imports/1", form: { intent: "discard" } },
  { path: "/admin/sunfire_imports/1/rows/4", form: { agentUserId: "1", clientId: "new" } },
  { path: "/admin/carrier_imports/2", form: { intent: "mapping:appointments", npn: "NPN", state: "State" } },
  { path: "/admin/carrier_imports/6", form: { intent: "mapping:enrollments", agentNpn: "Agent NPN" } },
];

/** What the admin sees of the data the actions above would change: every section's export and broker 110's pages. */
async function snapshot(admin: NoJsBrowser): Promise<string[]> {
  const texts: string[] = [];
  for (const section of [
    "users",
    "roles",
    "rts_statuses",
    "contracting",
    "tickets",
    "admin_support",
    "system_notifications",
    "quote_tool_providers",
    "carriers",
    "learning_center_resources",
    "carrier_notifications",
    "sunfire_imports",
  ]) {
    const answer = await admin.download(`/admin/${section}/export`);
    expect(answer.status()).toBe(200);
    // A user's last sign-in is the one column signing in (as this test does) changes; a request's days waiting
    // is counted from now, so it may tick over while the test runs (seed times are at 09:15 and so on).
    texts.push(withoutColumn(withoutColumn(await answer.text(), "Last sign-in"), "Days waiting"));
  }
  // Each template's count of the last 30 days moves with every e-mail other specs send meanwhile.
  const templates = await admin.download("/admin/email_communications/export");
  expect(templates.status()).toBe(200);
  texts.push(withoutColumn(await templates.text(), "Sent in 30 days"));
  for (const path of ["/admin/brokers/110", "/admin/brokers/110/documents", "/admin/contracting/edit/1011"]) {
    const page = await admin.open(path);
    expect(page.status, path).toBe(200);
    // Days counted from now, as above.
    texts.push(textIn(only(page, "admin-page")).replace(/\b\d+ days?\b/g, "n days"));
  }
  return texts;
}

/** A CSV's text without one column (its cells split by commas outside quotes). */
function withoutColumn(csv: string, header: string): string {
  const rows = csv.split("\r\n").map((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []);
  const index = rows[0]?.findIndex((cell) => cell.replace(/,$/, "") === header) ?? -1;
  return index < 0 ? csv : rows.map((cells) => cells.filter((_, i) => i !== index).join("")).join("\r\n");
}

/** A client of its own signed in as `who` (through the sign-in form), or the admin signed in as agent@. */
async function signedIn(who: string): Promise<NoJsBrowser> {
  if (who !== "admin as agent") return NoJsBrowser.signedIn(who);
  const admin = await NoJsBrowser.signedIn("admin@demo.test");
  const home = await admin.open("/admin");
  const as = await admin.submit(home.form("Sign in as user").fill("User e-mail", "agent@demo.test"), "Sign in as user");
  expect(as.path).toBe("/dashboard");
  expect(() => as.form("Logout As Maria Alvarez"), "signed in as agent@").not.toThrow();
  return admin;
}

/** Over HTTP (Playwright's request client, no browser): the refusals are the server's. */
httpTest.describe("non-admins", () => {
  httpTest("get 403 for every admin URL and every admin action, and nothing changes", async () => {
    httpTest.setTimeout(240_000);
    const admin = await NoJsBrowser.signedIn("admin@demo.test");
    try {
      const before = await snapshot(admin);

      // The four viewers side by side (each its own session); every request of each, one after the other.
      await Promise.all(
        ["agent@demo.test", "agency@demo.test", "carrier@demo.test", "admin as agent"].map((who) =>
          httpTest.step(who, async () => {
            const as = await signedIn(who);
            try {
              for (const url of ADMIN_URLS) {
                const answer = await as.client.get(url, { maxRedirects: 0 });
                expect(answer.status(), `${who} GET ${url}`).toBe(403);
              }
              for (const action of ADMIN_ACTIONS) {
                // The admin home's "Sign in as" is the one admin action an impersonating admin's own session may
                // not reach either: signing in as someone else from within someone else's session.
                const answer = await as.client.post(action.path, {
                  form: action.form,
                  headers: { origin: PORTAL },
                  maxRedirects: 0,
                });
                expect(answer.status(), `${who} POST ${action.path} ${JSON.stringify(action.form)}`).toBe(403);
              }
            } finally {
              await as.close();
            }
          }),
        ),
      );

      expect(await snapshot(admin), "the admin's data after the refused requests").toEqual(before);
    } finally {
      await admin.close();
    }
  });
});
