import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The per-row menu: a native disclosure (it opens without JavaScript) holding the row's actions.
 * An action that is not available for the row is not shown.
 */
export function RowMenu({
  label,
  editHref,
  editLabel = "Edit",
  deleteHref,
  more,
}: {
  label: string;
  editHref: string | null;
  /** The record link's words (the desk's "Review"). */
  editLabel?: string;
  deleteHref: string | null;
  /** The row's other actions (links, or small forms), after Edit. */
  more?: ReactNode;
}) {
  if (!editHref && !deleteHref && !more) return null;
  return (
    <details className="row-menu">
      <summary aria-label={`Actions for ${label}`}>
        {/* The dots are drawn by app.css (.row-menu summary::before): no element per row for the icon. */}
      </summary>
      <div className="row-menu-items">
        {editHref ? (
          <Link to={editHref} className="anchor">
            {editLabel}
          </Link>
        ) : null}
        {more}
        {deleteHref ? (
          <Link to={deleteHref} className="anchor" data-danger preventScrollReset>
            Delete
          </Link>
        ) : null}
      </div>
    </details>
  );
}
