import { Link } from "react-router";
import { TABLE_ICON, TableIcon } from "./icons";

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
    // The header's own size and weight (a plain header looks the same), the icon right after the label: a plain
    // link styled by app.css .sort-link (issue 21: Mantine's Anchor put an inline style on every header).
    <Link to={to} preventScrollReset className="sort-link mantine-focus-auto">
      {header.slice(0, cut)}
      <span className="sort-link-end">
        {header.slice(cut)}
        <TableIcon
          size={14}
          name={
            sorted === "ascending" ? TABLE_ICON.sortUp : sorted === "descending" ? TABLE_ICON.sortDown : TABLE_ICON.sort
          }
        />
      </span>
      <span className="visually-hidden">
        {sorted === "none" ? ", sort" : sorted === "descending" ? ", sort ascending" : ", sort descending"}
      </span>
    </Link>
  );
}
