import { Anchor, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconCircleDashed } from "@tabler/icons-react";
import { Link, data } from "react-router";
import { onboardingStepsFor } from "~/domain/onboarding";
import { fullName } from "~/domain/user";
import { requireViewer } from "~/.server/guards";
import type { Route } from "./+types/onboarding";

export function meta() {
  return [{ title: "Contracting" }];
}

/** Where a user whose contracting is required and incomplete lands (spec §2 "Home per user"). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireViewer(request, context);
  const steps = onboardingStepsFor(user);
  if (params.step && !steps.some((s) => s.key === params.step)) {
    throw data(null, { status: 404, statusText: "Not Found" });
  }
  return { name: fullName(user), email: user.email, complete: user.onboardingComplete, steps };
}

export default function Onboarding({ loaderData }: Route.ComponentProps) {
  const { name, email, complete, steps } = loaderData;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Contracting</Title>
        <Text c="dimmed">
          Signed in as {name} ({email})
        </Text>
      </div>
      {complete ? (
        <Text>
          Your onboarding is complete.{" "}
          <Anchor component={Link} to="/home">
            Go to your home page
          </Anchor>
          .
        </Text>
      ) : (
        <Text>Before you can use the rest of the portal, complete these contracting steps. Your progress is saved as you go.</Text>
      )}
      <List spacing="xs" aria-label="Contracting steps">
        {steps.map((step) => (
          <List.Item
            key={step.key}
            icon={
              <ThemeIcon color={complete ? "green" : "gray"} size={22} radius="xl" variant="light">
                {complete ? <IconCircleCheck size={16} /> : <IconCircleDashed size={16} />}
              </ThemeIcon>
            }
          >
            {step.title}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
