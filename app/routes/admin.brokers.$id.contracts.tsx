import { Stack, Text, Title } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { StateAndBall, waitingText } from "~/components/admin/contract-badges";
import { type Column, DataTable } from "~/components/data-table";
import { type PlainColumn, PlainTable } from "~/components/plain-table";
import type { BrokerAppointment } from "~/admin/sections/carrier_imports/contract.server";
import { brokerAppointments } from "~/admin/sections/carrier_imports/imports.server";
import { CONTRACT_STATE_LABELS } from "~/domain/admin/labels";
import { FilterSelect } from "~/components/data-table/filter-select";
import type { AdminContractRequest } from "~/admin/sections/contracting/records";
import { shape as contracting } from "~/admin/sections/contracting/shape";
import { idOr404 } from "~/.server/admin/guard";
import { formatDate } from "~/domain/formats";
import { listQueryFrom } from "~/domain/list-query";
import { loadWithViewer } from "~/.server/guards";
import { contractRequests } from "~/.server/upstream/admin";
import { listRead } from "~/.server/upstream-failure";
import type { Route } from "./+types/admin.brokers.$id.contracts";

export const handle = { crumbs: () => [{ label: "Contracts" }] };

const SHAPE = {
  sortable: contracting.sortable,
  filters: { state: contracting.filters.state },
};

/** Every contract request of the broker, in every state (issue 14): the desk's list narrowed to them. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const url = new URL(request.url);
  const { params: query, ignored } = listQueryFrom(url.searchParams, SHAPE);
  query.set("brokerId", String(id));
  const [, [list, { appointments }]] = await loadWithViewer(request, context, async (token) =>
    Promise.all([listRead(contractRequests(token, query), url.pathname), brokerAppointments(token, id)]),
  );
  return { id, records: list.records, meta: list.meta, states: list.facets.state, ignored, appointments };
}

/** The broker's appointments as the carriers' appointments files said them (carrier imports, issue 24 §1). */
const APPOINTMENT_COLUMNS: PlainColumn<BrokerAppointment>[] = [
  { header: "Carrier", cell: (a) => a.carrierName },
  { header: "State", cell: (a) => a.state },
  {
    header: "Appointment",
    cell: (a) =>
      `${a.status} since ${formatDate(a.effectiveDate)}${a.terminationReason ? ` (${a.terminationReason})` : ""}`,
  },
  {
    header: "Contract record",
    cell: (a) =>
      a.contractState ? (
        CONTRACT_STATE_LABELS[a.contractState]
      ) : (
        <Text size="sm" c="red.8" fw={600}>
          No contract record
        </Text>
      ),
  },
  {
    header: "From",
    cell: (a) =>
      a.importId ? (
        <Link className="anchor" to={`/admin/carrier_imports/${a.importId}`}>
          Import #{a.importId}
        </Link>
      ) : (
        "Carrier file"
      ),
  },
];

export default function BrokerContracts({ loaderData }: Route.ComponentProps) {
  const { id, records, meta, states, ignored, appointments } = loaderData;
  const location = useLocation();
  const base = `/admin/brokers/${id}/contracts`;
  const columns: Column<AdminContractRequest>[] = [
    {
      key: "carrier",
      header: "Carrier and product",
      sortable: true,
      cell: (r) => (
        <Link className="anchor" to={`${base}/${r.id}`}>
          {r.carrierName} · {r.productName}
        </Link>
      ),
    },
    { key: "state", header: "State and ball", noWrap: true, cell: (r) => <StateAndBall request={r} /> },
    { key: "waiting", header: "In state", sortable: true, noWrap: true, cell: (r) => waitingText(r.waitingDays) },
    { key: "writingNumber", header: "Writing #", noWrap: true, cell: (r) => r.writingNumber ?? "—" },
    { key: "requestedAt", header: "Requested", sortable: true, noWrap: true, cell: (r) => formatDate(r.requestedAt) },
  ];
  return (
    <Stack gap="sm">
      <DataTable
        caption="Contract requests"
        columns={columns}
        rows={records}
        rowKey={(r) => r.id}
        meta={meta}
        sortable={SHAPE.sortable}
        ignored={ignored}
        stack
        filterNames={["state"]}
        filters={
          <FilterSelect
            name="state"
            label="State"
            value={new URLSearchParams(location.search).get("state") ?? ""}
            options={states}
          />
        }
        newButton={{ to: `${base}/new`, label: "Open a contract request" }}
        empty={
          <Text c="dimmed">
            No contract requests yet. Open one with “Open a contract request”, or the agent asks from Contract Now.
          </Text>
        }
        noMatch="No contract requests in this state."
        rowMenu={{ label: (r) => `${r.carrierName} ${r.productName}`, editHref: (r) => `${base}/${r.id}` }}
      />
      <section aria-labelledby="appointments-title">
        <Title order={2} size="h4" id="appointments-title" mb="xs">
          Carrier appointments
        </Title>
        {appointments.length > 0 ? (
          <PlainTable columns={APPOINTMENT_COLUMNS} rows={appointments} rowKey={(a) => a.id} stackOnPhone />
        ) : (
          <Text c="dimmed">
            No carrier has reported an appointment yet (a carrier's appointments file, Carrier imports).
          </Text>
        )}
      </section>
    </Stack>
  );
}
