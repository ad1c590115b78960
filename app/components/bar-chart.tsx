import { barChartGeometry } from "~/domain/bar-chart";

export interface Bar {
  /** Under the bar, e.g. "Oct 26". */
  label: string;
  value: number;
  /**
   * A stacked bar's parts, bottom first, their values adding up to `value` (non-negative): each drawn in its
   * series' tone (the chart's `legend`). Absent: one plain bar.
   */
  parts?: readonly number[];
}

/** The tones of a stacked chart's series, in order (app.css .bar-chart__part[data-tone]). */
export const BAR_TONES = 3;

/**
 * A bar chart drawn with HTML and CSS from geometry computed while rendering (app/domain/bar-chart.ts):
 * no chart library in the browser, the same picture with or without JavaScript, text that stays readable
 * at any width. It is an image to assistive technology (`label`); a table beside it carries the numbers.
 */
export function BarChart({
  bars,
  label,
  formatTick,
  formatValue,
  legend,
  dense = false,
}: {
  bars: Bar[];
  label: string;
  formatTick: (value: number) => string;
  formatValue: (value: number) => string;
  /** A stacked chart's series names, in the order of each bar's `parts` (at most BAR_TONES), shown under it. */
  legend?: readonly string[];
  /** Many bars (two years of months): every third is labelled, every sixth on a phone (else every one, every other). */
  dense?: boolean;
}) {
  const geometry = barChartGeometry(bars.map((b) => b.value));
  const top = geometry.ticks.at(-1) ?? 1;
  const bottom = geometry.ticks[0] ?? 0;
  const at = (tick: number) => ((tick - bottom) / (top - bottom || 1)) * 100;
  const chart = (
    <div className="bar-chart" role="img" aria-label={label}>
      <div className="bar-chart__plot" aria-hidden="true">
        {geometry.ticks.map((tick) => (
          <div key={tick} className="bar-chart__tick" style={{ bottom: `${at(tick)}%` }}>
            <span>{formatTick(tick)}</span>
          </div>
        ))}
        <div
          className="bar-chart__bars"
          style={{ gridTemplateColumns: `repeat(${Math.max(bars.length, 1)}, minmax(0, 1fr))` }}
        >
          {bars.map((bar, index) => {
            const { height, negative } = geometry.bars[index] ?? { height: 0, negative: false };
            return (
              <div
                key={`${bar.label}-${index}`}
                className="bar-chart__column"
                title={`${bar.label}: ${formatValue(bar.value)}`}
              >
                <div
                  className="bar-chart__bar"
                  data-negative={negative || undefined}
                  style={
                    negative
                      ? { top: `${100 - geometry.zero}%`, height: `${height}%` }
                      : { bottom: `${geometry.zero}%`, height: `${height}%` }
                  }
                >
                  {bar.parts && bar.value > 0
                    ? bar.parts.map((part, i) => (
                        <div
                          key={i}
                          className="bar-chart__part"
                          data-tone={i % BAR_TONES}
                          style={{ height: `${(Math.max(part, 0) / bar.value) * 100}%` }}
                        />
                      ))
                    : null}
                </div>
              </div>
            );
          })}
        </div>
      </div>
      <div
        className="bar-chart__labels"
        aria-hidden="true"
        data-dense={dense || undefined}
        style={{ gridTemplateColumns: `repeat(${Math.max(bars.length, 1)}, minmax(0, 1fr))` }}
      >
        {bars.map((bar, index) => (
          <span key={`${bar.label}-${index}`}>{bar.label}</span>
        ))}
      </div>
    </div>
  );
  if (!legend) return chart;
  return (
    <div className="bar-chart-stacked">
      {chart}
      <ul className="bar-chart__legend">
        {legend.map((name, i) => (
          <li key={name}>
            <span className="bar-chart__swatch" data-tone={i % BAR_TONES} aria-hidden="true" />
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}
