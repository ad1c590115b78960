import { reactRouter } from "@react-router/dev/vite";
import { readdirSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import { type Plugin, defineConfig } from "vite";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "./app/routes.ts";
import { chunkTiers } from "./scripts/lib/chunk-tiers.ts";

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

const APP = path.resolve(import.meta.dirname, "app");
/** How React Router's browser build names a route module's entry. */
const ROUTE_ENTRY = "?__react-router-build-client-route";
const CLIENT_ENTRY = path.join(APP, "entry.client.tsx");

/** Every page as the route entries it loads: its layouts' and its own (app/routes.ts). */
function pageChains(): string[][] {
  const chains: string[][] = [];
  const walk = (entries: RouteConfigEntry[], above: string[]) => {
    for (const entry of entries) {
      const chain = [...above, route(entry.file)];
      chains.push(chain);
      walk(entry.children ?? [], chain);
    }
  };
  walk(routes, []);
  return chains;
}
const route = (file: string) => path.join(APP, `${file}${ROUTE_ENTRY}`);
const forms = (...files: string[]) => files.map((file) => path.join(APP, "components/forms", file));
const app = (file: string) => path.join(APP, file);
const NODE_MODULES = path.resolve(import.meta.dirname, "node_modules");
const MANTINE_CONTRAST =
  "@mantine/core/esm/core/MantineProvider/color-functions/get-auto-contrast-value/get-auto-contrast-value.mjs";
const mantine = (component: string) => path.join(NODE_MODULES, `@mantine/core/esm/components/${component}.mjs`);
/**
 * One chunk for modules that different sets of pages share (issue 21: at most 25 scripts a page): the modules and
 * what they import that only pages with one of them load. Unlike the tiers above, a page with one of them loads
 * all of them: each group was measured (`npx tsx scripts/check-budgets.ts` after a build) to add the fewest bytes
 * to the pages near their budgets (docs/decisions/019-performance-budgets.md).
 */
const together = (name: string, ...modules: string[]) => [{ name, roots: modules, onlyWith: modules }];

/**
 * Issue 21: fewer, larger scripts (docs/decisions/019-performance-budgets.md). In order: what every page
 * loads (the client entry, the root route); what the sign-in page and the signed-in chrome share; the rest
 * of the sign-in page's first load (its layout and form: the registration and account pages share them);
 * the rest of the chrome of every signed-in page (the default layout);
 * the client form layer and the field kinds (every page with a validated form); the admin area's frame.
 * React and React Router are one chunk of their own (scripts/lib/chunk-tiers.ts).
 */
const ADMIN_PAGES = readdirSync(path.join(APP, "routes"))
  // The admin frame's pages: the home, the shared section pages, the desk's and the brokers' pages. Not a section's
  // pages of its own (issue 22: a carrier's page, the e-mail log, a conversation): in this tier their code would
  // be in every admin page's scripts; they keep their own.
  .filter(
    (file) =>
      /^admin(\._index|\.section[.\w]*|\.brokers\.[.$\w]*|\.contracting\.[.\w]*)?\.tsx$/.test(file) &&
      !file.includes(".test."),
  )
  .map((file) => route(`routes/${file}`));
const SIGN_IN = [route("layouts/login.tsx"), route("routes/_index.tsx")];
const CHROME = [route("layouts/default.tsx")];
const TIERS = [
  { name: "app", roots: [CLIENT_ENTRY, route("root.tsx")] },
  { name: "layouts", roots: SIGN_IN, within: CHROME },
  { name: "sign-in", roots: SIGN_IN, onlyWith: [route("layouts/login.tsx")] },
  // The sign-in form's fields (text, password): most pages have a text field.
  { name: "inputs", roots: SIGN_IN },
  { name: "signed-in", roots: CHROME, onlyWith: [route("layouts/default.tsx"), route("layouts/unknown.tsx")] },
  // What the chrome shares with pages outside it (the registration pages: Mantine's List, VisuallyHidden…).
  { name: "chrome-shared", roots: CHROME },
  // The client form layer (conform, zod mini): every page with a validated form.
  { name: "forms", roots: forms("use-portal-form.ts") },
  // The field kinds, for the signed-in pages with a form and the admin area (its sections' inline forms post
  // without a form hook); the sign-in layout's pages (registration, account links) keep to theirs.
  {
    name: "fields",
    roots: forms(
      "text-fields.tsx",
      "textarea-field.tsx",
      "select-field.tsx",
      "checkbox-field.tsx",
      "masked-field.tsx",
      "date-field.tsx",
    ),
    onlyWith: [...forms("use-portal-form.ts", "use-server-form.ts"), route("routes/admin.tsx")],
    notWith: [route("layouts/login.tsx")],
  },
  // The admin area: its frame and what only its pages use (issue 14's sections share most of it).
  // A file import's page's parts and where it stands (the statement, carrier and Sunfire imports' pages) and their
  // uploads' send ride with it: a script of their own was those pages' 26th; here they add under 1 KB to the admin
  // pages (the rows' table stays the pages' own: the plain table's script is not the frame's).
  {
    name: "admin",
    roots: [
      ...ADMIN_PAGES,
      app("components/admin/import-progress.tsx"),
      app("components/admin/file-import-page.tsx"),
      app("components/admin/upload-to-page.ts"),
    ],
    onlyWith: [route("routes/admin.tsx")],
  },
  // Small modules that different sets of pages share, each set its own chunk in the automatic chunking (at most
  // 25 scripts a page, issue 21): each group takes what its modules import that only pages with one of them load.
  // The form rules, the masked values' rules and Mantine's checkbox: the pages with the client form layer.
  ...together("forms", app("domain/validation.ts"), app("domain/masked-values.ts"), mantine("Checkbox/Checkbox")),
  // The dates and numbers as the pages write them.
  ...together("formats", app("domain/formats.ts"), path.join(NODE_MODULES, "dayjs/dayjs.min.js")),
  // The checkbox and masked fields (the admin area's inline forms, registration, onboarding, the profile).
  ...together("form-parts", ...forms("checkbox-field.tsx", "masked-field.tsx")),
  // Mantine's contrast helper (a badge's, a checkbox's text color): the pages that have it have the text fields.
  ...together("inputs", path.join(NODE_MODULES, MANTINE_CONTRAST)),
  // The admin area's breadcrumbs (the Learning Center's too) and the RTS values (the downlines list's too).
  ...together(
    "admin-parts",
    app("components/breadcrumbs.tsx"),
    app("domain/rts.ts"),
    // Issue 37 §5: an e-mail address that wraps before its "@" (the users' and the tickets' records), 0.2 KB.
    app("components/email-address.tsx"),
  ),
  // The lists: the data table and its note on ignored filters (the downlines list has the note only).
  ...together("lists", app("components/data-table.tsx"), app("components/ignored-filters-note.tsx")),
  // Mantine's table and the plain table (the profile's, the contracts', the downlines').
  ...together("tables", mantine("Table/Table"), app("components/plain-table.tsx")),
  // The license table and the license rules (the profile, onboarding, the basic profile, a document's upload).
  ...together("licenses", app("components/license-table.tsx"), app("domain/licenses.ts")),
  // The file field and an upload's progress (issue 12's documents, issue 23's statement import): one script for
  // the pages with a file to send.
  ...together("file-field", ...forms("file-field.tsx", "upload-progress.tsx")),
  // Money as cents (issue 23): the money pages' own script, not the form layer's every page loads.
  ...together("cents", app("domain/cents.ts")),
  // A payout entry's own pages (issue 23 §3: new, record): its form, rules and labels, one script.
  ...together(
    "payout-entries",
    app("admin/sections/payout_entries/entry-form.tsx"),
    app("admin/sections/payout_entries/schemas.ts"),
    app("admin/sections/payout_entries/records.ts"),
  ),
  // A Sunfire import's records and the client-matching rules (issue 24 §5): its upload, import and row pages share
  // them, one script.
  ...together("sunfire-imports", app("admin/sections/sunfire_imports/records.ts"), app("domain/sunfire-matching.ts")),
  // Mantine's class names for the plain elements (0.3 KB: the tables' and the badges' — the dashboard's, the
  // commissions', the downlines' — and the lists'): with what every page loads rather than a script of its own.
  ...together("app", app("components/data-table/mantine-classes.ts")),
];

/**
 * Issue 21: the browser's scripts and stylesheets, compressed once by the build with brotli at its best
 * quality (11: ~15 % smaller than the quality 4 a per-request compression can afford) into `<file>.br`
 * beside each file; the server sends them as they are (express-static-gzip, server/index.ts).
 */
function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir ?? "";
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => /\.(js|css|svg)$/.test(file))
          .map(async (file) => {
            const source = await readFile(path.join(dir, file));
            const compressed = brotliCompressSync(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            });
            await writeFile(path.join(dir, `${file}.br`), compressed);
          }),
      );
    },
  };
}

/**
 * The chunk tiers (scripts/lib/chunk-tiers.ts) take a module without the modules it imports (those belong to their own tier), which
 * rolldown allows only when an entry chunk may export more than its module: a route chunk may then also
 * export what another chunk takes from it (React Router reads the exports it knows). React Router asks for
 * "exports-only"; this runs after it, in the browser build only.
 */
function routeChunksMayExportMore(): Plugin {
  return {
    name: "route-chunks-may-export-more",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    options(options) {
      return { ...options, preserveEntrySignatures: "allow-extension" };
    },
  };
}

export default defineConfig({
  plugins: [
    mantineTableWithoutScrollContainer(),
    conformZodOnZodMini(),
    reactRouter(),
    routeChunksMayExportMore(),
    precompressAssets(),
  ],
  resolve: { tsconfigPaths: true },
  // ANALYZE=1: source maps, for attributing a bundle's bytes to modules.
  build: { sourcemap: process.env.ANALYZE === "1" },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  debugName: "tiers",
                  // Route modules and the client entry stay entries.
                  test: (id) => !id.includes(ROUTE_ENTRY) && id !== CLIENT_ENTRY,
                  name: chunkTiers(TIERS, pageChains, /[\\/]app[\\/](routes|layouts)[\\/]/),
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    },
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
