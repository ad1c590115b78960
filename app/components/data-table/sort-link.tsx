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
  // The icon is bound to the label's last word: a header that wraps keeps it right after its text, never
  // apart at the column's far edge (issue 20: "Writing agent").
  const cut = header.lastIndexOf(" ") + 1;
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
      {header.slice(0, cut)}
      <span className="sort-link-end">
        {header.slice(cut)}
        {sorted === "ascending" ? (
          <IconArrowUp size={14} aria-hidden />
        ) : sorted === "descending" ? (
          <IconArrowDown size={14} aria-hidden />
        ) : (
          <IconArrowsSort size={14} aria-hidden />
        )}
      </span>
      <VisuallyHidden>
        {sorted === "none" ? ", sort" : sorted === "descending" ? ", sort ascending" : ", sort descending"}
      </VisuallyHidden>
    </Anchor>
  );
}
