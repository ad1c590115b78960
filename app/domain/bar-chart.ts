/**
 * The geometry of a bar chart, computed on the server (issue 10: charts cost ≤ 20 KB; this one costs none
 * in the browser). Values are placed on a scale from the lowest to the highest "nice" tick, zero included,
 * so bars grow up (or down, for a negative value) from the zero line.
 */
export interface BarChartGeometry {
  /** Tick values, lowest first, evenly spaced, zero among them. */
  ticks: number[];
  /** Where zero sits, in % of the chart's height from the bottom. */
  zero: number;
  /** Per value: its bar, in % of the chart's height, from the zero line. */
  bars: Array<{ value: number; height: number; negative: boolean }>;
}

/** 1, 2, 2.5 or 5 × 10^k: the smallest such step ≥ `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw - 1e-9 * power);
  return step ?? 10 * power;
}

export function barChartGeometry(values: number[], { ticks: wanted = 4 } = {}): BarChartGeometry {
  const finite = values.map((v) => (Number.isFinite(v) ? v : 0));
  const max = Math.max(0, ...finite);
  const min = Math.min(0, ...finite);
  const step = niceStep((max - min) / wanted);
  const top = Math.ceil(max / step) * step || step;
  const bottom = Math.floor(min / step) * step;
  const span = top - bottom;
  const ticks: number[] = [];
  for (let t = bottom; t <= top + step / 2; t += step) ticks.push(Math.round(t * 100) / 100);
  const zero = bottom === 0 ? 0 : (-bottom / span) * 100;
  return {
    ticks,
    zero,
    bars: finite.map((value) => ({ value, height: (Math.abs(value) / span) * 100, negative: value < 0 })),
  };
}
