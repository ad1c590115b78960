import { Box, Center, Container, Paper, Stack } from "@mantine/core";
import { Outlet, redirect } from "react-router";
import { homeFor } from "~/domain/home";
import { useRootData } from "~/root";
import { BRANDINGS } from "~/domain/branding";
import { Footer } from "~/components/footer";
import { BrandLogo } from "~/components/brand-logo";
import { optionalViewer } from "~/.server/guards";
import type { Route } from "./+types/login";

/**
 * Spec §2 login layout: a signed-in user who has an email is redirected to their home route, except on the
 * e-mailed verification and password-reset links (issue 13), which work whoever is signed in.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const { token, id } = params as { token?: string; id?: string };
  const link =
    (token !== undefined && pathname.startsWith("/account/verify/")) ||
    (id !== undefined && pathname.startsWith("/account/update_password/"));
  if (link) return null;
  // An unreachable upstream must not lock anyone out of the sign-in page.
  const viewer = await optionalViewer(context);
  if (viewer?.user.email) throw redirect(homeFor(viewer.user));
  return null;
}

export default function LoginLayout() {
  const branding = useRootData()?.branding ?? BRANDINGS.default;
  return (
    <Stack mih="100vh" gap={0} justify="space-between" bg="gray.0">
      <Center component="main" py="xl" style={{ flex: 1 }}>
        <Container size={460} w="100%">
          <Paper withBorder shadow="sm" p="xl" radius="md">
            <Stack gap="lg">
              <Box>
                <BrandLogo branding={branding} size={48} />
              </Box>
              <Outlet />
            </Stack>
          </Paper>
        </Container>
      </Center>
      <Footer branding={branding} />
    </Stack>
  );
}
