import { describe, expect, it } from "vitest";
import {
  type ModuleGraph,
  barrelExports,
  barrelPackage,
  chunkTiers,
  importedNames,
  staticClosure,
} from "./chunk-tiers.ts";

const CORE = "/app/node_modules/@mantine/core/esm/index.mjs";
const BUTTON = "/app/node_modules/@mantine/core/esm/components/Button/Button.mjs";
const TABLE = "/app/node_modules/@mantine/core/esm/components/Table/Table.mjs";

/** A module graph from `{ id: [code, imported ids] }`. */
function graphOf(modules: Record<string, [string, string[]]>): ModuleGraph {
  return {
    getModuleInfo: (id) => {
      const module = modules[id];
      return module ? { code: module[0], importedIds: module[1] } : null;
    },
  };
}

describe("barrels", () => {
  it("knows Mantine's and Tabler's package indexes, and nothing else", () => {
    expect(barrelPackage(CORE)).toBe("@mantine/core");
    expect(barrelPackage("/x/node_modules/@tabler/icons-react/dist/esm/tabler-icons-react.mjs")).toBe(
      "@tabler/icons-react",
    );
    expect(barrelPackage(BUTTON)).toBeNull();
    expect(barrelPackage("/x/app/components/index.mjs")).toBeNull();
  });

  it("reads the names a module imports from a package, or null when it takes it whole", () => {
    const code = `import { Button, Table as T } from "@mantine/core";\nimport { useId } from "@mantine/hooks";\nexport { Group } from '@mantine/core';`;
    expect(importedNames(code, "@mantine/core")).toEqual(["Button", "Table", "Group"]);
    expect(importedNames(code, "@mantine/hooks")).toEqual(["useId"]);
    expect(importedNames(`import * as M from "@mantine/core";`, "@mantine/core")).toBeNull();
    expect(importedNames(`import M, { Button } from "@mantine/core";`, "@mantine/core")).toBeNull();
    expect(importedNames(`export * from "@mantine/core";`, "@mantine/core")).toBeNull();
  });

  it("maps a barrel's exported names to the modules behind them", () => {
    const code = [
      `import { Button } from "./components/Button/Button.mjs";`,
      `import { em, rem as toRem } from './core/rem.mjs';`,
      `export { default as IconX } from './icons/IconX.mjs';`,
      `export { Button, em, toRem as rem };`,
    ].join("\n");
    expect(Object.fromEntries(barrelExports(code))).toEqual({
      Button: "./components/Button/Button.mjs",
      em: "./core/rem.mjs",
      rem: "./core/rem.mjs",
      IconX: "./icons/IconX.mjs",
    });
  });
});

describe("staticClosure", () => {
  const graph = graphOf({
    "/app/root.tsx": [`import { Button } from "@mantine/core";\nimport "./a";`, [CORE, "/app/a.ts"]],
    "/app/a.ts": [`export const a = 1;`, []],
    "/app/page.tsx": [`import { Table } from "@mantine/core";`, [CORE]],
    "/app/whole.tsx": [`import * as M from "@mantine/core";`, [CORE]],
    [CORE]: [
      `import { Button } from "./components/Button/Button.mjs";\nimport { Table } from "./components/Table/Table.mjs";\nexport { Button, Table };`,
      [BUTTON, TABLE],
    ],
    [BUTTON]: [``, []],
    [TABLE]: [``, []],
  });

  it("follows a barrel only to the names imported", () => {
    expect([...staticClosure(graph, "/app/root.tsx")].sort()).toEqual(["/app/a.ts", "/app/root.tsx", BUTTON].sort());
  });

  it("takes the whole barrel when a module imports it whole", () => {
    expect(staticClosure(graph, "/app/whole.tsx")).toEqual(new Set(["/app/whole.tsx", CORE, BUTTON, TABLE]));
  });
});

describe("chunkTiers", () => {
  const graph = graphOf({
    "/app/entry.tsx": [
      `import "./shared"; import "/n/node_modules/react/index.js";`,
      ["/app/shared.ts", "/n/node_modules/react/index.js"],
    ],
    "/app/shared.ts": [``, []],
    "/n/node_modules/react/index.js": [``, []],
    "/app/layout.tsx?e": [`import "./chrome"; import "./styled";`, ["/app/chrome.ts", "/app/styled.ts"]],
    "/app/chrome.ts": [``, ["/app/field.ts"]],
    "/app/styled.ts": [`import "./s.css";`, ["/app/s.css"]],
    "/app/field.ts": [``, []],
    "/app/other.tsx?e": [`import "./field";`, ["/app/field.ts"]],
    "/app/routes/page.tsx": [``, []],
  });
  const tiers = chunkTiers(
    [
      { name: "app", roots: ["/app/entry.tsx"] },
      { name: "chrome", roots: ["/app/layout.tsx?e"], onlyWith: ["/app/layout.tsx?e"] },
    ],
    () => [["/app/layout.tsx?e"], ["/app/other.tsx?e"]],
    /\/routes\//,
  );

  it("puts a module in the first tier that imports it, React in its own", () => {
    expect(tiers("/app/shared.ts", graph)).toBe("app");
    expect(tiers("/n/node_modules/react/index.js", graph)).toBe("framework");
    expect(tiers("/app/chrome.ts", graph)).toBe("chrome");
  });

  it("leaves to the automatic chunking: CSS and its importers, route modules, and what a page outside `onlyWith` loads", () => {
    expect(tiers("/app/s.css", graph)).toBeNull();
    expect(tiers("/app/styled.ts", graph)).toBeNull();
    expect(tiers("/app/routes/page.tsx", graph)).toBeNull();
    // field.ts: the chrome imports it, and so does a page outside the layout.
    expect(tiers("/app/field.ts", graph)).toBeNull();
  });
});
