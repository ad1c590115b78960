import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, data, redirect, useNavigation } from "react-router";
import { homeFor } from "~/domain/home";
import { ImpersonateSchema } from "~/domain/impersonation";
import { fullName } from "~/domain/user";
import { startSession } from "~/.server/auth";
import { actionForm } from "~/.server/form-failure";
import { requireViewer } from "~/.server/guards";
import { loginAsUser } from "~/.server/upstream/session";
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
