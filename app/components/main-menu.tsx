import { NavLink as MantineNavLink, UnstyledButton } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { NavLink } from "react-router";
import type { MenuItem } from "~/domain/menu";
import { PortalForm } from "./forms/form";

/**
 * A menu link: Mantine's NavLink look on a plain router link (issue 21: the menu is on every page, and the
 * component drew an empty description and section into each entry). The router's aria-current="page" is what
 * the NavLink styles mark as active. Its body and label take the NavLink's body and label rules from app.css
 * (.main-menu), not a class each: the menu is 15 links on every page.
 */
const LINK = `mantine-focus-auto ${MantineNavLink.classes.root} ${UnstyledButton.classes.root}`;
const SECTION = MantineNavLink.classes.section;

function Entry({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  if (item.action === "logout") {
    return (
      <PortalForm action={item.to}>
        <MantineNavLink component="button" type="submit" label={item.label} data-menu-item={item.key} />
      </PortalForm>
    );
  }
  if (item.children?.length) {
    return (
      <MantineNavLink label={item.label} defaultOpened data-menu-item={item.key} childrenOffset="md">
        {item.children.map((child) => (
          <Entry key={child.key} item={child} onNavigate={onNavigate} />
        ))}
      </MantineNavLink>
    );
  }
  return (
    <NavLink
      to={item.to}
      className={LINK}
      onClick={onNavigate}
      data-menu-item={item.key}
      {...(item.newWindow ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      <div>
        <span>{item.label}</span>
      </div>
      {item.alert ? (
        <span className={SECTION} data-position="right">
          <IconAlertTriangle
            size={18}
            color="var(--mantine-color-red-8)"
            aria-label="Documents need attention"
            role="img"
          />
        </span>
      ) : null}
    </NavLink>
  );
}

/** The navigation menu of spec §2, as computed by menuFor on the server. */
export function MainMenu({ items, onNavigate }: { items: MenuItem[]; onNavigate: () => void }) {
  return (
    <div className="l-stack main-menu" data-gap="2">
      {items.map((item) => (
        <Entry key={item.key} item={item} onNavigate={onNavigate} />
      ))}
    </div>
  );
}
