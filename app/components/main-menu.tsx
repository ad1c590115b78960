import { NavLink as MantineNavLink, Stack } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { NavLink } from "react-router";
import type { MenuItem } from "~/domain/menu";
import { PortalForm } from "./forms/form";

function Entry({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  if (item.action === "logout") {
    return (
      <PortalForm action={item.to}>
        <MantineNavLink component="button" type="submit" label={item.label} data-menu-item={item.key} />
      </PortalForm>
    );
  }
  const alert = item.alert ? (
    <IconAlertTriangle size={18} color="var(--mantine-color-red-8)" aria-label="Documents need attention" role="img" />
  ) : null;
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
    <MantineNavLink
      component={NavLink}
      to={item.to}
      label={item.label}
      rightSection={alert}
      onClick={onNavigate}
      data-menu-item={item.key}
      {...(item.newWindow ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    />
  );
}

/** The navigation menu of spec §2, as computed by menuFor on the server. */
export function MainMenu({ items, onNavigate }: { items: MenuItem[]; onNavigate: () => void }) {
  return (
    <Stack gap={2} style={{ overflowY: "auto" }}>
      {items.map((item) => (
        <Entry key={item.key} item={item} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}
