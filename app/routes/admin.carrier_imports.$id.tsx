import { Alert, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, Link, data, redirect } from "react-router";
import { ImportProgress } from "~/components/admin/import-progress";
import { ErrorPage } from "~/components/error-page";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { SelectField } from "~/components/forms/select-field";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { type PlainColumn, PlainTable } from "~/components/plain-table";
import { idOr404, requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { formatDate } from "~/domain/formats";
import { successToast } from "~/domain/toast";
import { confirmImport, discardImport, importRows, saveMapping } from "~/admin/sections/carrier_imports/imports.server";
import {
  CARRIER_IMPORT_FIELDS,
  CARRIER_IMPORT_FIELD_LABELS,
  CARRIER_IMPORT_KINDS,
  CARRIER_IMPORT_KIND_LABELS,
  type CarrierImport,
  type CarrierImportRow,
  ROW_OUTCOMES,
  ROW_OUTCOME_LABELS,
  type RowOutcome,
  carrierImportTitle,
} from "~/admin/sections/carrier_imports/records";
import { MAPPING_SCHEMAS, intentSchema } from "~/admin/sections/carrier_imports/schemas";
import { outcomesText, statusTag } from "~/admin/sections/carrier_imports/view";
import type { Route } from "./+types/admin.carrier_imports.$id";

const PER_PAGE = 50;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${carrierImportTitle(loaderData.record)} · Carrier imports · Admin` : "Admin" }];
}

export const handle = {
  crumbs: (d: { record: { id: number } }) => [
    { label: "Carrier imports", to: "/admin/carrier_imports" },
    { label: `Import #${d.record.id}` },
  ],
};

const rowsText = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "row" : "rows"}`;

const running = (r: CarrierImport) => r.status === "reading" || r.status === "importing";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const url = new URL(request.url);
  const page = /^\d{1,6}$/.test(url.searchParams.get("page") ?? "") ? (url.searchParams.get("page") ?? "1") : "1";
  const asked = url.searchParams.get("outcome") ?? "";
  const outcome = (ROW_OUTCOMES as readonly string[]).includes(asked) ? (asked as RowOutcome) : null;
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
  const here = `/admin/carrier_imports/${id}`;
  return form.answer(async () => {
    if (intent === "confirm") {
      await form.parse(intentSchema);
      await confirmImport(viewer.token, id);
      return redirect(here);
    }
    if (intent === "discard") {
      await form.parse(intentSchema);
      await discardImport(viewer.token, id);
      return redirectWithToast("/admin/carrier_imports", [successToast("Import discarded: nothing was written.")]);
    }
    const kind = CARRIER_IMPORT_KINDS.find((k) => intent === `mapping:${k}`);
    if (kind) {
      const parsed = await form.parse(MAPPING_SCHEMAS[kind]);
      if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
      await saveMapping(viewer.token, id, parsed.value);
      return redirectWithToast(here, [
        successToast("Mapping saved for this carrier and kind; the file was checked again."),
      ]);
    }
    throw data({ messages: [] }, { status: 400, statusText: "Bad Request" });
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

function rowColumns(record: CarrierImport, done: boolean): PlainColumn<CarrierImportRow>[] {
  return [
    { header: "Line", cell: (r) => r.lineNo },
    ...CARRIER_IMPORT_FIELDS[record.kind].map((f): PlainColumn<CarrierImportRow> => ({
      header: CARRIER_IMPORT_FIELD_LABELS[f],
      cell: (r) => r.values[f] || "(blank)",
    })),
    done
      ? {
          header: "Outcome",
          cell: (r) =>
            r.outcome === "refused" ? (
              <Text size="sm" c="red.8">
                Refused: {r.problem}
              </Text>
            ) : r.outcome ? (
              ROW_OUTCOME_LABELS[r.outcome]
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
            ) : (
              "Ready"
            ),
        },
  ];
}

function MappingForm({
  record,
  lastResult,
}: {
  record: CarrierImport;
  lastResult: Route.ComponentProps["actionData"];
}) {
  const kind = record.kind;
  const fieldNames = CARRIER_IMPORT_FIELDS[kind];
  const [form, fields] = usePortalForm(MAPPING_SCHEMAS[kind], {
    lastResult,
    id: "mapping",
    defaultValue: Object.fromEntries(
      fieldNames.map((f) => [
        f,
        record.headers.find((h) => h.toLowerCase() === (record.mapping[f] ?? "").toLowerCase()) ?? "",
      ]),
    ),
  });
  const options = [{ value: "", label: "Choose the column" }, ...record.headers.map((h) => ({ value: h, label: h }))];
  const byName = fields as unknown as Record<string, Parameters<typeof SelectField>[0]["field"]>;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="mapping-title">
      <Title order={2} size="h4" id="mapping-title" mb="xs">
        Map the file&apos;s columns
      </Title>
      <Text size="sm" mb="sm">
        This file lacks a column the mapping names (
        {record.unmappedFields.map((f) => `${CARRIER_IMPORT_FIELD_LABELS[f]}: “${record.mapping[f] ?? ""}”`).join(", ")}
        ). Choose the file&apos;s column for each field: the mapping is remembered for {record.carrierName}&apos;s{" "}
        {CARRIER_IMPORT_KIND_LABELS[kind]} files.
      </Text>
      <PortalForm form={form} method="post">
        <input type="hidden" name="intent" value={`mapping:${kind}`} />
        <Stack gap="sm">
          <FormAlert form={form} />
          {fieldNames.map((f) => {
            const field = byName[f];
            return field ? (
              <SelectField key={f} field={field} label={CARRIER_IMPORT_FIELD_LABELS[f]} data={options} />
            ) : null;
          })}
          <Group>
            <SubmitButton>Save the mapping and check again</SubmitButton>
          </Group>
        </Stack>
      </PortalForm>
    </Paper>
  );
}

export default function CarrierImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { record, rows, meta, outcome } = loaderData;
  const busy = running(record);
  const done = record.status === "imported" || record.status === "importing";
  const needsMapping = record.status === "ready" && record.unmappedFields.length > 0;
  const here = `/admin/carrier_imports/${record.id}`;
  const ready = record.counts.rows - record.counts.problems;
  const pageHref = (page: number) =>
    `${here}?${new URLSearchParams({ page: String(page), ...(outcome ? { outcome } : {}) })}`;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: "anywhere" }}>
          {record.carrierName} {CARRIER_IMPORT_KIND_LABELS[record.kind]}: {record.fileName}
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
            <Link className="anchor" to={`/admin/carrier_imports/${record.duplicateOf}`}>
              Open import #{record.duplicateOf}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      {needsMapping ? <MappingForm record={record} lastResult={actionData} /> : null}
      {record.status === "ready" && !needsMapping ? (
        <Paper withBorder p="md" component="section" aria-labelledby="preview-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="preview-title">
              Preview
            </Title>
            <ul className="plain-list" data-testid="import-counts">
              <li>{rowsText(record.counts.rows)} read</li>
              <li>{ready} ready to import</li>
              <li>{record.counts.problems} with problems</li>
            </ul>
            {record.counts.problems > 0 ? (
              <Text>
                {record.counts.problems === 1
                  ? "The row with a problem is refused with its reason; the others are imported."
                  : `The ${record.counts.problems} rows with problems are refused with their reasons; the others are imported.`}
              </Text>
            ) : null}
            <Group>
              <Form method="post">
                <input type="hidden" name="intent" value="confirm" />
                <SubmitButton>
                  Import {ready} {ready === 1 ? "row" : "rows"}
                </SubmitButton>
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
            <Group gap="md">
              <a className="anchor" href={`${here}/results.csv`} download>
                Download the results (CSV)
              </a>
              <nav aria-label="Rows by outcome">
                <Link to={here} aria-current={outcome === null ? "page" : undefined}>
                  All rows
                </Link>{" "}
                {ROW_OUTCOMES.map((o) => (
                  <span key={o}>
                    {" · "}
                    <Link to={`${here}?outcome=${o}`} aria-current={outcome === o ? "page" : undefined}>
                      {ROW_OUTCOME_LABELS[o]}
                    </Link>
                  </span>
                ))}
              </nav>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {(record.status === "ready" && !needsMapping) || done ? (
        <section aria-labelledby="rows-title">
          <Title order={2} size="h4" id="rows-title" mb="xs">
            {done
              ? outcome
                ? `Rows ${ROW_OUTCOME_LABELS[outcome].toLowerCase()}`
                : "Rows, by line"
              : "Rows, those with problems first"}
          </Title>
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
            <Text>No rows.</Text>
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
