import { Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import dayjs from "dayjs";
import { BarChart } from "~/components/bar-chart";
import { type Column, DataTable } from "~/components/data-table";
import { FilterForm } from "~/components/filter-form";
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

const TYPE_COLOR: Record<string, string> = { New: "green", Renewal: "blue", Chargeback: "red" };

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
    cell: (l) => (
      <Badge variant="light" color={TYPE_COLOR[l.type] ?? "gray"}>
        {l.type}
      </Badge>
    ),
  },
  {
    key: "amount",
    header: "Amount",
    sortable: true,
    noWrap: true,
    cell: (l) => <Text ta="right">{formatCurrency(l.amount)}</Text>,
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
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Commissions</Title>
        {periods.length > 0 ? (
          <FilterForm>
            <Group gap="xs" align="flex-end">
              <NativeSelect
                name="period"
                label="Statement period"
                defaultValue={period ?? ""}
                data={periods.map((p) => ({ value: p, label: periodLabel(p) }))}
              />
              <Button type="submit" variant="default">
                Show statement
              </Button>
            </Group>
          </FilterForm>
        ) : null}
      </Group>

      {period === null ? (
        <Text c="dimmed">No commission statements yet. They appear here once your first policies pay.</Text>
      ) : (
        <>
          <section aria-labelledby="totals-title">
            <Title order={2} size="h3" id="totals-title" mb="xs">
              {periodLabel(period)}
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {[
                ["Total", totals.total],
                ["New business", totals.newBusiness],
                ["Renewals", totals.renewals],
                ["Chargebacks", totals.chargebacks],
              ].map(([label, amount]) => (
                <Card withBorder key={label as string}>
                  <Text size="sm" c="dimmed">
                    {label}
                  </Text>
                  <Text size="xl" fw={700} data-testid={`total-${String(label).toLowerCase().replace(/\s+/g, "-")}`}>
                    {formatCurrency(amount as number)}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </section>

          <section aria-labelledby="earnings-title">
            <Title order={2} size="h3" id="earnings-title" mb="xs">
              Earnings over time
            </Title>
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
            empty={<Text c="dimmed">The {periodLabel(period)} statement has no lines.</Text>}
            noMatch="No statement lines match this search."
            ignored={ignored}
          />
        </>
      )}
    </Stack>
  );
}
