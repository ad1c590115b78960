import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, data, redirect, useNavigation, useSearchParams } from "react-router";
import { useRootData } from "~/root";
import { canOpen } from "~/domain/access";
import { homeFor } from "~/domain/home";
import { safeRedirect } from "~/domain/redirect";
import { SignInSchema } from "~/domain/sign-in";
import { authenticator } from "~/.server/auth";
import { combineHeaders } from "~/.server/cookies";
import { formDataOf } from "~/.server/forms";
import { runtime } from "~/.server/runtime";
import { commitSession, getSession } from "~/.server/session";
import { UpstreamError } from "~/.server/upstream/client";
import type { Route } from "./+types/_index";

export function meta() {
  return [{ title: "Sign in" }];
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await formDataOf(request.clone());
  const submission = parseWithZod(formData, { schema: SignInSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  try {
    const { token, user } = await authenticator.authenticate("form", request);
    const session = await getSession(request);
    session.set("token", token);
    session.set("role", user.role);
    session.set("userId", user.userId);
    session.set("smsPrompt", true);
    session.unset("returnTo");
    // The wanted URL is honoured when it is same-site and this user may open it; else their home.
    const home = homeFor(user);
    const wanted = safeRedirect(submission.value.redirectTo, home);
    const to = canOpen({ user, betaTesterEmail: runtime().env.BETA_TESTER_EMAIL }, new URL(wanted, request.url).pathname) ? wanted : home;
    return redirect(to, { headers: combineHeaders({ "set-cookie": await commitSession(session) }) });
  } catch (error) {
    if (error instanceof UpstreamError) {
      return data(submission.reply({ formErrors: error.messages, hideFields: ["password"] }), { status: 400 });
    }
    throw error;
  }
}

export default function SignIn({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const branding = useRootData()?.branding;
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(SignInSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
  });
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/?index") === true;

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Sign in
        </Title>
        {branding ? <Text c="dimmed">{branding.welcomeMessage}</Text> : null}
      </div>
      <Form method="post" action="/?index" {...getFormProps(form)}>
        <Stack gap="sm">
          {form.errors?.length ? (
            <Alert color="red" role="alert" id={form.errorId} title="Sign-in failed">
              {form.errors.join(" ")}
            </Alert>
          ) : null}
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <TextInput
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            label="E-mail"
            autoComplete="username"
            error={fields.email.errors?.join(" ")}
            errorProps={{ id: fields.email.errorId }}
          />
          <PasswordInput
            {...getInputProps(fields.password, { type: "password" })}
            key={fields.password.key}
            label="Password"
            autoComplete="current-password"
            error={fields.password.errors?.join(" ")}
            errorProps={{ id: fields.password.errorId }}
          />
          <Button type="submit" loading={submitting}>
            Sign in
          </Button>
        </Stack>
      </Form>
    </Stack>
  );
}
