import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { FilterSelect } from "~/components/data-table/filter-select";
import { Link, useLocation } from "react-router";
import { type Column, DataTable } from "~/components/data-table";
import { ErrorPage } from "~/components/error-page";
import { PortalForm, SubmitButton } from "~/components/forms/form";
import {
  SUBMITTED_ENROLLMENTS_LIST,
  SUBMITTED_ENROLLMENT_SORTABLE,
  enrollmentHub,
  quoteToolHref,
  showsWritingAgent,
  submittedOn,
} from "~/domain/enrollments";
import { formatDate } from "~/domain/formats";
import { listQueryFrom, notOffered } from "~/domain/list-query";
import { DOWNLOAD_SENT, errorToasts, successToast } from "~/domain/toast";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer, requireViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { listRead, refusedFilters } from "~/.server/upstream-failure";
import { exportSubmittedEnrollments, submittedEnrollments } from "~/.server/upstream/enrollments";
import type { SubmittedEnrollment } from "~/.server/upstream/schemas";
import type { Route } from "./+types/submitted_enrollments";
import { StatusBadge } from "~/components/status-badge";

export function meta() {
  return [{ title: "Submitted Enrollments" }];
}

/**
 * The enrollments submitted through the quote tool (spec §2, §6: sunfireAccess users and the beta tester),
 * as the URL asks for them (ADR 020): values the portal can check and does not know are ignored with a note;
 * a carrier the upstream does not offer among its choices is a 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { params, ignored } = listQueryFrom(url.searchParams, SUBMITTED_ENROLLMENTS_LIST);
  const [viewer, list] = await loadWithViewer(request, context, async (token) =>
    listRead(submittedEnrollments(token, params), url.pathname),
  );
  const carrierId = params.get("carrierId");
  if (notOffered(carrierId, list.filters.carriers)) throw refusedFilters(url.pathname);
  const { quoteSite } = enrollmentHub(viewer);
  return {
    ...list,
    ignored,
    writingAgent: showsWritingAgent(viewer),
    quoteHref: quoteSite ? quoteToolHref(quoteSite) : null,
    selected: { status: params.get("status") ?? "", carrierId: carrierId ?? "" },
  };
}

/** Export: the upstream e-mails the file (spec §8 'Download was sent to your email'), as the book of business. */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const form = actionForm(request, context);
  return form.answer(
    async () => {
      const viewer = await requireViewer(request, context);
      await form.read();
      await exportSubmittedEnrollments(
        viewer.token,
        listQueryFrom(url.searchParams, SUBMITTED_ENROLLMENTS_LIST).params,
      );
      return redirectWithToast(back, [successToast(DOWNLOAD_SENT)]);
    },
    async ({ messages }) => redirectWithToast(back, errorToasts(messages)),
  );
}

const COLUMNS: Column<SubmittedEnrollment>[] = [
  {
    key: "confirmationNumber",
    header: "Confirmation #",
    sortable: true,
    noWrap: true,
    cell: (e) => e.confirmationNumber,
  },
  { key: "memberName", header: "Member", sortable: true, cell: (e) => e.memberName },
  {
    key: "planName",
    header: "Plan",
    sortable: true,
    cell: (e) => (
      <div className="cell-stack">
        <p className="cell-line" data-size="sm">
          {e.planName}
        </p>
        <p className="cell-line" data-size="xs" data-dimmed>
          {e.productName}
        </p>
      </div>
    ),
  },
  { key: "carrierName", header: "Carrier", sortable: true, cell: (e) => e.carrierName },
  {
    key: "effectiveDate",
    header: "Effective",
    sortable: true,
    noWrap: true,
    cell: (e) => formatDate(e.effectiveDate),
  },
  {
    key: "status",
    header: "Status",
    sortable: true,
    noWrap: true,
    cell: (e) => <StatusBadge status={e.status} />,
  },
  { key: "submittedAt", header: "Submitted", sortable: true, noWrap: true, cell: (e) => submittedOn(e.submittedAt) },
];

const WRITING_AGENT: Column<SubmittedEnrollment> = {
  key: "writingAgent",
  header: "Writing agent",
  sortable: true,
  // A name reads on one line: the column is as wide as the longest (issue 20).
  noWrap: true,
  cell: (e) => (
    <div className="cell-stack">
      <p className="cell-line" data-size="sm">
        {e.writingAgent.name}
      </p>
      {e.writingAgent.npnNumber ? (
        <p className="cell-line" data-size="xs" data-dimmed>
          NPN {e.writingAgent.npnNumber}
        </p>
      ) : null}
    </div>
  ),
};

/** A carrier the upstream does not offer is a 400 inside the layout, with a link without filters (ADR 020). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function SubmittedEnrollments({ loaderData }: Route.ComponentProps) {
  const { enrollments, meta, filters, selected, ignored, writingAgent, quoteHref } = loaderData;
  const location = useLocation();
  const columns = writingAgent ? [...COLUMNS, WRITING_AGENT] : COLUMNS;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Submitted Enrollments</Title>
        <PortalForm action={`${location.pathname}${location.search}`}>
          <SubmitButton variant="default">Export</SubmitButton>
        </PortalForm>
      </Group>
      <Text c="dimmed">
        Enrollments submitted through the quote tool and where each one stands with the carrier
        {writingAgent ? ", with the agent who wrote it" : ""}.
      </Text>
      <DataTable
        caption="Submitted enrollments"
        columns={columns}
        rows={enrollments}
        rowKey={(e) => e.id}
        meta={meta}
        sortable={SUBMITTED_ENROLLMENT_SORTABLE}
        filterNames={["status", "carrierId"]}
        ignored={ignored}
        empty={<NoEnrollments quoteHref={quoteHref} />}
        noMatch="No enrollments match this search or these filters."
        filters={
          <>
            <FilterSelect name="status" label="Status" value={selected.status} options={filters.statuses} />
            <FilterSelect name="carrierId" label="Carrier" value={selected.carrierId} options={filters.carriers} />
          </>
        }
      />
    </Stack>
  );
}

/** Nothing submitted yet: how enrollments get here. */
function NoEnrollments({ quoteHref }: { quoteHref: string | null }) {
  return (
    <Stack gap={4}>
      <Text c="dimmed">No enrollments have been submitted yet.</Text>
      {quoteHref ? (
        <Text c="dimmed">
          Enrollments you submit in the quote tool appear here.{" "}
          <Anchor component={Link} to={quoteHref}>
            Open the Quote Tool
          </Anchor>{" "}
          to quote and enroll a client.
        </Text>
      ) : (
        <Text c="dimmed">Enrollments submitted through the quote tool for your account appear here.</Text>
      )}
    </Stack>
  );
}
