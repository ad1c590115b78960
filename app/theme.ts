import { Anchor, createTheme } from "@mantine/core";

/**
 * The portal's Mantine theme. Its CSS variables are a static stylesheet (app/styles/theme-variables.css,
 * written by `npm run theme:css` and checked by app/styles/theme-variables.test.ts): Mantine would render the
 * same 8 KB into every page at every request (issue 10: 6 % of a page's server time).
 */
export const theme = createTheme({
  // Links inside text must be distinguishable without colour (WCAG 1.4.1).
  components: { Anchor: Anchor.extend({ defaultProps: { underline: "always" } }) },
  primaryColor: "indigo",
  // Indigo 6 on white fails WCAG contrast; shade 8 passes.
  primaryShade: { light: 8, dark: 6 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
});
