import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { StatusBadge } from "~/components/status-badge";
import { formatDate } from "~/domain/formats";
import { type AdminCarrierNotification, MAX_NOTE, NOTIFICATION_KIND_LABELS } from "./records";

export const view: SectionView<AdminCarrierNotification> = {
  key: "carrier_notifications",
  title: "Carrier notifications",
  singular: "notification",
  intro:
    "What the carriers tell us about agents and policies: requests for information, terminations, chargebacks announced, certification results. Work the queue: open a notification to send what it asks of an agent to their document notifications, and mark it handled.",
  columns: [
    {
      key: "subject",
      header: "Notification",
      cell: (n) => (
        <Link className="anchor" to={`/admin/carrier_notifications/${n.id}`}>
          {n.subject}
        </Link>
      ),
    },
    {
      key: "handled",
      header: "Handled",
      sortable: true,
      noWrap: true,
      cell: (n) => <StatusBadge status={n.handled ? "Handled" : "Not handled"} />,
    },
    { key: "kind", header: "Kind", sortable: true, cell: (n) => NOTIFICATION_KIND_LABELS[n.kind] },
    { key: "carrier", header: "Carrier", sortable: true, cell: (n) => n.carrier.name },
    { key: "agent", header: "Agent", sortable: true, cell: (n) => n.agent?.name ?? "None of ours" },
    { key: "receivedAt", header: "Received", sortable: true, noWrap: true, cell: (n) => formatDate(n.receivedAt) },
  ],
  stack: true,
  filters: [
    { name: "handled", label: "Handled" },
    { name: "kind", label: "Kind" },
    { name: "carrierId", label: "Carrier" },
    { name: "userId", label: "Agent" },
  ],
  linksRecord: true,
  rowLabel: (n) => `notification ${n.id} (${n.subject})`,
  editLabel: "Open",
  bulk: {
    label: "Mark selected handled",
    confirmTitle: "Mark these notifications handled?",
    confirmButton: "Mark handled",
    intro:
      "Each one leaves the queue of notifications not handled, with your name and the note in its history. A notification already handled stays as it was.",
    doneText: (done, chosen) => `${done} of ${chosen} notifications marked handled.`,
    fields: [
      {
        name: "note",
        label: "Note (optional)",
        kind: "textarea",
        description: `What was done, at most ${MAX_NOTE} characters`,
      },
    ],
  },
  empty: "No notifications from the carriers yet.",
  noMatch: "No notifications match this search or these filters.",
  recordTitle: (n) => n.subject,
};
