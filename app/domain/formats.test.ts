import { describe, expect, it } from "vitest";
import { cleanCurrency, formatCurrency, formatDate, formatPercent, formatPeriod, ordinal } from "~/domain/formats";

describe("spec §9: date formats MM/DD/YYYY and MM/DD/YY", () => {
  it("MM/DD/YYYY is the default", () => {
    expect(formatDate("2024-03-05")).toBe("03/05/2024");
    expect(formatDate("2023-12-31")).toBe("12/31/2023");
  });

  it("MM/DD/YYYY on request", () => {
    expect(formatDate("2024-11-09", "MM/DD/YYYY")).toBe("11/09/2024");
  });

  it("MM/DD/YY on request", () => {
    expect(formatDate("2024-03-05", "MM/DD/YY")).toBe("03/05/24");
    expect(formatDate("2009-01-02", "MM/DD/YY")).toBe("01/02/09");
  });

  it.each([null, undefined, "", "not a date", "2024-13-45x"])("invalid or missing (%j) shows '—'", (value) => {
    expect(formatDate(value)).toBe("—");
    expect(formatDate(value, "MM/DD/YY")).toBe("—");
  });
});

describe("issue 37 §4: a period reads one way everywhere", () => {
  it.each([
    ["2026-11", "November 2026"],
    ["2025-01", "January 2025"],
    ["2024-12", "December 2024"],
  ])("%j → %j", (period, text) => expect(formatPeriod(period)).toBe(text));

  it("anything not a period stays as it is; missing shows '—'", () => {
    expect(formatPeriod("2026-13")).toBe("2026-13");
    expect(formatPeriod("all")).toBe("all");
    expect(formatPeriod(null)).toBe("—");
    expect(formatPeriod("")).toBe("—");
  });
});

describe("spec §5: currency cleaning strips everything except digits and the dot", () => {
  it.each([
    ["$1,234.50", "1234.50"],
    [" 12 345 ", "12345"],
    ["USD 7.5", "7.5"],
    ["-$3.00", "3.00"],
    ["abc", ""],
    ["", ""],
  ])("%j → %j", (input, output) => expect(cleanCurrency(input)).toBe(output));
});

describe("spec §9: currency default symbol $ with 2 decimals", () => {
  it("default $ and 2 decimals, grouped", () => {
    expect(formatCurrency(1234.5)).toBe("$1,234.50");
    expect(formatCurrency(0)).toBe("$0.00");
    expect(formatCurrency(1234567.891)).toBe("$1,234,567.89");
  });
  it("another symbol and decimals", () => {
    expect(formatCurrency(1234.5, "€")).toBe("€1,234.50");
    expect(formatCurrency(1234.5, "$", 0)).toBe("$1,235");
  });
  it("negative amounts put the sign before the symbol", () => {
    expect(formatCurrency(-12.3)).toBe("-$12.30");
    expect(formatCurrency(-0.001)).toBe("$0.00");
  });
  it("non-finite numbers show '—'", () => expect(formatCurrency(Number.NaN)).toBe("—"));
});

describe("spec §9: percent formats exist", () => {
  it("ratio to percent, 0 decimals by default", () => {
    expect(formatPercent(0.5)).toBe("50%");
    expect(formatPercent(0.125)).toBe("13%");
  });
  it("with decimals", () => {
    expect(formatPercent(0.125, 1)).toBe("12.5%");
    expect(formatPercent(1, 2)).toBe("100.00%");
  });
  it("non-finite numbers show '—'", () => expect(formatPercent(Number.POSITIVE_INFINITY)).toBe("—"));
});

describe("spec §9: an ordinal suffix helper", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
    [23, "23rd"],
    [101, "101st"],
    [111, "111th"],
    [112, "112th"],
    [0, "0th"],
  ])("%i → %s", (n, text) => expect(ordinal(n)).toBe(text));
});
