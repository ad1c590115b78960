import { describe, expect, it, vi } from "vitest";
import { perSeedDay, seedDates } from "./seed-dates.ts";

describe("seedDates", () => {
  const d = seedDates("2026-03-31");

  it("counts days back (at a UTC time) and ahead of the seed day", () => {
    expect(d.day).toBe("2026-03-31");
    expect(d.daysAgo(1, "09:30")).toBe("2026-03-30T09:30:00.000Z");
    expect(d.daysAgo(31)).toBe("2026-02-28T12:00:00.000Z");
    expect(d.daysFromNow(1)).toBe("2026-04-01");
    expect(d.daysFromNow(-366)).toBe("2025-03-30");
  });

  it("counts months from the seed day's month, across years and short months", () => {
    expect(d.monthsAgo(0)).toBe("2026-03");
    expect(d.monthsAgo(1)).toBe("2026-02");
    expect(d.monthsAgo(3)).toBe("2025-12");
    expect(d.monthStart(1)).toBe("2026-04-01");
    expect(d.monthStart(-14)).toBe("2025-01-01");
    expect(d.monthEnd(-1)).toBe("2026-02-28");
    expect(seedDates("2028-03-15").monthEnd(-1)).toBe("2028-02-29");
    expect(d.monthEnd(9)).toBe("2026-12-31");
  });

  it("takes a Date's UTC day, and today's by default", () => {
    expect(seedDates(new Date("2026-03-31T23:59:59Z")).day).toBe("2026-03-31");
    expect(seedDates(new Date("2026-04-01T00:00:00Z")).day).toBe("2026-04-01");
    vi.useFakeTimers({ now: new Date("2030-01-02T23:30:00Z"), toFake: ["Date"] });
    try {
      expect(seedDates().day).toBe("2030-01-02");
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a malformed day or time", () => {
    expect(() => seedDates("2026-3-31")).toThrow("Seed day must be YYYY-MM-DD");
    expect(() => seedDates("2026-13-01")).toThrow("Invalid seed day");
    expect(() => seedDates("2026-02-30")).toThrow("Invalid seed day");
    expect(() => d.daysAgo(1, "9:30")).toThrow("Seed time must be HH:mm");
  });
});

describe("perSeedDay", () => {
  it("builds once per seed day", () => {
    const build = vi.fn((dates: { day: string }) => [dates.day]);
    const cached = perSeedDay(build);
    const first = cached(seedDates("2026-03-31"));
    expect(cached(seedDates("2026-03-31"))).toBe(first);
    expect(cached(seedDates("2026-04-01"))).toEqual(["2026-04-01"]);
    expect(build).toHaveBeenCalledTimes(2);
  });
});
