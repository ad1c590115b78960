/**
 * Issue 21: fewer, larger scripts (used by vite.config.ts, the browser build). Rolldown's automatic chunking
 * gives each set of pages that share modules its own chunk: 37 scripts on the sign-in page, 56–77 on the
 * others, each a request with its headers. The browser build groups instead by who needs a module first:
 * - `framework`: React, React DOM, React Router (every page; changes least, so stays cached longest);
 * - `app`: what the client entry and the root route import (every page: Mantine's core and the components
 *   the root draws, the toasts' static part, the error page);
 * - `signed-in`: what the default layout (the portal's chrome) imports besides, for every signed-in page;
 * - `sign-in`: what the sign-in layout imports besides.
 * Every page that loads a tier loaded each of its modules before (nothing unneeded is added); the rest (per
 * page, per feature, dynamic imports) keeps the automatic chunking.
 *
 * "Imports" follows static imports, and through a package's barrel (`@mantine/core`, `@tabler/icons-react`,
 * whose index imports every component) only to the modules behind the names imported: the barrel itself
 * would put every component any page uses into the root's tier.
 */
import path from "node:path";

export interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null;
}

/** Package barrels: an index that imports and re-exports a package's modules, one name each. */
const BARREL =
  /node_modules[\\/](@mantine[\\/][\w-]+[\\/]esm[\\/]index|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react)\.mjs$/;

/** The package a barrel belongs to ("@mantine/core"). */
export function barrelPackage(id: string): string | null {
  if (!BARREL.test(id)) return null;
  return /node_modules[\\/](@[\w-]+[\\/][\w-]+)[\\/]/.exec(id)?.[1]?.replace("\\", "/") ?? null;
}

const NAMES = /^\s*(?:type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/;

/** `a, b as c, type d` → [[a, a], [b, c], [d, d]] (imported or local name, then the name it goes by). */
function nameList(list: string): Array<[string, string]> {
  return list
    .split(",")
    .map((part) => NAMES.exec(part))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1] ?? "", match[2] ?? match[1] ?? ""]);
}

const quoted = (spec: string) => spec.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * The names a module's code imports from `spec` (`import { A, B as C } from "spec"`, `export { A } from
 * "spec"`), or null when it imports the module whole (`import * as`, a default import, `export *`).
 */
export function importedNames(code: string, spec: string): string[] | null {
  const from = `\\s*from\\s*["']${quoted(spec)}["']`;
  const names: string[] = [];
  const whole = new RegExp(`(?:import|export)\\s*(?:\\*|[\\w$]+\\s*(?:,|${from}))`, "g");
  for (const match of code.matchAll(new RegExp(`(?:import|export)\\s+[^;]*?${from}`, "g"))) {
    const statement = match[0];
    if (whole.test(statement)) return null;
    whole.lastIndex = 0;
    const list = /\{([^}]*)\}/.exec(statement)?.[1];
    if (list === undefined) continue;
    names.push(...nameList(list).map(([imported]) => imported));
  }
  return names;
}

/**
 * What a barrel's names stand for: exported name → the path (as written, relative to the barrel) of the
 * module behind it. Reads `import { a as b } from "./x"` with `export { b as c }`, and `export { a as c }
 * from "./x"`.
 */
export function barrelExports(code: string): Map<string, string> {
  const locals = new Map<string, string>();
  for (const match of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    for (const [, local] of nameList(match[1] ?? "")) locals.set(local, match[2] ?? "");
  }
  const exported = new Map<string, string>();
  for (const match of code.matchAll(/export\s*\{([^}]*)\}(\s*from\s*["']([^"']+)["'])?/g)) {
    for (const [name, as] of nameList(match[1] ?? "")) {
      const source = match[3] ?? locals.get(name);
      if (source) exported.set(as, source);
    }
  }
  return exported;
}

/**
 * The modules `from` loads statically, itself included: through a barrel, only the modules behind the names
 * imported (the whole barrel when a module imports it whole or its names cannot be read).
 */
export function staticClosure(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const barrels = new Map<string, Map<string, string>>();
  const exportsOf = (barrel: string) => {
    let map = barrels.get(barrel);
    if (!map) {
      map = barrelExports(graph.getModuleInfo(barrel)?.code ?? "");
      barrels.set(barrel, map);
    }
    return map;
  };
  const stack = [from];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    seen.add(id);
    for (const imported of info?.importedIds ?? []) {
      const pkg = barrelPackage(imported);
      const names = pkg && info?.code ? importedNames(info.code, pkg) : null;
      const behind = names?.map((name) => exportsOf(imported).get(name));
      if (!names || !behind || behind.some((source) => source === undefined)) {
        stack.push(imported);
        continue;
      }
      for (const source of behind) if (source) stack.push(path.resolve(path.dirname(imported), source));
    }
  }
  return seen;
}

const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
const CSS = /\.css($|\?)/;
const RUNTIME = /^\0?rolldown[\\/]runtime/;

/** A tier: a chunk holding what its roots import, less what an earlier tier holds. */
export interface Tier {
  name: string;
  /** Module ids (as the build names them) whose static imports the tier holds. */
  roots: string[];
  /** Only what these import too (what two tiers share, in a chunk of its own). */
  within?: string[];
  /**
   * Only what no page (its route and layouts) loads without one of these modules: a page that shares one of the tier's modules but not this
   * one (a list's filter field, outside any form) keeps it in the automatic chunking, not the whole tier.
   */
  onlyWith?: string[];
  /** Nothing a page (its route and layouts) that loads one of these loads. */
  notWith?: string[];
}

/**
 * A function for rolldown's `codeSplitting.groups[].name`: the first tier whose roots import a module, its
 * framework chunk for React and React Router, or null (automatic chunking). A module that imports CSS stays
 * with its importer: React Router links a route's stylesheets from the chunks that hold them, and a
 * stylesheet in a tier that a lazy chunk imports would be linked twice.
 */
export function chunkTiers(tiers: Tier[], pages: () => string[][], routeModules: RegExp) {
  const cache = new WeakMap<ModuleGraph, Array<{ name: string; modules: Set<string> }>>();
  return (id: string, graph: ModuleGraph): string | null => {
    let closures = cache.get(graph);
    if (!closures) {
      const closureOf = (roots: string[]) => new Set(roots.flatMap((root) => [...staticClosure(graph, root)]));
      closures = tiers.map((tier) => {
        const modules = closureOf(tier.roots);
        if (tier.within) {
          const within = closureOf(tier.within);
          for (const module of modules) if (!within.has(module)) modules.delete(module);
        }
        if (tier.onlyWith || tier.notWith) {
          for (const chain of pages()) {
            const loads = new Set(chain.flatMap((entry) => [...staticClosure(graph, entry)]));
            const keep =
              (!tier.onlyWith || tier.onlyWith.some((module) => loads.has(module))) &&
              !tier.notWith?.some((module) => loads.has(module));
            if (keep) continue;
            for (const module of loads) modules.delete(module);
          }
        }
        return { name: tier.name, modules };
      });
      cache.set(graph, closures);
    }
    if (CSS.test(id) || graph.getModuleInfo(id)?.importedIds.some((m) => CSS.test(m))) return null;
    // A route's own module stays with its entry (only its page needs it).
    if (routeModules.test(id)) return null;
    if (FRAMEWORK.test(id)) return "framework";
    // Rolldown's runtime (a few helpers every chunk imports): with what every page loads.
    if (RUNTIME.test(id)) return tiers[0]?.name ?? null;
    return closures.find((tier) => tier.modules.has(id))?.name ?? null;
  };
}
