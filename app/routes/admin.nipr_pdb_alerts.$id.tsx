import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, data } from "react-router";
import { History } from "~/components/admin/history";
import { Tag } from "~/components/admin/tag";
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
import { handleNiprAlert, niprAlertRecord } from "~/admin/sections/nipr_pdb_alerts/section.server";
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
 * An NIPR alert's page (spec §2 nipr_pdb_alerts, issue 24 §7): what NIPR said, what handling it does to the broker's
 * record, and Mark handled with an optional note (a plain form: it works without JavaScript). The upstream applies
 * the alert once.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const [, found] = await loadWithViewer(request, context, (token) => niprAlertRecord(token, id));
  return { record: found.record, history: labelHistory(found.history, { handled: "Handled" }) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const form = actionForm(request, context, { schema: handleSchema });
  const here = new URL(request.url).pathname;
  return form.answer(
    async () => {
      const viewer = await requireAdmin(request, context);
      const parsed = await form.parse(handleSchema);
      if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
      const record = await handleNiprAlert(viewer.token, id, parsed.value.note);
      return redirectWithToast(here, [
        successToast(
          record.blocking
            ? `Alert handled: ${record.producer.name} is notified and new contract requests are on hold.`
            : "Alert handled.",
        ),
      ]);
    },
    (failure) => data(failure.result, { status: failure.status }),
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

/** What marking the alert handled does, in words. */
function effectText(kind: string, state: string | null): string {
  if (kind === "license_lapsed")
    return `The broker's ${state ?? ""} license is marked expired, the broker is notified, and their new contract requests are held until the notification is resolved.`;
  if (kind === "regulatory_action")
    return "The broker is notified, and their new contract requests are held until the notification is resolved.";
  if (kind === "license_expiry_changed") return `The broker's ${state ?? ""} license takes the new expiry date.`;
  return "It is recorded as handled; the broker's record does not change.";
}

export default function NiprAlertPage({ loaderData, actionData }: Route.ComponentProps) {
  const { record, history } = loaderData;
  const [form, fields] = usePortalForm(handleSchema, {
    lastResult: actionData as FormResult | undefined,
    constraint: true,
    id: "handle",
  });
  const facts = [
    { label: "Day", value: record.day },
    { label: "Category", value: NIPR_CATEGORY_LABELS[record.category] },
    {
      label: "Producer",
      value: (
        <Link className="anchor" to={`/admin/brokers/${record.producer.id}`}>
          {record.producer.name} (NPN {record.producer.npn})
        </Link>
      ),
    },
    { label: "State", value: record.state ?? "None" },
    { label: "Alert", value: record.summary },
    ...(record.handled
      ? [
          { label: "Handled", value: `${record.handledBy ?? ""}, ${record.handledAt?.slice(0, 10) ?? ""}` },
          { label: "Note", value: record.note ?? "None" },
        ]
      : []),
  ];
  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={1}>
          Alert {record.id}: {record.producer.name}
        </Title>
        {record.handled ? <Tag color="green">Handled</Tag> : <Tag color="yellow">Not handled</Tag>}
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
              {record.handled ? (
                <Text>Handled: it was applied to the broker's record once.</Text>
              ) : (
                <PortalForm form={form}>
                  <Stack gap="xs">
                    <Text>{effectText(record.kind, record.state)}</Text>
                    <FormAlert form={form} />
                    <TextareaField field={fields.note} label="Note (optional)" autosize minRows={1} />
                    <Group>
                      <SubmitButton>Mark handled</SubmitButton>
                    </Group>
                  </Stack>
                </PortalForm>
              )}
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
