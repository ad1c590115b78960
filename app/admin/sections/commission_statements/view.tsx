import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { moneyCellOf } from "~/domain/cents";
import { StatusBadge } from "~/components/status-badge";
import { formatDate, formatPeriod } from "~/domain/formats";
import type { AdminCommissionStatement } from "./records";

export const statusTag = (s: Pick<AdminCommissionStatement, "status">) => (
  <StatusBadge status={s.status === "locked" ? "Locked" : "Draft"} />
);

export const view: SectionView<AdminCommissionStatement> = {
  key: "commission_statements",
  title: "Commission statements",
  singular: "statement",
  intro:
    "The carriers' statements per period: import a carrier's file, reconcile the lines that match no policy, then lock the statement to publish it to the agents' Commissions page.",
  nav: (
    <p>
      <Link className="anchor" to="/admin/commission_statements/import">
        Import a statement
      </Link>
    </p>
  ),
  stack: true,
  columns: [
    {
      key: "carrier",
      header: "Carrier",
      sortable: true,
      cell: (s) => (
        <Link className="anchor" to={`/admin/commission_statements/${s.id}`}>
          {s.carrierName} #{s.id}
        </Link>
      ),
    },
    { key: "period", header: "Period", sortable: true, noWrap: true, cell: (s) => formatPeriod(s.period) },
    { key: "status", header: "Status", sortable: true, noWrap: true, cell: statusTag },
    { key: "lines", header: "Lines", sortable: true, noWrap: true, cell: (s) => s.lineCount.toLocaleString("en-US") },
    { key: "total", header: "Total", sortable: true, money: (s) => moneyCellOf(s.totalCents) },
    {
      key: "unmatched",
      header: "Unmatched",
      sortable: true,
      noWrap: true,
      cell: (s) => (s.unmatchedCount > 0 ? <StatusBadge status="Unmatched">{s.unmatchedCount}</StatusBadge> : "0"),
    },
    {
      key: "importedAt",
      header: "Imported",
      sortable: true,
      cell: (s) => `${formatDate(s.importedAt)}${s.importedBy ? ` by ${s.importedBy.name}` : ""}`,
    },
    {
      key: "lockedAt",
      header: "Locked",
      sortable: true,
      cell: (s) => (s.lockedAt ? `${formatDate(s.lockedAt)}${s.lockedBy ? ` by ${s.lockedBy.name}` : ""}` : "Not yet"),
    },
  ],
  filters: [
    { name: "carrier", label: "Carrier" },
    { name: "period", label: "Period" },
    { name: "status", label: "Status" },
  ],
  linksRecord: true,
  rowLabel: (s) => `${s.carrierName} ${formatPeriod(s.period)} statement #${s.id}`,
  editLabel: "Open",
  empty: "No statements yet. Import a carrier's statement file to start.",
  noMatch: "No statements match this search or these filters.",
  recordTitle: (s) => `${s.carrierName} ${formatPeriod(s.period)} statement #${s.id}`,
};
