import { chromium } from "/work/main/node_modules/@playwright/test/index.mjs";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const paths = process.argv.slice(2);
for (const [w, h, tag] of [[390, 844, "phone"], [1280, 900, "desk"]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  for (const p of paths) {
    const [path, action] = p.split("|");
    await page.goto("http://localhost:3999" + path);
    await page.waitForTimeout(300);
    if (action === "type") {
      await page.getByRole("textbox", { name: "Password", exact: true }).fill("violet staple");
      await page.waitForTimeout(1500);
    }
    if (action === "submit") {
      await page.getByRole("button", { name: /Create my account|Send/ }).first().click();
      await page.waitForTimeout(800);
    }
    const name = `${tag}${path.replace(/[^a-z0-9]+/gi, "_")}${action ? "_" + action : ""}.png`;
    await page.screenshot({ path: "/tmp/shots/" + name, fullPage: true });
    const sw = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    console.log(name, "sideways:", sw);
  }
  await ctx.close();
}
await browser.close();
