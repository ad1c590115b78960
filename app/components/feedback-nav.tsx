import { Badge, Button, Group } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { unreadText } from "~/domain/feedback";
import type { FeedbackConversationSummary } from "~/.server/upstream/schemas";
import { StatusBadge } from "~/components/status-badge";

export const NEW_FEEDBACK_HREF = "/feedback/form";

/** The feedback pages, one link each (the current one marked with aria-current), and a new conversation. */
const VIEWS = [
  { to: "/feedback/list", label: "All conversations" },
  { to: "/feedback/show", label: "Unread messages" },
  { to: "/feedback/conversation", label: "Awaiting your reply" },
] as const;

export function FeedbackNav() {
  const { pathname } = useLocation();
  // /feedback with no id is the list too.
  const current = pathname.replace(/\/+$/, "") === "/feedback" ? "/feedback/list" : pathname;
  return (
    <Group component="nav" aria-label="Feedback" gap="xs">
      {VIEWS.map((view) => (
        <Button
          key={view.to}
          component={Link}
          to={view.to}
          variant={current === view.to ? "filled" : "default"}
          aria-current={current === view.to ? "page" : undefined}
          size="compact-sm"
        >
          {view.label}
        </Button>
      ))}
      <Button component={Link} to={NEW_FEEDBACK_HREF} variant="outline" size="compact-sm">
        New conversation
      </Button>
    </Group>
  );
}

/**
 * The markers of a conversation: its unread staff messages, whether it waits for the user's reply, and whether
 * staff closed it.
 */
export function FeedbackMarkers({
  conversation,
}: {
  conversation: Pick<FeedbackConversationSummary, "unreadCount" | "awaitingReply" | "closedAt">;
}) {
  if (conversation.unreadCount === 0 && !conversation.awaitingReply && !conversation.closedAt) return null;
  return (
    <Group gap={4}>
      {conversation.unreadCount > 0 ? (
        <Badge color="red" variant="light">
          {unreadText(conversation.unreadCount)}
        </Badge>
      ) : null}
      {conversation.awaitingReply ? <StatusBadge status="Awaiting your reply" /> : null}
      {conversation.closedAt ? <StatusBadge status="Closed" /> : null}
    </Group>
  );
}
