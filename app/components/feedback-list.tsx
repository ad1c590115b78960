import { Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { FEEDBACK_SORTABLE, unreadText } from "~/domain/feedback";
import { formatDate } from "~/domain/formats";
import type { PagingMeta } from "~/domain/table";
import type { FeedbackConversationSummary } from "~/.server/upstream/schemas";
import { type Column, DataTable } from "./data-table";

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

/** The markers of a conversation: its unread staff messages, and whether it waits for the user's reply. */
export function FeedbackMarkers({
  conversation,
}: {
  conversation: Pick<FeedbackConversationSummary, "unreadCount" | "awaitingReply">;
}) {
  if (conversation.unreadCount === 0 && !conversation.awaitingReply) return null;
  return (
    <Group gap={4}>
      {conversation.unreadCount > 0 ? (
        <Badge color="red" variant="light">
          {unreadText(conversation.unreadCount)}
        </Badge>
      ) : null}
      {conversation.awaitingReply ? (
        <Badge color="orange" variant="light">
          Awaiting your reply
        </Badge>
      ) : null}
    </Group>
  );
}

const COLUMNS: Column<FeedbackConversationSummary>[] = [
  {
    key: "subject",
    header: "Subject",
    sortable: true,
    cell: (c) => (
      <Anchor component={Link} to={`/feedback/${c.id}`} fw={c.unreadCount > 0 ? 700 : undefined}>
        {c.subject}
      </Anchor>
    ),
  },
  { key: "markers", header: "Status", cell: (c) => <FeedbackMarkers conversation={c} /> },
  {
    key: "lastMessage",
    header: "Last message",
    cell: (c) => (
      <Stack gap={0} miw="14rem">
        <Text size="sm" fw={600}>
          {c.lastMessage.fromStaff ? `${c.lastMessage.author} (staff)` : "You"}
        </Text>
        <Text size="sm">{c.lastMessage.excerpt}</Text>
      </Stack>
    ),
  },
  { key: "category", header: "Category", sortable: true, cell: (c) => c.category },
  { key: "updatedAt", header: "Date", sortable: true, noWrap: true, cell: (c) => formatDate(c.updatedAt) },
];

/** Feedback conversations in the shared table; the subject opens the thread (/feedback/:id). */
export function FeedbackList({
  caption,
  rows,
  meta,
  empty,
  noMatch,
  ignored = [],
}: {
  caption: string;
  rows: FeedbackConversationSummary[];
  meta: PagingMeta;
  /** No conversations at all on this page: what it is for and what to do next. */
  empty: ReactNode;
  noMatch: string;
  ignored?: readonly string[];
}) {
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      rows={rows}
      rowKey={(c) => c.id}
      meta={meta}
      sortable={FEEDBACK_SORTABLE}
      empty={empty}
      noMatch={noMatch}
      ignored={ignored}
    />
  );
}

/** A feedback list page: its title and what it shows, the feedback links, the list. */
export function FeedbackListPage({
  title,
  intro,
  caption,
  empty,
  noMatch,
  data,
}: {
  title: string;
  intro: string;
  caption: string;
  empty: ReactNode;
  noMatch: string;
  data: { conversations: FeedbackConversationSummary[]; meta: PagingMeta; ignored: readonly string[] };
}) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Text>{intro}</Text>
      <FeedbackNav />
      <FeedbackList
        caption={caption}
        rows={data.conversations}
        meta={data.meta}
        empty={empty}
        noMatch={noMatch}
        ignored={data.ignored}
      />
    </Stack>
  );
}

/** An empty state: what the page is for, and a link to what to do next. */
export function FeedbackEmpty({ text, link }: { text: string; link: { to: string; label: string } }) {
  return (
    <Text c="dimmed">
      {text}{" "}
      <Anchor component={Link} to={link.to}>
        {link.label}
      </Anchor>
    </Text>
  );
}
