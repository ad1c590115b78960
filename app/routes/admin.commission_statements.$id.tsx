import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link, data, useLocation } from "react-router";
import { History } from "~/components/admin/history";
import { ErrorPage } from "~/components/error-page";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { SelectField } from "~/components/forms/select-field";
import { TextField } from "~/components/forms/text-fields";
import { TextareaField } from "~/components/forms/textarea-field";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { VersionField, revalidateWhenStale } from "~/components/forms/version-field";
import { type PlainColumn, PlainTable } from "~/components/plain-table";
import { idOr404, requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { formatCents } from "~/domain/cents";
import { formatDate } from "~/domain/formats";
import { successToast } from "~/domain/toast";
import {
  lockStatement,
  reconcileLine,
  statementAgents,
  statementLines,
  statementRecord,
} from "~/admin/sections/commission_statements/statements.server";
import {
  type AdminCommissionStatement,
  KIND_LABELS,
  LINE_STATE_LABELS,
  LINE_STATES,
  type LineState,
  type StatementLine,
  correctionHref,
  statementTitle,
} from "~/admin/sections/commission_statements/records";
import {
  RECONCILE_INTENTS,
  RECONCILE_SCHEMAS,
  type ReconcileIntent,
  lockSchema,
} from "~/admin/sections/commission_statements/schemas";
import type { Route } from "./+types/admin.commission_statements.$id";
import { StatusBadge } from "~/components/status-badge";

const PER_PAGE = 25;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${statementTitle(loaderData.record)} · Commission statements · Admin` : "Admin" }];
}

export const handle = {
  crumbs: (d: { record: AdminCommissionStatement }) => [
    { label: "Commission statements", to: "/admin/commission_statements" },
    { label: statementTitle(d.record) },
  ],
};

/**
 * A statement's page (issue 23 §1): its facts, totals by kind, its lines (unmatched first, paged, by state) with a
 * reconciliation form per unmatched line of a draft (?line=<id> opens it: match to a policy, to an agent, or set
 * aside with a note), the lock (?lock=1 asks to confirm), the history. A locked statement links to a correcting
 * payout entry instead. The lock carries the statement's version shown here: a line reconciled since by someone else,
 * the upstream refuses (409), the form says so and the page is drawn again with the statement as it is (issue 35 §2).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const url = new URL(request.url);
  const stateParam = url.searchParams.get("state") ?? "";
  const state = (LINE_STATES as readonly string[]).includes(stateParam) ? (stateParam as LineState) : null;
  const page = /^\d{1,6}$/.test(url.searchParams.get("page") ?? "") ? (url.searchParams.get("page") ?? "1") : "1";
  const lineParams = new URLSearchParams({ page, perPage: String(PER_PAGE) });
  if (state) lineParams.set("state", state);
  // The brokers a line can be matched to: only while a line is open for reconciliation (?line=).
  const open = Number(url.searchParams.get("line"));
  const [, [found, lines, agents]] = await loadWithViewer(request, context, async (token) =>
    Promise.all([
      statementRecord(token, id),
      statementLines(token, id, lineParams),
      open ? statementAgents(token) : null,
    ]),
  );
  // A draft's line of this page, in any state: a matched line may be matched again ("Change").
  const openLine = found.record.status === "draft" ? (lines.records.find((l) => l.id === open) ?? null) : null;
  return {
    record: found.record,
    totals: found.totals,
    history: found.history,
    lines: lines.records,
    meta: lines.meta,
    state,
    openLine,
    agents: openLine && agents ? agents.agents.map((a) => ({ value: String(a.userId), label: a.name })) : [],
    confirmLock: url.searchParams.get("lock") === "1",
  };
}

export interface ReconcileActionData {
  intent: ReconcileIntent | "lock";
  result: FormResult;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const viewer = await requireAdmin(request, context);
  const form = actionForm(request, context);
  const read = await form.read();
  const intent = read.get("intent");
  const here = `/admin/commission_statements/${id}`;
  if (intent === "lock") {
    return form.answer(
      async () => {
        const parsed = await form.parse(lockSchema);
        if (parsed.status !== "success")
          return data({ intent: "lock", result: parsed.reply() } satisfies ReconcileActionData, { status: 400 });
        await lockStatement(viewer.token, id, parsed.value.version);
        return redirectWithToast(here, [
          successToast("Statement locked: the agents see it on their Commissions page."),
        ]);
      },
      (failure) =>
        data({ intent: "lock", result: failure.result } satisfies ReconcileActionData, { status: failure.status }),
    );
  }
  if (typeof intent !== "string" || !(RECONCILE_INTENTS as readonly string[]).includes(intent))
    throw data({ messages: [] }, { status: 400, statusText: "Bad Request" });
  const chosen = intent as ReconcileIntent;
  const lineId = Number(read.get("lineId"));
  if (!Number.isSafeInteger(lineId) || lineId <= 0)
    throw data({ messages: [] }, { status: 400, statusText: "Bad Request" });
  return form.answer(
    async () => {
      const parsed = await form.parse(RECONCILE_SCHEMAS[chosen]);
      if (parsed.status !== "success")
        return data({ intent: chosen, result: parsed.reply() } satisfies ReconcileActionData, { status: 400 });
      const value = parsed.value as { policyNumber?: string; agentUserId?: string; note?: string };
      const { line } = await reconcileLine(
        viewer.token,
        id,
        lineId,
        chosen === "policy"
          ? { action: "policy", policyNumber: value.policyNumber ?? "" }
          : chosen === "agent"
            ? { action: "agent", agentUserId: Number(value.agentUserId) }
            : { action: "set_aside", note: value.note ?? "" },
      );
      const done =
        line.state === "set_aside"
          ? `Line ${line.lineNo} set aside.`
          : `Line ${line.lineNo} matched to ${line.agent?.name ?? "the agent"}.`;
      return redirectWithToast(here, [successToast(done)]);
    },
    (failure) =>
      data({ intent: chosen, result: failure.result } satisfies ReconcileActionData, { status: failure.status }),
  );
}

/** A stale lock (409) draws the statement again: the page shows what it is now. */
export const shouldRevalidate = revalidateWhenStale;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

const resultOf = (d: ReconcileActionData | undefined, intent: ReconcileActionData["intent"]) =>
  d?.intent === intent ? d.result : undefined;

function LineHidden({ intent, line }: { intent: ReconcileIntent; line: StatementLine }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="lineId" value={line.id} />
    </>
  );
}

function ReconcileForms({
  line,
  agents,
  actionData,
}: {
  line: StatementLine;
  agents: Array<{ value: string; label: string }>;
  actionData: ReconcileActionData | undefined;
}) {
  const [policyForm, policyFields] = usePortalForm(RECONCILE_SCHEMAS.policy, {
    lastResult: resultOf(actionData, "policy"),
    id: "match-policy",
  });
  const [agentForm, agentFields] = usePortalForm(RECONCILE_SCHEMAS.agent, {
    lastResult: resultOf(actionData, "agent"),
    id: "match-agent",
  });
  const [asideForm, asideFields] = usePortalForm(RECONCILE_SCHEMAS.set_aside, {
    lastResult: resultOf(actionData, "set_aside"),
    id: "set-aside",
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="reconcile-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="reconcile-title">
          Reconcile line {line.lineNo}: {line.policyNumber} ({line.memberName}), {formatCents(line.amountCents)}
        </Title>
        <PortalForm form={policyForm} method="post">
          <LineHidden intent="policy" line={line} />
          <Stack gap="xs">
            <FormAlert form={policyForm} />
            <TextField field={policyFields.policyNumber} label="Match to the policy number" />
            <Group>
              <SubmitButton>Match to this policy</SubmitButton>
            </Group>
          </Stack>
        </PortalForm>
        <PortalForm form={agentForm} method="post">
          <LineHidden intent="agent" line={line} />
          <Stack gap="xs">
            <FormAlert form={agentForm} />
            <SelectField
              field={agentFields.agentUserId}
              label="Or match to an agent or agency"
              data={[{ value: "", label: "Choose the agent" }, ...agents]}
            />
            <Group>
              <SubmitButton variant="default">Match to this agent</SubmitButton>
            </Group>
          </Stack>
        </PortalForm>
        <PortalForm form={asideForm} method="post">
          <LineHidden intent="set_aside" line={line} />
          <Stack gap="xs">
            <FormAlert form={asideForm} />
            <TextareaField field={asideFields.note} label="Or set it aside: why?" autosize minRows={2} />
            <Group>
              <SubmitButton variant="default">Set aside</SubmitButton>
            </Group>
          </Stack>
        </PortalForm>
      </Stack>
    </Paper>
  );
}

/** The lock's confirmation: the statement's version shown here goes with it (the form's error: a stale one). */
function LockForm({
  version,
  lastResult,
  cancelHref,
}: {
  version: number;
  lastResult: FormResult;
  cancelHref: string;
}) {
  const [form, fields] = usePortalForm(lockSchema, { lastResult, id: "lock" });
  return (
    <PortalForm form={form} method="post">
      <input type="hidden" name="intent" value="lock" />
      <Stack gap="xs">
        <FormAlert form={form} />
        <VersionField version={version} field={fields.version} />
        <Text>
          Lock this statement? The agents see its lines on their Commissions page, and it can no longer change (a
          correction is a payout entry).
        </Text>
        <Group>
          <SubmitButton color="red">Lock the statement</SubmitButton>
          <Link className="anchor" to={cancelHref}>
            Cancel
          </Link>
        </Group>
      </Stack>
    </PortalForm>
  );
}

const stateTag = (l: StatementLine) =>
  l.state === "matched" ? (
    <StatusBadge status="Matched" />
  ) : l.state === "unmatched" ? (
    <StatusBadge status="Unmatched" />
  ) : (
    <StatusBadge status="Set aside" />
  );

export default function CommissionStatementPage({ loaderData, actionData }: Route.ComponentProps) {
  const { record, totals, history, lines, meta, state, openLine, agents, confirmLock } = loaderData;
  const data = actionData as ReconcileActionData | undefined;
  const location = useLocation();
  const here = `/admin/commission_statements/${record.id}`;
  const draft = record.status === "draft";
  const withParams = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) params.delete(k);
      else params.set(k, v);
    }
    const query = params.toString();
    return `${here}${query ? `?${query}` : ""}`;
  };
  const columns: PlainColumn<StatementLine>[] = [
    { header: "Line", cell: (l) => l.lineNo },
    { header: "Policy number", cell: (l) => l.policyNumber },
    { header: "Member", cell: (l) => l.memberName },
    { header: "Type", cell: (l) => KIND_LABELS[l.kind] },
    { header: "Amount", cell: (l) => formatCents(l.amountCents) },
    { header: "State", cell: stateTag },
    {
      header: "Agent",
      cell: (l) =>
        l.agent ? `${l.agent.name}${l.matchedBy ? ` (by hand, ${l.matchedBy.name})` : ""}` : (l.note ?? "None"),
    },
    {
      header: "Action",
      cell: (l) =>
        draft ? (
          <Link className="anchor" to={`${withParams({ line: String(l.id) })}#reconcile-title`}>
            {l.state === "matched" ? "Change" : "Reconcile"}
            <span className="visually-hidden"> line {l.lineNo}</span>
          </Link>
        ) : (
          "Locked"
        ),
    },
  ];
  // The statement's twelve figures, in a grid as many to a row as fit (two on a phone; issue 37).
  const figures: Array<[string, string]> = [
    ["Lines", String(record.lineCount)],
    ["Total", formatCents(record.totalCents)],
    ["Unmatched", String(record.unmatchedCount)],
    ["Set aside", String(record.setAsideCount)],
    ["Imported", `${formatDate(record.importedAt)}${record.importedBy ? ` by ${record.importedBy.name}` : ""}`],
    [
      "Locked",
      record.lockedAt
        ? `${formatDate(record.lockedAt)}${record.lockedBy ? ` by ${record.lockedBy.name}` : ""}`
        : "Not yet: the agents do not see it",
    ],
    ...totals.map((t): [string, string] => [
      KIND_LABELS[t.kind],
      `${formatCents(t.totalCents)} (${t.lineCount} ${t.lineCount === 1 ? "line" : "lines"})`,
    ]),
  ];
  const lockFailure = resultOf(data, "lock");
  const lockErrors = lockFailure?.error?.[""] ?? [];
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{statementTitle(record)}</Title>
        <Group gap="xs">
          <StatusBadge status={draft ? "Draft" : "Locked"} />
          <Text size="sm">
            {record.fileName} · carrier statement date {record.carrierStatementDate}
          </Text>
        </Group>
      </Stack>
      <Paper withBorder p="md" component="section" aria-labelledby="facts-title">
        <Title order={2} size="h4" id="facts-title" mb="xs">
          The statement
        </Title>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: 4 }} spacing="xs" className="admin-figures">
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      {draft ? (
        <Paper withBorder p="md" component="section" aria-labelledby="lock-title">
          <Title order={2} size="h4" id="lock-title" mb="xs">
            Lock and publish
          </Title>
          {lockErrors.length > 0 && !(confirmLock && record.unmatchedCount === 0) ? (
            <Alert color="red" role="alert" mb="sm">
              {lockErrors.join(" ")}
            </Alert>
          ) : null}
          {record.unmatchedCount > 0 ? (
            <Text>
              {record.unmatchedCount} {record.unmatchedCount === 1 ? "line is" : "lines are"} unmatched: reconcile{" "}
              {record.unmatchedCount === 1 ? "it" : "them"} before locking.
            </Text>
          ) : confirmLock ? (
            <LockForm version={record.version} lastResult={lockFailure} cancelHref={here} />
          ) : (
            <Link className="anchor" to={withParams({ lock: "1" })}>
              Lock this statement…
            </Link>
          )}
        </Paper>
      ) : (
        <Alert color="blue" title="Locked">
          This statement is locked and published to the agents. To correct it,{" "}
          <Anchor component={Link} to={correctionHref(record)}>
            record a correcting payout entry
          </Anchor>
          .
        </Alert>
      )}
      {openLine && draft ? <ReconcileForms line={openLine} agents={agents} actionData={data} /> : null}
      <Stack component="section" gap="xs" aria-labelledby="lines-title">
        <Title order={2} size="h4" id="lines-title">
          Lines, unmatched first
        </Title>
        <nav className="section-tabs" aria-label="Lines by state">
          <Link to={withParams({ state: null, page: null })} aria-current={state === null ? "page" : undefined}>
            All
          </Link>
          {LINE_STATES.map((s) => (
            <Link key={s} to={withParams({ state: s, page: null })} aria-current={state === s ? "page" : undefined}>
              {LINE_STATE_LABELS[s]}
            </Link>
          ))}
        </nav>
        {lines.length > 0 ? (
          <PlainTable columns={columns} rows={lines} rowKey={(l) => l.id} stackOnPhone />
        ) : (
          <Text>No lines in this state.</Text>
        )}
        {meta.totalPages > 1 ? (
          <Group gap="sm">
            {meta.currentPage > 1 ? (
              <Link to={withParams({ page: String(meta.currentPage - 1) })}>Previous page</Link>
            ) : null}
            <Text size="sm">
              Page {meta.currentPage} of {meta.totalPages}
            </Text>
            {meta.currentPage < meta.totalPages ? (
              <Link to={withParams({ page: String(meta.currentPage + 1) })}>Next page</Link>
            ) : null}
          </Group>
        ) : null}
      </Stack>
      <History entries={history} />
    </Stack>
  );
}
