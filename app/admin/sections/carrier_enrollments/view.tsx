import { Link } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { StatusBadge } from "~/components/status-badge";
import { formatDate } from "~/domain/formats";
import { type AdminCarrierEnrollment, ENROLLMENT_STATUS_LABELS, payloadHref } from "./records";

export const view: SectionView<AdminCarrierEnrollment> = {
  key: "carrier_enrollments",
  title: "Carrier enrollments",
  singular: "enrollment",
  intro:
    "The enrollment records the carriers send us, newest first: who wrote them, for which client and plan, and where each stands at the carrier (RFI: the carrier asks for information). Open a record for its facts and the raw payload as it arrived.",
  columns: [
    {
      key: "client",
      header: "Client",
      sortable: true,
      minWidth: "name",
      cell: (e) => (
        <Link
          className="anchor"
          to={`/admin/carrier_enrollments/${e.id}`}
          aria-label={`Enrollment ${e.confirmationNumber}: ${e.client.name}`}
        >
          {e.client.name}
        </Link>
      ),
    },
    {
      key: "status",
      header: "Status",
      sortable: true,
      noWrap: true,
      cell: (e) => <StatusBadge status={ENROLLMENT_STATUS_LABELS[e.status]} />,
    },
    { key: "carrier", header: "Carrier", sortable: true, cell: (e) => e.carrier.name },
    { key: "plan", header: "Plan", cell: (e) => e.planName },
    { key: "agent", header: "Writing agent", sortable: true, cell: (e) => e.agent.name },
    { key: "submittedOn", header: "Submitted", sortable: true, noWrap: true, cell: (e) => formatDate(e.submittedOn) },
    {
      key: "effectiveOn",
      header: "Effective",
      sortable: true,
      noWrap: true,
      // On a laptop the record's page shows it (issue 37 §2: the list fits 1280 px).
      visibleFrom: "xl",
      cell: (e) => (e.effectiveOn ? formatDate(e.effectiveOn) : "None"),
    },
    // The record's page is named after it.
    {
      key: "confirmation",
      header: "Confirmation #",
      noWrap: true,
      visibleFrom: "xl",
      cell: (e) => e.confirmationNumber,
    },
  ],
  stack: true,
  filters: [
    { name: "status", label: "Status" },
    { name: "carrierId", label: "Carrier" },
    { name: "userId", label: "Writing agent" },
    { name: "from", label: "Submitted from", kind: "day" },
    { name: "to", label: "Submitted to", kind: "day" },
  ],
  linksRecord: true,
  rowLabel: (e) => `enrollment ${e.confirmationNumber} (${e.client.name})`,
  editLabel: "Open",
  rowMore: (e) => (
    <Link className="anchor" to={payloadHref(e.id)}>
      Raw payload
    </Link>
  ),
  empty: "No enrollment records from the carriers yet.",
  noMatch: "No enrollment records match this search or these filters.",
  recordTitle: (e) => `Enrollment ${e.confirmationNumber}`,
};
