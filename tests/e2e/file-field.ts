import { type Page, expect } from "@playwright/test";

/**
 * Issue 20: every file input on the page is the portal's shared file field (components/forms/file-field.tsx),
 * never the browser's bare "Choose File / No file chosen": the native input lies transparent over the field's
 * box, which shows "Choose a file". Returns how many there are.
 */
export async function expectSharedFileFields(page: Page, scope = page.locator("main")): Promise<number> {
  const inputs = scope.locator("input[type=file]");
  const count = await inputs.count();
  for (let i = 0; i < count; i++) {
    const input = inputs.nth(i);
    const box = input.locator("xpath=..");
    await expect(box, "the file input's box").toHaveClass(/\bfile-field\b/);
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
