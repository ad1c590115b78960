import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { formatCents, moneyCellOf } from "~/domain/cents";
import { StatusBadge } from "~/components/status-badge";
import { type AdminPayoutEntry, PAYOUT_KIND_LABELS, PAYOUT_STATUS_LABELS, periodText } from "./records";

export const view: SectionView<AdminPayoutEntry> = {
  key: "payout_entries",
  title: "Payout entries",
  singular: "payout entry",
  intro:
    "One-time payments and deductions outside the carriers' statements: bonuses, fees, advances, chargeback recoveries and corrections. Another administrator than the one who created an entry approves it; only approved entries reach the commission totals.",
  columns: [
    {
      key: "agent",
      header: "Agent",
      sortable: true,
      cell: (e) => (
        <Link className="anchor" to={`/admin/payout_entries/${e.id}`} aria-label={`Entry ${e.id}: ${e.agent.name}`}>
          {e.agent.name}
        </Link>
      ),
    },
    { key: "kind", header: "Kind", sortable: true, cell: (e) => PAYOUT_KIND_LABELS[e.kind] },
    { key: "amount", header: "Amount", sortable: true, money: (e) => moneyCellOf(e.amountCents) },
    { key: "period", header: "Period", sortable: true, noWrap: true, cell: (e) => periodText(e.period) },
    {
      key: "status",
      header: "Status",
      sortable: true,
      noWrap: true,
      cell: (e) => <StatusBadge status={PAYOUT_STATUS_LABELS[e.status]} />,
    },
    { key: "createdBy", header: "Created by", cell: (e) => e.createdBy.name },
    {
      key: "decidedBy",
      header: "Approved by",
      cell: (e) =>
        e.status === "approved" ? (e.decidedBy?.name ?? "") : e.status === "rejected" ? "Not approved" : "Waiting",
    },
  ],
  stack: true,
  filters: [
    { name: "status", label: "Status" },
    { name: "kind", label: "Kind" },
    { name: "period", label: "Period" },
    { name: "userId", label: "Agent" },
  ],
  linksRecord: true,
  rowLabel: (e) => `entry ${e.id} (${e.agent.name}, ${formatCents(e.amountCents)})`,
  editLabel: "Open",
  empty: "No payout entries yet. Add a payment or deduction with New payout entry.",
  noMatch: "No payout entries match this search or these filters.",
  recordTitle: (e) => `Payout entry ${e.id}`,
};
