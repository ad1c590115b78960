import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { StatusBadge } from "~/components/status-badge";
import { IMPORT_STATUS_WORDS, importStatusLabel } from "~/domain/statuses";
import { formatDate } from "~/domain/formats";
import { CARRIER_IMPORT_KIND_LABELS, type CarrierImport, carrierImportTitle } from "./records";

/** The import's status; "Imported with problems" when rows were refused (issue 37 §4). */
export const statusTag = (i: Pick<CarrierImport, "status" | "counts">) => (
  <StatusBadge status={importStatusLabel(IMPORT_STATUS_WORDS[i.status], i.counts.refused)} />
);

/** The rows by outcome, as the list and the import's page say them. */
export function outcomesText(i: Pick<CarrierImport, "status" | "counts">): string {
  const { counts } = i;
  if (i.status === "imported" || i.status === "importing")
    return `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.refused} refused`;
  if (i.status === "ready") return `${counts.rows} read, ${counts.problems} with problems`;
  return `${counts.rows} read`;
}

export const view: SectionView<CarrierImport> = {
  key: "carrier_imports",
  title: "Carrier imports",
  singular: "import",
  intro:
    "Carriers' files imported: RTS statuses (what the downlines pages show), appointments (an agent's contracts page), policies (the books of business) and enrollments (the carrier enrollments). Each file is previewed with every row's problem before anything is written; its results list each row's outcome.",
  nav: (
    <p>
      <Link className="anchor" to="/admin/carrier_imports/upload">
        Upload a carrier&apos;s file
      </Link>
    </p>
  ),
  stack: true,
  columns: [
    {
      key: "carrier",
      header: "Carrier",
      sortable: true,
      cell: (i) => (
        <Link className="anchor" to={`/admin/carrier_imports/${i.id}`}>
          {i.carrierName} #{i.id}
        </Link>
      ),
    },
    { key: "kind", header: "Kind", sortable: true, noWrap: true, cell: (i) => CARRIER_IMPORT_KIND_LABELS[i.kind] },
    { key: "file", header: "File", sortable: true, cell: (i) => i.fileName },
    { key: "status", header: "Status", sortable: true, noWrap: true, cell: statusTag },
    { key: "rows", header: "Rows", cell: outcomesText },
    {
      key: "createdAt",
      header: "Uploaded",
      sortable: true,
      cell: (i) => `${formatDate(i.createdAt)}${i.createdBy ? ` by ${i.createdBy.name}` : ""}`,
    },
  ],
  filters: [
    { name: "carrier", label: "Carrier" },
    { name: "kind", label: "Kind" },
    { name: "status", label: "Status" },
  ],
  linksRecord: true,
  rowLabel: carrierImportTitle,
  editLabel: "Open",
  empty: "No carrier files imported yet. Upload a carrier's file to start.",
  noMatch: "No imports match this search or these filters.",
  recordTitle: carrierImportTitle,
};
