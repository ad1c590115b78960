import { Button, Group, Paper, Stack, Title } from "@mantine/core";
import { Link } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { formatDate } from "~/domain/formats";
import { idOr404 } from "~/.server/admin/guard";
import { loadWithViewer } from "~/.server/guards";
import { ENROLLMENT_STATUS_LABELS, PLAN_TYPE_LABELS, payloadHref } from "~/admin/sections/carrier_enrollments/records";
import { carrierEnrollment } from "~/admin/sections/carrier_enrollments/section.server";
import type { Route } from "./+types/admin.carrier_enrollments.$id";
import { StatusBadge } from "~/components/status-badge";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: loaderData
        ? `Enrollment ${loaderData.record.confirmationNumber} · Carrier enrollments · Admin`
        : "Carrier enrollments · Admin",
    },
  ];
}

export const handle = {
  crumbs: (d: { record: { confirmationNumber: string } }) => [
    { label: "Carrier enrollments", to: "/admin/carrier_enrollments" },
    { label: `Enrollment ${d.record.confirmationNumber}` },
  ],
};

/** A carrier's enrollment record (spec §2 carrier_enrollments/:id, issue 24 §3): its facts, read only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOr404(params.id);
  const [, found] = await loadWithViewer(request, context, async (token) => carrierEnrollment(token, id));
  return { record: found.record };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} inLayout />;
}

export default function CarrierEnrollmentPage({ loaderData }: Route.ComponentProps) {
  const { record: e } = loaderData;
  const facts: Array<[string, string]> = [
    // What the RFI asks for, first: it is what staff act on (issue 37).
    ...(e.status === "rfi"
      ? [
          ["Information requested", e.rfiRequest ?? "The carrier did not say: see its request for information."] as [
            string,
            string,
          ],
        ]
      : []),
    ["Client", e.client.name],
    ["Client id (Medicare)", e.client.id],
    ["Date of birth", formatDate(e.client.dateOfBirth)],
    ["County and state", `${e.county}, ${e.state}`],
    ["Carrier", e.carrier.name],
    ["Plan", e.planName],
    ["Plan type", PLAN_TYPE_LABELS[e.planType]],
    ["Contract–PBP", e.contractPbp ?? "None (a Medicare Supplement)"],
    ["Writing agent", e.agent.name],
    ["Agent's NPN", e.agent.npn ?? "Not given"],
    ["Status updated", formatDate(e.statusUpdatedAt)],
    ["Submitted", formatDate(e.submittedOn)],
    ["Effective", e.effectiveOn ? formatDate(e.effectiveOn) : "None"],
    ["Terminated", e.terminatedOn ? formatDate(e.terminatedOn) : "No"],
    [e.status === "rejected" ? "Rejection reason" : "Termination reason", e.terminationReason ?? "None"],
    ["Confirmation number", e.confirmationNumber],
    ["Received from the carrier", formatDate(e.receivedAt)],
  ];
  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={1}>Enrollment {e.confirmationNumber}</Title>
        <StatusBadge status={ENROLLMENT_STATUS_LABELS[e.status]} />
      </Group>
      <Paper withBorder p="md" component="section" aria-label="Summary">
        <dl className="admin-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Paper>
      <Group gap="sm">
        <Button component={Link} to={payloadHref(e.id)} variant="default">
          Raw payload
        </Button>
        {e.agent.userId !== null ? (
          <Button component={Link} to={`/admin/brokers/${e.agent.userId}`} variant="subtle">
            The writing agent's page
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
