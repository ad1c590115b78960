import { loginAs, test } from "./fixtures";

const PAGES = (process.env.SHOT_PATHS ?? "/admin/users").split(",");
for (const width of [390, 1280]) {
  test(`shots ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAs(page, "admin@demo.test");
    for (const p of PAGES) {
      await page.goto(p);
      const name = p.replace(/[^a-z0-9]+/gi, "_");
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const maxH = width === 390 ? 1800 : 2400;
      if (process.env.SHOT_TABLE) await page.locator("table").first().scrollIntoViewIfNeeded();
      const y = process.env.SHOT_TABLE ? await page.evaluate(() => window.scrollY) : 0;
      await page.screenshot({
        path: `/tmp/shots-admin-users/${name}-${width}.png`,
        fullPage: true,
        clip: { x: 0, y, width, height: Math.min(maxH, height - y) },
      });
    }
  });
}
