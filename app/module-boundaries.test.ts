import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/decisions/016-module-boundaries.md, checked: what may import what. Every import of every source
 * file (tests excepted where said) is resolved to a repository path or a package name and held against
 * the rules below.
 */
const ROOT = join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !entry.parentPath.includes("+types"))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Each import of a file: `app/…`/`server/…` paths for the repository's own modules, else the package. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const found: string[] = [];
  const patterns = [
    /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']/g, // import … from "x", export … from "x"
    /(?:^|\n)\s*import\s*["']([^"']+)["']/g, // import "x" (side effect)
    /\bimport\(\s*["']([^"']+)["']\s*\)/g, // import("x")
  ];
  for (const match of patterns.flatMap((pattern) => [...text.matchAll(pattern)])) {
    const spec = match[1]!;
    if (spec.startsWith("~/")) found.push(normalize(`app/${spec.slice(2)}`));
    else if (spec.startsWith(".")) found.push(normalize(join(dirname(file), spec)));
    else found.push(spec);
  }
  return found.map((path) => path.replace(/\.(ts|tsx)$/, ""));
}

const app = sourceFiles("app");
const referenceApi = sourceFiles("server/reference-api");

/** Imports that break a rule: "file → import". */
function violations(files: string[], breaks: (target: string, file: string) => boolean): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((target) => breaks(target, file))
      .map((target) => `${file} → ${target}`),
  );
}

/** Each import circle of a module graph (module → the modules it imports), once, as "a → b → … → a". */
function importCircles(edges: Map<string, string[]>): string[] {
  const circles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (module: string) => {
    const at = path.indexOf(module);
    if (at >= 0) {
      circles.push([...path.slice(at), module].join(" → "));
      return;
    }
    if (done.has(module)) return;
    path.push(module);
    for (const target of edges.get(module) ?? []) visit(target);
    path.pop();
    done.add(module);
  };
  for (const module of edges.keys()) visit(module);
  return circles;
}

const SERVER_SIDE =
  /^(app\/\.server\/|node:|undici$|pino|sanitize-html$|remix-auth|@remix-run\/|@libsql\/|express$|server\/)/;
const RENDERING = new RegExp(
  [
    /^(react$|react-dom|react\/|react-router$|@react-router\/)/,
    /^(@mantine\/|@tabler\/|signature_pad$)/,
    /^app\/(components|routes|layouts|root)/,
  ]
    .map((r) => r.source)
    .join("|"),
);

/**
 * The one known exception: the upstream contract's zod schemas (and their types) still live under
 * app/.server/upstream/schemas/ (pure zod, one module per resource); the reference API builds its answers to
 * them, the ticket and notification components type their props with them (decision 016). The test below
 * fails once nothing outside .server imports them any more, so the exception is then removed.
 */
const CONTRACT_UNDER_SERVER = /^app\/\.server\/upstream\/schemas(\/|$)/;

/**
 * An admin section's folder (app/admin/sections/<key>/, ADR 024): its pure parts (shape, records, form schemas) are
 * domain, its `*.server.ts` parts (the upstream contract, the server half) are server-side, its view and form are
 * what the browser draws.
 */
const SECTION_PURE = /^app\/admin\/sections\/[^/]+\/(shape|records|schemas)$/;
const SECTION_SERVER = /^app\/admin\/sections\/[^/]+\/[^/]+\.server$/;
const SECTION_CONTRACT = /^app\/admin\/sections\/[^/]+\/contract\.server$/;
const isServerSide = (file: string) => file.startsWith("app/.server/") || /\.server\.tsx?$/.test(file);

function expectOnly(found: string[]) {
  expect(found).toEqual([]);
}

describe("decision 016: module boundaries", () => {
  it("the domain imports nothing server-side, nothing that renders, and nothing of the app but the domain", () => {
    const domain = app.filter(
      (f) => (f.startsWith("app/domain/") || SECTION_PURE.test(f.replace(/\.tsx?$/, ""))) && !isTest(f),
    );
    expect(domain.length).toBeGreaterThan(10);
    const outsideDomain = (target: string) =>
      target.startsWith("app/") && !target.startsWith("app/domain/") && !SECTION_PURE.test(target);
    expectOnly(
      violations(domain, (target) => SERVER_SIDE.test(target) || RENDERING.test(target) || outsideDomain(target)),
    );
  });

  it("components never import app/.server (not even its types)", () => {
    const components = app.filter((f) => f.startsWith("app/components/") && !isTest(f));
    expectOnly(
      violations(components, (target) => target.startsWith("app/.server/") && !CONTRACT_UNDER_SERVER.test(target)),
    );
  });

  it("an admin section's view and form never import server-side code (theirs or app/.server)", () => {
    const drawn = app.filter((f) => f.startsWith("app/admin/") && !isServerSide(f) && !isTest(f));
    expect(drawn.length).toBeGreaterThan(4);
    expectOnly(violations(drawn, (target) => target.startsWith("app/.server/") || /\.server$/.test(target)));
  });

  it("the upstream's transport (client: call, error classes) is used from app/.server only", () => {
    const outside = app.filter((f) => !f.startsWith("app/.server/"));
    expectOnly(violations(outside, (target) => target === "app/.server/upstream/client"));
  });

  it("app/.server imports only app/.server and the domain of the app (no cycle back into routes, layouts, components)", () => {
    const server = app.filter((f) => f.startsWith("app/.server/") && !isTest(f));
    const allowed = (target: string) =>
      /^app\/(\.server|domain)\//.test(target) || SECTION_PURE.test(target) || SECTION_SERVER.test(target);
    expectOnly(violations(server, (target) => target.startsWith("app/") && !allowed(target)));
  });

  it("the reference API may import app/domain and the admin sections' contracts, never anything else of the app", () => {
    const allowed = (target: string) =>
      target.startsWith("app/domain/") ||
      CONTRACT_UNDER_SERVER.test(target) ||
      SECTION_CONTRACT.test(target) ||
      SECTION_PURE.test(target);
    expectOnly(violations(referenceApi, (target) => target.startsWith("app/") && !allowed(target)));
  });

  it("the reference API has no import circle (type-only imports count): the seed reaches the db only as open()'s argument", () => {
    const modules = new Set(referenceApi.map((file) => file.replace(/\.(ts|tsx)$/, "")));
    const edges = new Map(
      referenceApi.map((file) => [
        file.replace(/\.(ts|tsx)$/, ""),
        importsOf(file).filter((target) => modules.has(target)),
      ]),
    );
    expect(edges.get("server/reference-api/app")?.length).toBeGreaterThan(10);
    expectOnly(importCircles(edges));
  });

  it("the circle check finds a circle, through type-only imports too", () => {
    const edges = new Map([
      ["db", ["seed"]],
      ["seed", ["mailer", "dates"]],
      ["mailer", ["db"]],
      ["dates", []],
    ]);
    expect(importCircles(edges)).toEqual(["db → seed → mailer → db"]);
    expect(
      importCircles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("the exception for the contract's schemas under app/.server is still needed (remove it once it is not)", () => {
    const users = [...app.filter((f) => !f.startsWith("app/.server/")), ...referenceApi].filter((file) =>
      importsOf(file).some((target) => CONTRACT_UNDER_SERVER.test(target)),
    );
    expect(users.length).toBeGreaterThan(0);
  });

  it("code that can reach the browser imports zod mini (or zod core's types), never zod classic", () => {
    // Issue 10: classic's methods bring all of zod into every page with a form; the form schemas are zod
    // mini and the browser build gives conform mini too (vite.config.ts). Only app/.server (never in the
    // browser) may use classic.
    const browserSide = app.filter((f) => !isServerSide(f) && !isTest(f));
    const classic = (target: string) =>
      /^zod($|\/)/.test(target) && !/^zod\/(mini|v4\/core|v4\/locales\/)/.test(target);
    expectOnly(violations(browserSide, classic));
  });

  it("the checker reads imports as written: ~/ paths, relative paths, type-only and side-effect imports", () => {
    const guards = importsOf("app/.server/guards.ts");
    expect(guards).toEqual(expect.arrayContaining(["react-router", "app/.server/context", "app/domain/access"]));
    expect(importsOf("app/root.tsx")).toEqual(
      expect.arrayContaining(["app/styles/mantine.css", "app/.server/context"]),
    );
  });
});
