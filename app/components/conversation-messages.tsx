import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { formatDate } from "~/domain/formats";

export interface ConversationMessage {
  id: number;
  author: string;
  /** Written by staff (support, the carrier, the organisation), not the conversation's owner. */
  fromStaff: boolean;
  body: string;
  createdAt: string;
  attachment: { name: string } | null;
  /** Staff only (the admin pages' internal notes): never given to the owner's pages. */
  internal?: boolean;
}

/**
 * The messages of a conversation (a ticket's, a feedback conversation's), oldest first, as a list named
 * "Conversation". Staff messages are shaded and marked as replies; `newIds` are marked "New" (unread until
 * this page opened them).
 */
export function ConversationMessages({
  messages,
  newIds = [],
  staffNote = "reply",
}: {
  messages: readonly ConversationMessage[];
  newIds?: readonly number[];
  /** What a staff message's author is followed by: "(reply)" by default. */
  staffNote?: string;
}) {
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Conversation">
      {messages.map((m) => (
        <Paper
          key={`${m.internal ? "note" : "message"}-${m.id}`}
          component="li"
          p="sm"
          bg={m.internal ? "yellow.0" : m.fromStaff ? "blue.0" : "gray.0"}
        >
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {m.author}
              {m.internal ? " (internal note)" : m.fromStaff ? ` (${staffNote})` : ""} · {formatDate(m.createdAt)}
            </Text>
            {newIds.includes(m.id) ? (
              <Badge size="sm" color="red" variant="light">
                New
              </Badge>
            ) : null}
          </Group>
          <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{m.body}</Text>
          {m.attachment ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              Attachment: {m.attachment.name}
            </Text>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
