import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { Tag } from "~/components/admin/tag";
import { formatDateTimeUtc } from "~/domain/admin/times";
import { ExportsNav } from "./nav";
import { type AdminCarrierExport, EXPORT_KIND_LABELS, builtByText, downloadPath, exportTitle } from "./records";

export const view: SectionView<AdminCarrierExport> = {
  key: "carrier_exports",
  title: "Carrier exports",
  singular: "export",
  intro:
    "The files we send carriers: new contract requests, terminations and address changes, built on demand or on each carrier's schedule. Each file's rows are the changes since the carrier's last file of its kind.",
  nav: <ExportsNav current="History" />,
  stack: true,
  columns: [
    {
      key: "builtAt",
      header: "Built",
      sortable: true,
      cell: (e) => (
        <Link className="anchor" to={`/admin/carrier_exports/${e.id}`}>
          {formatDateTimeUtc(e.builtAt)}
        </Link>
      ),
    },
    { key: "carrier", header: "Carrier", sortable: true, cell: (e) => e.carrier.name },
    { key: "kind", header: "Kind", sortable: true, cell: (e) => EXPORT_KIND_LABELS[e.kind] },
    {
      key: "trigger",
      header: "Built by",
      cell: (e) => (e.builtBy ? e.builtBy.name : <Tag color="blue">{builtByText(e)}</Tag>),
    },
    {
      key: "rows",
      header: "Rows",
      sortable: true,
      noWrap: true,
      cell: (e) => <span data-testid="export-rows">{e.rowCount.toLocaleString("en-US")}</span>,
    },
    {
      key: "file",
      header: "Download",
      cell: (e) => (
        <a className="anchor" href={downloadPath(e)} download={e.fileName}>
          CSV<span className="visually-hidden"> of {exportTitle(e)}</span>
        </a>
      ),
    },
  ],
  filters: [
    { name: "carrier", label: "Carrier" },
    { name: "kind", label: "Kind" },
    { name: "trigger", label: "Built" },
    { name: "month", label: "Month" },
  ],
  linksRecord: true,
  rowLabel: (e) => exportTitle(e),
  editLabel: "Open",
  empty: "No files yet. Build one now, or set a carrier's schedule.",
  noMatch: "No files match this search or these filters.",
  recordTitle: exportTitle,
};
