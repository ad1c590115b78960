import { Anchor, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { FeedbackMarkers, FeedbackNav } from "./feedback-nav";
import { FEEDBACK_SORTABLE } from "~/domain/feedback";
import { formatDate } from "~/domain/formats";
import type { PagingMeta } from "~/domain/table";
import type { FeedbackConversationSummary } from "~/.server/upstream/schemas";
import { type Column, DataTable } from "./data-table";

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
