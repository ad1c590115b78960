import { Alert, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, Link, data, redirect } from "react-router";
import { ImportProgress } from "~/components/admin/import-progress";
import { ErrorPage } from "~/components/error-page";
import { SubmitButton } from "~/components/forms/form";
import { type PlainColumn, PlainTable } from "~/components/plain-table";
import { idOr404, requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { formatDate } from "~/domain/formats";
import { clientMatchText } from "~/domain/sunfire-matching";
import { successToast } from "~/domain/toast";
import { confirmImport, discardImport, importRows } from "~/admin/sections/sunfire_imports/imports.server";
import {
  SUNFIRE_ROW_OUTCOMES,
  SUNFIRE_ROW_OUTCOME_LABELS,
  type SunfireImport,
  type SunfireImportRow,
  type SunfireRowOutcome,
  rowName,
  sunfireImportTitle,
} from "~/admin/sections/sunfire_imports/records";
import { intentSchema } from "~/admin/sections/sunfire_imports/schemas";
import { outcomesText, statusTag } from "~/admin/sections/sunfire_imports/view";
import type { Route } from "./+types/admin.sunfire_imports.$id";

const PER_PAGE = 50;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${sunfireImportTitle(loaderData.record)} · Sunfire imports · Admin` : "Admin" }];
}

export const handle = {
  crumbs: (d: { record: { id: number } }) => [
    { label: "Sunfire imports", to: "/admin/sunfire_imports" },
    { label: `Import #${d.record.id}` },
  ],
};

const rowsText = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "row" : "rows"}`;

const running = (r: SunfireImport) => r.status === "reading" || r.status === "importing";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const url = new URL(request.url);
  const page = /^\d{1,6}$/.test(url.searchParams.get("page") ?? "") ? (url.searchParams.get("page") ?? "1") : "1";
  const asked = url.searchParams.get("outcome") ?? "";
  const outcome = (SUNFIRE_ROW_OUTCOMES as readonly string[]).includes(asked) ? (asked as SunfireRowOutcome) : null;
  const query = new URLSearchParams({ page, perPage: String(PER_PAGE), ...(outcome ? { outcome } : {}) });
  const [, found] = await loadWithViewer(request, context, (token) => importRows(token, id, query));
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
    if (intent === "confirm") {
      await form.parse(intentSchema);
      await confirmImport(viewer.token, id);
      return redirect(here);
    }
    if (intent === "discard") {
      await form.parse(intentSchema);
      await discardImport(viewer.token, id);
      return redirectWithToast("/admin/sunfire_imports", [successToast("Import discarded: nothing was written.")]);
    }
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
  const pageHref = (page: number) =>
    `${here}?${new URLSearchParams({ page: String(page), ...(outcome ? { outcome } : {}) })}`;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: "anywhere" }}>
          Sunfire export: {record.fileName}
        </Title>
        <Group gap="xs">
          {statusTag(record)}
          <Text size="sm">
            Import #{record.id} · uploaded {formatDate(record.createdAt)}
            {record.createdBy ? ` by ${record.createdBy.name}` : ""}
          </Text>
        </Group>
      </Stack>
      <ImportProgress busy={busy} here={here}>
        {rowsText(record.rowsRead)} read, {rowsText(record.rowsWritten)} imported.
      </ImportProgress>
      {record.status === "failed" ? (
        <Alert color="red" title="The file was not imported" role="alert">
          <Text>{record.problem}</Text>
          {record.duplicateOf ? (
            <Link className="anchor" to={`/admin/sunfire_imports/${record.duplicateOf}`}>
              Open import #{record.duplicateOf}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      {record.status === "discarded" ? <Text>This import was discarded: nothing was written.</Text> : null}
      {record.status === "ready" ? (
        <Paper withBorder p="md" component="section" aria-labelledby="preview-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="preview-title">
              Preview
            </Title>
            <ul className="plain-list" data-testid="import-counts">
              <li>{rowsText(record.counts.rows)} read</li>
              <li>{ready - record.counts.toReconcile} matched to an agent and a client (or a new client)</li>
              <li>{record.counts.toReconcile} to reconcile by hand (no agent by the NPN, or more than one client)</li>
              <li>{record.counts.problems} with problems</li>
            </ul>
            <Text>
              Matched rows become their agents&apos; Submitted Enrollments; rows to reconcile wait for you on this page;
              rows with problems are refused with their reasons.
            </Text>
            <Group>
              <Form method="post">
                <input type="hidden" name="intent" value="confirm" />
                <SubmitButton>Import {rowsText(ready)}</SubmitButton>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="discard" />
                <SubmitButton variant="default">Discard</SubmitButton>
              </Form>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {done ? (
        <Paper withBorder p="md" component="section" aria-labelledby="results-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="results-title">
              Results
            </Title>
            <Text data-testid="import-outcomes">{outcomesText(record)}.</Text>
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
            <Group gap="md">
              <a className="anchor" href={`${here}/results.csv`} download>
                Download the results (CSV)
              </a>
              <nav aria-label="Rows by outcome">
                <Link to={here} aria-current={outcome === null ? "page" : undefined}>
                  All rows
                </Link>
                {SUNFIRE_ROW_OUTCOMES.map((o) => (
                  <span key={o}>
                    {" · "}
                    <Link to={`${here}?outcome=${o}`} aria-current={outcome === o ? "page" : undefined}>
                      {SUNFIRE_ROW_OUTCOME_LABELS[o]}
                    </Link>
                  </span>
                ))}
              </nav>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {record.status === "ready" || done ? (
        <section aria-labelledby="rows-title">
          <Title order={2} size="h4" id="rows-title" mb="xs">
            {done
              ? outcome
                ? `Rows ${SUNFIRE_ROW_OUTCOME_LABELS[outcome].toLowerCase()}`
                : "Rows, by line"
              : "Rows, those with problems first, then those to reconcile"}
          </Title>
          {rows.length > 0 ? (
            <PlainTable columns={rowColumns(record, done)} rows={rows} rowKey={(r) => r.lineNo} stackOnPhone />
          ) : (
            <Text>{outcome ? "No rows with this outcome." : "No rows."}</Text>
          )}
          {meta.totalPages > 1 ? (
            <Group gap="sm" mt="xs">
              {meta.currentPage > 1 ? <Link to={pageHref(meta.currentPage - 1)}>Previous page</Link> : null}
              <Text size="sm">
                Page {meta.currentPage} of {meta.totalPages}
              </Text>
              {meta.currentPage < meta.totalPages ? <Link to={pageHref(meta.currentPage + 1)}>Next page</Link> : null}
            </Group>
          ) : null}
        </section>
      ) : null}
    </Stack>
  );
}
