import { Alert, Badge, Group, Stack, Text, Title } from "@mantine/core";
import type { SystemNotification } from "~/.server/upstream/schemas";
import { formatDate } from "~/domain/formats";

const SEVERITY_COLOR = { info: "blue", warning: "orange", critical: "red" } as const;

/** The upstream's system notifications (spec §2 dashboard and home), with an empty state. */
export function SystemNotifications({ notifications }: { notifications: SystemNotification[] }) {
  return (
    <section aria-labelledby="notifications-title">
      <Title order={2} size="h3" id="notifications-title" mb="xs">
        System notifications
      </Title>
      {notifications.length === 0 ? (
        <Text c="dimmed">There are no system notifications.</Text>
      ) : (
        <Stack gap="sm">
          {notifications.map((n) => (
            <Alert key={n.id} color={SEVERITY_COLOR[n.severity]} title={n.title}>
              <Text size="sm">{n.message}</Text>
              <Group gap="xs" mt={4}>
                <Badge variant="light" color={SEVERITY_COLOR[n.severity]}>
                  {n.severity}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatDate(n.publishedAt)}
                  {n.endsAt ? ` · until ${formatDate(n.endsAt)}` : null}
                </Text>
              </Group>
            </Alert>
          ))}
        </Stack>
      )}
    </section>
  );
}
