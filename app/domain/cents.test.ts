import { describe, expect, it } from "vitest";
import { formatCurrency } from "./formats";
import { centsText, formatCents, moneyCellOf, parseCents, sumCents } from "./cents";

describe("money as integer cents (issue 23)", () => {
  it.each([
    ["12.50", 1250],
    ["$1,234.56", 123456],
    [" 7 ", 700],
    ["0.5", 50],
    [".05", 5],
    ["-12.30", -1230],
    ["$-12.30", -1230],
    ["-$12.30", -1230],
    ["(12.30)", -1230],
    ["($1,000)", -100000],
    ["000123.4", 12340],
    ["-0.00", 0],
    ["9999999999999.99", 999999999999999],
  ])("%j is %j cents", (text, cents) => {
    expect(parseCents(text)).toEqual({ cents });
  });

  it.each([
    ["", "blank"],
    ["   ", "blank"],
    ["N/A", "not-an-amount"],
    ["=1+2", "not-an-amount"],
    ["12-3", "not-an-amount"],
    ["--12", "not-an-amount"],
    ["1.2.3", "not-an-amount"],
    [".", "not-an-amount"],
    ["$", "not-an-amount"],
    ["12.345", "too-many-decimals"],
    ["99999999999999", "too-large"],
  ])("%j is refused: %s", (text, problem) => {
    expect(parseCents(text)).toEqual({ problem });
  });

  it("formats cents as spec §9's currency text, as formatCurrency does for amounts within its precision", () => {
    expect(formatCents(123450)).toBe("$1,234.50");
    expect(formatCents(-1230)).toBe("-$12.30");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(0)).toBe("$0.00");
    for (const cents of [1, 99, 100, 123456789, -5, -100001])
      expect(formatCents(cents)).toBe(formatCurrency(cents / 100));
  });

  it("writes cents as a plain decimal (a form's field, a CSV cell) that parseCents reads back", () => {
    expect([123450, -1230, 5, 0, -5].map(centsText)).toEqual(["1234.50", "-12.30", "0.05", "0.00", "-0.05"]);
    for (const cents of [1, 99, 100, 123456789, -100001]) expect(parseCents(centsText(cents))).toEqual({ cents });
  });

  it("adds 10,000 random statement lines exactly: the cents sum equals the exact (BigInt) sum of the amounts", () => {
    // A seeded generator: the same lines on every run.
    let seed = 23;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const lines: string[] = [];
    let exact = 0n;
    for (let i = 0; i < 10_000; i++) {
      const cents = Math.floor(random() * 2_000_000) - 400_000; // −$4,000.00 to $16,000.00, chargebacks included
      exact += BigInt(cents);
      const text = formatCents(cents).replace("$", i % 3 === 0 ? "" : "$");
      lines.push(cents < 0 && i % 2 === 0 ? `(${text.replace("-", "")})` : text);
    }
    const parsed = lines.map((line) => {
      const read = parseCents(line);
      if (!("cents" in read)) throw new Error(`${line}: ${read.problem}`);
      return read.cents;
    });
    expect(BigInt(sumCents(parsed))).toBe(exact);
    expect(formatCents(sumCents(parsed))).toBe(formatCents(Number(exact)));
  });

  it("refuses a sum past the exact range rather than rounding it", () => {
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(() => sumCents([0.5])).toThrow(RangeError);
  });
});

describe("a money cell (issue 37 §2)", () => {
  it("shows the currency text and marks a negative amount", () => {
    expect(moneyCellOf(8400)).toEqual({ text: "$84.00", negative: false });
    expect(moneyCellOf(0)).toEqual({ text: "$0.00", negative: false });
    expect(moneyCellOf(-1230)).toEqual({ text: "-$12.30", negative: true });
  });
});
