import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, data, redirect, useNavigation } from "react-router";
import { homeFor } from "~/domain/home";
import { ImpersonateSchema } from "~/domain/impersonation";
import { fullName } from "~/domain/user";
import { requireViewer, upstreamFailure } from "~/.server/guards";
import { formDataOf } from "~/.server/forms";
import { commitSession } from "~/.server/session";
import { UnauthorizedError, UpstreamError } from "~/.server/upstream/client";
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
  const viewer = await requireViewer(request, context);
  const submission = parseWithZod(await formDataOf(request), { schema: ImpersonateSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const { token, user } = await loginAsUser(viewer.token, submission.value.email);
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
    if (error instanceof UpstreamError && !(error instanceof UnauthorizedError)) {
      return data(submission.reply({ formErrors: error.messages }), { status: 400 });
    }
    return upstreamFailure(error, viewer.session);
  }
}

export default function AdminIndex({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(ImpersonateSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ImpersonateSchema }),
  });
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
        <Form method="post" {...getFormProps(form)}>
          <Stack gap="sm">
            {form.errors?.length ? (
              <Alert color="red" role="alert" id={form.errorId}>
                {form.errors.join(" ")}
              </Alert>
            ) : null}
            <TextInput
              {...getInputProps(fields.email, { type: "email" })}
              key={fields.email.key}
              label="User e-mail"
              error={fields.email.errors?.join(" ")}
              errorProps={{ id: fields.email.errorId }}
            />
            <Group>
              <Button type="submit" loading={navigation.state === "submitting"}>
                Sign in as user
              </Button>
            </Group>
          </Stack>
        </Form>
      </Card>
    </Stack>
  );
}
