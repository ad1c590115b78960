import { IconChevronDown } from "@tabler/icons-react";
import { Link } from "react-router";
import type { MenuItem } from "~/domain/menu";
import { PortalForm } from "./forms/form";

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("");
}

/**
 * The header's user menu (issue 11): who is signed in, their profile and Logout. A native disclosure, so it
 * opens and Logout posts without JavaScript.
 */
export function UserMenu({
  userName,
  email,
  profile,
  logout,
}: {
  userName: string;
  email: string;
  profile: MenuItem | null;
  logout: MenuItem | null;
}) {
  return (
    <details className="user-menu">
      <summary aria-label={`Account: ${userName}`} data-testid="signed-in-as">
        <span className="user-menu__avatar" aria-hidden>
          {initialsOf(userName)}
        </span>
        <span className="user-menu__name">{userName}</span>
        <IconChevronDown size={16} aria-hidden />
      </summary>
      <div className="user-menu__panel">
        <p className="txt" data-size="sm">
          Signed in as {userName}
        </p>
        <p className="txt user-menu__email" data-size="sm" data-dimmed>
          {email}
        </p>
        {profile ? (
          <Link to={profile.to} className="user-menu__item">
            {profile.label}
          </Link>
        ) : null}
        {logout ? (
          <PortalForm action={logout.to}>
            <button type="submit" className="user-menu__item" data-menu-item={logout.key}>
              {logout.label}
            </button>
          </PortalForm>
        ) : null}
      </div>
    </details>
  );
}
