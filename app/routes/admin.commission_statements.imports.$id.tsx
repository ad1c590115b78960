import { Alert, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, data } from "react-router";
import {
  ImportHeading,
  ImportPreview,
  ImportRefused,
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
import { formatCents } from "~/domain/cents";
import { formatDate, formatPeriod } from "~/domain/formats";
import { IMPORT_STATUS_WORDS } from "~/domain/statuses";
import { successToast } from "~/domain/toast";
import {
  confirmImport,
  discardImport,
  importPreview,
  saveMapping,
} from "~/admin/sections/commission_statements/statements.server";
import {
  type ImportRow,
  KIND_LABELS,
  MAPPING_FIELDS,
  MAPPING_FIELD_LABELS,
  type StatementImport,
} from "~/admin/sections/commission_statements/records";
import { mappingSchema } from "~/admin/sections/commission_statements/schemas";
import type { Route } from "./+types/admin.commission_statements.imports.$id";
import { StatusBadge } from "~/components/status-badge";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Import #${loaderData.record.id} · Commission statements · Admin` : "Admin" }];
}

export const handle = {
  crumbs: (d: { record: { id: number } }) => [
    { label: "Commission statements", to: "/admin/commission_statements" },
    { label: `Import #${d.record.id}` },
  ],
};

/** Each status's word in the vocabulary (its colour); STATUS_TEXT says it in full. */
const STATUS_TEXT: Record<StatementImport["status"], string> = {
  reading: "Reading the file",
  ready: "Ready: check the lines, then import them",
  importing: "Importing the lines",
  imported: "Imported",
  failed: "Refused",
  discarded: "Discarded",
};

const running = (r: StatementImport) => r.status === "reading" || r.status === "importing";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const { query } = importRowsQuery(request);
  const [, found] = await loadWithViewer(request, context, async (token) => importPreview(token, id, query));
  return { record: found.import, rows: found.rows, meta: found.meta };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const viewer = await requireAdmin(request, context);
  const form = actionForm(request, context);
  const intent = (await form.read()).get("intent");
  const here = `/admin/commission_statements/imports/${id}`;
  return form.answer(async () => {
    const decided = await confirmOrDiscard(form, intent, {
      confirm: async () => confirmImport(viewer.token, id),
      discard: async () => discardImport(viewer.token, id),
      here,
      list: "/admin/commission_statements",
    });
    if (decided) return decided;
    if (intent === "mapping") {
      const parsed = await form.parse(mappingSchema);
      if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
      await saveMapping(viewer.token, id, parsed.value);
      return redirectWithToast(here, [successToast("Mapping saved for this carrier; the file was read again.")]);
    }
    throw data({ messages: [] }, { status: 400, statusText: "Bad Request" });
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

const rowColumns: PlainColumn<ImportRow>[] = [
  { header: "Line", cell: (r) => r.lineNo },
  { header: "Policy number", cell: (r) => r.policyNumber || "(blank)" },
  { header: "Member", cell: (r) => r.memberName },
  { header: "Type", cell: (r) => (r.kind ? KIND_LABELS[r.kind] : r.kindText) },
  { header: "Amount", cell: (r) => (r.amountCents === null ? r.amountText : formatCents(r.amountCents)) },
  {
    header: "Problem",
    cell: (r) =>
      r.problem ? (
        <Text size="sm" c="red.8">
          {r.problem}
        </Text>
      ) : r.policyId === null ? (
        "Matches no policy: reconcile it after the import"
      ) : (
        "Ready"
      ),
  },
];

function MappingForm({
  record,
  lastResult,
}: {
  record: StatementImport;
  lastResult: Route.ComponentProps["actionData"];
}) {
  const [form, fields] = usePortalForm(mappingSchema, {
    lastResult,
    id: "mapping",
    defaultValue: Object.fromEntries(
      MAPPING_FIELDS.map((f) => [
        f,
        record.headers.find((h) => h.toLowerCase() === record.mapping[f].toLowerCase()) ?? "",
      ]),
    ),
  });
  const options = [{ value: "", label: "Choose the column" }, ...record.headers.map((h) => ({ value: h, label: h }))];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="mapping-title">
      <Title order={2} size="h4" id="mapping-title" mb="xs">
        Map the file&apos;s columns
      </Title>
      <Text size="sm" mb="sm">
        This file lacks a column the carrier&apos;s mapping names (
        {record.unmappedFields.map((f) => `${MAPPING_FIELD_LABELS[f]}: “${record.mapping[f]}”`).join(", ")}). Choose the
        file&apos;s column for each field: the mapping is remembered for {record.carrierName}.
      </Text>
      <PortalForm form={form} method="post">
        <input type="hidden" name="intent" value="mapping" />
        <Stack gap="sm">
          <FormAlert form={form} />
          {MAPPING_FIELDS.map((f) => (
            <SelectField key={f} field={fields[f]} label={MAPPING_FIELD_LABELS[f]} data={options} />
          ))}
          <Group>
            <SubmitButton>Save the mapping and read again</SubmitButton>
          </Group>
        </Stack>
      </PortalForm>
    </Paper>
  );
}

export default function StatementImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { record, rows, meta } = loaderData;
  const busy = running(record);
  const needsMapping = record.status === "ready" && record.unmappedFields.length > 0;
  const here = `/admin/commission_statements/imports/${record.id}`;
  return (
    <Stack gap="md">
      <ImportHeading
        title={`${record.carrierName} ${formatPeriod(record.period)}: ${record.fileName}`}
        tag={<StatusBadge status={IMPORT_STATUS_WORDS[record.status]}>{STATUS_TEXT[record.status]}</StatusBadge>}
      >
        Import #{record.id} · carrier statement date {formatDate(record.carrierStatementDate)}
      </ImportHeading>
      <ImportProgress busy={busy} here={here}>
        {rowsText(record.rowsRead)} read, {rowsText(record.rowsWritten, "line")} written.
      </ImportProgress>
      {record.status === "failed" ? (
        <ImportRefused problem={record.problem}>
          {record.duplicateOf?.statementId ? (
            <Link className="anchor" to={`/admin/commission_statements/${record.duplicateOf.statementId}`}>
              Open statement #{record.duplicateOf.statementId}
            </Link>
          ) : record.duplicateOf?.importId ? (
            <Link className="anchor" to={`/admin/commission_statements/imports/${record.duplicateOf.importId}`}>
              Open import #{record.duplicateOf.importId}
            </Link>
          ) : null}
        </ImportRefused>
      ) : null}
      {record.status === "imported" && record.statementId ? (
        <Alert color="green" title="Imported">
          <Link className="anchor" to={`/admin/commission_statements/${record.statementId}`}>
            Open statement #{record.statementId}
          </Link>{" "}
          to reconcile its unmatched lines and lock it.
        </Alert>
      ) : null}
      {needsMapping ? <MappingForm record={record} lastResult={actionData} /> : null}
      {record.status === "ready" && !needsMapping ? (
        <ImportPreview
          counts={
            <>
              <li>{record.counts.rows} rows read</li>
              <li>{record.counts.ready} ready to import</li>
              <li>{record.counts.problems} with problems</li>
              <li>{record.counts.unmatched} that match no policy (left for reconciliation)</li>
            </>
          }
          note={
            record.counts.problems > 0
              ? `${
                  record.counts.problems === 1
                    ? "The row with a problem is left out of the import."
                    : `The ${record.counts.problems} rows with problems are left out of the import.`
                } Fix ${record.counts.problems === 1 ? "it" : "them"} in the carrier's file and import it again if that matters.`
              : null
          }
          button={SubmitButton}
          confirmLabel={`Import ${rowsText(record.counts.ready, "line")}`}
        />
      ) : null}
      {record.status === "ready" && !needsMapping && rows.length > 0 ? (
        <ImportRows title="Rows, those with problems first" meta={meta} pageHref={rowsPageHref(here, null)}>
          <PlainTable columns={rowColumns} rows={rows} rowKey={(r) => r.lineNo} stackOnPhone />
        </ImportRows>
      ) : null}
    </Stack>
  );
}
