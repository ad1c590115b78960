import { Anchor, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { formatDate } from "~/domain/formats";
import type { PagingMeta } from "~/domain/table";
import { withParam } from "~/domain/url";
import type { TicketSummary } from "~/.server/upstream/schemas";
import { type Column, DataTable } from "./data-table";
import { TicketStatus } from "./ticket-view";

export const TICKET_SORTABLE = ["subject", "status", "createdAt", "updatedAt"] as const;

/** Tickets in the shared table; the subject opens one (?ticket=id). */
export function TicketList({
  caption,
  rows,
  meta,
  empty,
  noMatch,
  inquiries,
  newButton,
  ignored = [],
}: {
  caption: string;
  rows: TicketSummary[];
  meta: PagingMeta;
  /** No tickets at all: what the list is for and how one starts (issue 11). */
  empty: ReactNode;
  /** No tickets for the search in the URL (the table adds the link that clears it). */
  noMatch?: string;
  /** Commission inquiries show what they are about and who asked or answers. */
  inquiries?: "agent" | "carrier";
  newButton?: { to: string; label: string };
  /** The values of the URL the list ignored (IgnoredFiltersNote). */
  ignored?: readonly string[];
}) {
  const location = useLocation();
  const columns: Column<TicketSummary>[] = [
    {
      key: "subject",
      header: "Subject",
      sortable: true,
      cell: (t) => (
        <Anchor component={Link} to={`${location.pathname}${withParam(location.search, "ticket", String(t.id))}`}>
          {t.subject}
        </Anchor>
      ),
    },
    inquiries
      ? { key: "reference", header: "Statement or policy", noWrap: true, cell: (t) => t.reference ?? "—" }
      : { key: "category", header: "Category", cell: (t) => t.category },
    ...(inquiries === "agent"
      ? [{ key: "carrierName", header: "Carrier", cell: (t: TicketSummary) => t.carrierName ?? "—" }]
      : []),
    ...(inquiries === "carrier"
      ? [{ key: "ownerName", header: "Agent", cell: (t: TicketSummary) => t.ownerName }]
      : []),
    { key: "status", header: "Status", sortable: true, noWrap: true, cell: (t) => <TicketStatus status={t.status} /> },
    { key: "createdAt", header: "Opened", sortable: true, noWrap: true, cell: (t) => formatDate(t.createdAt) },
    { key: "updatedAt", header: "Last update", sortable: true, noWrap: true, cell: (t) => formatDate(t.updatedAt) },
    { key: "messageCount", header: "Messages", cell: (t) => t.messageCount },
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(t) => t.id}
      meta={meta}
      sortable={TICKET_SORTABLE}
      newButton={newButton}
      empty={<Text c="dimmed">{empty}</Text>}
      noMatch={noMatch}
      ignored={ignored}
    />
  );
}
