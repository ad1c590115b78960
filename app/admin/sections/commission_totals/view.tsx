import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { formatCents, moneyCellOf } from "~/domain/cents";
import { type AdminCommissionTotal, MINIMUM_PAYOUT_CENTS, periodLabel } from "./records";

export const view: SectionView<AdminCommissionTotal> = {
  key: "commission_totals",
  title: "Commission totals",
  singular: "total",
  intro: `Per agent or agency and published period: street commission and overrides from locked statements, approved payout entries, and the payout. A balance under ${formatCents(MINIMUM_PAYOUT_CENTS)} (or negative) is carried to the next period. With a carrier chosen, street and overrides are that carrier's; the payout stays the whole.`,
  columns: [
    {
      key: "name",
      header: "Agent or agency",
      sortable: true,
      cell: (t) => (
        <Link className="anchor" to={`/admin/commission_totals/${t.key}`}>
          {t.name}
        </Link>
      ),
    },
    { key: "agency", header: "Writes under", cell: (t) => t.agencyName ?? "None" },
    { key: "period", header: "Period", sortable: true, noWrap: true, cell: (t) => periodLabel(t.period) },
    { key: "street", header: "Street", sortable: true, money: (t) => moneyCellOf(t.streetCents) },
    { key: "overrides", header: "Overrides", sortable: true, money: (t) => moneyCellOf(t.overridesCents) },
    { key: "entries", header: "Entries", sortable: true, money: (t) => moneyCellOf(t.entriesCents) },
    { key: "carriedIn", header: "Carried in", money: (t) => moneyCellOf(t.carriedInCents) },
    { key: "payout", header: "Payout", sortable: true, money: (t) => moneyCellOf(t.payoutCents) },
    {
      key: "carriedForward",
      header: "Carried forward",
      sortable: true,
      money: (t) => moneyCellOf(t.carriedForwardCents),
    },
  ],
  stack: true,
  filters: [
    { name: "period", label: "Period" },
    { name: "carrierId", label: "Carrier" },
    { name: "agencyId", label: "Agency hierarchy" },
  ],
  linksRecord: true,
  rowLabel: (t) => `${t.name}, ${periodLabel(t.period)}`,
  editLabel: "Lines and entries",
  empty: "No totals yet: they appear once a statement is locked.",
  noMatch: "No totals match this search or these filters.",
  recordTitle: (t) => `${t.name}, ${periodLabel(t.period)}`,
};
