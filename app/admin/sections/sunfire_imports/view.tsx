import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { StatusBadge } from "~/components/status-badge";
import { IMPORT_STATUS_WORDS, importStatusLabel } from "~/domain/statuses";
import { formatDate } from "~/domain/formats";
import { type SunfireImport, sunfireImportTitle } from "./records";

/** The import's status; "Imported with problems" when rows were refused (issue 37 §4). */
export const statusTag = (i: Pick<SunfireImport, "status" | "counts">) => (
  <StatusBadge status={importStatusLabel(IMPORT_STATUS_WORDS[i.status], i.counts.refused)} />
);

/** The rows by outcome, as the list and the import's page say them. */
export function outcomesText(i: Pick<SunfireImport, "status" | "counts">): string {
  const { counts } = i;
  if (i.status === "imported" || i.status === "importing")
    return `${counts.matched} matched, ${counts.unmatched} to reconcile, ${counts.reconciled} reconciled, ${counts.refused} refused`;
  if (i.status === "ready")
    return `${counts.rows} read, ${counts.toReconcile} to reconcile, ${counts.problems} with problems`;
  return `${counts.rows} read`;
}

export const view: SectionView<SunfireImport> = {
  key: "sunfire_imports",
  title: "Sunfire imports",
  singular: "import",
  intro:
    "The quote tool's enrollment exports imported. Each row is matched to its agent by NPN and to a client (by id, then e-mail with date of birth, then Medicare id, then phone with first name) and previewed before anything is written; matched rows become the agents' Submitted Enrollments, the others are reconciled by hand.",
  nav: (
    <p>
      <Link className="anchor" to="/admin/sunfire_imports/new">
        Upload a Sunfire export
      </Link>
    </p>
  ),
  stack: true,
  columns: [
    {
      key: "file",
      header: "File",
      sortable: true,
      cell: (i) => (
        <Link className="anchor" to={`/admin/sunfire_imports/${i.id}`}>
          {i.fileName} (#{i.id})
        </Link>
      ),
    },
    { key: "status", header: "Status", sortable: true, noWrap: true, cell: statusTag },
    { key: "rows", header: "Rows", cell: outcomesText },
    {
      key: "createdAt",
      header: "Uploaded",
      sortable: true,
      cell: (i) => `${formatDate(i.createdAt)}${i.createdBy ? ` by ${i.createdBy.name}` : ""}`,
    },
  ],
  filters: [{ name: "status", label: "Status" }],
  linksRecord: true,
  rowLabel: sunfireImportTitle,
  editLabel: "Open",
  empty: "No Sunfire exports imported yet. Upload one to start.",
  noMatch: "No imports match this search or these filters.",
  recordTitle: sunfireImportTitle,
};
