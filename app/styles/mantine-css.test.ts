import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * app/styles/mantine.css imports Mantine's styles per component (issue 10: first-load CSS ≤ 25 KB). A
 * component used without its styles renders unstyled, and nothing else would notice: this test reads
 * every import from @mantine/core in the app and asks for the component's own CSS file and the CSS of the
 * components it is built on.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const MANTINE_STYLES = join(ROOT, "node_modules", "@mantine", "core", "styles");

/** What a component is built on, where that has styles of its own (Mantine's sources). */
const BUILT_ON: Record<string, string[]> = {
  ActionIcon: ["UnstyledButton"],
  AppShell: [],
  Burger: ["UnstyledButton"],
  Button: ["UnstyledButton", "Loader"],
  Checkbox: ["InlineInput", "CheckboxIndicator"],
  CloseButton: ["UnstyledButton"],
  NativeSelect: ["Input"],
  NavLink: ["UnstyledButton"],
  Notification: ["CloseButton", "Loader"],
  PasswordInput: ["Input", "ActionIcon"],
  Popover: [],
  Radio: ["InlineInput", "RadioIndicator"],
  Table: [],
  TextInput: ["Input"],
  Textarea: ["Input"],
  Tooltip: ["Popover"],
};

function appFiles(): string[] {
  return readdirSync(join(ROOT, "app"), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** Every value imported from @mantine/core anywhere in the app (types excepted). */
function usedComponents(): Set<string> {
  const used = new Set<string>();
  for (const file of appFiles()) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g)) {
      for (const part of match[1]!.split(",")) {
        const name = part
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim();
        if (name && !name.startsWith("type ")) used.add(name);
      }
    }
  }
  return used;
}

const imported = new Set(
  [
    ...readFileSync(join(ROOT, "app", "styles", "mantine.css"), "utf8").matchAll(
      /@import "@mantine\/core\/styles\/([\w-]+)\.css"/g,
    ),
  ].map((m) => m[1]!),
);

describe("Mantine's styles, per component", () => {
  it("the global styles come first", () => {
    expect([...imported].slice(0, 3)).toEqual(["baseline", "default-css-variables", "global"]);
  });

  it("every component the app imports has its styles, and those of what it is built on", () => {
    const missing: string[] = [];
    for (const name of usedComponents()) {
      const needs = [name, ...(BUILT_ON[name] ?? [])].filter((n) => existsSync(join(MANTINE_STYLES, `${n}.css`)));
      for (const css of needs) if (!imported.has(css)) missing.push(`${name} needs ${css}.css`);
    }
    expect(missing).toEqual([]);
  });

  it("the order is Mantine's own (a base component's styles before the components built on it)", () => {
    const bundle = readFileSync(join(ROOT, "node_modules", "@mantine", "core", "styles.css"), "utf8");
    const at = (name: string) =>
      bundle.indexOf(
        readFileSync(join(MANTINE_STYLES, `${name}.css`), "utf8")
          .trim()
          .slice(0, 80),
      );
    const positions = [...imported].map(at);
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("the whole bundle is imported nowhere", () => {
    const offenders = appFiles()
      .filter((f) => readFileSync(f, "utf8").includes('"@mantine/core/styles.css"'))
      .map((f) => relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});

describe("Mantine's Table without its ScrollContainer (vite.config.ts strips it from the browser build)", () => {
  it("no app code uses Table.ScrollContainer: wide tables scroll in a .table-scroll block", () => {
    const users = appFiles()
      .filter((f) => readFileSync(f, "utf8").includes("Table.ScrollContainer"))
      .map((f) => relative(ROOT, f));
    expect(users).toEqual([]);
  });
});
