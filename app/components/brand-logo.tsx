import { Anchor } from "@mantine/core";
import type { Branding } from "~/domain/branding";

/**
 * The branding's logo, linking to index (spec §2 login layout). Plain elements (issue 21): the name hides
 * below Mantine's xs breakpoint with Mantine's own class.
 */
export function BrandLogo({ branding, size = 40 }: { branding: Branding; size?: number }) {
  return (
    <Anchor
      href="/"
      underline="never"
      className="brand-logo"
      aria-label={`${branding.portalName}: home`}
      data-testid="brand-logo"
    >
      <img src={branding.logoUrl} alt="" width={size} height={size} />
      <span className="txt brand-logo__name mantine-visible-from-xs">{branding.portalName}</span>
    </Anchor>
  );
}
