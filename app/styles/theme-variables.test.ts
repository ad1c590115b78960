import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { THEME_CSS_FILE, themeCss } from "../../scripts/lib/theme-css";

describe("the theme's CSS variables (a static stylesheet instead of a <style> rendered on every request)", () => {
  it("the stylesheet is what MantineProvider renders for app/theme.ts: run `npm run theme:css` after a change", () => {
    expect(readFileSync(THEME_CSS_FILE, "utf8")).toBe(themeCss());
  });

  it("carries the theme (indigo primary at shade 8, the system font)", () => {
    const css = themeCss();
    expect(css).toContain("--mantine-primary-color-filled: var(--mantine-color-indigo-filled);");
    expect(css).toContain("--mantine-font-family: system-ui");
    expect(css).toMatch(/\[data-mantine-color-scheme="light"\]/);
  });

  it("carries the breakpoints' global classes MantineProvider no longer renders into each page (issue 21)", () => {
    expect(themeCss()).toMatch(
      /@media \(min-width: 48em\) \{\s*\.mantine-hidden-from-sm \{\s*display: none !important;/,
    );
  });
});
