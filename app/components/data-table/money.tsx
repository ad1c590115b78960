import { moneyCellOf } from "~/domain/cents";

/**
 * An amount in a table cell (issue 37 §2): the currency text in tabular figures, a negative one marked beside its
 * minus sign (app.css .money); its column (`numeric`) right-aligns it.
 */
export function Money({ cents }: { cents: number }) {
  const { text, negative } = moneyCellOf(cents);
  return (
    <span className="money" data-negative={negative || undefined}>
      {text}
    </span>
  );
}
