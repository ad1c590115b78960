import { Container, Group, Stack } from "@mantine/core";
import { Outlet } from "react-router";
import { BrandLogo } from "~/components/brand-logo";
import { Footer } from "~/components/footer";
import { BRANDINGS } from "~/domain/branding";
import { useRootData } from "~/root";

/** Spec §2 container layout: public pages in a centred column under the logo. */
export default function ContainerLayout() {
  const branding = useRootData()?.branding ?? BRANDINGS.default;
  return (
    <Stack mih="100vh" gap={0} justify="space-between">
      <Group component="header" p="md" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
        <BrandLogo branding={branding} />
      </Group>
      <Container size="md" py="xl" component="main" w="100%" style={{ flex: 1 }}>
        <Outlet />
      </Container>
      <Footer branding={branding} />
    </Stack>
  );
}
