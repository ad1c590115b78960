import type { ReactNode } from "react";
import { type StatusLabel, toneOf, waitingText, waitingTone } from "~/domain/statuses";

/**
 * A status as a badge, its colour from the one vocabulary (domain/statuses.ts): the same word has the same colour on
 * every list, record page and card. A light badge drawn by a class (app.css .admin-tag, written as it is: no
 * capitals), no inline style per row. `children`: the word with more said (a date, a count) — the tone stays the
 * word's; `title`: the status's explanation (an RTS status's description).
 */
export function StatusBadge({
  status,
  children,
  title,
  testId,
}: {
  status: StatusLabel | (string & {});
  children?: ReactNode;
  title?: string;
  testId?: string;
}) {
  return (
    <span className="admin-tag" data-color={toneOf(status)} title={title} data-testid={testId}>
      {children ?? status}
    </span>
  );
}

/** A conversation awaiting staff, as the time it has waited: gray, amber after 7 days, red after 30 (domain/statuses.ts). */
export function WaitingBadge({ days }: { days: number }) {
  return (
    <span className="admin-tag" data-color={waitingTone(days)}>
      {waitingText(days)}
    </span>
  );
}
