import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { Tag } from "~/components/admin/tag";
import { RTS_TONE_COLORS, RTS_TONE_LABELS } from "~/domain/rts";
import type { AdminRtsStatus } from "./records";

export const view: SectionView<AdminRtsStatus> = {
  key: "rts_statuses",
  title: "RTS statuses",
  singular: "RTS status",
  intro:
    "The Ready to Sell statuses the downlines pages show per carrier: whether an agent may market, enroll and be paid for a carrier's plans.",
  columns: [
    {
      key: "statusCode",
      header: "Code",
      sortable: true,
      noWrap: true,
      cell: (s) => (
        <Link className="anchor" to={`/admin/rts_statuses/${s.id}`}>
          {s.statusCode}
        </Link>
      ),
    },
    { key: "statusTitle", header: "Title", sortable: true, cell: (s) => s.statusTitle },
    {
      key: "displayStatus",
      header: "Badge",
      noWrap: true,
      cell: (s) => <Tag color={RTS_TONE_COLORS[s.tone]}>{s.displayStatus}</Tag>,
    },
    { key: "carrier", header: "Carrier", sortable: true, cell: (s) => s.carrier?.name ?? "Every carrier" },
    { key: "usageCount", header: "In use", sortable: true, noWrap: true, cell: (s) => s.usageCount },
  ],
  filters: [{ name: "carrierId", label: "Carrier" }],
  linksRecord: true,
  rowLabel: (s) => `${s.statusCode} (${s.carrier?.name ?? "every carrier"})`,
  canDelete: (s) => s.usageCount === 0,
  bulk: {
    label: "Delete selected",
    confirmTitle: "Delete these RTS statuses?",
    confirmButton: "Delete",
    intro: "A status that downline contracts still show is kept.",
    doneText: (done, chosen) => `${done} of ${chosen} RTS statuses deleted.`,
  },
  empty: "No RTS statuses yet. Create one with New RTS status for each carrier's Ready to Sell states.",
  noMatch: "No RTS statuses match this search or this carrier.",
  recordTitle: (s) => `${s.statusCode}: ${s.statusTitle}`,
  recordFacts: (s) => [
    { label: "Badge", value: <Tag color={RTS_TONE_COLORS[s.tone]}>{s.displayStatus}</Tag> },
    { label: "Badge color", value: RTS_TONE_LABELS[s.tone] },
    { label: "Carrier", value: s.carrier?.name ?? "Every carrier" },
    {
      label: "In use",
      value: s.usageCount === 1 ? "1 downline contract" : `${s.usageCount} downline contracts`,
    },
  ],
};
