import { barChartGeometry } from "~/domain/bar-chart";

export interface Bar {
  /** Under the bar, e.g. "Oct 26". */
  label: string;
  value: number;
}

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
}: {
  bars: Bar[];
  label: string;
  formatTick: (value: number) => string;
  formatValue: (value: number) => string;
}) {
  const geometry = barChartGeometry(bars.map((b) => b.value));
  const top = geometry.ticks.at(-1) ?? 1;
  const bottom = geometry.ticks[0] ?? 0;
  const at = (tick: number) => ((tick - bottom) / (top - bottom || 1)) * 100;
  return (
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
                />
              </div>
            );
          })}
        </div>
      </div>
      <div
        className="bar-chart__labels"
        aria-hidden="true"
        style={{ gridTemplateColumns: `repeat(${Math.max(bars.length, 1)}, minmax(0, 1fr))` }}
      >
        {bars.map((bar, index) => (
          <span key={`${bar.label}-${index}`}>{bar.label}</span>
        ))}
      </div>
    </div>
  );
}
