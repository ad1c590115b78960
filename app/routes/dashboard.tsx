import { Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useRouteLoaderData } from "react-router";
import { PendingTaskList } from "~/components/pending-tasks-banner";
import { SystemNotifications } from "~/components/system-notifications";
import type { loader as layoutLoader } from "~/layouts/default";
import { useRootData } from "~/root";
import { BRANDINGS } from "~/domain/branding";
import type { LayoutHandle } from "~/domain/layout";
import { levelLabel } from "~/domain/user";
import { loadWithViewer } from "~/.server/guards";
import { unreadMessages, unrespondedMessages } from "~/.server/upstream/feedback";
import { systemNotifications } from "~/.server/upstream/profile";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard" }];
}

/** The dashboard lists the pending tasks in its page, so the layout shows no banner above it. */
export const handle: LayoutHandle = { listsPendingTasks: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  // Independent calls start together, alongside the viewer's.
  const [viewer, [notifications, unread, unresponded]] = await loadWithViewer(request, context, (token) =>
    Promise.all([systemNotifications(token), unreadMessages(token), unrespondedMessages(token)]),
  );
  return {
    level: levelLabel(viewer.user),
    npnNumber: viewer.user.npnNumber,
    notifications,
    unread,
    unresponded,
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const branding = useRootData()?.branding ?? BRANDINGS.default;
  const { level, npnNumber, notifications, unread, unresponded } = loaderData;
  // The default layout computes the pending tasks for its banner; the dashboard lists them instead.
  const pendingTasks = useRouteLoaderData<typeof layoutLoader>("layouts/default")?.pendingTasks ?? [];
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{branding.welcomeMessage}</Title>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Level
          </Text>
          <Text size="xl" fw={700} data-testid="level">
            {level}
          </Text>
          {npnNumber ? <Text size="sm">NPN {npnNumber}</Text> : null}
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Unread messages
          </Text>
          <Text size="xl" fw={700} data-testid="unread-messages">
            {unread}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Messages awaiting your reply
          </Text>
          <Text size="xl" fw={700} data-testid="unresponded-messages">
            {unresponded}
          </Text>
        </Card>
      </SimpleGrid>

      <section aria-labelledby="tasks-title">
        <Title order={2} size="h3" id="tasks-title" mb="xs">
          Pending tasks
        </Title>
        {pendingTasks.length === 0 ? (
          <Text c="dimmed">You are all caught up: nothing needs your attention.</Text>
        ) : (
          <PendingTaskList tasks={pendingTasks} />
        )}
      </section>

      <SystemNotifications notifications={notifications} />

      <Text size="sm" c="dimmed">
        {branding.rewardsDisclaimer}
      </Text>
    </Stack>
  );
}
