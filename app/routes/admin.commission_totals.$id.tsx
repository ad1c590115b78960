import { Paper, Stack, Table, Title } from "@mantine/core";
import { Link } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { formatCents, sumCents } from "~/domain/cents";
import { formatDate } from "~/domain/formats";
import { notFound } from "~/.server/admin/guard";
import { loadWithViewer } from "~/.server/guards";
import { commissionTotalDetail } from "~/admin/sections/commission_totals/section.server";
import { ENTRY_KIND_LABELS, LINE_KIND_LABELS, totalKey, totalKeyOf } from "~/admin/sections/commission_totals/records";
import { periodLabel } from "~/admin/sections/commission_totals/view";
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
          <div className="table-scroll">
            <Table withTableBorder aria-label="By carrier">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Carrier</Table.Th>
                  <Table.Th scope="col">Street</Table.Th>
                  <Table.Th scope="col">Overrides</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {record.byCarrier.map((c) => (
                  <Table.Tr key={c.carrierId}>
                    <Table.Td>{c.carrierName}</Table.Td>
                    <Table.Td>{formatCents(c.streetCents)}</Table.Td>
                    <Table.Td>{formatCents(c.overridesCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
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
          <div className="table-scroll">
            <Table withTableBorder aria-label="Approved payout entries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Kind</Table.Th>
                  <Table.Th scope="col">Memo</Table.Th>
                  <Table.Th scope="col">Approved</Table.Th>
                  <Table.Th scope="col">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{ENTRY_KIND_LABELS[e.kind] ?? e.kind}</Table.Td>
                    <Table.Td>{e.memo}</Table.Td>
                    <Table.Td>{e.approvedAt ? formatDate(e.approvedAt) : "—"}</Table.Td>
                    <Table.Td>{formatCents(e.amountCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </section>

      {[
        { id: "street-lines", title: "Street commission lines", rows: street },
        { id: "override-lines", title: "Override lines", rows: overrides },
      ].map(({ id, title: heading, rows }) => (
        <section key={id} aria-labelledby={`${id}-heading`}>
          <Title order={2} size="h3" id={`${id}-heading`} mb="xs">
            {heading}
          </Title>
          {rows.length === 0 ? (
            <p className="txt" data-dimmed>
              None this period.
            </p>
          ) : (
            <div className="table-scroll">
              <Table withTableBorder aria-label={heading} data-testid={id}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Carrier</Table.Th>
                    <Table.Th scope="col">Policy #</Table.Th>
                    <Table.Th scope="col">Member</Table.Th>
                    <Table.Th scope="col">Kind</Table.Th>
                    <Table.Th scope="col">Level</Table.Th>
                    <Table.Th scope="col">Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((l) => (
                    <Table.Tr key={l.id}>
                      <Table.Td>{l.carrierName}</Table.Td>
                      <Table.Td>{l.policyNumber}</Table.Td>
                      <Table.Td>{l.memberName}</Table.Td>
                      <Table.Td>{LINE_KIND_LABELS[l.kind]}</Table.Td>
                      <Table.Td>{l.level === 0 ? "Street" : `Override ${l.level}`}</Table.Td>
                      <Table.Td data-amount-cents={l.amountCents}>{formatCents(l.amountCents)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th scope="row" colSpan={5}>
                      Total
                    </Table.Th>
                    <Table.Td>{formatCents(sumCents(rows.map((l) => l.amountCents)))}</Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </div>
          )}
        </section>
      ))}
    </Stack>
  );
}
