import { describe, expect, it } from "vitest";
import { csvCell, csvText, neutralisedCell } from "./csv";

describe("CSV cells a spreadsheet would read as formulas are neutralised (OWASP CSV Injection; issue 35)", () => {
  it.each([
    ["=", '=HYPERLINK("http://evil.example.com")'],
    ["+", "+1 555 0100"],
    ["-", "-2+3"],
    ["@", "@SUM(A1:A9)"],
    ["a tab", "\t=1+1"],
    ["a carriage return", "\r=1+1"],
    ["a line feed", "\n=1+1"],
    ["a fullwidth ＝ (U+FF1D)", "＝1+1"],
    ["a fullwidth ＋ (U+FF0B)", "＋1+1"],
    ["a fullwidth － (U+FF0D)", "－1+1"],
    ["a fullwidth ＠ (U+FF20)", "＠SUM(A1)"],
    ["spaces, then =", "   =cmd|' /C calc'!A0"],
    ["a no-break space, then +", "\u00a0+1+1"],
    ["an ideographic space, then ＝", "\u3000＝1+1"],
    ["a space, then @", " @SUM(A1)"],
  ])("%s at the start gets a leading quote", (_start, text) => {
    expect(neutralisedCell(text)).toBe(`'${text}`);
  });

  it.each([
    ["plain text", "Summit Mutual"],
    ["a formula sign inside the text", "a=b+c-d@e"],
    ["a quote already at the start", "'=1+1"],
    ["a number", "1250.00"],
    ["spaces before text", "  Maria"],
    ["a fullwidth sign inside the text", "Ａ＝Ｂ"],
    ["the empty cell", ""],
  ])("%s is left as it is", (_what, text) => {
    expect(neutralisedCell(text)).toBe(text);
  });

  it("quotes a cell with a comma, a semicolon, a quote or a line break, after neutralising it", () => {
    expect(csvCell("a, b")).toBe('"a, b"');
    // Split at the semicolon by a spreadsheet whose list separator it is, `=1+1` would be a cell of its own.
    expect(csvCell("x;=1+1")).toBe('"x;=1+1"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("\r=1+1")).toBe('"\'\r=1+1"');
    expect(csvCell("＝1+1")).toBe("'＝1+1");
  });

  it("writes numbers, booleans and nothing as text (a negative number too is neutralised)", () => {
    expect(csvCell(12)).toBe("12");
    expect(csvCell(-2)).toBe("'-2");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("joins rows with CRLF, one after the last", () => {
    expect(
      csvText([
        ["Name", "Note"],
        ["Ann", "＋1"],
      ]),
    ).toBe("Name,Note\r\nAnn,'＋1\r\n");
  });
});
