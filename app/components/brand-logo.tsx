import { Anchor, Group, Image, Text } from "@mantine/core";
import type { Branding } from "~/domain/branding";

/** The branding's logo, linking to index (spec §2 login layout). */
export function BrandLogo({ branding, size = 40 }: { branding: Branding; size?: number }) {
  return (
    <Anchor href="/" underline="never" aria-label={`${branding.portalName}: home`} data-testid="brand-logo">
      <Group gap="xs" wrap="nowrap">
        <Image src={branding.logoUrl} alt="" h={size} w={size} />
        <Text fw={700} c="dark" visibleFrom="xs">
          {branding.portalName}
        </Text>
      </Group>
    </Anchor>
  );
}
