import { Paper, Stack, Text, Title } from "@mantine/core";
import { History } from "~/components/admin/history";
import { ErrorPage } from "~/components/error-page";
import { PlainTable } from "~/components/plain-table";
import { labelHistory } from "~/domain/admin/history-labels";
import { formatDateTimeUtc } from "~/domain/admin/times";
import { idOr404 } from "~/.server/admin/guard";
import { loadWithViewer } from "~/.server/guards";
import {
  EXPORT_KIND_LABELS,
  EXPORT_TRIGGER_LABELS,
  builtByText,
  downloadPath,
  exportTitle,
} from "~/admin/sections/carrier_exports/records";
import { carrierExport } from "~/admin/sections/carrier_exports/section.server";
import type { Route } from "./+types/admin.carrier_exports.$id";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Carrier exports · Admin` : "Carrier exports · Admin" }];
}

export const handle = {
  crumbs: (d: { title: string }) => [{ label: "Carrier exports", to: "/admin/carrier_exports" }, { label: d.title }],
};

const HISTORY_LABELS = { carrier: "Carrier", kind: "File", rows: "Rows" };

/**
 * A file sent to a carrier (issue 24 §2, carrier_exports/:id): who or which schedule built it and when, the window
 * of changes it carries, how many rows, its first rows, and the download. Read only: a file never changes.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const [, found] = await loadWithViewer(request, context, async (token) => carrierExport(token, id));
  return {
    record: found.record,
    preview: found.preview,
    history: labelHistory(found.history, HISTORY_LABELS),
    title: exportTitle(found.record),
  };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function CarrierExportPage({ loaderData }: Route.ComponentProps) {
  const { record, preview, history, title } = loaderData;
  const facts = [
    { label: "Carrier", value: record.carrier.name },
    { label: "File", value: EXPORT_KIND_LABELS[record.kind] },
    { label: "Built", value: `${EXPORT_TRIGGER_LABELS[record.trigger]}, ${formatDateTimeUtc(record.builtAt)}` },
    { label: "Built by", value: builtByText(record) },
    {
      label: "Changes from",
      value: `${formatDateTimeUtc(record.coveredFrom)} to ${formatDateTimeUtc(record.coveredTo)}`,
    },
    { label: "Rows", value: <span data-testid="export-row-count">{record.rowCount.toLocaleString("en-US")}</span> },
  ];
  const shown = preview.rows.length;
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <div className="admin-record">
        <div>
          <Stack gap="md">
            <Paper withBorder p="md" component="section" aria-label="Summary">
              <dl className="admin-facts">
                {facts.map((f) => (
                  <div key={f.label}>
                    <dt>{f.label}</dt>
                    <dd>{f.value}</dd>
                  </div>
                ))}
              </dl>
              <p className="txt">
                <a className="anchor" href={downloadPath(record)} download={record.fileName}>
                  Download {record.fileName}
                </a>
              </p>
            </Paper>
          </Stack>
        </div>
        <div>
          <History entries={history} />
        </div>
      </div>
      <section aria-labelledby="preview-heading">
        <Title order={2} size="h3" id="preview-heading" mb="xs">
          {shown === 0
            ? "Rows"
            : shown < record.rowCount
              ? `The first ${shown} of ${record.rowCount.toLocaleString("en-US")} rows`
              : shown === 1
                ? "Its one row"
                : `All ${shown} rows`}
        </Title>
        {shown === 0 ? (
          <Text>No changes in this window: the file has its header line only.</Text>
        ) : (
          <PlainTable
            aria-labelledby="preview-heading"
            stackOnPhone
            focusable
            rows={preview.rows.map((cells, i) => ({ i, cells }))}
            rowKey={(r) => r.i}
            columns={preview.header.map((header, j) => ({
              header,
              cell: (r: { cells: string[] }) => r.cells[j] ?? "",
            }))}
          />
        )}
      </section>
    </Stack>
  );
}
