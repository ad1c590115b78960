import { Stack, Text, Title } from "@mantine/core";
import { useLocation } from "react-router";
import { type Column, DataTable } from "~/components/data-table";
import { FilterSelect } from "~/components/data-table/filter-select";
import { PortalForm } from "~/components/forms/form";
import { formatDateTimeUtc } from "~/domain/admin/times";
import { listQueryFrom } from "~/domain/list-query";
import { errorToasts, successToast } from "~/domain/toast";
import { recordIdOf } from "~/domain/admin/shapes";
import { requireAdmin } from "~/.server/admin/guard";
import { loadWithViewer } from "~/.server/guards";
import { formDataOf } from "~/.server/forms";
import { redirectWithToast } from "~/.server/toast";
import { listRead, upstreamMessages } from "~/.server/upstream-failure";
import { emailLog, resendEmail } from "~/admin/sections/email_communications/calls.server";
import { LOG_SHAPE } from "~/admin/sections/email_communications/shape";
import { EMAIL_BASE, EmailNav } from "~/admin/sections/email_communications/nav";
import type { EmailLogEntry } from "~/admin/sections/email_communications/records";
import type { Route } from "./+types/admin.email_communications.log";
import { StatusBadge } from "~/components/status-badge";

export function meta() {
  return [{ title: "Sent e-mails · Admin" }];
}

export const handle = {
  crumbs: () => [{ label: "E-mail communications", to: EMAIL_BASE }, { label: "Sent e-mails" }],
};

/** The log of every e-mail sent (issue 22 §2.5): newest first unless the URL sorts it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { params: query, ignored } = listQueryFrom(url.searchParams, LOG_SHAPE);
  const [, list] = await loadWithViewer(request, context, async (token) =>
    listRead(emailLog(token, query), url.pathname),
  );
  return { records: list.records, meta: list.meta, facets: list.facets, ignored };
}

/** Resend one e-mail of the log (a one-time link: a new one; the upstream says why not). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  const form = await formDataOf(request);
  const id = recordIdOf(String(form.get("id") ?? ""));
  if (form.get("intent") !== "resend" || id == null)
    return redirectWithToast(here, errorToasts(["This action is not available here."]));
  try {
    const { record } = await resendEmail(viewer.token, id);
    return redirectWithToast(here, [successToast(`E-mail sent again to ${record.to}.`)]);
  } catch (error) {
    return redirectWithToast(here, errorToasts(await upstreamMessages(error, viewer.session)));
  }
}

const STATUS = {
  queued: { label: "Queued" },
  sent: { label: "Sent" },
  failed: { label: "Failed" },
} as const;

const columns: Column<EmailLogEntry>[] = [
  { key: "createdAt", header: "When", sortable: true, noWrap: true, cell: (r) => formatDateTimeUtc(r.createdAt) },
  {
    key: "status",
    header: "Status",
    sortable: true,
    cell: (r) => (
      <>
        <StatusBadge status={STATUS[r.status].label} />
        {r.failureReason ? <span className="email-failure">{r.failureReason}</span> : null}
      </>
    ),
  },
  {
    key: "to",
    header: "To",
    sortable: true,
    cell: (r) => (
      <>
        {r.to}
        {r.user ? <span className="email-failure">{r.user.name}</span> : null}
      </>
    ),
  },
  {
    key: "kind",
    header: "E-mail",
    sortable: true,
    cell: (r) => (
      <>
        {r.kindLabel}
        {r.test ? " (test)" : ""}
        {r.resendOf ? ` (resent #${r.resendOf})` : ""}
      </>
    ),
  },
  { key: "subject", header: "Subject", cell: (r) => r.subject },
];

function Resend({ entry }: { entry: EmailLogEntry }) {
  return (
    <PortalForm className="row-menu-form">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={entry.id} />
      <button type="submit" className="row-menu-button" aria-label={`Resend e-mail ${entry.id} to ${entry.to}`}>
        Resend
      </button>
    </PortalForm>
  );
}

export default function EmailLogPage({ loaderData }: Route.ComponentProps) {
  const { records, meta, facets, ignored } = loaderData;
  const search = new URLSearchParams(useLocation().search);
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>E-mail communications</Title>
        <Text c="dimmed" mt={4}>
          Every e-mail the portal sent, to whom, and whether it went out. A failed one says why; Resend sends it again
          (a link that works once is made anew).
        </Text>
      </div>
      <EmailNav current="Sent e-mails" />
      <DataTable
        caption="Sent e-mails"
        columns={columns}
        rows={records}
        rowKey={(r) => r.id}
        meta={meta}
        sortable={LOG_SHAPE.sortable}
        ignored={ignored}
        stack
        filterNames={["status", "kind", "messageId"]}
        filters={
          <>
            <FilterSelect name="status" label="Status" value={search.get("status") ?? ""} options={facets.status} />
            <FilterSelect name="kind" label="E-mail" value={search.get("kind") ?? ""} options={facets.kind} />
          </>
        }
        empty={<Text c="dimmed">No e-mails sent yet.</Text>}
        noMatch="No e-mails match this search or these filters."
        rowMenu={{ label: (r) => `e-mail ${r.id} to ${r.to}`, more: (r) => <Resend entry={r} /> }}
      />
    </Stack>
  );
}
