import type { ReactNode } from "react";
import { MC } from "./data-table/mantine-classes";

/** The colours a light badge has a rule for in app.css (`.mantine-Badge-root[data-color]`; CellBadge's too). */
export type PlainBadgeColor = "blue" | "green" | "red" | "orange" | "yellow" | "gray";

/**
 * Mantine's light Badge as a plain element with its classes (issue 21): its colour comes from a data
 * attribute and the stylesheet, not a `style` attribute per badge, for badges drawn once per table row. With
 * Mantine's label element (a badge in running text); a table cell's badge is `CellBadge` (data-table/badge.tsx).
 */
export function PlainBadge({
  color,
  title,
  children,
}: {
  color: PlainBadgeColor;
  title?: string;
  children: ReactNode;
}) {
  return (
    <span className={MC.badge} data-variant="light" data-color={color} title={title}>
      <span className={MC.badgeLabel}>{children}</span>
    </span>
  );
}
