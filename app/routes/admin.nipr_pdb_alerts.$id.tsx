import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, data } from "react-router";
import { History } from "~/components/admin/history";
import { ErrorPage } from "~/components/error-page";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { TextareaField } from "~/components/forms/textarea-field";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { labelHistory } from "~/domain/admin/history-labels";
import { successToast } from "~/domain/toast";
import { idOr404, requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { NIPR_CATEGORY_LABELS } from "~/admin/sections/nipr_pdb_alerts/records";
import { handleSchema } from "~/admin/sections/nipr_pdb_alerts/schemas";
import { handleNiprAlert, niprAlertRecord, resolveNiprHold } from "~/admin/sections/nipr_pdb_alerts/section.server";
import { AlertStatusTag } from "~/admin/sections/nipr_pdb_alerts/view";
import type { Route } from "./+types/admin.nipr_pdb_alerts.$id";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `NIPR alert ${loaderData.record.id} · Admin` : "NIPR PDB alerts · Admin" }];
}

export const handle = {
  crumbs: (d: { record: { id: number } }) => [
    { label: "NIPR PDB alerts", to: "/admin/nipr_pdb_alerts" },
    { label: `Alert ${d.record.id}` },
  ],
};

/**
 * An NIPR alert's page (spec §2 nipr_pdb_alerts, issue 24 §7): what NIPR said, what it did to the broker's record
 * when it arrived (issue 37 §1), and Mark handled with an optional note, which records that staff reviewed it (a
 * plain form: it works without JavaScript). A lapse, revocation or regulatory action holds the broker's new contract
 * requests in its state from its arrival until "Resolve the hold" here (app/domain/nipr-holds.ts).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const [, found] = await loadWithViewer(request, context, async (token) => niprAlertRecord(token, id));
  return {
    record: found.record,
    history: labelHistory(found.history, { handled: "Handled", hold: "Contract requests" }),
  };
}

const INTENTS = ["handle", "resolve"] as const;
type Intent = (typeof INTENTS)[number];
type Answer = { intent: Intent; result: FormResult };

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const probe = actionForm(request, context);
  const raw = (await probe.read()).get("intent");
  // A form from before the resolve form (no intent) is the Mark handled form.
  const intent = raw === null ? "handle" : INTENTS.find((i) => i === raw);
  if (!intent) throw data({ messages: [] }, { status: 400, statusText: "Bad Request" });
  const form = actionForm(request, context, { schema: handleSchema, read: async () => probe.read() });
  const here = new URL(request.url).pathname;
  const answer = (result: FormResult, status: number) => data<Answer>({ intent, result }, { status });
  return form.answer(
    async () => {
      const viewer = await requireAdmin(request, context);
      const parsed = await form.parse(handleSchema);
      if (parsed.status !== "success") return answer(parsed.reply(), 400);
      if (intent === "resolve") {
        const record = await resolveNiprHold(viewer.token, id, parsed.value.note);
        return redirectWithToast(here, [
          successToast(
            `Hold resolved: ${record.producer.name}'s new contract requests cover ${record.hold?.state ?? "the state"} again.`,
          ),
        ]);
      }
      await handleNiprAlert(viewer.token, id, parsed.value.note);
      return redirectWithToast(here, [successToast("Alert handled: your review is recorded.")]);
    },
    (failure) => answer(failure.result, failure.status),
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

/** What the alert did to the broker's record when it arrived, in words. */
function effectText(kind: string, state: string | null): string {
  const where = state ?? "the state";
  if (kind === "license_lapsed" || kind === "license_revoked")
    return `When it arrived, the agent's ${where} license was marked ${kind === "license_lapsed" ? "expired" : "revoked"} as NIPR reports it, and their new contract requests stopped covering ${where} until the hold is resolved here.`;
  if (kind === "regulatory_action")
    return `When it arrived, the agent's new contract requests stopped covering ${where} until the hold is resolved here.`;
  if (kind === "license_expiry_changed")
    return `When it arrived, the agent's ${where} license took the expiry date NIPR reports.`;
  return "It changes nothing on the agent's record.";
}

/** One of the page's two forms (Mark handled, Resolve the hold): an optional note and the button. */
function NoteForm({
  intent,
  lastResult,
  intro,
  button,
  noteLabel,
}: {
  intent: Intent;
  lastResult: FormResult | undefined;
  intro: string;
  button: string;
  noteLabel: string;
}) {
  const [form, fields] = usePortalForm(handleSchema, { lastResult, constraint: true, id: intent });
  return (
    <PortalForm form={form}>
      <input type="hidden" name="intent" value={intent} />
      <Stack gap="xs">
        <Text>{intro}</Text>
        <FormAlert form={form} />
        <TextareaField field={fields.note} label={noteLabel} autosize minRows={1} />
        <Group>
          <SubmitButton>{button}</SubmitButton>
        </Group>
      </Stack>
    </PortalForm>
  );
}

export default function NiprAlertPage({ loaderData, actionData }: Route.ComponentProps) {
  const { record, history } = loaderData;
  const answered = actionData as Answer | undefined;
  const resultOf = (intent: Intent) => (answered?.intent === intent ? answered.result : undefined);
  const hold = record.hold;
  const facts = [
    { label: "Day", value: record.day },
    { label: "Category", value: NIPR_CATEGORY_LABELS[record.category] },
    {
      label: "Agent",
      value: (
        <Link className="anchor" to={`/admin/brokers/${record.producer.id}`}>
          {record.producer.name} (NPN {record.producer.npn})
        </Link>
      ),
    },
    { label: "State", value: record.state ?? "None" },
    { label: "Alert", value: record.summary },
    { label: "On arrival", value: effectText(record.kind, record.state) },
    ...(record.handled
      ? [
          { label: "Handled", value: `${record.handledBy ?? ""}, ${record.handledAt?.slice(0, 10) ?? ""}` },
          { label: "Note", value: record.note ?? "None" },
        ]
      : []),
    ...(hold
      ? [
          {
            label: "Contract requests",
            value: hold.resolvedAt
              ? `Hold in ${hold.state} resolved by ${hold.resolvedBy ?? ""}, ${hold.resolvedAt.slice(0, 10)}`
              : `On hold in ${hold.state} since ${hold.since.slice(0, 10)}`,
          },
        ]
      : []),
  ];
  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={1}>
          Alert {record.id}: {record.producer.name}
        </Title>
        <AlertStatusTag alert={record} />
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
            <Paper withBorder p="md" component="section" aria-labelledby="handle-heading">
              <Title order={2} size="h3" id="handle-heading" mb="xs">
                Handling
              </Title>
              <Stack gap="md">
                {record.handled ? (
                  <Text>Handled: staff reviewed this alert.</Text>
                ) : (
                  <NoteForm
                    intent="handle"
                    lastResult={resultOf("handle")}
                    intro="Mark it handled once you have reviewed it: it records who reviewed it and when, with your note."
                    button="Mark handled"
                    noteLabel="Note (optional)"
                  />
                )}
                {hold && !hold.resolvedAt ? (
                  <NoteForm
                    intent="resolve"
                    lastResult={resultOf("resolve")}
                    intro={`${record.producer.name}'s new contract requests leave out ${hold.state}. Resolve the hold once the state clears it (a renewed license, a closed action).`}
                    button="Resolve the hold"
                    noteLabel="Resolution note (optional)"
                  />
                ) : null}
              </Stack>
            </Paper>
          </Stack>
        </div>
        <div>
          <History entries={history} />
        </div>
      </div>
    </Stack>
  );
}
