import { Link, useLocation } from "react-router";
import type { SectionView } from "~/components/admin/section-view";
import { BarChart } from "~/components/bar-chart";
import { PlainTable } from "~/components/plain-table";
import {
  type ProductionMonth,
  type ProductionRow,
  type ProductionSummary,
  longMonth,
  monthTotal,
  monthsBetween,
  shortMonth,
} from "./records";

const KINDS = ["New", "Plan change", "Renewal"] as const;
const count = (n: number) => n.toLocaleString("en-US");

/**
 * The list's URL opening `agencyId` (null: the top level): the months, carrier and product kept; the page, search
 * and sort are the level's own.
 */
function useLevelHref(): (agencyId: number | null) => string {
  const location = useLocation();
  return (agencyId) => {
    const params = new URLSearchParams(location.search);
    for (const key of ["page", "search", "agencyId"]) params.delete(key);
    if (agencyId !== null) params.set("agencyId", String(agencyId));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
}

/** An agency with a downline opens it; any other row is its name. */
function BrokerName({ row }: { row: ProductionRow }) {
  const levelHref = useLevelHref();
  if (row.own || !row.hasDownline) return <>{row.name}</>;
  return (
    <Link className="anchor" to={levelHref(row.id)}>
      {row.name}
    </Link>
  );
}

/**
 * The broker's name, and under it their NPN: brokers share names ("Margaret Scott" three times), never an NPN
 * (issue 37 §5).
 */
function Broker({ row }: { row: ProductionRow }) {
  return (
    <>
      <BrokerName row={row} />
      {row.npnNumber ? <span className="broker-npn"> NPN {row.npnNumber}</span> : null}
    </>
  );
}

/** Where the page stands: the hierarchy above the opened agency, and the way back up. */
function Trail({ summary }: { summary: ProductionSummary }) {
  const levelHref = useLevelHref();
  const { agency, path } = summary;
  if (!agency) return null;
  const parent = path.at(-1) ?? null;
  return (
    <nav aria-label="Hierarchy" className="production-trail">
      <ol>
        <li>
          <Link className="anchor" to={levelHref(null)}>
            All agents
          </Link>
        </li>
        {path.map((up) => (
          <li key={up.id}>
            <Link className="anchor" to={levelHref(up.id)}>
              {up.name}
            </Link>
          </li>
        ))}
        <li aria-current="page">{agency.name}</li>
      </ol>
      <Link className="anchor" to={levelHref(parent?.id ?? null)}>
        Back to {parent?.name ?? "all agents"}
      </Link>
    </nav>
  );
}

const MONTH_COLUMNS = [
  { header: "Month", cell: (m: ProductionMonth) => longMonth(m.month) },
  { header: "New", cell: (m: ProductionMonth) => count(m.newCount) },
  { header: "Plan change", cell: (m: ProductionMonth) => count(m.planChangeCount) },
  { header: "Renewal", cell: (m: ProductionMonth) => count(m.renewalCount) },
  { header: "Total", cell: (m: ProductionMonth) => count(monthTotal(m)) },
];

/** What the list page draws above the table: the months and their completeness, the trail, the chart. */
function Summary({ summary }: { summary: ProductionSummary }) {
  const { from, to, newestComplete, agency, series } = summary;
  const incomplete = monthsBetween(newestComplete, to) > 1;
  const total = series.reduce((n, m) => n + monthTotal(m), 0);
  const whose = agency ? `${agency.name} and its downline` : "every agent";
  return (
    <section className="production-summary" aria-labelledby="production-chart-title">
      <Trail summary={summary} />
      <p className="production-months">
        Policies counted in the month they take effect, {longMonth(from)} through {longMonth(to)}. The newest complete
        month is <strong>{longMonth(newestComplete)}</strong>: carriers report up to about two weeks after a month ends.
        {incomplete ? ` Months after ${longMonth(newestComplete)} are not complete yet.` : ""}
      </p>
      <h2 id="production-chart-title" className="production-chart-title">
        {count(total)} policies of {whose}, by month
      </h2>
      <BarChart
        bars={series.map((m) => ({
          label: shortMonth(m.month),
          value: monthTotal(m),
          parts: [m.newCount, m.planChangeCount, m.renewalCount],
        }))}
        legend={KINDS}
        dense={series.length > 12}
        label={`Stacked bar chart of ${whose}'s policies per month: new, plan change and renewal. The table Policies by month lists the same numbers.`}
        formatTick={count}
        formatValue={(v) => `${count(v)} policies`}
      />
      <details>
        <summary>Policies by month</summary>
        <PlainTable columns={MONTH_COLUMNS} rows={series} rowKey={(m) => m.month} aria-label="Policies by month" />
      </details>
    </section>
  );
}

export const view: SectionView<ProductionRow, ProductionSummary> = {
  key: "policy_production",
  title: "Policy production",
  singular: "agent",
  intro:
    "New business by agent, carrier, product and month: new enrollments, plan changes and renewals counted apart. An agency's row includes its whole downline; open it to see who wrote what.",
  aboveList: (summary) => <Summary summary={summary} />,
  columns: [
    { key: "name", header: "Agent", sortable: true, cell: (r) => <Broker row={r} /> },
    {
      key: "kind",
      header: "Kind",
      noWrap: true,
      cell: (r) => (r.own ? "Own policies" : r.kind === "Agency" ? "Agency" : "Agent"),
    },
    { key: "newCount", header: "New", sortable: true, noWrap: true, cell: (r) => count(r.newCount) },
    {
      key: "planChangeCount",
      header: "Plan change",
      sortable: true,
      noWrap: true,
      cell: (r) => count(r.planChangeCount),
    },
    { key: "renewalCount", header: "Renewal", sortable: true, noWrap: true, cell: (r) => count(r.renewalCount) },
    { key: "total", header: "Total", sortable: true, noWrap: true, cell: (r) => count(r.total) },
  ],
  stack: true,
  filters: [
    { name: "from", label: "From", emptyLabel: "24 months ago" },
    { name: "to", label: "Through", emptyLabel: "Newest complete month" },
    { name: "carrierId", label: "Carrier" },
    { name: "productId", label: "Product" },
    { name: "agencyId", label: "Agency", emptyLabel: "All agents" },
  ],
  rowLabel: (r) => r.name,
  empty: "No policies took effect in these months.",
  noMatch: "No agent has policies matching this search or these filters.",
  recordTitle: (r) => r.name,
};
