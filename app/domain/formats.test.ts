import { describe, expect, it } from "vitest";
import { formatDate } from "~/domain/formats";

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
