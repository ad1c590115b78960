import { Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { fullName } from "~/domain/user";
import { loadWithViewer } from "~/.server/guards";
import { unreadMessages, unrespondedMessages } from "~/.server/upstream/feedback";
import type { Route } from "./+types/carrier.tickets";

export function meta() {
  return [{ title: "Commission Inquiry" }];
}

/** The carrier's landing page (spec §2: carriers see only tickets and profile). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [viewer, [unread, unresponded]] = await loadWithViewer(request, context, (token) =>
    Promise.all([unreadMessages(token), unrespondedMessages(token)]),
  );
  return { name: fullName(viewer.user), email: viewer.user.email, unread, unresponded };
}

export default function CarrierTickets({ loaderData }: Route.ComponentProps) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Commission Inquiry</Title>
        <Text c="dimmed">
          Signed in as {loaderData.name} ({loaderData.email})
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Unread messages
          </Text>
          <Text size="xl" fw={700}>
            {loaderData.unread}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Inquiries awaiting your answer
          </Text>
          <Group>
            <Text size="xl" fw={700}>
              {loaderData.unresponded}
            </Text>
          </Group>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
