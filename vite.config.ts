import { reactRouter } from "@react-router/dev/vite";
import { type Plugin, defineConfig } from "vite";

const MANTINE_TABLE = /@mantine\/core\/esm\/components\/Table\/Table\.mjs$/;

/**
 * Mantine attaches `Table.ScrollContainer` to every `Table`: a ScrollArea, which imports @floating-ui/react,
 * ~13 KB compressed on every page with a table (issue 10). The portal scrolls wide tables with a plain
 * `.table-scroll` block, so the browser build leaves the attachment out; app/styles/mantine-css.test.ts
 * keeps Table.ScrollContainer out of the app. The build fails if Mantine's file no longer reads as expected.
 */
function mantineTableWithoutScrollContainer(): Plugin {
  return {
    name: "mantine-table-without-scroll-container",
    transform(code, id) {
      if (!MANTINE_TABLE.test(id)) return null;
      const parts = [
        'import { TableScrollContainer } from "./TableScrollContainer.mjs";',
        "Table.ScrollContainer = TableScrollContainer;",
      ];
      if (!parts.every((part) => code.includes(part))) {
        this.error("Mantine's Table.mjs changed: update mantineTableWithoutScrollContainer in vite.config.ts");
      }
      return { code: parts.reduce((text, part) => text.replace(part, ""), code), map: null };
    },
  };
}

const CONFORM_ZOD = /[\\/]@conform-to[\\/]zod[\\/]/;

/**
 * The forms' schemas are zod mini (app/domain), but conform's @conform-to/zod/v4 builds its coercion
 * (empty string → undefined, "on" → true, numbers, dates, files) from `lazy`, `optional`, `pipe` and
 * `transform` imported from "zod/v4": zod classic, ~15 KB compressed on every page with a form (issue 10).
 * mini exports the same four functions over the same core (conform parses with zod/v4/core's safeParse),
 * so the browser build gives conform "zod/mini" instead; the server keeps classic (its own schemas use it).
 * app/components/forms/conform-zod-mini.test.ts runs conform's coercion on mini; the build fails if
 * conform no longer imports "zod/v4" (then check what it imports and update this plugin).
 */
function conformZodOnZodMini(): Plugin {
  let aliased = false;
  return {
    name: "conform-zod-on-zod-mini",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    async resolveId(source, importer, options) {
      if (source !== "zod/v4" || !importer || !CONFORM_ZOD.test(importer)) return null;
      aliased = true;
      return this.resolve("zod/mini", importer, { ...options, skipSelf: true });
    },
    buildEnd(error) {
      if (!error && !aliased && this.environment.mode === "build") {
        this.error("@conform-to/zod no longer imports zod/v4: update conformZodOnZodMini in vite.config.ts");
      }
    },
  };
}

export default defineConfig({
  plugins: [mantineTableWithoutScrollContainer(), conformZodOnZodMini(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // ANALYZE=1: source maps, for attributing a bundle's bytes to modules.
  build: { sourcemap: process.env.ANALYZE === "1" },
  environments: {
    // The server build's entry is the HTTP server itself, which imports the app
    // (virtual:react-router/server-build): build/server/index.js is the whole production server, one module
    // graph, run with plain node (docs/decisions/018-one-compiled-server.md). Dependencies stay external
    // (node_modules, installed with `npm ci --omit=dev`).
    ssr: {
      build: { rollupOptions: { input: "./server/main.ts" } },
      // Bundled (tree-shaken) rather than loaded whole from node_modules at start-up: their barrels cost the
      // server about 2 s and 80 MB of RSS at boot for the few components and icons the app uses.
      resolve: { noExternal: ["@tabler/icons-react", /^@mantine\//] },
    },
  },
});
