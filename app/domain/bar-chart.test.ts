import { describe, expect, it } from "vitest";
import { barChartGeometry, niceStep } from "./bar-chart";

describe("niceStep", () => {
  it.each([
    [0.7, 1],
    [1, 1],
    [1.2, 2],
    [2.2, 2.5],
    [3, 5],
    [7, 10],
    [1300, 2000],
    [2400, 2500],
  ])("%d → %d", (raw, step) => expect(niceStep(raw)).toBe(step));

  it("a zero or unusable span still gives a step", () => {
    expect(niceStep(0)).toBe(1);
    expect(niceStep(Number.NaN)).toBe(1);
  });
});

describe("barChartGeometry", () => {
  it("positive values: ticks from zero to a nice top, bars as a share of it", () => {
    const g = barChartGeometry([1200, 5400, 3000]);
    expect(g.ticks).toEqual([0, 2000, 4000, 6000]);
    expect(g.zero).toBe(0);
    expect(g.bars.map((b) => Math.round(b.height))).toEqual([20, 90, 50]);
    expect(g.bars.every((b) => !b.negative)).toBe(true);
  });

  it("a negative value (a month of chargebacks) hangs below the zero line", () => {
    const g = barChartGeometry([3000, -1000]);
    expect(g.ticks[0]).toBeLessThan(0);
    expect(g.ticks).toContain(0);
    expect(g.zero).toBeGreaterThan(0);
    expect(g.bars[1]).toMatchObject({ value: -1000, negative: true });
    // Both bars on one scale: 3000 is three times as tall as 1000.
    expect(g.bars[0]!.height / g.bars[1]!.height).toBeCloseTo(3);
  });

  it("no earnings at all: a flat chart, not a division by zero", () => {
    const g = barChartGeometry([0, 0]);
    expect(g.bars.map((b) => b.height)).toEqual([0, 0]);
    expect(g.ticks.length).toBeGreaterThan(1);
    expect(barChartGeometry([]).bars).toEqual([]);
  });
});
