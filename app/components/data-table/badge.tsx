import type { ReactNode } from "react";
import type { PlainBadgeColor } from "../plain-badge";
import { MC } from "./mantine-classes";

/** The light badge colours (app.css `.mantine-Badge-root[data-color]`, shared with PlainBadge). */
export type CellBadgeColor = PlainBadgeColor;

/**
 * Mantine's light Badge as a table cell carries it: its own classes, the colour by a data attribute whose
 * variables are in app.css (.cell-badge), instead of a component with an inline style per row (issue 21).
 * Its text sits in the root (no label element: one element a row fewer). `plain`: as written (no capitals), never narrower than its text (the enrollment statuses).
 */
export function CellBadge({
  color,
  plain = false,
  children,
}: {
  color: CellBadgeColor;
  plain?: boolean;
  children: ReactNode;
}) {
  return (
    <span className={`${MC.badge} cell-badge`} data-variant="light" data-color={color} data-plain={plain || undefined}>
      {children}
    </span>
  );
}
