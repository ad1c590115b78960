import { Anchor, Card, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { RewardsCard } from "~/components/rewards-card";
import { SystemNotifications } from "~/components/system-notifications";
import { useRootData } from "~/root";
import { BRANDINGS } from "~/domain/branding";
import { canOpen } from "~/domain/access";
import type { LayoutHandle } from "~/domain/layout";
import { CONTRACT_NOW_HREF } from "~/domain/menu";
import { dashboardStepsFor } from "~/domain/next-steps";
import { pendingTasksFor } from "~/domain/pending-tasks";
import { levelCaption, levelLabel } from "~/domain/user";
import { loadWithViewer } from "~/.server/guards";
import { orUnavailable } from "~/.server/upstream-failure";
import { brokerRewards } from "~/.server/rewards";
import { unreadMessages, unrespondedMessages } from "~/.server/upstream/feedback";
import { systemNotifications } from "~/.server/upstream/profile";
import { viewerState } from "~/.server/viewer";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard" }];
}

/** The dashboard lists the pending tasks in its page, so the layout shows no banner above it. */
export const handle: LayoutHandle = { listsPendingTasks: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  // Independent calls start together, alongside the viewer's.
  const [viewer, [notifications, unread, unresponded, rewards]] = await loadWithViewer(request, context, (token) =>
    Promise.all([
      systemNotifications(token),
      unreadMessages(token),
      unrespondedMessages(token),
      // The rewards card is left out with a note when its call fails; the dashboard still shows.
      orUnavailable(brokerRewards(context, token).then((standing) => ({ standing }))),
    ]),
  );
  const state = viewerState(viewer);
  return {
    // The pending tasks of the banner, then Contract Now for a user without contracts (issue 11).
    next: dashboardStepsFor({
      ...state,
      pendingTasks: pendingTasksFor(state),
      mayContract: canOpen(viewer, CONTRACT_NOW_HREF),
      unrespondedMessages: unresponded,
    }),
    level: levelLabel(viewer.user),
    npnNumber: viewer.user.npnNumber,
    notifications,
    unread,
    unresponded,
    rewards: rewards?.standing ?? null,
    rewardsUnavailable: rewards === null,
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const branding = useRootData()?.branding ?? BRANDINGS.default;
  const { next, level, npnNumber, notifications, unread, unresponded, rewards, rewardsUnavailable } = loaderData;
  const caption = levelCaption(level);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{branding.welcomeMessage}</Title>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          {caption ? (
            <Text size="sm" c="dimmed">
              {caption}
            </Text>
          ) : null}
          <Text size="xl" fw={700} data-testid="level">
            {level}
          </Text>
          {npnNumber ? <Text size="sm">NPN {npnNumber}</Text> : null}
        </Card>
        {/* The counts open the feedback pages that list them (issue 12). */}
        <Card withBorder component={Link} to="/feedback/show" className="count-card">
          <Text size="sm" c="dimmed">
            Unread messages
          </Text>
          <Text size="xl" fw={700} data-testid="unread-messages" data-count>
            {unread}
          </Text>
        </Card>
        <Card withBorder component={Link} to="/feedback/conversation" className="count-card">
          <Text size="sm" c="dimmed">
            Messages awaiting your reply
          </Text>
          <Text size="xl" fw={700} data-testid="unresponded-messages" data-count>
            {unresponded}
          </Text>
        </Card>
      </SimpleGrid>

      <section aria-labelledby="tasks-title">
        <Title order={2} size="h3" id="tasks-title" mb="xs">
          Next steps
        </Title>
        {next.steps.length > 0 ? (
          <List spacing="xs">
            {next.steps.map((step) => (
              <List.Item key={step.key}>
                <Anchor component={Link} to={step.to}>
                  {step.text}
                </Anchor>
                {step.hint ? (
                  <Text size="sm" c="dimmed">
                    {step.hint}
                  </Text>
                ) : null}
              </List.Item>
            ))}
          </List>
        ) : next.caughtUp ? (
          <Text c="dimmed">You are all caught up: nothing needs your attention.</Text>
        ) : (
          // No task, but messages await a reply (counted above): not 'all caught up'.
          <Text c="dimmed">No pending tasks. Messages still await your reply.</Text>
        )}
      </section>

      <SystemNotifications notifications={notifications} />

      {/* Member rewards (issue 12) carry the rewards disclaimer beside them. */}
      {rewards || rewardsUnavailable ? (
        <RewardsCard rewards={rewards} disclaimer={branding.rewardsDisclaimer} />
      ) : (
        <Text size="sm" c="dimmed">
          {branding.rewardsDisclaimer}
        </Text>
      )}
    </Stack>
  );
}
