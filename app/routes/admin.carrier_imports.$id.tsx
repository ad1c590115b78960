import { Group, Paper, Stack, Text, Title } from "@mantine/core";
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
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { SelectField } from "~/components/forms/select-field";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { type PlainColumn, PlainTable } from "~/components/plain-table";
import { confirmOrDiscard, importRowsQuery } from "~/.server/admin/file-import-page";
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
  carrierImportTitle,
} from "~/admin/sections/carrier_imports/records";
import { MAPPING_SCHEMAS } from "~/admin/sections/carrier_imports/schemas";
import { outcomesText, statusTag } from "~/admin/sections/carrier_imports/view";
import type { Route } from "./+types/admin.carrier_imports.$id";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${carrierImportTitle(loaderData.record)} · Carrier imports · Admin` : "Admin" }];
}

export const handle = {
  crumbs: (d: { record: { id: number } }) => [
    { label: "Carrier imports", to: "/admin/carrier_imports" },
    { label: `Import #${d.record.id}` },
  ],
};

const running = (r: CarrierImport) => r.status === "reading" || r.status === "importing";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const { query, outcome } = importRowsQuery(request, ROW_OUTCOMES);
  const [, found] = await loadWithViewer(request, context, async (token) => importRows(token, id, query));
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
    const decided = await confirmOrDiscard(form, intent, {
      confirm: async () => confirmImport(viewer.token, id),
      discard: async () => discardImport(viewer.token, id),
      here,
      list: "/admin/carrier_imports",
    });
    if (decided) return decided;
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
  return (
    <Stack gap="md">
      <ImportHeading
        title={`${record.carrierName} ${CARRIER_IMPORT_KIND_LABELS[record.kind]}: ${record.fileName}`}
        tag={statusTag(record)}
      >
        Import #{record.id} · uploaded {formatDate(record.createdAt)}
        {record.createdBy ? ` by ${record.createdBy.name}` : ""}
      </ImportHeading>
      <ImportProgress busy={busy} here={here}>
        {rowsText(record.rowsRead)} read, {rowsText(record.rowsWritten)} imported.
      </ImportProgress>
      {record.status === "failed" ? (
        <ImportRefused problem={record.problem}>
          {record.duplicateOf ? (
            <Link className="anchor" to={`/admin/carrier_imports/${record.duplicateOf}`}>
              Open import #{record.duplicateOf}
            </Link>
          ) : null}
        </ImportRefused>
      ) : null}
      {needsMapping ? <MappingForm record={record} lastResult={actionData} /> : null}
      {record.status === "ready" && !needsMapping ? (
        <ImportPreview
          counts={
            <>
              <li>{rowsText(record.counts.rows)} read</li>
              <li>{ready} ready to import</li>
              <li>{record.counts.problems} with problems</li>
            </>
          }
          note={
            record.counts.problems === 0
              ? null
              : record.counts.problems === 1
                ? "The row with a problem is refused with its reason; the others are imported."
                : `The ${record.counts.problems} rows with problems are refused with their reasons; the others are imported.`
          }
          button={SubmitButton}
          confirmLabel={`Import ${rowsText(ready)}`}
        />
      ) : null}
      {done ? (
        <ImportResults
          here={here}
          outcomes={ROW_OUTCOMES}
          labels={ROW_OUTCOME_LABELS}
          outcome={outcome}
          summary={outcomesText(record)}
        />
      ) : null}
      {(record.status === "ready" && !needsMapping) || done ? (
        <ImportRows
          title={
            done
              ? outcome
                ? `Rows ${ROW_OUTCOME_LABELS[outcome].toLowerCase()}`
                : "Rows, by line"
              : "Rows, those with problems first"
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
