import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { Tag } from "~/components/admin/tag";
import { StatusBadge } from "~/components/status-badge";
import { formatDate } from "~/domain/formats";
import { type AdminNiprAlert, NIPR_CATEGORY_LABELS, alertStatus } from "./records";

const CATEGORY_COLORS = {
  licenses: "blue",
  appointments: "gray",
  regulatory_actions: "red",
  demographics: "gray",
} as const;

/** The alert's one status (records.ts alertStatus): the list's Handled column and the alert's page show the same. */
export function AlertStatusTag({ alert }: { alert: Pick<AdminNiprAlert, "handled" | "hold"> }) {
  const { status, label } = alertStatus(alert);
  return <StatusBadge status={status}>{label}</StatusBadge>;
}

export const view: SectionView<AdminNiprAlert> = {
  key: "nipr_pdb_alerts",
  title: "NIPR PDB alerts",
  singular: "alert",
  intro:
    "What NIPR's daily alerts file (weekdays) says changed for the tracked agents. Each alert is applied when it arrives: a license alert updates the agent's licenses; a lapsed or revoked license or a regulatory action also holds the agent's new contract requests in that state until the hold is resolved. Marking an alert handled records that staff reviewed it.",
  columns: [
    { key: "day", header: "Day", sortable: true, noWrap: true, cell: (a) => formatDate(a.day) },
    {
      key: "producer",
      header: "Agent",
      sortable: true,
      cell: (a) => (
        <Link className="anchor" to={`/admin/nipr_pdb_alerts/${a.id}`} aria-label={`Alert ${a.id}: ${a.producer.name}`}>
          {a.producer.name}
        </Link>
      ),
    },
    {
      key: "category",
      header: "Category",
      sortable: true,
      noWrap: true,
      cell: (a) => <Tag color={CATEGORY_COLORS[a.category]}>{NIPR_CATEGORY_LABELS[a.category]}</Tag>,
    },
    { key: "state", header: "State", sortable: true, noWrap: true, cell: (a) => a.state ?? "" },
    { key: "summary", header: "Alert", cell: (a) => a.summary },
    {
      key: "handled",
      header: "Handled",
      sortable: true,
      cell: (a) => <AlertStatusTag alert={a} />,
    },
  ],
  stack: true,
  filters: [
    { name: "category", label: "Category" },
    { name: "userId", label: "Agent" },
    { name: "period", label: "Month" },
    { name: "handled", label: "Handled" },
  ],
  linksRecord: true,
  rowLabel: (a) => `alert ${a.id} (${a.producer.name}, ${formatDate(a.day)})`,
  editLabel: "Open",
  bulk: {
    label: "Mark handled",
    confirmTitle: "Mark these alerts handled?",
    confirmButton: "Mark handled",
    intro:
      "Records that staff reviewed each alert. The alerts were applied when they arrived; a hold on an agent's contract requests stays until it is resolved on the alert's page. An alert already handled is left as it is.",
    doneText: (done, chosen) => `${done} of ${chosen} alerts marked handled.`,
  },
  empty: "No alerts yet: NIPR's daily file lists the tracked agents' changes on weekdays.",
  noMatch: "No alerts match this search or these filters.",
  recordTitle: (a) => `Alert ${a.id}: ${a.producer.name}`,
};
