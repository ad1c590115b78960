import { type Page, expect } from "@playwright/test";

/**
 * Issue 20: every file input on the page is the portal's shared file field (components/forms/file-field.tsx),
 * never the browser's bare "Choose File / No file chosen": once the page runs the native input lies transparent
 * over the field's box, which shows "Choose a file"; before (and without JavaScript) the native input shows in
 * the box with its button drawn as ours, naming the file chosen. Returns how many there are.
 */
export async function expectSharedFileFields(
  page: Page,
  { javaScript = true, scope = page.locator("main") } = {},
): Promise<number> {
  const inputs = scope.locator("input[type=file]");
  const count = await inputs.count();
  for (let i = 0; i < count; i++) {
    const input = inputs.nth(i);
    const box = input.locator("xpath=..");
    await expect(box, "the file input's box").toHaveClass(/\bfile-field\b/);
    if (!javaScript) {
      // Without JavaScript the native input shows itself in the box (it names the chosen file), its button
      // drawn as the portal's, not the browser's grey one.
      await expect(input).toHaveCSS("opacity", "1");
      const look = await input.evaluate((el) => {
        const button = getComputedStyle(el, "::file-selector-button");
        return { background: button.backgroundColor, weight: button.fontWeight };
      });
      const ours = await page.evaluate(() => {
        const probe = document.createElement("span");
        probe.className = "file-field-button";
        document.body.append(probe);
        const style = getComputedStyle(probe);
        const look = { background: style.backgroundColor, weight: style.fontWeight };
        probe.remove();
        return look;
      });
      expect(look).toEqual(ours);
      continue;
    }
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    await expect(input).toHaveCSS("opacity", "0");
    if (await box.isVisible()) {
      await expect(box.locator(".file-field-button")).toHaveText("Choose a file");
      // The transparent input covers the whole box, so a click anywhere on it opens the picker.
      const [inputBox, fieldBox] = await Promise.all([input.boundingBox(), box.boundingBox()]);
      expect(Math.abs(inputBox!.width - fieldBox!.width)).toBeLessThanOrEqual(2);
      expect(Math.abs(inputBox!.height - fieldBox!.height)).toBeLessThanOrEqual(2);
    }
  }
  return count;
}
