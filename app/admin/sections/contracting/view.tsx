import { Link } from "react-router";
import { StateAndBall, waitingText } from "~/components/admin/contract-badges";
import type { SectionView } from "~/components/admin/section-view";
import { formatDate } from "~/domain/formats";
import type { AdminContractRequest } from "./records";

export const view: SectionView<AdminContractRequest> = {
  key: "contracting",
  title: "Contracting desk",
  singular: "contract request",
  intro:
    "Every contract request in one queue, with how long it has waited in its state and who has to act next: the agent, our staff, or the carrier.",
  // Every column matters to the desk (how long, whose ball): cards on a phone rather than a sideways scroll.
  stack: true,
  columns: [
    {
      key: "broker",
      header: "Agent",
      sortable: true,
      cell: (r) => (
        <Link className="anchor" to={`/admin/brokers/${r.broker.id}`}>
          {r.broker.name}
        </Link>
      ),
    },
    // The state and who has the ball, second: whole in view on a phone before the table is scrolled.
    { key: "state", header: "State and ball", noWrap: true, cell: (r) => <StateAndBall request={r} /> },
    { key: "waiting", header: "In state", sortable: true, noWrap: true, cell: (r) => waitingText(r.waitingDays) },
    {
      key: "carrier",
      header: "Carrier and product",
      sortable: true,
      cell: (r) => (
        <>
          {r.carrierName}
          <p className="cell-line" data-size="xs" data-tone="dark-3">
            {r.productName}
          </p>
        </>
      ),
    },
    { key: "requestedAt", header: "Requested", sortable: true, noWrap: true, cell: (r) => formatDate(r.requestedAt) },
  ],
  filters: [
    { name: "state", label: "State" },
    { name: "carrierId", label: "Carrier" },
    { name: "productId", label: "Product" },
    { name: "age", label: "In state" },
  ],
  rowLabel: (r) => `${r.broker.name}: ${r.carrierName} ${r.productName}`,
  editLabel: "Review",
  bulk: {
    label: "Move selected",
    confirmTitle: "Move these requests?",
    confirmButton: "Move",
    intro: "Each request moves only if its state allows it; a public note is what the agents will see.",
    doneText: (done, chosen) => `${done} of ${chosen} requests moved.`,
    fields: [
      {
        name: "state",
        label: "New state",
        kind: "select",
        options: [
          { value: "approved", label: "Approved (sent to the carrier)" },
          { value: "denied", label: "Denied" },
          { value: "pending", label: "Pending (reopen)" },
        ],
      },
      {
        name: "publicNote",
        label: "Note to the agents",
        kind: "textarea",
        description: "They see it on their contract card. Needed to deny.",
      },
      { name: "internalNote", label: "Internal note", kind: "textarea", description: "Staff only" },
    ],
  },
  empty: "No contract requests yet. Agents request contracts from Contract Now; you can open one from an agent's page.",
  noMatch: "No contract requests match this search or these filters.",
  recordTitle: (r) => `${r.broker.name}: ${r.carrierName}`,
};
