import { ACCOUNTS } from "./accounts";
import { expect, expectNoSidewaysScroll, loginAs, test } from "./fixtures";

/**
 * Issue 11's visual check: every page a demo account's menu reaches, plus its home, a 404 and its refused
 * URL, at a 390 px phone and a 1280 px laptop. The document never scrolls sideways and no status badge is
 * cut off, no table caption starts out of view; a screenshot of each is kept in the test's folder under test-results/ (and attached to the test) to look at.
 */
const WIDTHS = [390, 1280] as const;

for (const account of ACCOUNTS) {
  test(`${account.email}: every page fits 390 px and 1280 px, badges whole`, async ({ page }, testInfo) => {
    test.slow();
    await loginAs(page, account.email);
    const menu = page.getByRole("navigation", { name: "Main menu" }).locator("a[data-menu-item][href]");
    const hrefs = await menu.evaluateAll((nodes) =>
      nodes.filter((n) => n.getAttribute("target") !== "_blank").map((n) => n.getAttribute("href") ?? ""),
    );
    const paths = [...new Set([account.home, ...hrefs, account.refused, "/no-such-page"])];
    expect(paths.length).toBeGreaterThan(3);

    // Each page is loaded once, at the phone's width, then widened to the laptop's.
    for (const path of paths) {
      await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      await page.goto(path);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoSidewaysScroll(page, `${path} at ${width} px`);
        const cut = await page
          .locator(".mantine-Badge-root, .mantine-Badge-label, .admin-tag")
          .evaluateAll((nodes) =>
            nodes.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => (n.textContent ?? "").trim()),
          );
        expect(cut, `${path} at ${width} px: badges cut off`).toEqual([]);
        // A table's caption starts in view, not centred across a table wider than the screen.
        const captions = await page.locator(".data-table-scroll caption").evaluateAll((nodes) =>
          nodes
            .filter((n) => {
              const box = n.getBoundingClientRect();
              const range = document.createRange();
              range.selectNodeContents(n);
              const text = range.getBoundingClientRect();
              return text.left < box.left - 1 || text.right > window.innerWidth + 1;
            })
            .map((n) => (n.textContent ?? "").trim()),
        );
        expect(captions, `${path} at ${width} px: table captions out of view`).toEqual([]);
        const name = `${width}${path.replace(/\W+/g, "-")}.jpeg`;
        // Written into the test's output folder (test-results/visual-<account>…/) and attached from there:
        // the artifacts of the last run, passed or not.
        const file = testInfo.outputPath(name);
        await page.screenshot({ path: file, type: "jpeg", quality: 60 });
        await testInfo.attach(name, { path: file, contentType: "image/jpeg" });
      }
    }
  });
}
