import { Paper, Stack, Title } from "@mantine/core";
import { Link } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { type PlainColumn, PlainTable } from "~/components/plain-table";
import { formatCents, sumCents } from "~/domain/cents";
import { formatDate } from "~/domain/formats";
import { notFound } from "~/.server/admin/guard";
import { loadWithViewer } from "~/.server/guards";
import { commissionTotalDetail } from "~/admin/sections/commission_totals/section.server";
import {
  type AdminCommissionTotalLine,
  ENTRY_KIND_LABELS,
  LINE_KIND_LABELS,
  periodLabel,
  totalKey,
  totalKeyOf,
} from "~/admin/sections/commission_totals/records";
import type { Route } from "./+types/admin.commission_totals.$id";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} · Commission totals · Admin` : "Commission totals · Admin" }];
}

export const handle = {
  crumbs: (d: { title: string }) => [
    { label: "Commission totals", to: "/admin/commission_totals" },
    { label: d.title },
  ],
};

/**
 * One row of the commission totals, drilled down (issue 23 §2): commission_totals/<userId>-<YYYY-MM> (or the row's
 * number, as the list's row menu links it). Its figures, by carrier, the approved payout entries and every line
 * behind it (street and overrides), whose sums are the row's. Read only.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const key = totalKeyOf(params.id);
  if (!key) notFound();
  const [, detail] = await loadWithViewer(request, context, (token) =>
    commissionTotalDetail(token, totalKey(key.userId, key.period)),
  );
  return { ...detail, title: `${detail.record.name}, ${periodLabel(detail.record.period)}` };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

const LINE_COLUMNS: PlainColumn<AdminCommissionTotalLine>[] = [
  { header: "Carrier", cell: (l) => l.carrierName },
  { header: "Policy #", cell: (l) => l.policyNumber },
  { header: "Member", cell: (l) => l.memberName },
  { header: "Kind", cell: (l) => LINE_KIND_LABELS[l.kind] },
  { header: "Level", cell: (l) => (l.level === 0 ? "Street" : `Override ${l.level}`) },
  { header: "Amount", cell: (l) => <span data-amount-cents={l.amountCents}>{formatCents(l.amountCents)}</span> },
];

export default function AdminCommissionTotal({ loaderData }: Route.ComponentProps) {
  const { record, lines, entries, minimumPayoutCents, title } = loaderData;
  const street = lines.filter((l) => l.level === 0);
  const overrides = lines.filter((l) => l.level > 0);
  const facts: Array<[string, string, string]> = [
    ["Street commission", formatCents(record.streetCents), "street"],
    ["Overrides", formatCents(record.overridesCents), "overrides"],
    ["Approved entries", formatCents(record.entriesCents), "entries"],
    ["Carried in", formatCents(record.carriedInCents), "carried-in"],
    ["Payout", formatCents(record.payoutCents), "payout"],
    ["Carried forward", formatCents(record.carriedForwardCents), "carried-forward"],
  ];
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <p className="txt">
        {record.role === "Agency" ? "Agency" : "Agent"}
        {record.agencyName ? `, writes under ${record.agencyName}` : ""}.{" "}
        {record.payoutCents !== 0
          ? "The balance reached the minimum payout and is paid."
          : `Under the ${formatCents(minimumPayoutCents)} minimum payout: the balance is carried to the next period.`}{" "}
        <Link className="anchor" to={`/admin/commission_totals?period=${record.period}`}>
          Every total of {periodLabel(record.period)}
        </Link>
      </p>
      <Paper withBorder p="md" component="section" aria-labelledby="figures-heading">
        <Title order={2} size="h3" id="figures-heading" mb="xs">
          Figures
        </Title>
        <dl className="admin-facts">
          {facts.map(([label, value, id]) => (
            <div key={id}>
              <dt>{label}</dt>
              <dd data-testid={`total-${id}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </Paper>

      <section aria-labelledby="carriers-heading">
        <Title order={2} size="h3" id="carriers-heading" mb="xs">
          By carrier
        </Title>
        {record.byCarrier.length === 0 ? (
          <p className="txt" data-dimmed>
            No statement lines this period.
          </p>
        ) : (
          <PlainTable
            aria-labelledby="carriers-heading"
            rows={record.byCarrier}
            rowKey={(c) => c.carrierId}
            columns={[
              { header: "Carrier", cell: (c) => c.carrierName },
              { header: "Street", cell: (c) => formatCents(c.streetCents) },
              { header: "Overrides", cell: (c) => formatCents(c.overridesCents) },
            ]}
          />
        )}
      </section>

      <section aria-labelledby="entries-heading">
        <Title order={2} size="h3" id="entries-heading" mb="xs">
          Approved payout entries
        </Title>
        {entries.length === 0 ? (
          <p className="txt" data-dimmed>
            No approved entries this period.
          </p>
        ) : (
          <PlainTable
            aria-labelledby="entries-heading"
            stackOnPhone
            rows={entries}
            rowKey={(e) => e.id}
            columns={[
              { header: "Kind", cell: (e) => ENTRY_KIND_LABELS[e.kind] ?? e.kind },
              { header: "Memo", cell: (e) => e.memo },
              { header: "Approved", cell: (e) => (e.approvedAt ? formatDate(e.approvedAt) : "Not recorded") },
              { header: "Amount", cell: (e) => formatCents(e.amountCents) },
            ]}
          />
        )}
      </section>

      {[
        { id: "street-lines", title: "Street commission lines", rows: street },
        { id: "override-lines", title: "Override lines", rows: overrides },
      ].map(({ id, title: heading, rows }) => (
        <section key={id} aria-labelledby={`${id}-heading`} data-testid={id}>
          <Title order={2} size="h3" id={`${id}-heading`} mb="xs">
            {heading}
          </Title>
          {rows.length === 0 ? (
            <p className="txt" data-dimmed>
              None this period.
            </p>
          ) : (
            <>
              <p className="txt">
                {rows.length} {rows.length === 1 ? "line" : "lines"}, in all{" "}
                {formatCents(sumCents(rows.map((l) => l.amountCents)))}.
              </p>
              <PlainTable
                aria-labelledby={`${id}-heading`}
                stackOnPhone
                rows={rows}
                rowKey={(l) => l.id}
                columns={LINE_COLUMNS}
              />
            </>
          )}
        </section>
      ))}
    </Stack>
  );
}
