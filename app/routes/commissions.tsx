import { Button, NativeSelect, Table } from "@mantine/core";
import { Link } from "react-router";
import dayjs from "dayjs";
import { BarChart } from "~/components/bar-chart";
import { type Column, DataTable } from "~/components/data-table";
import { FilterForm } from "~/components/filter-form";
import { PlainBadge, type PlainBadgeColor } from "~/components/plain-badge";
import { formatCents } from "~/domain/cents";
import { formatDate, formatPeriod } from "~/domain/formats";
import { type ListShape, listQueryFrom } from "~/domain/list-query";
import { canOpen } from "~/domain/access";
import { loadWithViewer } from "~/.server/guards";
import { commissionPayouts, commissionStatements } from "~/.server/upstream/commissions";
import { listRead } from "~/.server/upstream-failure";
import type { CommissionLine, CommissionSummary } from "~/.server/upstream/schemas";
import type { Route } from "./+types/commissions";
import { ErrorPage } from "~/components/error-page";

export function meta() {
  return [{ title: "Commissions" }];
}

const SORTABLE = ["memberName", "carrierName", "type", "source", "amount", "paidOn"] as const;
const STATEMENT_LIST: ListShape = { sortable: SORTABLE, filters: { period: "period" } };

const periodLabel = formatPeriod;

/**
 * Commission statements by published period (issue 4, issue 23): the period's summary (street commission, overrides,
 * approved payout entries, the balance carried in, the payout or the balance carried to the next period when under
 * the minimum: the same figures as the administrators' commission totals), the lines with their kind and whether
 * each is the agent's own (street) or an override, and payouts over time. A malformed period
 * or table value is ignored with a note; a period the upstream does not know is a 400 (ADR 020).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { params, ignored } = listQueryFrom(url.searchParams, STATEMENT_LIST);
  const [viewer, [statements, payouts]] = await loadWithViewer(request, context, async (token) =>
    Promise.all([listRead(commissionStatements(token, params), url.pathname), commissionPayouts(token)]),
  );
  // Issue 25 §3: agents and agencies hold the period against their book (the same rule as the page's guard).
  const reconciles = canOpen(viewer, "/commissions/reconciliation");
  return { ...statements, payouts, ignored, reconciles };
}

const TYPE_COLOR: Record<string, PlainBadgeColor> = {
  Initial: "green",
  "True-up": "yellow",
  Renewal: "blue",
  Chargeback: "red",
};

const ENTRY_KINDS: Record<string, string> = {
  bonus: "Bonus",
  fee: "Fee",
  advance: "Advance",
  chargeback_recovery: "Chargeback recovery",
  correction: "Correction",
};

const COLUMNS: Column<CommissionLine>[] = [
  { key: "memberName", header: "Member", sortable: true, cell: (l) => l.memberName },
  { key: "policyNumber", header: "Policy #", noWrap: true, cell: (l) => l.policyNumber },
  { key: "carrierName", header: "Carrier", sortable: true, cell: (l) => l.carrierName },
  { key: "productName", header: "Product", cell: (l) => l.productName },
  {
    key: "type",
    header: "Kind",
    sortable: true,
    noWrap: true,
    // Plain elements with classes (issue 21): a Badge and a Text per row each added a style attribute.
    cell: (l) => <PlainBadge color={TYPE_COLOR[l.type] ?? "gray"}>{l.type}</PlainBadge>,
  },
  {
    key: "source",
    header: "Street or override",
    sortable: true,
    noWrap: true,
    cell: (l) => (l.source === "Street" ? "Street" : `Override, level ${l.overrideLevel}`),
  },
  {
    key: "amount",
    header: "Amount",
    sortable: true,
    noWrap: true,
    cell: (l) => <p className="txt amount">{formatCents(l.amountCents)}</p>,
  },
  { key: "paidOn", header: "Paid on", sortable: true, noWrap: true, cell: (l) => formatDate(l.paidOn) },
];

/** A list of figures (a <dl>): label and amount, one per line. */
function Figure({ label, cents, id }: { label: string; cents: number; id: string }) {
  return (
    <div className="l-row" data-justify="between" data-gap="xs">
      <dt className="txt">{label}</dt>
      <dd className="txt amount" data-testid={`summary-${id}`}>
        {formatCents(cents)}
      </dd>
    </div>
  );
}

/** The period's figures: what was earned, the entries, the balance carried in, and what is paid or carried. */
function Summary({ summary, period }: { summary: CommissionSummary; period: string }) {
  const paid = summary.payoutCents !== 0;
  return (
    <section aria-labelledby="totals-title" className="l-stack" data-gap="xs">
      <h2 className="heading" data-size="h3" id="totals-title">
        {periodLabel(period)}
      </h2>
      <dl className="l-stack" data-gap="xs">
        <Figure label="Street commission (your own business)" cents={summary.streetCents} id="street" />
        <Figure label="Overrides (your downline's business)" cents={summary.overridesCents} id="overrides" />
        <Figure label="Payout entries" cents={summary.entriesCents} id="entries" />
        <Figure label="Carried in from earlier periods" cents={summary.carriedInCents} id="carried-in" />
        <Figure label="Balance" cents={summary.availableCents} id="available" />
      </dl>
      <p className="txt" data-bold data-testid="summary-payout">
        {paid && summary.paidOn
          ? `Payout ${formatCents(summary.payoutCents)}, paid on ${formatDate(summary.paidOn)}.`
          : `No payout: ${formatCents(summary.carriedForwardCents)} is carried to the next period (payouts start at ${formatCents(summary.minimumPayoutCents)}).`}
      </p>
      {summary.entries.length > 0 ? (
        <div className="table-scroll">
          <Table withTableBorder aria-label="Payout entries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Entry</Table.Th>
                <Table.Th scope="col">Memo</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{ENTRY_KINDS[e.kind] ?? e.kind}</Table.Td>
                  <Table.Td>{e.memo}</Table.Td>
                  <Table.Td>{formatCents(e.amountCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      ) : null}
    </section>
  );
}

/** A period the upstream does not know is a 400 inside the layout, with a link without filters (ADR 020). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function Commissions({ loaderData }: Route.ComponentProps) {
  const { lines, meta, summary, periods, period, payouts, ignored, reconciles } = loaderData;
  const bars = payouts.map((p) => ({ label: dayjs(`${p.period}-01`).format("MMM YY"), value: p.payoutCents }));
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
          {summary ? (
            <Summary summary={summary} period={period} />
          ) : (
            <h2 className="heading" data-size="h3">
              {periodLabel(period)}
            </h2>
          )}

          {reconciles ? (
            <p className="txt">
              <Link to={`/commissions/reconciliation?period=${period}`}>
                Check {periodLabel(period)} against your book of business
              </Link>
              : missing, short and unexpected payments, by the carriers&apos; schedules.
            </p>
          ) : null}

          <section aria-labelledby="earnings-title">
            <h2 className="heading" data-size="h3" data-mb="xs" id="earnings-title">
              Payouts over time
            </h2>
            {/* Drawn on the server, no chart library; the table below it carries the same numbers for everyone. */}
            <BarChart
              bars={bars}
              label="Bar chart of monthly payouts; the payouts table lists the same amounts."
              formatTick={(v) => (v === 0 ? "$0" : `$${Math.round(v / 10000) / 10}k`)}
              formatValue={formatCents}
            />
            <details>
              <summary>Payouts by month</summary>
              <div className="table-scroll">
                <Table withTableBorder aria-label="Payouts by month">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Month</Table.Th>
                      <Table.Th scope="col">Earned</Table.Th>
                      <Table.Th scope="col">Payout</Table.Th>
                      <Table.Th scope="col">Paid on</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {payouts.map((p) => (
                      <Table.Tr key={p.period}>
                        <Table.Td>{periodLabel(p.period)}</Table.Td>
                        <Table.Td>{formatCents(p.earnedCents)}</Table.Td>
                        <Table.Td>{p.payoutCents !== 0 ? formatCents(p.payoutCents) : "Carried forward"}</Table.Td>
                        <Table.Td>{p.payoutCents !== 0 ? formatDate(p.paidOn) : "—"}</Table.Td>
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
