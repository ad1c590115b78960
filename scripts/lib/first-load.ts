import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** The parts of React Router's server build that say what a page loads first (its asset manifest). */
export interface BuildManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { parentId?: string; module: string; imports?: string[]; css?: string[] }>;
}

export interface FirstLoad {
  routeId: string;
  js: string[];
  css: string[];
  jsBytes: number;
  cssBytes: number;
}

/** The route and its parents, root first. */
function chainOf(manifest: BuildManifest, routeId: string): string[] {
  const chain: string[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(id);
  return chain;
}

/**
 * What a browser fetches before a page is interactive: the client entry and its imports, then each
 * matched route's module, its static imports and its CSS (React Router emits them as modulepreload and
 * stylesheet links). Chunks imported dynamically (a calendar, a mask) come later and are not counted.
 */
export function firstLoadFiles(manifest: BuildManifest, routeId: string): { js: string[]; css: string[] } {
  const js = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const css = new Set<string>();
  for (const id of chainOf(manifest, routeId)) {
    const route = manifest.routes[id];
    if (!route) continue;
    js.add(route.module);
    for (const file of route.imports ?? []) js.add(file);
    for (const file of route.css ?? []) css.add(file);
  }
  return { js: [...js], css: [...css] };
}

/** Sizes as the server sends them: gzip at its default level. */
export function gzippedSize(file: string): number {
  return gzipSync(readFileSync(file)).length;
}

export function firstLoads(
  manifest: BuildManifest,
  sizeOf: (publicPath: string) => number,
  routeIds = Object.keys(manifest.routes),
): FirstLoad[] {
  return routeIds.map((routeId) => {
    const { js, css } = firstLoadFiles(manifest, routeId);
    const sum = (files: string[]) => files.reduce((total, file) => total + sizeOf(file), 0);
    return { routeId, js, css, jsBytes: sum(js), cssBytes: sum(css) };
  });
}

/**
 * The production build's manifest (the browser's copy, build/client/assets/manifest-<version>.js: the server
 * build is the running server and cannot be imported to read it) and a size function over build/client.
 */
export async function readBuild(root: string) {
  const assets = path.join(root, "build", "client", "assets");
  const newest = readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => ({ name, mtime: statSync(path.join(assets, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)[0];
  if (!newest) throw new Error("No build found: run `npm run build` first");
  const text = readFileSync(path.join(assets, newest.name), "utf8");
  const json = /^window\.__reactRouterManifest=(\{.*\});?\s*$/s.exec(text)?.[1];
  if (!json) throw new Error(`${newest.name}: not a React Router manifest`);
  const manifest = JSON.parse(json) as BuildManifest & { routes: Record<string, { hasDefaultExport?: boolean }> };
  const sizes = new Map<string, number>();
  const sizeOf = (publicPath: string) => {
    let size = sizes.get(publicPath);
    if (size === undefined) {
      // React Router marks a stylesheet that a dynamic import also links with a fragment (`…css#`).
      size = gzippedSize(path.join(root, "build", "client", publicPath.replace(/#.*$/, "")));
      sizes.set(publicPath, size);
    }
    return size;
  };
  return { manifest, sizeOf };
}

export const kb = (bytes: number) => bytes / 1024;

/**
 * Issue 22: an admin section's view and form are their own scripts (app/components/admin/section-registry.ts),
 * loaded by the client entry before the page hydrates, so they belong to the page's first load though React
 * Router's manifest does not list them. Read from the registry's chunk: per section, the files its view (and its
 * form) bring, their imports included (Vite's preload map).
 */
export function sectionScripts(root: string): Map<string, { view: string[]; form: string[] }> {
  const assets = path.join(root, "build", "client", "assets");
  const sections = new Map<string, { view: string[]; form: string[] }>();
  const entry =
    /"\.\.\/\.\.\/admin\/sections\/([a-z_]+)\/(view\.tsx|form\.ts)":\(\)=>[\w$]+\(\(\)=>import\([`"']\.\/([^`"']+)[`"']\)(?:,__vite__mapDeps\(\[([\d,]*)\]\))?/g;
  for (const name of readdirSync(assets).filter((n) => n.endsWith(".js"))) {
    const code = readFileSync(path.join(assets, name), "utf8");
    if (!code.includes("admin/sections/")) continue;
    const deps =
      /m\.f=\[([^\]]*)\]/
        .exec(code)?.[1]
        ?.match(/"[^"]+"/g)
        ?.map((s) => `/${s.slice(1, -1)}`) ?? [];
    for (const match of code.matchAll(entry)) {
      const [, key = "", file = "", chunk = "", indexes = ""] = match;
      const files = [
        `/assets/${chunk}`,
        ...indexes
          .split(",")
          .filter(Boolean)
          .map((i) => deps[Number(i)] ?? "")
          .filter((f) => f.endsWith(".js")),
      ].filter(Boolean);
      const section = sections.get(key) ?? { view: [], form: [] };
      section[file === "view.tsx" ? "view" : "form"] = files;
      sections.set(key, section);
    }
  }
  return sections;
}

/**
 * The first loads of the shared admin section pages with each section's scripts: the list with its view, the new
 * and record pages with its view and form (only what the page did not load already counts). `preloads` stays the
 * route's own: these scripts are not preloaded.
 */
export function sectionLoads(
  loads: FirstLoad[],
  sections: Map<string, { view: string[]; form: string[] }>,
  sizeOf: (publicPath: string) => number,
  routes: { list: string; withForm: readonly string[] },
): Array<FirstLoad & { preloads: number }> {
  const extra: Array<FirstLoad & { preloads: number }> = [];
  for (const load of loads) {
    const withForm = routes.withForm.includes(load.routeId);
    if (load.routeId !== routes.list && !withForm) continue;
    for (const [key, parts] of sections) {
      const js = new Set(load.js);
      for (const file of [...parts.view, ...(withForm ? parts.form : [])]) js.add(file);
      const files = [...js];
      extra.push({
        ...load,
        routeId: `${load.routeId} (${key})`,
        js: files,
        jsBytes: files.reduce((total, file) => total + sizeOf(file), 0),
        preloads: load.js.length,
      });
    }
  }
  return extra;
}
