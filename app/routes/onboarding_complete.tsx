import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link, redirect } from "react-router";
import { homeFor } from "~/domain/home";
import { requireViewer } from "~/.server/guards";
import { useRootData } from "~/root";
import { BRANDINGS } from "~/domain/branding";
import type { Route } from "./+types/onboarding_complete";

export function meta() {
  return [{ title: "Onboarding complete" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireViewer(request, context);
  // Only a finished onboarding has anything to celebrate.
  if (!user.onboardingComplete) throw redirect("/onboarding");
  return { home: homeFor(user) };
}

export default function OnboardingComplete({ loaderData }: Route.ComponentProps) {
  const branding = useRootData()?.branding ?? BRANDINGS.default;
  return (
    <Stack gap="md">
      <Title order={1}>Your onboarding is complete</Title>
      <Text>
        Thank you. {branding.marketingOrganisation} now has everything it needs to contract you with the carriers you
        choose. Your menu is unlocked.
      </Text>
      <Anchor component={Link} to={loaderData.home}>
        Go to your home page
      </Anchor>
    </Stack>
  );
}
