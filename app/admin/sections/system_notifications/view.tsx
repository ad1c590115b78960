import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { Tag } from "~/components/admin/tag";
import { formatDate } from "~/domain/formats";
import { SEVERITY_COLORS, SEVERITY_LABELS, STATUS_LABELS, audienceText } from "./labels";
import type { AdminSystemNotification } from "./records";
import { StatusBadge } from "~/components/status-badge";

/** "Nov 3, 2026 – Dec 7, 2026", or "From Nov 3, 2026" without an end. */
function shows(n: AdminSystemNotification): string {
  return n.endsAt ? `${formatDate(n.startsAt)} – ${formatDate(n.endsAt)}` : `From ${formatDate(n.startsAt)}`;
}

export const view: SectionView<AdminSystemNotification> = {
  key: "system_notifications",
  title: "System notifications",
  singular: "notification",
  intro:
    "The notifications in the banner above every page: to everyone, to some roles or to one agency's hierarchy, from their first day to their last, until each user dismisses them.",
  columns: [
    {
      key: "title",
      header: "Title",
      sortable: true,
      cell: (n) => (
        <Link className="anchor" to={`/admin/system_notifications/${n.id}`}>
          {n.title}
        </Link>
      ),
    },
    {
      key: "status",
      header: "Status",
      noWrap: true,
      cell: (n) => <StatusBadge status={STATUS_LABELS[n.status]} />,
    },
    {
      key: "severity",
      header: "Severity",
      sortable: true,
      noWrap: true,
      cell: (n) => <Tag color={SEVERITY_COLORS[n.severity]}>{SEVERITY_LABELS[n.severity]}</Tag>,
    },
    { key: "audience", header: "Who sees it", cell: (n) => audienceText(n) },
    { key: "startsAt", header: "Shown", sortable: true, cell: (n) => shows(n) },
    { key: "dismissals", header: "Dismissed by", sortable: true, noWrap: true, cell: (n) => n.dismissals },
  ],
  stack: true,
  filters: [
    { name: "status", label: "Status" },
    { name: "severity", label: "Severity" },
    { name: "audience", label: "Who sees it" },
  ],
  linksRecord: true,
  rowLabel: (n) => n.title,
  canDelete: () => true,
  bulk: {
    label: "Delete selected",
    confirmTitle: "Delete these notifications?",
    confirmButton: "Delete",
    intro: "They leave the banner at once, for everyone.",
    doneText: (done, chosen) => `${done} of ${chosen} notifications deleted.`,
  },
  empty: "No notifications yet. Post one with New notification: it shows in the banner of the users it addresses.",
  noMatch: "No notifications match this search or these filters.",
  recordTitle: (n) => n.title,
  recordFacts: (n) => [
    { label: "Status", value: <StatusBadge status={STATUS_LABELS[n.status]} /> },
    { label: "Who sees it", value: audienceText(n) },
    { label: "Shown", value: shows(n) },
    { label: "Dismissed by", value: n.dismissals === 1 ? "1 user" : `${n.dismissals} users` },
  ],
};
