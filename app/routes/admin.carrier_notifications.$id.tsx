import { Alert, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, data } from "react-router";
import { History } from "~/components/admin/history";
import { ErrorPage } from "~/components/error-page";
import type { FormResult } from "~/components/forms/use-portal-form";
import { labelHistory } from "~/domain/admin/history-labels";
import { formatDate } from "~/domain/formats";
import { successToast } from "~/domain/toast";
import { idOr404, requireAdmin } from "~/.server/admin/guard";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { HandleForm, RouteForm } from "~/admin/sections/carrier_notifications/notification-forms";
import { NOTIFICATION_KIND_LABELS, routable } from "~/admin/sections/carrier_notifications/records";
import { handleSchema, routeSchema } from "~/admin/sections/carrier_notifications/schemas";
import {
  carrierNotification,
  handleNotification,
  routeNotification,
} from "~/admin/sections/carrier_notifications/section.server";
import type { Route } from "./+types/admin.carrier_notifications.$id";
import { StatusBadge } from "~/components/status-badge";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: loaderData
        ? `${loaderData.record.subject} · Carrier notifications · Admin`
        : "Carrier notifications · Admin",
    },
  ];
}

export const handle = {
  crumbs: (d: { record: { id: number } }) => [
    { label: "Carrier notifications", to: "/admin/carrier_notifications" },
    { label: `Notification ${d.record.id}` },
  ],
};

const HISTORY_LABELS = { handled: "Handled", documentNotification: "Agent's document notification" };

/**
 * A carrier notification (spec §2 carrier_notifications/:id, issue 24 §4): what the carrier said, about whom, and
 * the queue's two actions: send what it asks of the agent to their document notifications (it shows on their profile
 * and blocks their contract requests until cleared), and mark it handled with an optional note.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const [, found] = await loadWithViewer(request, context, async (token) => carrierNotification(token, id));
  return { record: found.record, history: labelHistory(found.history, HISTORY_LABELS) };
}

const INTENTS = ["handle", "route"] as const;
type Intent = (typeof INTENTS)[number];
type Answer = { intent: Intent; result: FormResult };
const SCHEMAS = { handle: handleSchema, route: routeSchema } as const;

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
      if (intent === "handle") {
        await handleNotification(viewer.token, id, (parsed.value as { note: string | null }).note);
        return redirectWithToast(here, [successToast("Notification marked handled.")]);
      }
      const { record } = await routeNotification(viewer.token, id);
      return redirectWithToast(here, [
        successToast(`Sent to ${record.agent?.name ?? "the agent"}'s document notifications.`),
      ]);
    },
    (failure) => answer(failure.result, failure.status),
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function CarrierNotificationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { record: n, history } = loaderData;
  const answered = actionData as Answer | undefined;
  const resultOf = (intent: Intent) => (answered?.intent === intent ? answered.result : undefined);
  const facts: Array<{ label: string; value: React.ReactNode }> = [
    { label: "Kind", value: NOTIFICATION_KIND_LABELS[n.kind] },
    { label: "Carrier", value: n.carrier.name },
    {
      label: "Agent",
      value: n.agent ? (
        <Link className="anchor" to={`/admin/brokers/${n.agent.id}`}>
          {n.agent.name}
        </Link>
      ) : (
        "None of ours"
      ),
    },
    { label: "Policy or confirmation #", value: n.policyNumber ?? "None" },
    ...(n.enrollmentId !== null
      ? [
          {
            label: "Enrollment",
            value: (
              <Link className="anchor" to={`/admin/carrier_enrollments/${n.enrollmentId}`}>
                The carrier's enrollment record
              </Link>
            ),
          },
        ]
      : []),
    { label: "Received", value: formatDate(n.receivedAt) },
    {
      label: "Handled",
      value: n.handled ? `${n.handledBy?.name ?? "Yes"}${n.handledAt ? `, ${formatDate(n.handledAt)}` : ""}` : "No",
    },
    ...(n.handledNote ? [{ label: "Note", value: n.handledNote }] : []),
    {
      label: "Agent's documents",
      value: n.routedAt
        ? `Sent ${formatDate(n.routedAt)} as "${n.documentName ?? ""}"`
        : n.documentName && n.agent
          ? "Not sent yet"
          : "Nothing for the agent to do",
    },
  ];
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{n.subject}</Title>
        <div>
          <StatusBadge status={n.handled ? "Handled" : "Not handled"} />
        </div>
      </Stack>
      <div className="admin-record">
        <div>
          <Stack gap="md">
            <Paper withBorder p="md" component="section" aria-labelledby="message-heading">
              <Title order={2} size="h3" id="message-heading" mb="xs">
                What the carrier says
              </Title>
              <Text className="txt">{n.message}</Text>
            </Paper>
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
            {routable(n) && n.agent ? (
              <Paper withBorder p="md" component="section" aria-labelledby="route-heading">
                <Title order={2} size="h3" id="route-heading" mb="xs">
                  Tell the agent
                </Title>
                <Text size="sm" mb="xs">
                  It becomes a document notification on {n.agent.name}'s profile ("{n.documentName}"), and their
                  contract requests wait until it is cleared.
                </Text>
                <RouteForm lastResult={resultOf("route")} agentName={n.agent.name} />
              </Paper>
            ) : null}
            <Paper withBorder p="md" component="section" aria-labelledby="handle-heading">
              <Title order={2} size="h3" id="handle-heading" mb="xs">
                Queue
              </Title>
              {n.handled ? (
                <Alert color="green" variant="light">
                  Handled: it has left the queue of notifications not handled.
                </Alert>
              ) : (
                <HandleForm lastResult={resultOf("handle")} />
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
