import { Paper, Stack, Title } from "@mantine/core";
import { Link, useSearchParams } from "react-router";
import { type Column, DataTable } from "~/components/data-table";
import { ErrorPage } from "~/components/error-page";
import { PlainTable } from "~/components/plain-table";
import { formatCents } from "~/domain/cents";
import { tableQueryFrom } from "~/domain/table";
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
  // The lines a page at a time, one level (street or overrides) at a time: ?lines=overrides&page=2&perPage=50.
  const url = new URL(request.url);
  const query = tableQueryFrom(url.searchParams, []);
  const upstream = new URLSearchParams({
    level: url.searchParams.get("lines") === "overrides" ? "overrides" : "street",
    page: String(query.page),
    perPage: String(query.perPage),
    search: query.search,
  });
  const [, detail] = await loadWithViewer(request, context, async (token) =>
    commissionTotalDetail(token, totalKey(key.userId, key.period), upstream),
  );
  return { ...detail, title: `${detail.record.name}, ${periodLabel(detail.record.period)}` };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

const LINE_COLUMNS: Column<AdminCommissionTotalLine>[] = [
  { key: "carrier", header: "Carrier", cell: (l) => l.carrierName },
  { key: "policy", header: "Policy #", cell: (l) => l.policyNumber },
  { key: "member", header: "Member", cell: (l) => l.memberName },
  { key: "kind", header: "Kind", cell: (l) => LINE_KIND_LABELS[l.kind] },
  { key: "level", header: "Level", cell: (l) => (l.level === 0 ? "Street" : `Override ${l.level}`) },
  {
    key: "amount",
    header: "Amount",
    cell: (l) => <span data-amount-cents={l.amountCents}>{formatCents(l.amountCents)}</span>,
  },
];

export default function AdminCommissionTotal({ loaderData }: Route.ComponentProps) {
  const { record, entries, minimumPayoutCents, title } = loaderData;
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

      <LinesSection detail={loaderData} />
    </Stack>
  );
}

const LEVELS = [
  { level: "street", title: "Street commission lines", short: "Street", testId: "street-lines" },
  { level: "overrides", title: "Override lines", short: "Overrides", testId: "override-lines" },
] as const;

/**
 * The lines behind the row, one level at a time (a link each, with its count) in the data table (an agency's month
 * holds hundreds of lines: paged, searched by policy number, member or carrier); the level's sum is the row's figure.
 */
function LinesSection({ detail }: { detail: Route.ComponentProps["loaderData"] }) {
  const { record, lines, level, lineCounts, meta } = detail;
  const [searchParams] = useSearchParams();
  const shown = LEVELS.find((l) => l.level === level) ?? LEVELS[0];
  const levelHref = (next: string) => {
    const params = new URLSearchParams(searchParams);
    params.set("lines", next);
    params.delete("page");
    params.delete("search");
    return `?${params.toString()}`;
  };
  const count = lineCounts[level];
  const sum = level === "street" ? record.streetCents : record.overridesCents;
  return (
    <section aria-labelledby="lines-heading" data-testid={shown.testId}>
      <Title order={2} size="h3" id="lines-heading" mb="xs">
        {shown.title}
      </Title>
      <nav aria-label="Which lines" className="section-tabs">
        {LEVELS.map((l) => (
          <Link
            key={l.level}
            to={levelHref(l.level)}
            aria-current={l.level === level ? "page" : undefined}
            preventScrollReset
          >
            {l.short} ({lineCounts[l.level]})
          </Link>
        ))}
      </nav>
      {count > 0 ? (
        <p className="txt">
          {count} {count === 1 ? "line" : "lines"}, in all {formatCents(sum)}.
        </p>
      ) : null}
      <DataTable
        caption={shown.title}
        columns={LINE_COLUMNS}
        rows={lines}
        rowKey={(l) => l.id}
        meta={meta}
        sortable={[]}
        stack
        empty={<p className="txt">None this period.</p>}
        noMatch="No line matches this search."
      />
    </section>
  );
}
