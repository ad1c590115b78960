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
