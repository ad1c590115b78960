import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PORTAL_ENTRY } from "../scripts/lib/portal-process.ts";

/**
 * docs/decisions/018-one-compiled-server.md, checked on the sources (unit tests run before the build; the
 * browser suite, tests/e2e/server.spec.ts and the hostile suite run the compiled server itself): production
 * runs build/server/index.js with plain node, and tsx is for development only.
 */
const ROOT = join(import.meta.dirname, "..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const pkg = JSON.parse(read("package.json")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Source files that end up in the production bundle (server/dev.ts is the development entry). */
function productionSources(): string[] {
  return ["server", "app"].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
      .map((e) => relative(ROOT, join(e.parentPath, e.name)))
      .filter((file) => file !== "server/dev.ts"),
  );
}

describe("decision 018: one compiled server, plain node in production", () => {
  it("npm start runs the compiled entry with plain node, the one the checks and the browser suite start", () => {
    expect(pkg.scripts.start).toBe(`node ${PORTAL_ENTRY}`);
    expect(pkg.scripts.start).not.toMatch(/tsx|--import|--loader|ts-node/);
    expect(read("playwright.config.ts")).toContain(`node ${PORTAL_ENTRY}`);
  });

  it("the image runs the compiled entry with node, and its runtime stage has no tsx and no TypeScript sources", () => {
    const dockerfile = read("Dockerfile");
    expect(dockerfile).toContain(`CMD ["node", "${PORTAL_ENTRY}"]`);
    expect(dockerfile).toMatch(/AS prod-deps\n[\s\S]*npm ci --omit=dev/);
    const runtime = dockerfile.slice(dockerfile.indexOf("AS runtime"));
    expect(runtime).toContain("COPY --from=prod-deps /app/node_modules ./node_modules");
    expect(runtime).not.toMatch(/\btsx\b|COPY (\S+ )?(server|app|tsconfig\.json)\b/);
  });

  it("tsx is a development dependency only, and no production module imports it", () => {
    expect(pkg.dependencies).not.toHaveProperty("tsx");
    expect(pkg.devDependencies).toHaveProperty("tsx");
    const importsTsx = productionSources().filter((file) =>
      /(?:from\s*|import\s*\(?\s*)["']tsx(?:\/[^"']*)?["']/.test(read(file)),
    );
    expect(importsTsx).toEqual([]);
  });

  it("the production entry takes the app from the same build (one module graph), not from a file at run time", () => {
    const main = read("server/main.ts");
    expect(main).toMatch(/from "virtual:react-router\/server-build"/);
    expect(read("server/index.ts")).not.toMatch(/pathToFileURL|import\([^)]*build/);
  });
});
