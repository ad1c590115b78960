import { Anchor } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

export const ROW_MENU_ICON_ID = "row-menu-dots";

/** The row menu's icon (Tabler's dots), defined once per page for every row's menu to use. */
export function RowMenuIcon() {
  return (
    <svg width={0} height={0} style={{ position: "absolute" }} aria-hidden="true" focusable="false">
      <symbol
        id={ROW_MENU_ICON_ID}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M4 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0" />
        <path d="M11 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0" />
        <path d="M18 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0" />
      </symbol>
    </svg>
  );
}

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
        {/* The dots drawn once per table (DataTable's ROW_MENU_ICON), used here: 25 rows, one icon's markup. */}
        <svg width={18} height={18} aria-hidden="true">
          <use href={`#${ROW_MENU_ICON_ID}`} />
        </svg>
      </summary>
      <div className="row-menu-items">
        {editHref ? (
          <Anchor component={Link} to={editHref}>
            {editLabel}
          </Anchor>
        ) : null}
        {more}
        {deleteHref ? (
          <Anchor component={Link} to={deleteHref} c="red.9" preventScrollReset>
            Delete
          </Anchor>
        ) : null}
      </div>
    </details>
  );
}
