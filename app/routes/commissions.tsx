import { Button, Card, NativeSelect, Table } from "@mantine/core";
import dayjs from "dayjs";
import { BarChart } from "~/components/bar-chart";
import { type Column, DataTable } from "~/components/data-table";
import { FilterForm } from "~/components/filter-form";
import { PlainBadge, type PlainBadgeColor } from "~/components/plain-badge";
import { formatCurrency, formatDate } from "~/domain/formats";
import { type ListShape, listQueryFrom } from "~/domain/list-query";
import { loadWithViewer } from "~/.server/guards";
import { commissionPayouts, commissionStatements } from "~/.server/upstream/commissions";
import { listRead } from "~/.server/upstream-failure";
import type { CommissionLine } from "~/.server/upstream/schemas";
import type { Route } from "./+types/commissions";
import { ErrorPage } from "~/components/error-page";

export function meta() {
  return [{ title: "Commissions" }];
}

const SORTABLE = ["memberName", "carrierName", "type", "amount", "paidOn"] as const;
const STATEMENT_LIST: ListShape = { sortable: SORTABLE, filters: { period: "period" } };

function periodLabel(period: string): string {
  const date = dayjs(`${period}-01`);
  return date.isValid() ? date.format("MMMM YYYY") : period;
}

/**
 * Commission statements by period with their totals, and earnings over time (issue 4). A malformed period
 * or table value is ignored with a note; a period the upstream does not know is a 400 (ADR 020).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { params, ignored } = listQueryFrom(url.searchParams, STATEMENT_LIST);
  const [, [statements, payouts]] = await loadWithViewer(request, context, (token) =>
    Promise.all([listRead(commissionStatements(token, params), url.pathname), commissionPayouts(token)]),
  );
  return { ...statements, payouts, ignored };
}

const TYPE_COLOR: Record<string, PlainBadgeColor> = { New: "green", Renewal: "blue", Chargeback: "red" };

const COLUMNS: Column<CommissionLine>[] = [
  { key: "memberName", header: "Member", sortable: true, cell: (l) => l.memberName },
  { key: "policyNumber", header: "Policy #", noWrap: true, cell: (l) => l.policyNumber },
  { key: "carrierName", header: "Carrier", sortable: true, cell: (l) => l.carrierName },
  { key: "productName", header: "Product", cell: (l) => l.productName },
  {
    key: "type",
    header: "Type",
    sortable: true,
    noWrap: true,
    // Plain elements with classes (issue 21): a Badge and a Text per row each added a style attribute.
    cell: (l) => <PlainBadge color={TYPE_COLOR[l.type] ?? "gray"}>{l.type}</PlainBadge>,
  },
  {
    key: "amount",
    header: "Amount",
    sortable: true,
    noWrap: true,
    cell: (l) => <p className="txt amount">{formatCurrency(l.amount)}</p>,
  },
  { key: "paidOn", header: "Paid on", sortable: true, noWrap: true, cell: (l) => formatDate(l.paidOn) },
];

/** A period the upstream does not know is a 400 inside the layout, with a link without filters (ADR 020). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function Commissions({ loaderData }: Route.ComponentProps) {
  const { lines, meta, totals, periods, period, payouts, ignored } = loaderData;
  const bars = payouts.map((p) => ({ label: dayjs(`${p.period}-01`).format("MMM YY"), value: p.amount }));
  return (
    <div className="l-stack" data-gap="lg">
      <div className="l-row" data-justify="between" data-align="end">
        <h1 className="heading">Commissions</h1>
        {periods.length > 0 ? (
          <FilterForm>
            <div className="l-row" data-gap="xs" data-align="end">
              <NativeSelect
                name="period"
                label="Statement period"
                defaultValue={period ?? ""}
                data={periods.map((p) => ({ value: p, label: periodLabel(p) }))}
              />
              <Button type="submit" variant="default">
                Show statement
              </Button>
            </div>
          </FilterForm>
        ) : null}
      </div>

      {period === null ? (
        <p className="txt" data-dimmed>
          No commission statements yet. They appear here once your first policies pay.
        </p>
      ) : (
        <>
          <section aria-labelledby="totals-title">
            <h2 className="heading" data-size="h3" data-mb="xs" id="totals-title">
              {periodLabel(period)}
            </h2>
            <div className="l-grid" data-cols="2-4">
              {[
                ["Total", totals.total],
                ["New business", totals.newBusiness],
                ["Renewals", totals.renewals],
                ["Chargebacks", totals.chargebacks],
              ].map(([label, amount]) => (
                <Card withBorder key={label as string}>
                  <p className="txt" data-size="sm" data-dimmed>
                    {label}
                  </p>
                  <p
                    className="txt"
                    data-size="xl"
                    data-bold
                    data-testid={`total-${String(label).toLowerCase().replace(/\s+/g, "-")}`}
                  >
                    {formatCurrency(amount as number)}
                  </p>
                </Card>
              ))}
            </div>
          </section>

          <section aria-labelledby="earnings-title">
            <h2 className="heading" data-size="h3" data-mb="xs" id="earnings-title">
              Earnings over time
            </h2>
            {/* Drawn on the server, no chart library; the table below it carries the same numbers for everyone. */}
            <BarChart
              bars={bars}
              label="Bar chart of monthly earnings; the payouts table lists the same amounts."
              formatTick={(v) => (v === 0 ? "$0" : `$${Math.round(v / 100) / 10}k`)}
              formatValue={formatCurrency}
            />
            <details>
              <summary>Payouts by month</summary>
              <div className="table-scroll">
                <Table withTableBorder aria-label="Payouts by month">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Month</Table.Th>
                      <Table.Th scope="col">Paid on</Table.Th>
                      <Table.Th scope="col">Amount</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {payouts.map((p) => (
                      <Table.Tr key={p.period}>
                        <Table.Td>{periodLabel(p.period)}</Table.Td>
                        <Table.Td>{formatDate(p.paidOn)}</Table.Td>
                        <Table.Td>{formatCurrency(p.amount)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            </details>
          </section>

          <DataTable
            caption="Statement lines"
            columns={COLUMNS}
            rows={lines}
            rowKey={(l) => l.id}
            meta={meta}
            sortable={SORTABLE}
            empty={
              <p className="txt" data-dimmed>
                The {periodLabel(period)} statement has no lines.
              </p>
            }
            noMatch="No statement lines match this search."
            ignored={ignored}
          />
        </>
      )}
    </div>
  );
}
