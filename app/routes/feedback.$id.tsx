import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { ConversationMessages, ReplyForm } from "~/components/conversation";
import { ErrorPage } from "~/components/error-page";
import { FeedbackMarkers } from "~/components/feedback-nav";
import { ratingText } from "~/domain/feedback";
import { formatDate } from "~/domain/formats";
import { feedbackReplyAction, openFeedbackConversation } from "~/.server/feedback";
import type { Route } from "./+types/feedback.$id";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.conversation.subject} · Feedback` : "Feedback" }];
}

/** One conversation, oldest message first; opening it marks the staff messages read. Another user's: 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return openFeedbackConversation(request, context, params.id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return feedbackReplyAction(request, context, params.id);
}

/** An unknown or foreign conversation is a 404 shown inside the layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function FeedbackConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { conversation, newIds } = loaderData;
  const rating = ratingText(conversation.rating);
  return (
    <Stack gap="md" maw={860}>
      <Anchor component={Link} to="/feedback/list" size="sm">
        ← All feedback conversations
      </Anchor>
      <Paper withBorder p="md" component="section" aria-labelledby="conversation-title">
        <Stack gap={4} mb="sm">
          <Title order={1} size="h2" id="conversation-title" style={{ overflowWrap: "anywhere" }}>
            {conversation.subject}
          </Title>
          <Text size="sm" c="dimmed">
            {conversation.category} · started {formatDate(conversation.createdAt)}
            {rating ? ` · ${rating}` : ""}
          </Text>
          <Group gap="xs">
            {newIds.length > 0 ? (
              <Text size="sm" role="status">
                {newIds.length === 1
                  ? "1 new message, now marked read."
                  : `${newIds.length} new messages, now marked read.`}
              </Text>
            ) : null}
            <FeedbackMarkers conversation={{ ...conversation, unreadCount: 0 }} />
          </Group>
        </Stack>
        <ConversationMessages messages={conversation.messages} newIds={newIds} staffNote="staff" />
        {conversation.closedAt ? (
          <Text mt="md">
            Our staff closed this conversation on {formatDate(conversation.closedAt)}. Replying opens it again.
          </Text>
        ) : null}
        <ReplyForm action={`/feedback/${conversation.id}`} hidden={{}} lastResult={actionData?.result} />
      </Paper>
    </Stack>
  );
}
