import { Anchor } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The per-row menu: a native disclosure (it opens without JavaScript) holding the row's actions.
 * An action that is not available for the row is not shown.
 */
export function RowMenu({
  label,
  editHref,
  deleteHref,
  more,
}: {
  label: string;
  editHref: string | null;
  deleteHref: string | null;
  /** The row's other actions (links, or small forms), after Edit. */
  more?: ReactNode;
}) {
  if (!editHref && !deleteHref && !more) return null;
  return (
    <details className="row-menu">
      <summary aria-label={`Actions for ${label}`}>
        <IconDots size={18} aria-hidden />
      </summary>
      <div className="row-menu-items">
        {editHref ? (
          <Anchor component={Link} to={editHref}>
            Edit
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
