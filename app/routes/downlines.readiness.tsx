import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { ConfirmPanel } from "~/components/confirm-panel";
import { type Column, DataTable } from "~/components/data-table";
import { FilterSelect } from "~/components/data-table/filter-select";
import { ErrorPage } from "~/components/error-page";
import {
  type BrokerReadiness,
  DOWNLINE_READINESS_HREF,
  REMINDER_CAP,
  actionsSummaryText,
  brokersText,
  expiringText,
  isLongWait,
  lastWrittenText,
  summaryOf,
  tooManyRemindersText,
  waitingSummaryText,
  waitingText,
  yearText,
} from "~/domain/downline-readiness";
import { READINESS_STEPS, type ReadinessStepKey, STEP_TITLES } from "~/domain/readiness";
import { todayIso } from "~/.server/clock";
import {
  downlineReadinessReads,
  listedRows,
  reminderTargetOf,
  remindersFor,
  sendDownlineReminders,
} from "~/.server/downline-readiness";
import { formDataOf } from "~/.server/forms";
import { loadWithViewer, requireViewer } from "~/.server/guards";
import { pagingMeta } from "~/domain/table";
import { pathWithout } from "~/domain/url-params";
import type { Route } from "./+types/downlines.readiness";

export function meta() {
  return [{ title: "Downline readiness" }];
}

/** The URL's confirmation: `remind=all` (every broker listed, at the step filter's step) or `remind=<user id>`. */
const REMIND = "remind";
const FILTER_NAMES = ["agencyId", "carrierId", "step"] as const;

/**
 * Issue 25 §2: the agency's whole hierarchy, each broker through §1's rule (app/domain/downline-readiness.ts, ADR 038),
 * filtered by sub-agency, carrier and step, needing action first, 25 to a page; the search is the broker's name or NPN.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [, reads] = await loadWithViewer(request, context, downlineReadinessReads);
  const { carriers, filters, ignored, query, rows: listed } = listedRows(reads, url.searchParams, todayIso());
  const meta = pagingMeta(query, listed.length);
  const target = reminderTargetOf(url.searchParams.get(REMIND), filters, listed);
  return {
    rows: listed.slice((meta.currentPage - 1) * meta.perPage, meta.currentPage * meta.perPage),
    meta,
    summary: summaryOf(listed),
    planYear: reads.facts.planYear,
    agencies: reads.facts.agencies,
    carriers,
    filters,
    ignored,
    // One broker's confirmation says what they will be told; a step's names each broker (each is told their own).
    confirm: target
      ? {
          ...target,
          items: remindersFor(target, listed).map((r) => (target.scope === "all" ? r.name : `${r.name}: ${r.detail}`)),
        }
      : null,
    cancelHref: pathWithout(url.pathname, url.search, [REMIND]),
    idempotencyKey: crypto.randomUUID(),
  };
}

/**
 * "Send a reminder" (issue 25 §2): to one broker or to every broker listed at the step filter's step, once the count
 * shown is confirmed. The list is drawn again from the upstream here: a count that no longer holds sends nothing and
 * says so; the upstream checks each broker is an active broker of this agency.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  return sendDownlineReminders(viewer, new URL(request.url), await formDataOf(request));
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

/**
 * Issue 37 §5: one summary line per broker ("3 blockers: AHIP, 2 certifications"), expanding to the details: a native
 * disclosure, so it opens without JavaScript and by keyboard.
 */
function Actions({ row }: { row: BrokerReadiness }) {
  if (row.actions.length === 0) return <Text size="sm">Nothing to do</Text>;
  return (
    <details className="readiness-details">
      <summary data-urgent={row.actions.some((a) => a.urgent) || undefined}>{actionsSummaryText(row.actions)}</summary>
      <ul className="plain-list readiness-actions" aria-label={`What ${row.name} must do`}>
        {row.actions.map((a) => (
          <li key={`${a.step}-${a.text}`} data-step={a.step} data-urgent={a.urgent || undefined}>
            <strong>{STEP_TITLES[a.step]}:</strong> {a.text}
            {a.products.length > 0 ? (
              <span className="txt" data-size="sm" data-dimmed>
                {" "}
                ({a.products.length === 1 ? a.products[0] : `${a.products.length} products`})
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The requests waiting in one line ("3 waiting, longest 104 days"), expanding to each; long waits in bold. */
function Waiting({ row }: { row: BrokerReadiness }) {
  if (row.waiting.length === 0)
    return (
      <span className="txt" data-dimmed>
        None
      </span>
    );
  return (
    <details className="readiness-details">
      <summary data-long={row.waiting.some(isLongWait) || undefined}>{waitingSummaryText(row.waiting)}</summary>
      <ul className="plain-list" aria-label={`${row.name}'s requests waiting`}>
        {row.waiting.map((w) => (
          <li key={`${w.product}-${w.state}`} data-long={isLongWait(w) || undefined}>
            {isLongWait(w) ? <strong>{waitingText(w)}</strong> : waitingText(w)}
          </li>
        ))}
      </ul>
    </details>
  );
}

function TextList({ items, none, label }: { items: string[]; none: string; label: string }) {
  if (items.length === 0)
    return (
      <span className="txt" data-dimmed>
        {none}
      </span>
    );
  return (
    <ul className="plain-list" aria-label={label}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** The table's caption names what it lists ("Brokers under Coastal Senior Advisors at License"). */
function captionOf(
  filters: { agencyId: number | null; carrierId: number | null; step: ReadinessStepKey | null },
  agencyName: ReadonlyMap<number, string>,
  carriers: ReadonlyArray<{ id: number; name: string }>,
): string {
  const parts = ["Agents"];
  if (filters.agencyId !== null) parts.push(`under ${agencyName.get(filters.agencyId) ?? "the sub-agency"}`);
  if (filters.carrierId !== null)
    parts.push(`with ${carriers.find((c) => c.id === filters.carrierId)?.name ?? "the carrier"}`);
  if (filters.step) parts.push(`at ${STEP_TITLES[filters.step]}`);
  return parts.join(" ");
}

export default function DownlineReadiness({ loaderData }: Route.ComponentProps) {
  const { rows, meta, summary, planYear, agencies, carriers, filters, ignored, confirm, cancelHref, idempotencyKey } =
    loaderData;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const agencyName = new Map(agencies.map((a) => [a.userId, a.name]));
  const remindHref = (value: string) => {
    const params = new URLSearchParams(location.search);
    params.set(REMIND, value);
    return `${location.pathname}?${params.toString()}`;
  };
  const exportParams = new URLSearchParams(location.search);
  exportParams.delete(REMIND);
  exportParams.delete("page");
  const exportQuery = exportParams.toString();
  const columns: Column<BrokerReadiness>[] = [
    {
      key: "broker",
      header: "Agent",
      cell: (r) => (
        <div data-testid={`broker-${r.userId}`}>
          <strong>{r.name}</strong>
          <div className="txt" data-size="sm" data-dimmed>
            {r.role}
            {r.npnNumber ? ` · NPN ${r.npnNumber}` : ""} · {agencyName.get(r.agencyUserId) ?? "Your agency"}
          </div>
        </div>
      ),
    },
    {
      key: "thisYear",
      header: `Plan year ${planYear}`,
      cell: (r) => (
        <div>
          {yearText(r.thisYear)}
          {r.readyProducts.length > 0 ? (
            <div className="txt" data-size="sm" data-dimmed>
              {r.readyProducts.join(", ")}
            </div>
          ) : null}
        </div>
      ),
    },
    { key: "nextYear", header: `Plan year ${planYear + 1}`, cell: (r) => yearText(r.nextYear) },
    { key: "actions", header: "Needs action", cell: (r) => <Actions row={r} /> },
    {
      key: "expiring",
      header: "Expiring",
      cell: (r) => <TextList items={r.expiring.map(expiringText)} none="None" label={`What runs out for ${r.name}`} />,
    },
    {
      key: "waiting",
      header: "Contract requests waiting",
      cell: (r) => <Waiting row={r} />,
    },
    { key: "lastWritten", header: "Last written", cell: (r) => lastWrittenText(r) },
    {
      key: "remind",
      header: "Reminder",
      cell: (r) =>
        r.actions.length > 0 ? (
          <Anchor component={Link} to={remindHref(String(r.userId))} aria-label={`Send a reminder to ${r.name}`}>
            Send a reminder
          </Anchor>
        ) : (
          "—"
        ),
    },
  ];

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Downline readiness</Title>
        <Text c="dimmed" mt={4}>
          Every agent in your hierarchy: what they can sell in plan year {planYear} and {planYear + 1}, what they must
          do first, what runs out soon, which contract requests wait and who has written nothing in 90 days. Agents
          needing action come first.{" "}
          <Anchor component={Link} to="/downlines">
            Downlines by carrier
          </Anchor>
        </Text>
      </div>

      <dl className="readiness-figures" aria-label="Your downline at a glance">
        <div>
          <dt>Agents</dt>
          <dd data-testid="figure-brokers">{summary.brokers}</dd>
        </div>
        <div>
          <dt>Can sell in {planYear}</dt>
          <dd data-testid="figure-selling">{summary.selling}</dd>
        </div>
        <div>
          <dt>Blocked at a step</dt>
          <dd data-testid="figure-blocked">{summary.blocked}</dd>
        </div>
        <div>
          <dt>License or E&amp;O expiring</dt>
          <dd data-testid="figure-expiring">{summary.expiring}</dd>
        </div>
        <div>
          <dt>Requests waiting</dt>
          <dd data-testid="figure-waiting">{summary.waiting}</dd>
        </div>
        <div>
          <dt>Nothing written in 90 days</dt>
          <dd data-testid="figure-idle">{summary.idle}</dd>
        </div>
      </dl>

      {confirm ? (
        confirm.items.length > REMINDER_CAP ? (
          <Alert color="yellow" title="Too many agents for one reminder" role="status">
            {tooManyRemindersText(confirm.items.length)}{" "}
            <Anchor component={Link} to={cancelHref}>
              Back to the list
            </Anchor>
          </Alert>
        ) : confirm.items.length > 0 ? (
          <ConfirmPanel
            title={`Send a reminder to ${brokersText(confirm.items.length)}?`}
            intro={`An e-mail about ${STEP_TITLES[confirm.step]}: what is left for ${confirm.items.length === 1 ? "them" : "each of them"} at this step, and a link to their Ready to Sell page.`}
            items={confirm.items}
            action={here}
            hidden={[
              ["scope", confirm.scope],
              ["step", confirm.step],
              ["count", String(confirm.items.length)],
              ["idempotencyKey", idempotencyKey],
            ]}
            confirmLabel={`Send ${confirm.items.length === 1 ? "the reminder" : `${confirm.items.length} reminders`}`}
            cancelHref={cancelHref}
            danger={false}
          />
        ) : (
          <Alert color="yellow" title="Nobody to remind" role="status">
            No agent listed has anything to do at this step.{" "}
            <Anchor component={Link} to={cancelHref}>
              Back to the list
            </Anchor>
          </Alert>
        )
      ) : null}

      <DataTable
        caption={captionOf(filters, agencyName, carriers)}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.userId}
        meta={meta}
        sortable={[]}
        stack
        ignored={ignored}
        filterNames={FILTER_NAMES}
        filters={
          <>
            <FilterSelect
              name="agencyId"
              label="Sub-agency"
              value={filters.agencyId === null ? "" : String(filters.agencyId)}
              options={agencies.slice(1).map((a) => ({ id: a.userId, name: a.name }))}
            />
            <FilterSelect
              name="carrierId"
              label="Carrier"
              value={filters.carrierId === null ? "" : String(filters.carrierId)}
              options={carriers}
            />
            <FilterSelect
              name="step"
              label="Step"
              value={filters.step ?? ""}
              options={READINESS_STEPS.map((s) => ({ value: s, label: STEP_TITLES[s] }))}
            />
          </>
        }
        actions={
          <>
            {filters.step && meta.totalCount > 0 ? (
              <Button component={Link} to={remindHref("all")} variant="light">
                Remind all {meta.totalCount} at {STEP_TITLES[filters.step]}
              </Button>
            ) : null}
            <Button
              component="a"
              href={`${DOWNLINE_READINESS_HREF}/export${exportQuery ? `?${exportQuery}` : ""}`}
              variant="default"
              download
            >
              Export CSV
            </Button>
          </>
        }
        empty={
          <Text c="dimmed">
            No active agent in your hierarchy yet.{" "}
            <Anchor component={Link} to="/register_downlines/new">
              Invite a downline
            </Anchor>{" "}
            to see their readiness here.
          </Text>
        }
        noMatch="No agent matches this search or these filters."
      />
    </Stack>
  );
}
