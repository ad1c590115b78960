/**
 * What the tickets queue and the admin_support inbox draw alike (issue 22): one conversation model, so one set of
 * columns, the bulk assign and the texts' shape; each section's view picks its columns and says its own words.
 */
import { Link } from "react-router";
import type { Column } from "~/components/data-table";
import type { BulkDef } from "~/components/admin/section-view";
import { StatusBadge, WaitingBadge } from "~/components/status-badge";
import { formatDate } from "~/domain/formats";
import { ConversationStatusTag, waitingDaysText } from "./status-tag";
import { type AdminConversation, CONVERSATION_KIND_LABELS } from "./records";

/** The columns of a section's list; the subject opens the conversation's page (/admin/<section>/<id>). */
export const conversationColumns = (
  section: "tickets" | "admin_support",
): Record<
  "subject" | "status" | "kind" | "owner" | "carrier" | "assignee" | "lastMessage",
  Column<AdminConversation>
> => ({
  subject: {
    key: "subject",
    header: "Subject",
    sortable: true,
    cell: (r) => (
      <Link className="anchor" to={`/admin/${section}/${r.id}`}>
        {r.subject}
      </Link>
    ),
  },
  // The status and how long since the last message, second: whole in view on a phone before the table scrolls.
  status: {
    key: "waiting",
    header: "Status",
    sortable: true,
    noWrap: true,
    // Awaiting staff: the time waiting (its colour says how long); else the status and the last message's age.
    cell: (r) =>
      r.status === "open" ? (
        <WaitingBadge days={r.waitingDays} />
      ) : (
        <>
          <ConversationStatusTag status={r.status} />
          <p className="cell-line" data-size="xs" data-tone="dark-3">
            {waitingDaysText(r.waitingDays)}
          </p>
        </>
      ),
  },
  kind: {
    key: "kind",
    header: "Kind",
    cell: (r) => (
      <>
        {CONVERSATION_KIND_LABELS[r.kind]}
        {r.carrier ? (
          <p className="cell-line" data-size="xs" data-tone="dark-3">
            {r.carrier.name}
          </p>
        ) : null}
      </>
    ),
  },
  owner: {
    key: "owner",
    header: "From",
    sortable: true,
    cell: (r) => (
      <Link className="anchor" to={`/admin/users/${r.owner.id}`}>
        {r.owner.name}
      </Link>
    ),
  },
  carrier: { key: "carrier", header: "Carrier", cell: (r) => r.carrier?.name ?? "—" },
  assignee: {
    key: "assignee",
    header: "Assignee",
    cell: (r) => r.assignee?.name ?? <StatusBadge status="Unassigned" />,
  },
  lastMessage: {
    key: "updatedAt",
    header: "Last message",
    sortable: true,
    noWrap: true,
    cell: (r) => (
      <>
        {formatDate(r.lastMessage.createdAt)}
        <p className="cell-line" data-size="xs" data-tone="dark-3">
          {r.lastMessage.fromStaff ? "Staff" : "Agent"}
        </p>
      </>
    ),
  },
});

export const assignBulk = (plural: string): BulkDef => ({
  label: "Assign selected",
  confirmTitle: `Assign these ${plural}?`,
  confirmButton: "Assign",
  intro: "Each one goes to the administrator you choose (or to nobody), and the change is in its history.",
  doneText: (done, chosen) => `${done} of ${chosen} ${plural} assigned.`,
  fields: [{ name: "assigneeId", label: "Assign to", kind: "select", options: { facet: "assigneeId" } }],
});
