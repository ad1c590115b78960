import { Badge, Button, Input, Table, UnstyledButton } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { MC } from "./mantine-classes";

const hashed = (names: string) => names.split(" ").filter((n) => n.startsWith("m_"));

describe("the data table's plain elements carry Mantine's current class names", () => {
  it.each([
    ["table", [Table.classes.table]],
    ["caption", [Table.classes.caption]],
    ["thead", [Table.classes.thead]],
    ["tr", [Table.classes.tr]],
    ["th", [Table.classes.th]],
    ["td", [Table.classes.td]],
    ["tbody", [Table.classes.tbody]],
    ["inputRoot", [Input.classes.root]],
    ["inputLabel", [Input.classes.label]],
    ["inputWrapper", [Input.classes.wrapper]],
    ["input", [Input.classes.input]],
    ["inputSection", [Input.classes.section]],
    ["button", [Button.classes.root, UnstyledButton.classes.root]],
    ["buttonInner", [Button.classes.inner]],
    ["buttonLabel", [Button.classes.label]],
    ["badge", [Badge.classes.root]],
    ["badgeLabel", [Badge.classes.label]],
  ] as const)("%s", (key, expected) => {
    expect(hashed(MC[key])).toEqual(expected);
  });
});

describe("the plain elements carry no readable Mantine name that nothing selects (issue 21: bytes on every table page)", () => {
  // app.css and the browser tests select only the badge's readable names; Mantine's CSS only the hashed ones.
  const kept = new Set(["mantine-focus-auto", "mantine-active", "mantine-Badge-root", "mantine-Badge-label"]);
  it.each(Object.entries(MC))("%s", (_key, names) => {
    expect(names.split(" ").filter((n) => n.startsWith("mantine-") && !kept.has(n))).toEqual([]);
  });
});
