import type { Submission } from "@conform-to/react";
import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { data, redirect } from "react-router";
import { EmailField, FormAlert, PortalForm, SubmitButton, usePortalForm } from "~/components/forms";
import { homeFor } from "~/domain/home";
import { ImpersonateSchema } from "~/domain/impersonation";
import { fullName } from "~/domain/user";
import { formFailureData } from "~/.server/form-failure";
import { requireViewer } from "~/.server/guards";
import { formDataOf, parseSubmission } from "~/.server/forms";
import { commitSession } from "~/.server/session";
import { loginAsUser, logout } from "~/.server/upstream/session";
import { runtime } from "~/.server/runtime";
import type { Route } from "./+types/admin._index";

export function meta() {
  return [{ title: "Admin Tools" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireViewer(request, context);
  return { name: fullName(user), email: user.email };
}

/** Spec §6 "Admins may impersonate users": sign in as a user; 'Logout As {name}' returns here. */
export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData | undefined;
  let submission: Submission<unknown> | undefined;
  try {
    const viewer = await requireViewer(request, context);
    form = await formDataOf(request);
    const parsed = parseSubmission(form, { schema: ImpersonateSchema });
    submission = parsed;
    if (parsed.status !== "success") return data(parsed.reply(), { status: 400 });
    const { token, user } = await loginAsUser(viewer.token, parsed.value.email);
    // The upstream remembers the admin (returnToUserId) and gives a fresh admin session back at
    // logout-as-user, so the admin's own token is ended now rather than left valid.
    await logout(viewer.token).catch((error: unknown) => runtime().logger.warn({ err: error }, "admin token not ended"));
    const { session } = viewer;
    session.set("returnTo", "/admin");
    session.set("token", token);
    session.set("role", user.role);
    session.set("userId", user.userId);
    // The admin must not answer the user's own questions (the SMS consent prompt).
    session.set("smsPrompt", false);
    return redirect(homeFor(user), { headers: { "set-cookie": await commitSession(session) } });
  } catch (error) {
    return formFailureData(error, context, submission ?? form ?? (() => formDataOf(request)), { schema: ImpersonateSchema });
  }
}

export default function AdminIndex({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = usePortalForm(ImpersonateSchema, { lastResult: actionData, constraint: true });
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Admin Tools</Title>
        <Text c="dimmed">
          Signed in as {loaderData.name} ({loaderData.email})
        </Text>
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
