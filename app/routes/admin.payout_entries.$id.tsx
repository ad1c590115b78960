import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, data } from "react-router";
import { History } from "~/components/admin/history";
import { ErrorPage } from "~/components/error-page";
import type { FormResult } from "~/components/forms/use-portal-form";
import { revalidateWhenStale } from "~/components/forms/version-field";
import { labelHistory } from "~/domain/admin/history-labels";
import { formatCents } from "~/domain/cents";
import { formatDate } from "~/domain/formats";
import { successToast } from "~/domain/toast";
import { idOr404, requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { ApproveForm, EntryForm, RejectForm } from "~/admin/sections/payout_entries/entry-form";
import {
  OWN_ENTRY,
  PAYOUT_KIND_LABELS,
  PAYOUT_STATUS_LABELS,
  periodText,
} from "~/admin/sections/payout_entries/records";
import {
  approveSchema,
  deleteSchema,
  entrySchema,
  type EntryFormValue,
  rejectSchema,
} from "~/admin/sections/payout_entries/schemas";
import {
  decidePayoutEntry,
  deletePayoutEntry,
  entryFormValues,
  payoutChoices,
  payoutEntryRecord,
  updatePayoutEntry,
} from "~/admin/sections/payout_entries/section.server";
import type { Route } from "./+types/admin.payout_entries.$id";
import { StatusBadge } from "~/components/status-badge";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Payout entry ${loaderData.record.id} · Admin` : "Payout entries · Admin" }];
}

export const handle = {
  crumbs: (d: { record: { id: number } }) => [
    { label: "Payout entries", to: "/admin/payout_entries" },
    { label: `Payout entry ${d.record.id}` },
  ],
};

const HISTORY_LABELS = {
  userId: "Agent or agency",
  kind: "Kind",
  amount: "Amount",
  memo: "Memo",
  policyNumber: "Policy number",
  period: "Period",
  status: "Status",
};

/**
 * A payout entry's page (spec §2 payout_entries/:id, issue 23 §3): the entry, its history, and what the viewer may do
 * with it. Its creator may change or delete it while pending, never approve or reject it (the page says so; the
 * upstream refuses regardless); any other administrator approves it or rejects it with a note. Decided: final.
 * Approve and Reject carry the entry's version shown here: changed since (its creator edited the amount), the
 * upstream refuses (409), the form says so and the page is drawn again with the entry as it is (issue 35 §2).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const [, [found, choices]] = await loadWithViewer(request, context, async (token) => {
    const one = await payoutEntryRecord(token, id);
    const editable = one.record.status === "pending" && one.record.createdByYou;
    return [one, editable ? await payoutChoices(token) : null] as const;
  });
  return {
    record: found.record,
    history: labelHistory(found.history, HISTORY_LABELS),
    brokers: choices?.brokers ?? null,
    values: entryFormValues(found.record),
  };
}

const INTENTS = ["save", "approve", "reject", "delete"] as const;
type Intent = (typeof INTENTS)[number];
type Answer = { intent: Intent; result: FormResult };
const SCHEMAS = { save: entrySchema, approve: approveSchema, reject: rejectSchema, delete: deleteSchema } as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const probe = actionForm(request, context);
  const raw = (await probe.read()).get("intent");
  const intent = INTENTS.find((i) => i === raw);
  if (!intent) throw data({ messages: [] }, { status: 400, statusText: "Bad Request" });
  const schema = SCHEMAS[intent];
  const form = actionForm(request, context, { schema, read: async () => probe.read() });
  const here = new URL(request.url).pathname;
  const answer = (result: FormResult, status: number) => data<Answer>({ intent, result }, { status });
  return form.answer(
    async () => {
      const viewer = await requireAdmin(request, context);
      const parsed = await form.parse(schema);
      if (parsed.status !== "success") return answer(parsed.reply(), 400);
      if (intent === "save") {
        await updatePayoutEntry(viewer.token, id, parsed.value as EntryFormValue);
        return redirectWithToast(here, [successToast("Changes to the payout entry saved.")]);
      }
      if (intent === "delete") {
        await deletePayoutEntry(viewer.token, id);
        return redirectWithToast("/admin/payout_entries", [successToast(`Payout entry ${id} deleted.`)]);
      }
      const decision = parsed.value as { note: string | null; version: number };
      const record = await decidePayoutEntry(viewer.token, id, intent, decision);
      return redirectWithToast(here, [
        successToast(
          record.status === "approved"
            ? `Entry approved: ${formatCents(record.amountCents)} reaches ${record.agent.name}'s total for ${periodText(record.period)}.`
            : "Entry rejected: it reaches no total.",
        ),
      ]);
    },
    (failure) => answer(failure.result, failure.status),
  );
}

/** A stale Approve or Reject (409) draws the entry again: the page shows what it is now. */
export const shouldRevalidate = revalidateWhenStale;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function PayoutEntryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { record, history, brokers, values } = loaderData;
  const answered = actionData as Answer | undefined;
  const resultOf = (intent: Intent) => (answered?.intent === intent ? answered.result : undefined);
  const pending = record.status === "pending";
  const facts = [
    { label: "Agent", value: `${record.agent.name} (${record.agent.role === "Agency" ? "agency" : "agent"})` },
    { label: "Kind", value: PAYOUT_KIND_LABELS[record.kind] },
    {
      label: "Amount",
      value: `${formatCents(record.amountCents)} (${record.amountCents < 0 ? "deduction" : "payment"})`,
    },
    { label: "Period", value: periodText(record.period) },
    { label: "Policy", value: record.policy?.policyNumber ?? "None" },
    { label: "Memo", value: record.memo },
    { label: "Created by", value: `${record.createdBy.name}, ${formatDate(record.createdAt)}` },
    ...(record.decidedBy
      ? [
          {
            label: record.status === "approved" ? "Approved by" : "Rejected by",
            value: `${record.decidedBy.name}${record.decidedAt ? `, ${formatDate(record.decidedAt)}` : ""}`,
          },
        ]
      : []),
    ...(record.decisionNote ? [{ label: "Decision note", value: record.decisionNote }] : []),
  ];
  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={1}>Payout entry {record.id}</Title>
        <StatusBadge status={PAYOUT_STATUS_LABELS[record.status]} />
      </Group>
      <div className="admin-record">
        <div>
          <Stack gap="md">
            <Paper withBorder p="md" component="section" aria-label="Summary">
              <dl className="admin-facts">
                {facts.map((f) => (
                  <div key={f.label}>
                    <dt>{f.label}</dt>
                    <dd>{f.value}</dd>
                  </div>
                ))}
              </dl>
            </Paper>
            <Paper withBorder p="md" component="section" aria-labelledby="decision-heading">
              <Title order={2} size="h3" id="decision-heading" mb="xs">
                Approval
              </Title>
              {!pending ? (
                <Text>
                  {record.status === "approved"
                    ? "Approved: it reaches the agent's total for its period. An approved entry is final."
                    : "Rejected: it reaches no total. A rejected entry is final."}
                </Text>
              ) : record.createdByYou ? (
                <Alert color="yellow" variant="light" data-testid="own-entry">
                  {OWN_ENTRY}
                </Alert>
              ) : (
                <Stack gap="md">
                  <Text>Pending: it reaches no total until approved.</Text>
                  <ApproveForm lastResult={resultOf("approve")} version={record.version} />
                  <RejectForm lastResult={resultOf("reject")} version={record.version} />
                </Stack>
              )}
            </Paper>
            {pending && record.createdByYou && brokers ? (
              <section aria-labelledby="edit-heading">
                <Title order={2} size="h3" id="edit-heading" mb="xs">
                  Change the entry
                </Title>
                <EntryForm
                  brokers={brokers}
                  lastResult={resultOf("save")}
                  defaultValue={values}
                  submitLabel="Save changes"
                  cancelHref="/admin/payout_entries"
                >
                  <input type="hidden" name="intent" value="save" />
                </EntryForm>
                <DeleteForm />
              </section>
            ) : null}
          </Stack>
        </div>
        <div>
          <History entries={history} />
        </div>
      </div>
    </Stack>
  );
}

/** Delete: the creator's, while pending (the upstream checks both). */
function DeleteForm() {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="delete" />
      <Group mt="sm">
        <Button type="submit" color="red" variant="subtle">
          Delete this pending entry
        </Button>
      </Group>
    </Form>
  );
}
