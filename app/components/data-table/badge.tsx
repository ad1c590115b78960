import type { ReactNode } from "react";
import { MC } from "./mantine-classes";

/** The light badge colours a table cell uses (app.css .cell-badge[data-color]). */
export type CellBadgeColor = "green" | "orange" | "gray" | "red" | "blue";

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
