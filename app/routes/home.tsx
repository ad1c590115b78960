import { Anchor, Card, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useRootData } from "~/root";
import { BRANDINGS } from "~/domain/branding";
import { requireViewer } from "~/.server/guards";
import type { Route } from "./+types/home";

export function meta() {
  return [{ title: "Home" }];
}

/** The home of a user whose contracting is required and complete (spec §2 "Home per user"). */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The system notifications are the layout's banner (issue 22 §2.3).
  const viewer = await requireViewer(request, context);
  return {
    agency: viewer.user.role === "Agency",
    onboardingComplete: viewer.user.onboardingComplete,
    licenses: viewer.profile?.licenses ?? [],
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const branding = useRootData()?.branding ?? BRANDINGS.default;
  const { agency, onboardingComplete, licenses } = loaderData;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{branding.welcomeMessage}</Title>
      </div>
      {onboardingComplete ? (
        <Text>
          Your onboarding with {branding.marketingOrganisation} is complete. Your contract requests are on their way to
          the carriers.
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Next steps
          </Title>
          <List>
            <List.Item>
              <Anchor component={Link} to="/contracts_pending">
                Follow your contracts
              </Anchor>
            </List.Item>
            {agency ? (
              <List.Item>
                <Anchor component={Link} to="/register_downlines">
                  Invite your downline agents and agencies
                </Anchor>
              </List.Item>
            ) : null}
            <List.Item>
              <Anchor component={Link} to="/learning_center">
                Learn about our carriers in the Learning Center
              </Anchor>
            </List.Item>
          </List>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Your licenses
          </Title>
          {licenses.length === 0 ? (
            <Text c="dimmed">No licenses on file.</Text>
          ) : (
            <List>
              {licenses.map((l) => (
                <List.Item key={l.id}>
                  {l.state} {l.licenseType} license {l.licenseNumber}: {l.status}
                </List.Item>
              ))}
            </List>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
