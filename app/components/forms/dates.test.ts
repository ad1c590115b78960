import { describe, expect, it } from "vitest";
import { calendarDate } from "./dates";

describe("the month the date picker opens at (spec §4: typing allowed, min and max dates)", () => {
  const bounds = { min: "1950-01-01", max: "2026-11-23" };
  it("the typed date when it is a real date within the bounds", () => {
    expect(calendarDate("04/12/1980", bounds)).toBe("1980-04-12");
    expect(calendarDate("4/2/1980", bounds)).toBe("1980-04-02");
  });
  it("the nearest bound for a typed date outside them", () => {
    expect(calendarDate("01/01/1900", bounds)).toBe("1950-01-01");
    expect(calendarDate("12/31/2030", bounds)).toBe("2026-11-23");
  });
  it("the latest allowed date when nothing usable is typed", () => {
    expect(calendarDate("", bounds)).toBe("2026-11-23");
    expect(calendarDate("02/30/2020", bounds)).toBe("2026-11-23");
    expect(calendarDate("12/3", bounds)).toBe("2026-11-23");
  });
  it("the earliest one without a latest (an expiry date)", () =>
    expect(calendarDate("", { min: "2026-11-24" })).toBe("2026-11-24"));
  it("nothing without bounds: the picker opens at the current month", () =>
    expect(calendarDate("", {})).toBeUndefined());
  it("timestamps as bounds count by their date", () => {
    expect(calendarDate("11/23/2026", { max: "2026-11-23T18:00:00Z" })).toBe("2026-11-23");
  });
});

describe("the year the month picker opens at (issue 37 §4: periods through one month picker)", () => {
  const firstDay = (typed: string) => {
    const match = /^(\d{1,2})\/(\d{4})$/.exec(typed);
    return match ? `${match[2]}-${match[1]!.padStart(2, "0")}-01` : null;
  };
  it("the typed month, or the nearest bound", () => {
    const bounds = { min: "2020-01-01", max: "2026-12-01" };
    expect(calendarDate("3/2024", bounds, firstDay)).toBe("2024-03-01");
    expect(calendarDate("01/2019", bounds, firstDay)).toBe("2020-01-01");
    expect(calendarDate("", bounds, firstDay)).toBe("2026-12-01");
  });
});
