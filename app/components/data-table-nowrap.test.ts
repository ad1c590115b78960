import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nowrapColumns } from "./data-table";

describe("nowrapColumns: the one-line columns written once on the table (issue 21)", () => {
  it("lists the 1-based positions of the columns marked noWrap", () => {
    expect(nowrapColumns([{}, { noWrap: true }, { noWrap: true }, {}, {}, { noWrap: true }], 0)).toBe("2 3 6");
  });
  it("counts the row checkboxes' column before them", () => {
    expect(nowrapColumns([{ noWrap: true }, {}, { noWrap: true }], 1)).toBe("2 4");
  });
  it("writes nothing when no column is", () => {
    expect(nowrapColumns([{}, { noWrap: false }], 0)).toBeUndefined();
  });
  it("app.css has a rule for every position up to 16", () => {
    const css = readFileSync(new URL("../styles/app.css", import.meta.url), "utf8");
    for (let n = 1; n <= 16; n++) {
      expect(css).toContain(
        `.data-table-scroll :where([data-nowrap~="${n}"]) td:nth-child(${n}):where(:not([colspan]))`,
      );
    }
  });
});
