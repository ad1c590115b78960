import { Alert, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, data } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { RadioField } from "~/components/forms/radio-fields";
import { SelectField } from "~/components/forms/select-field";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { idOr404, requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { clientMatchText } from "~/domain/sunfire-matching";
import { successToast } from "~/domain/toast";
import { importRow, reconcileRow } from "~/admin/sections/sunfire_imports/imports.server";
import {
  SUNFIRE_COLUMNS,
  SUNFIRE_FIELDS,
  SUNFIRE_ROW_OUTCOME_LABELS,
  type SunfireClient,
  rowName,
} from "~/admin/sections/sunfire_imports/records";
import { reconcileSchema } from "~/admin/sections/sunfire_imports/schemas";
import type { Route } from "./+types/admin.sunfire_imports.$id.rows.$line";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: loaderData ? `Line ${loaderData.row.lineNo} · Sunfire import #${loaderData.record.id} · Admin` : "Admin",
    },
  ];
}

export const handle = {
  crumbs: (d: { record: { id: number }; row: { lineNo: number } }) => [
    { label: "Sunfire imports", to: "/admin/sunfire_imports" },
    { label: `Import #${d.record.id}`, to: `/admin/sunfire_imports/${d.record.id}` },
    { label: `Line ${d.row.lineNo}` },
  ],
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const line = idOr404(params.line);
  const [, found] = await loadWithViewer(request, context, async (token) => importRow(token, id, line));
  return { record: found.import, row: found.row, agents: found.agents, candidates: found.candidates };
}

/**
 * An unmatched row reconciled by hand (issue 24 §5): the agent and the client chosen, checked here and by the upstream
 * (a refusal at its field), then the row is that agent's Submitted Enrollment and the import's page says so.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOr404(params.id);
  const line = idOr404(params.line);
  const viewer = await requireAdmin(request, context);
  const form = actionForm(request, context);
  return form.answer(async () => {
    const parsed = await form.parse(reconcileSchema);
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
    const { row } = await reconcileRow(viewer.token, id, line, {
      agentUserId: Number(parsed.value.agentUserId),
      clientId: parsed.value.clientId,
    });
    return redirectWithToast(`/admin/sunfire_imports/${id}?outcome=reconciled`, [
      successToast(
        `Line ${line} reconciled: Submitted Enrollment #${row.enrollmentId ?? ""} of ${row.agent?.name ?? "the agent"}.`,
      ),
    ]);
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

const clientLabel = (c: SunfireClient) =>
  [
    `${c.name} (${c.id})`,
    c.dateOfBirth ? `born ${c.dateOfBirth}` : null,
    c.email,
    c.medicareId ? `Medicare ${c.medicareId}` : null,
    c.phone,
  ]
    .filter(Boolean)
    .join(" · ");

export default function ReconcileRow({ loaderData, actionData }: Route.ComponentProps) {
  const { record, row, agents, candidates } = loaderData;
  const importPage = `/admin/sunfire_imports/${record.id}`;
  const [form, fields] = usePortalForm(reconcileSchema, {
    lastResult: actionData,
    id: "reconcile",
    defaultValue: {
      agentUserId: row.agent ? String(row.agent.userId) : "",
      clientId: row.client.kind === "matched" ? row.client.clientId : row.client.kind === "new" ? "new" : "",
    },
  });
  const facts = SUNFIRE_FIELDS.filter((f) => (row.values[f] ?? "") !== "");
  return (
    <Stack gap="md">
      <Title order={1}>
        Line {row.lineNo}: {rowName(row.values)}
      </Title>
      <Paper withBorder p="md" component="section" aria-labelledby="row-title">
        <Title order={2} size="h4" id="row-title" mb="xs">
          What the export says
        </Title>
        <dl className="admin-facts">
          {facts.map((f) => (
            <div key={f}>
              <dt>{SUNFIRE_COLUMNS[f]}</dt>
              <dd style={{ overflowWrap: "anywhere" }}>{row.values[f]}</dd>
            </div>
          ))}
        </dl>
        <Text size="sm" mt="xs">
          Agent:{" "}
          {row.agent ? `${row.agent.name} (NPN ${row.agent.npn})` : `no agent has the NPN ${row.values.agentNpn}`}.
          Client: {clientMatchText(row.client)}.
        </Text>
      </Paper>
      {row.outcome !== "unmatched" ? (
        <Alert color={row.outcome === "refused" ? "red" : "green"} title="Nothing to reconcile">
          <Text>
            {row.outcome === "refused"
              ? `This row was refused: ${row.problem ?? ""}`
              : row.outcome
                ? `This row is ${SUNFIRE_ROW_OUTCOME_LABELS[row.outcome].toLowerCase()}${row.enrollmentId ? `: Submitted Enrollment #${row.enrollmentId}` : ""}${row.agent ? ` of ${row.agent.name}` : ""}${row.clientId ? `, client ${row.clientId}` : ""}.`
                : "This row has not been imported yet: import the file first."}
          </Text>
          <Link className="anchor" to={importPage}>
            Back to import #{record.id}
          </Link>
        </Alert>
      ) : (
        <Paper withBorder p="md" component="section" aria-labelledby="reconcile-title">
          <Title order={2} size="h4" id="reconcile-title" mb="xs">
            Reconcile
          </Title>
          <Text size="sm" mb="sm">
            Choose the agent who wrote it and the client it is for: the row becomes that agent&apos;s Submitted
            Enrollment.
          </Text>
          <PortalForm form={form} method="post">
            <Stack gap="sm">
              <FormAlert form={form} />
              <SelectField
                field={fields.agentUserId}
                label="Agent"
                description="Agents and agencies, by last name, with their NPN"
                data={[{ value: "", label: "Choose the agent" }, ...agents]}
              />
              <RadioField
                field={fields.clientId}
                label="Client"
                options={[
                  ...candidates.map((c) => ({ value: c.id, label: clientLabel(c) })),
                  { value: "new", label: `A new client: ${rowName(row.values)}, from this row` },
                ]}
              />
              <Group>
                <SubmitButton>Reconcile line {row.lineNo}</SubmitButton>
                <Link className="anchor" to={importPage}>
                  Cancel
                </Link>
              </Group>
            </Stack>
          </PortalForm>
        </Paper>
      )}
    </Stack>
  );
}
