import { Alert, Button, NativeSelect } from "@mantine/core";
import { Link } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { FilterForm } from "~/components/filter-form";
import { IgnoredFiltersNote } from "~/components/ignored-filters-note";
import { type PlainColumn, PlainTable } from "~/components/plain-table";
import { formatCents } from "~/domain/cents";
import {
  type NotExpectedPolicy,
  PAYMENT_STATUS_LABEL,
  type ReconciliationRow,
  figuresThatDiffer,
  inquiryHrefFor,
  periodLabel,
  reconcile,
} from "~/domain/commission-reconciliation";
import { formatDate } from "~/domain/formats";
import { type ListShape, listQueryFrom } from "~/domain/list-query";
import { loadWithViewer } from "~/.server/guards";
import { commissionReconciliation, commissionSchedules, commissionStatements } from "~/.server/upstream/commissions";
import { listRead } from "~/.server/upstream-failure";
import type { Route } from "./+types/commissions.reconciliation";
import { StatusBadge } from "~/components/status-badge";

export function meta() {
  return [{ title: "Expected against received commissions" }];
}

/** How many of the policies paid as expected, and of those with nothing due, the page lists. */
const LISTED = 15;

/** Only the period is read from the URL: a malformed one is ignored with the list's note (ADR 020). */
const RECONCILIATION_URL: ListShape = { sortable: [], filters: { period: "period" } };

/**
 * Expected against received commissions for a period (issue 25 §3; docs/decisions/037-commission-reconciliation.md):
 * the carriers' schedule, the period's book with what was paid, and the Commissions page's summary of the same
 * period, read together (no waterfall); the comparison is app/domain/commission-reconciliation.ts. A period the
 * upstream does not know is the list's 400 inside the layout, as on the Commissions page (ADR 020).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { params, ignored } = listQueryFrom(url.searchParams, RECONCILIATION_URL);
  const asked = params.get("period");
  const statementQuery = new URLSearchParams({ perPage: "5" });
  if (asked) statementQuery.set("period", asked);
  const [, [schedule, book, statements]] = await loadWithViewer(request, context, async (token) =>
    Promise.all([
      commissionSchedules(token),
      listRead(commissionReconciliation(token, asked), url.pathname),
      listRead(commissionStatements(token, statementQuery), url.pathname),
    ]),
  );
  const { period, periods } = book;
  if (period === null) return { period, periods, ignored, reconciliation: null, summary: null, differ: [] as string[] };
  const reconciliation = reconcile({
    period,
    policies: book.policies,
    schedule,
    lines: book.lines,
    entries: book.entries,
  });
  // Issue 25 §3: "The totals reconcile to the Commissions page exactly": held against its summary of the period.
  const summary = statements.period === period ? statements.summary : null;
  const differ = summary ? figuresThatDiffer(reconciliation.totals, summary) : ["the Commissions summary"];
  // The page lists every discrepancy; of the policies paid as expected and those with nothing due it sends the first
  // LISTED (an agency's book runs to hundreds: the page stays small), with the counts.
  const { rows, notExpected, ...rest } = reconciliation;
  const paid = rows.filter((r) => r.status === "paid");
  return {
    period,
    periods,
    ignored,
    reconciliation: {
      ...rest,
      paid: paid.slice(0, LISTED),
      notExpected: notExpected.slice(0, LISTED),
      notExpectedCount: notExpected.length,
    },
    summary,
    differ,
  };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

function Money({ cents }: { cents: number }) {
  return <span className="amount nowrap">{formatCents(cents)}</span>;
}

function policyColumns(period: string, withInquiry: boolean): PlainColumn<ReconciliationRow>[] {
  const columns: PlainColumn<ReconciliationRow>[] = [
    {
      header: "Policy",
      cell: (r) => (
        <div>
          <div className="txt nowrap" data-bold>
            {r.policyNumber}
          </div>
          <div>{r.memberName}</div>
        </div>
      ),
    },
    {
      header: "Carrier",
      cell: (r) => (
        <div>
          <div>{r.carrierName}</div>
          {r.productName ? <div>{r.productName}</div> : null}
        </div>
      ),
    },
    {
      header: "Status",
      cell: (r) => (
        <span className="nowrap">
          <StatusBadge status={PAYMENT_STATUS_LABEL[r.status]} />
        </span>
      ),
    },
    { header: "Expected", cell: (r) => <Money cents={r.expectedCents} /> },
    {
      header: "Received",
      cell: (r) => (
        <div>
          <div>
            <Money cents={r.receivedCents} />
          </div>
          {r.receivedAs.length > 0 ? (
            <div className="txt" data-size="sm" data-dimmed>
              {r.receivedAs.join(", ")}
            </div>
          ) : null}
        </div>
      ),
    },
    { header: "Difference", cell: (r) => <Money cents={r.differenceCents} /> },
    { header: "Why", cell: (r) => r.why },
  ];
  if (withInquiry) {
    columns.push({
      header: "Ask the carrier",
      cell: (r) => (
        <Link to={inquiryHrefFor(r, period)} aria-label={`Ask ${r.carrierName} about policy ${r.policyNumber}`}>
          Open an inquiry
        </Link>
      ),
    });
  }
  return columns;
}

const NOT_EXPECTED_COLUMNS: PlainColumn<NotExpectedPolicy>[] = [
  {
    header: "Policy",
    cell: (n) => (
      <div>
        <div className="txt nowrap" data-bold>
          {n.policy.policyNumber}
        </div>
        <div>{n.policy.memberName}</div>
      </div>
    ),
  },
  { header: "Carrier", cell: (n) => n.policy.carrierName },
  { header: "Status", cell: (n) => n.policy.status },
  { header: "Effective", cell: (n) => <span className="nowrap">{formatDate(n.policy.effectiveDate)}</span> },
  { header: "Why nothing is due", cell: (n) => n.why },
];

function Figure({ label, cents, id }: { label: string; cents: number; id: string }) {
  return (
    <div className="l-row" data-justify="between" data-gap="xs">
      <dt className="txt">{label}</dt>
      <dd className="txt amount" data-testid={`reconciliation-${id}`}>
        {formatCents(cents)}
      </dd>
    </div>
  );
}

/** Says when a list shows only its first rows, and where the rest are. */
function Listed({ shown, of }: { shown: number; of: number }) {
  if (shown >= of) return null;
  return (
    <p className="txt">
      The first {shown} of {of} policies; every policy is in your <Link to="/book_of_business">Book of Business</Link>.
    </p>
  );
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export default function CommissionReconciliation({ loaderData }: Route.ComponentProps) {
  const { period, periods, ignored, reconciliation, differ } = loaderData;
  return (
    <div className="l-stack" data-gap="lg">
      <div className="l-stack" data-gap="xs">
        <Link to={period ? `/commissions?period=${period}` : "/commissions"}>Back to Commissions</Link>
        <div className="l-row" data-justify="between" data-align="end">
          <h1 className="heading">Expected against received</h1>
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
                  Show period
                </Button>
              </div>
            </FilterForm>
          ) : null}
        </div>
        <p className="txt" data-dimmed>
          Every policy of your book of business that should have paid in the period, by the carrier&apos;s commission
          schedule, against the published statements and approved payout entries.
        </p>
      </div>
      <IgnoredFiltersNote ignored={ignored} />

      {period === null || reconciliation === null ? (
        <p className="txt">
          No published commission statements yet, so there is nothing to reconcile. Once a carrier&apos;s statement for
          your business is published, it shows here; meanwhile, check your policies in the{" "}
          <Link to="/book_of_business">Book of Business</Link>.
        </p>
      ) : (
        <>
          <section aria-labelledby="totals-title" className="l-stack" data-gap="xs">
            <h2 className="heading" data-size="h3" id="totals-title">
              {periodLabel(period)}
            </h2>
            <dl className="l-stack" data-gap="xs">
              <Figure label="Expected from your book" cents={reconciliation.totals.expectedCents} id="expected" />
              <Figure
                label="Received on those policies"
                cents={reconciliation.totals.receivedOnPoliciesCents}
                id="received-on-policies"
              />
              <Figure label="Difference" cents={reconciliation.totals.differenceCents} id="difference" />
            </dl>
            <h3 className="heading" data-size="h4">
              Received in {periodLabel(period)}
            </h3>
            <dl className="l-stack" data-gap="xs">
              <Figure
                label="Street commission (your own business)"
                cents={reconciliation.totals.streetCents}
                id="street"
              />
              <Figure
                label="Overrides (your downline's business)"
                cents={reconciliation.totals.overridesCents}
                id="overrides"
              />
              <Figure label="Payout entries" cents={reconciliation.totals.entriesCents} id="entries" />
              <Figure label="Total received" cents={reconciliation.totals.receivedCents} id="received" />
            </dl>
            {differ.length === 0 ? (
              <p className="txt" data-testid="reconciliation-agrees">
                These are the <Link to={`/commissions?period=${period}`}>Commissions page</Link>&apos;s figures for{" "}
                {periodLabel(period)}.
              </p>
            ) : (
              <Alert color="red" variant="light" role="alert" title="The totals do not match the Commissions page">
                The {differ.join(", ")} shown here differ from the{" "}
                <Link to={`/commissions?period=${period}`}>Commissions page</Link>. Reload the page; if they still
                differ, contact support.
              </Alert>
            )}
          </section>

          <section aria-labelledby="discrepancies-title" className="l-stack" data-gap="xs">
            <h2 className="heading" data-size="h3" id="discrepancies-title">
              Payments to check
            </h2>
            {reconciliation.discrepancies.length === 0 ? (
              <p className="txt" data-testid="no-discrepancies">
                Every policy that should have paid in {periodLabel(period)} was paid as the schedule says. Nothing to
                ask the carriers about.
              </p>
            ) : (
              <>
                <p className="txt">
                  {plural(reconciliation.counts.missing, "missing payment")},{" "}
                  {plural(reconciliation.counts.short, "short payment")},{" "}
                  {plural(reconciliation.counts.unexpected, "unexpected payment")} and{" "}
                  {plural(reconciliation.counts.over, "payment over the schedule", "payments over the schedule")}. Open
                  an inquiry to ask the carrier about one.
                </p>
                <PlainTable
                  aria-label={`Payments to check, ${periodLabel(period)}`}
                  columns={policyColumns(period, true)}
                  rows={reconciliation.discrepancies}
                  rowKey={(r) => r.key}
                  stackOnPhone
                />
              </>
            )}
          </section>

          <details>
            <summary>Paid as expected ({plural(reconciliation.counts.paid, "policy", "policies")})</summary>
            {reconciliation.counts.paid > 0 ? (
              <>
                <Listed shown={reconciliation.paid.length} of={reconciliation.counts.paid} />
                <PlainTable
                  aria-label={`Paid as expected, ${periodLabel(period)}`}
                  columns={policyColumns(period, false)}
                  rows={reconciliation.paid}
                  rowKey={(r) => r.key}
                  stackOnPhone
                />
              </>
            ) : (
              <p className="txt">No policy was paid exactly as the schedule says.</p>
            )}
          </details>

          <details>
            <summary>Nothing due ({plural(reconciliation.notExpectedCount, "policy", "policies")})</summary>
            <Listed shown={reconciliation.notExpected.length} of={reconciliation.notExpectedCount} />
            {reconciliation.notExpected.length > 0 ? (
              <PlainTable
                aria-label={`Nothing due, ${periodLabel(period)}`}
                columns={NOT_EXPECTED_COLUMNS}
                rows={reconciliation.notExpected}
                rowKey={(n) => n.policy.id}
                stackOnPhone
              />
            ) : (
              <p className="txt">Every policy of your book had a payment due.</p>
            )}
          </details>

          {reconciliation.otherEntries.length > 0 ? (
            <details>
              <summary>Payout entries not about a policy ({reconciliation.otherEntries.length})</summary>
              <PlainTable
                aria-label={`Payout entries not about a policy, ${periodLabel(period)}`}
                columns={[
                  { header: "Entry", cell: (e) => e.memo },
                  { header: "Amount", cell: (e) => <Money cents={e.amountCents} /> },
                ]}
                rows={reconciliation.otherEntries}
                rowKey={(e) => e.id}
              />
            </details>
          ) : null}
        </>
      )}
    </div>
  );
}
