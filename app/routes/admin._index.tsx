import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link, data, redirect } from "react-router";
import { EmailField } from "~/components/forms/text-fields";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { CONTRACT_AGE_LABELS } from "~/domain/admin/dashboard";
import { homeFor } from "~/domain/home";
import { ImpersonateSchema } from "~/domain/impersonation";
import { requireAdmin } from "~/.server/admin/guard";
import { startSession } from "~/.server/auth";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer } from "~/.server/guards";
import { adminDashboard } from "~/.server/upstream/admin";
import { loginAsUser } from "~/.server/upstream/session";
import type { Route } from "./+types/admin._index";

export function meta() {
  return [{ title: "Admin Tools" }];
}

/** What needs an administrator today (issue 14), each count leading to the list it counts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [, dashboard] = await loadWithViewer(request, context, async (token) => adminDashboard(token));
  return { dashboard };
}

/** Spec §6 "Admins may impersonate users": sign in as a user; 'Logout As {name}' returns here. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = actionForm(request, context, { schema: ImpersonateSchema });
  return form.answer(async () => {
    const viewer = await requireAdmin(request, context);
    const parsed = await form.parse(ImpersonateSchema);
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
    const answer = await loginAsUser(viewer.token, parsed.value.email);
    // The upstream remembers the admin (returnToUserId) and gives a fresh admin session back at
    // logout-as-user, so the admin's own token is ended now rather than left valid.
    const setCookie = await startSession(viewer.session, answer, { kind: "impersonation", returnTo: "/admin" });
    return redirect(homeFor(answer.user), { headers: { "set-cookie": setCookie } });
  });
}

function Count({
  label,
  count,
  to,
  hint,
}: {
  label: string;
  count: number;
  /** The filtered list it counts; absent: the section that lists them is not built yet. */
  to?: string;
  hint: string;
}) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dark.3" fw={600}>
        {label}
      </Text>
      <Text fz={32} fw={700} lh={1.2}>
        {to ? (
          <Anchor component={Link} to={to} inherit aria-label={`${count} ${label.toLowerCase()}`}>
            {count}
          </Anchor>
        ) : (
          count
        )}
      </Text>
      <Text size="sm" c="dark.3">
        {hint}
      </Text>
    </Card>
  );
}

export default function AdminIndex({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = usePortalForm(ImpersonateSchema, { lastResult: actionData, constraint: true });
  const { dashboard } = loaderData;
  const waiting = dashboard.contractRequests.pendingByAge.reduce((n, a) => n + a.count, 0);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Admin Tools</Title>
        <Text c="dimmed" mt={4}>
          What needs you today. Each number opens the list it counts.
        </Text>
      </div>

      <section aria-labelledby="contracting-title">
        <Title order={2} size="h3" id="contracting-title" mb="sm">
          Contract requests waiting
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }}>
          <Count
            label="Pending, all"
            count={waiting}
            to="/admin/contracting?state=pending&sort=waiting&order=DESC"
            hint="With our staff or their agent, longest first"
          />
          {dashboard.contractRequests.pendingByAge.map((a) => (
            <Count
              key={a.age}
              label={`Pending ${CONTRACT_AGE_LABELS[a.age]}`}
              count={a.count}
              to={`/admin/contracting?state=pending&age=${encodeURIComponent(a.age)}`}
              hint={`Requests pending for ${CONTRACT_AGE_LABELS[a.age]}`}
            />
          ))}
          <Count
            label="Approved, with the carrier"
            count={dashboard.contractRequests.approved}
            to="/admin/contracting?state=approved&sort=waiting&order=DESC"
            hint="Waiting for the carrier's writing number"
          />
        </SimpleGrid>
      </section>

      <section aria-labelledby="people-title">
        <Title order={2} size="h3" id="people-title" mb="sm">
          People and documents
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Count
            label="Agents with documents awaiting review"
            count={dashboard.brokersAwaitingDocumentReview}
            to="/admin/users?documents=awaiting_review"
            hint="Agents whose uploaded documents wait for a decision"
          />
          <Count
            label="Users pending activation"
            count={dashboard.usersPendingActivation}
            to="/admin/users?status=pending"
            hint="Created by an administrator, no password chosen yet"
          />
          <Count
            label="Registration failures"
            count={dashboard.registrationFailures}
            to="/admin/users?status=unverified"
            hint="Registered but never verified their e-mail within 24 hours"
          />
        </SimpleGrid>
      </section>

      <section aria-labelledby="support-title">
        <Title order={2} size="h3" id="support-title" mb="sm">
          Support
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Count
            label="Open support tickets"
            count={dashboard.openTickets}
            to="/admin/tickets?status=open"
            hint="Tickets and commission inquiries waiting for an answer from staff"
          />
          <Count
            label="Feedback awaiting staff"
            count={dashboard.feedbackAwaitingStaff}
            to="/admin/admin_support?status=open"
            hint="Feedback conversations waiting for an answer from staff"
          />
        </SimpleGrid>
      </section>

      <section aria-labelledby="money-title">
        <Title order={2} size="h3" id="money-title" mb="sm">
          Money
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Count
            label="Statements not yet published"
            count={dashboard.draftStatements}
            to="/admin/commission_statements?status=draft"
            hint="Draft carrier statements: agents see them once they are locked"
          />
          <Count
            label="Statement lines to reconcile"
            count={dashboard.unmatchedStatementLines}
            to="/admin/commission_statements?status=draft"
            hint="Lines of draft statements that match no policy or agent yet"
          />
          <Count
            label="Payout entries awaiting approval"
            count={dashboard.payoutEntriesAwaitingApproval}
            to="/admin/payout_entries?status=pending"
            hint="Created by one administrator, waiting for another to approve them"
          />
        </SimpleGrid>
      </section>

      <Card withBorder maw={520}>
        <Title order={2} size="h4" mb="xs">
          Sign in as a user
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          See the portal exactly as one of your users does. Use “Logout As” at the top to come back.
        </Text>
        <PortalForm form={form}>
          <Stack gap="sm">
            <FormAlert form={form} />
            <EmailField field={fields.email} label="User e-mail" />
            <Group>
              <SubmitButton>Sign in as user</SubmitButton>
            </Group>
          </Stack>
        </PortalForm>
      </Card>
    </Stack>
  );
}
