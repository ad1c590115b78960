import type { ReactNode } from "react";

/**
 * A status tag as light as a table cell can carry: Mantine's light Badge look, drawn by a class (app.css
 * .admin-tag) instead of a component with its inline variables — the admin tables show two per row.
 */
export function Tag({
  color,
  outline = false,
  children,
}: {
  color: "green" | "yellow" | "blue" | "red" | "orange" | "gray";
  outline?: boolean;
  children: ReactNode;
}) {
  return (
    <span className="admin-tag" data-color={color} data-outline={outline || undefined}>
      {children}
    </span>
  );
}
