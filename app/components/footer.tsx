import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import type { Branding } from "~/domain/branding";

export function Footer({ branding }: { branding: Branding }) {
  return (
    <Group
      component="footer"
      justify="space-between"
      p="md"
      gap="xs"
      style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}
    >
      <Text size="sm" c="dimmed">
        © {new Date().getFullYear()} {branding.authorisedEntity}
      </Text>
      <Anchor component={Link} to="/privacy_policy" size="sm">
        Privacy Policy
      </Anchor>
    </Group>
  );
}
