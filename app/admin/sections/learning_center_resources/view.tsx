import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { StatusBadge } from "~/components/status-badge";
import type { StatusLabel } from "~/domain/statuses";
import { formatDate } from "~/domain/formats";
import { LIBRARIES } from "~/domain/learning-center";
import { Attachments } from "./attachments";
import type { AdminLearningResource, LearningState } from "./records";

const libraryTitle = (r: AdminLearningResource) => LIBRARIES.find((l) => l.library === r.library)?.title ?? r.library;

const STATE = { draft: "Draft", scheduled: "Scheduled", published: "Published" } as const satisfies Record<
  LearningState,
  StatusLabel
>;

function StateTag({ r }: { r: AdminLearningResource }) {
  const label = STATE[r.state];
  return (
    <StatusBadge status={label}>
      {r.state === "scheduled" && r.publishOn ? `${label} ${formatDate(r.publishOn)}` : label}
    </StatusBadge>
  );
}

const audienceText = (r: AdminLearningResource) => (r.audience === "agencies" ? "Agencies only" : "Everyone");

export const view: SectionView<AdminLearningResource> = {
  key: "learning_center_resources",
  title: "Learning Center resources",
  singular: "resource",
  intro:
    "The resources of the agent, documentation and enrollment libraries. Agents see a resource once it is published and its publish date has come; agencies only see those for agencies.",
  stack: true,
  columns: [
    {
      key: "title",
      header: "Title",
      sortable: true,
      cell: (r) => (
        <Link className="anchor" to={`/admin/learning_center_resources/${r.id}`}>
          {r.title}
        </Link>
      ),
    },
    { key: "state", header: "State", noWrap: true, cell: (r) => <StateTag r={r} /> },
    { key: "library", header: "Library", sortable: true, cell: libraryTitle },
    {
      key: "carrier",
      header: "Carrier and product",
      sortable: true,
      cell: (r) => `${r.carrier?.name ?? "Every carrier"} · ${r.product?.name ?? "Every product"}`,
    },
    { key: "audience", header: "Audience", cell: audienceText },
    {
      key: "publishOn",
      header: "Publish date",
      sortable: true,
      noWrap: true,
      cell: (r) => (r.publishOn ? formatDate(r.publishOn) : "—"),
    },
  ],
  filters: [
    { name: "state", label: "State" },
    { name: "library", label: "Library" },
    { name: "audience", label: "Audience" },
    { name: "carrierId", label: "Carrier" },
    { name: "productId", label: "Product" },
  ],
  linksRecord: true,
  rowLabel: (r) => r.title,
  canDelete: () => true,
  bulk: {
    label: "Delete selected",
    confirmTitle: "Delete these resources?",
    confirmButton: "Delete",
    intro: "They leave the Learning Center at once, with their attachments.",
    doneText: (done, chosen) => `${done} of ${chosen} resources deleted.`,
  },
  empty: "No resources yet. Create one with New resource.",
  noMatch: "No resources match this search or these filters.",
  recordTitle: (r) => r.title,
  recordFacts: (r) => [
    { label: "State", value: <StateTag r={r} /> },
    { label: "Library", value: libraryTitle(r) },
    { label: "Audience", value: audienceText(r) },
    { label: "Last change", value: formatDate(r.updatedAt) },
  ],
  recordActions: (r) => <Attachments record={r} />,
};
