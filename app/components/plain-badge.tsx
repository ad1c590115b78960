import { Badge } from "@mantine/core";
import type { ReactNode } from "react";

/** The colours a PlainBadge has a rule for in app.css (`.mantine-Badge-root[data-color]`). */
export type PlainBadgeColor = "blue" | "green" | "red" | "orange" | "yellow" | "gray";

/**
 * Mantine's light Badge as a plain element with its classes (issue 21): its colour comes from a data
 * attribute and the stylesheet, not a `style` attribute per badge, for badges drawn once per table row.
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
    <span className={`${Badge.classes.root} mantine-Badge-root`} data-variant="light" data-color={color} title={title}>
      <span className={`${Badge.classes.label} mantine-Badge-label`}>{children}</span>
    </span>
  );
}
