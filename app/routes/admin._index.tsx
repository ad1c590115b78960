import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { data, redirect } from "react-router";
import { EmailField } from "~/components/forms/text-fields";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { homeFor } from "~/domain/home";
import { ImpersonateSchema } from "~/domain/impersonation";
import { startSession } from "~/.server/auth";
import { actionForm } from "~/.server/form-failure";
import { requireViewer } from "~/.server/guards";
import { loginAsUser } from "~/.server/upstream/session";
import type { Route } from "./+types/admin._index";

export function meta() {
  return [{ title: "Admin Tools" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireViewer(request, context);
  return null;
}

/** Spec §6 "Admins may impersonate users": sign in as a user; 'Logout As {name}' returns here. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = actionForm(request, context, { schema: ImpersonateSchema });
  return form.answer(async () => {
    const viewer = await requireViewer(request, context);
    const parsed = await form.parse(ImpersonateSchema);
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
    const answer = await loginAsUser(viewer.token, parsed.value.email);
    // The upstream remembers the admin (returnToUserId) and gives a fresh admin session back at
    // logout-as-user, so the admin's own token is ended now rather than left valid.
    const setCookie = await startSession(viewer.session, answer, { kind: "impersonation", returnTo: "/admin" });
    return redirect(homeFor(answer.user), { headers: { "set-cookie": setCookie } });
  });
}

export default function AdminIndex({ actionData }: Route.ComponentProps) {
  const [form, fields] = usePortalForm(ImpersonateSchema, { lastResult: actionData, constraint: true });
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Admin Tools</Title>
      </div>
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
