import { Stack, Text } from "@mantine/core";
import { Link, data } from "react-router";
import {
  ImportHeading,
  ImportPreview,
  ImportRefused,
  ImportResults,
  ImportRows,
  rowsPageHref,
  rowsText,
} from "~/components/admin/file-import-page";
import { ImportProgress } from "~/components/admin/import-progress";
import { ErrorPage } from "~/components/error-page";
import { SubmitButton } from "~/components/forms/form";
import { type PlainColumn, PlainTable } from "~/components/plain-table";
import { confirmOrDiscard, importRowsQuery } from "~/.server/admin/file-import-page";
import { idOr404, requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { formatDate } from "~/domain/formats";
import { clientMatchText } from "~/domain/sunfire-matching";
import { confirmImport, discardImport, importRows } from "~/admin/sections/sunfire_imports/imports.server";
import {
  SUNFIRE_ROW_OUTCOMES,
  SUNFIRE_ROW_OUTCOME_LABELS,
  type SunfireImport,
  type SunfireImportRow,
  rowName,
  sunfireImportTitle,
} from "~/admin/sections/sunfire_imports/records";
import { outcomesText, statusTag } from "~/admin/sections/sunfire_imports/view";
import type { Route } from "./+types/admin.sunfire_imports.$id";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${sunfireImportTitle(loaderData.record)} · Sunfire imports · Admin` : "Admin" }];
}

export const handle = {
  crumbs: (d: { record: { id: number } }) => [
    { label: "Sunfire imports", to: "/admin/sunfire_imports" },
    { label: `Import #${d.record.id}` },
  ],
};

const running = (r: SunfireImport) => r.status === "reading" || r.status === "importing";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const { query, outcome } = importRowsQuery(request, SUNFIRE_ROW_OUTCOMES);
  const [, found] = await loadWithViewer(request, context, async (token) => importRows(token, id, query));
  return { record: found.import, rows: found.rows, meta: found.meta, outcome };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const viewer = await requireAdmin(request, context);
  const form = actionForm(request, context);
  const submitted = await form.read();
  const intent = submitted.get("intent");
  const here = `/admin/sunfire_imports/${id}`;
  return form.answer(async () => {
    const decided = await confirmOrDiscard(form, intent, {
      confirm: async () => confirmImport(viewer.token, id),
      discard: async () => discardImport(viewer.token, id),
      here,
      list: "/admin/sunfire_imports",
    });
    if (decided) return decided;
    throw data({ messages: [] }, { status: 400, statusText: "Bad Request" });
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

const agentText = (r: SunfireImportRow) =>
  r.agent ? `${r.agent.name} (NPN ${r.agent.npn})` : `No agent has the NPN ${r.values.agentNpn || "(blank)"}`;

function rowColumns(record: SunfireImport, done: boolean): PlainColumn<SunfireImportRow>[] {
  const here = `/admin/sunfire_imports/${record.id}`;
  return [
    { header: "Line", cell: (r) => r.lineNo },
    { header: "Client", cell: (r) => rowName(r.values) },
    { header: "Plan", cell: (r) => `${r.values.carrier || "(no carrier)"} · ${r.values.plan || "(no plan)"}` },
    {
      header: "Agent",
      cell: (r) =>
        r.agent ? (
          agentText(r)
        ) : (
          <Text size="sm" fw={600}>
            {agentText(r)}
          </Text>
        ),
    },
    {
      header: "Client match",
      cell: (r) =>
        r.clientId && r.outcome === "reconciled" ? (
          `Client ${r.clientId}, chosen by hand`
        ) : r.client.kind === "ambiguous" ? (
          <Text size="sm" fw={600}>
            {clientMatchText(r.client)}
          </Text>
        ) : (
          clientMatchText(r.client)
        ),
    },
    done
      ? {
          header: "Outcome",
          cell: (r) =>
            r.outcome === "refused" ? (
              <Text size="sm" c="red.8">
                Refused: {r.problem}
              </Text>
            ) : r.outcome === "unmatched" ? (
              <Link className="anchor" to={`${here}/rows/${r.lineNo}`}>
                Reconcile line {r.lineNo}
              </Link>
            ) : r.outcome ? (
              `${SUNFIRE_ROW_OUTCOME_LABELS[r.outcome]}${r.enrollmentId ? `: enrollment #${r.enrollmentId}` : ""}`
            ) : (
              "Not imported yet"
            ),
        }
      : {
          header: "Problem",
          cell: (r) =>
            r.problem ? (
              <Text size="sm" c="red.8">
                {r.problem}
              </Text>
            ) : r.agent === null || r.client.kind === "ambiguous" ? (
              "To reconcile by hand"
            ) : (
              "Ready"
            ),
        },
  ];
}

export default function SunfireImportPage({ loaderData }: Route.ComponentProps) {
  const { record, rows, meta, outcome } = loaderData;
  const busy = running(record);
  const done = record.status === "imported" || record.status === "importing";
  const here = `/admin/sunfire_imports/${record.id}`;
  const ready = record.counts.rows - record.counts.problems;
  return (
    <Stack gap="md">
      <ImportHeading title={`Sunfire export: ${record.fileName}`} tag={statusTag(record)}>
        Import #{record.id} · uploaded {formatDate(record.createdAt)}
        {record.createdBy ? ` by ${record.createdBy.name}` : ""}
      </ImportHeading>
      <ImportProgress busy={busy} here={here}>
        {rowsText(record.rowsRead)} read, {rowsText(record.rowsWritten)} imported.
      </ImportProgress>
      {record.status === "failed" ? (
        <ImportRefused problem={record.problem}>
          {record.duplicateOf ? (
            <Link className="anchor" to={`/admin/sunfire_imports/${record.duplicateOf}`}>
              Open import #{record.duplicateOf}
            </Link>
          ) : null}
        </ImportRefused>
      ) : null}
      {record.status === "discarded" ? <Text>This import was discarded: nothing was written.</Text> : null}
      {record.status === "ready" ? (
        <ImportPreview
          counts={
            <>
              <li>{rowsText(record.counts.rows)} read</li>
              <li>{ready - record.counts.toReconcile} matched to an agent and a client (or a new client)</li>
              <li>{record.counts.toReconcile} to reconcile by hand (no agent by the NPN, or more than one client)</li>
              <li>{record.counts.problems} with problems</li>
            </>
          }
          note="Matched rows become their agents' Submitted Enrollments; rows to reconcile wait for you on this page; rows with problems are refused with their reasons."
          button={SubmitButton}
          confirmLabel={`Import ${rowsText(ready)}`}
        />
      ) : null}
      {done ? (
        <ImportResults
          here={here}
          outcomes={SUNFIRE_ROW_OUTCOMES}
          labels={SUNFIRE_ROW_OUTCOME_LABELS}
          outcome={outcome}
          summary={outcomesText(record)}
        >
          {record.counts.unmatched > 0 && record.status === "imported" ? (
            <Text>
              <Link className="anchor" to={`${here}?outcome=unmatched`}>
                {record.counts.unmatched === 1
                  ? "1 row waits to be reconciled"
                  : `${record.counts.unmatched} rows wait to be reconciled`}
              </Link>
              : choose its agent and client, and it becomes that agent&apos;s Submitted Enrollment.
            </Text>
          ) : null}
        </ImportResults>
      ) : null}
      {record.status === "ready" || done ? (
        <ImportRows
          title={
            done
              ? outcome
                ? `Rows ${SUNFIRE_ROW_OUTCOME_LABELS[outcome].toLowerCase()}`
                : "Rows, by line"
              : "Rows, those with problems first, then those to reconcile"
          }
          meta={meta}
          pageHref={rowsPageHref(here, outcome)}
        >
          {rows.length > 0 ? (
            <PlainTable
              columns={rowColumns(record, done)}
              rows={rows}
              rowKey={(r) => r.lineNo}
              stackOnPhone
              focusable
              aria-labelledby="rows-title"
            />
          ) : (
            <Text>{outcome ? "No rows with this outcome." : "No rows."}</Text>
          )}
        </ImportRows>
      ) : null}
    </Stack>
  );
}
