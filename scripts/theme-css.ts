/** `npm run theme:css`: writes the theme's CSS variables (app/theme.ts) to app/styles/theme-variables.css. */
import { writeFileSync } from "node:fs";
import { THEME_CSS_FILE, themeCss } from "./lib/theme-css.ts";

writeFileSync(THEME_CSS_FILE, themeCss());
console.log(`wrote ${THEME_CSS_FILE}`);
