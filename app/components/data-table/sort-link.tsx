import { Anchor, VisuallyHidden } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconArrowsSort } from "@tabler/icons-react";
import { Link } from "react-router";

/** A sortable column's header: a link to the next sort (spec §4), with the current direction shown and named. */
export function SortLink({
  header,
  to,
  sorted,
}: {
  header: string;
  to: string;
  sorted: "ascending" | "descending" | "none";
}) {
  return (
    // The header's own size and weight (a plain header looks the same), the icon right after the label.
    <Anchor
      component={Link}
      to={to}
      preventScrollReset
      underline="never"
      c="inherit"
      fz="inherit"
      fw="inherit"
      className="sort-link"
    >
      {header}
      {sorted === "ascending" ? (
        <IconArrowUp size={14} aria-hidden />
      ) : sorted === "descending" ? (
        <IconArrowDown size={14} aria-hidden />
      ) : (
        <IconArrowsSort size={14} aria-hidden />
      )}
      <VisuallyHidden>
        {sorted === "none" ? ", sort" : sorted === "descending" ? ", sort ascending" : ", sort descending"}
      </VisuallyHidden>
    </Anchor>
  );
}
