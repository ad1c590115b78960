import { Anchor, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { Link, data, redirect } from "react-router";
import {
  AccountHeading,
  AccountLinks,
  EmailRequestForm,
  type EmailRequestAnswer,
  LinkProblem,
} from "~/components/account-pages";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { PASSWORD_RESET_DONE, RESET_LINK_SENT, setPasswordSchema } from "~/domain/accounts";
import { TOKEN_LIFETIME_MS } from "~/domain/account-tokens";
import { successToast } from "~/domain/toast";
import {
  PASSWORD_FIELDS,
  SERVER_PASSWORD_RULES,
  emailRequestAction,
  linkStatus,
  readLink,
  refusedFields,
  throttled,
  tokenRefusal,
} from "~/.server/account-forms";
import { combineHeaders } from "~/.server/cookies";
import { actionForm } from "~/.server/form-failure";
import { destroySession, getSession } from "~/.server/session";
import { toastHeaders } from "~/.server/toast";
import { requestPasswordReset, resetAccount, resetPassword } from "~/.server/upstream/accounts";
import type { Route } from "./+types/account.update_password";

export function meta({ params }: Route.MetaArgs) {
  return [{ title: params.id === undefined ? "Forgot your password?" : "Choose a new password" }];
}

/**
 * Issue 13: without an id, "Forgot your password?" (the same answer for every address); with the e-mailed
 * reset id, a new password (single use, one hour). The reset ends every session of the user, this one too.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (params.id === undefined) return { mode: "request" as const, link: null };
  const link = await readLink(params.id, resetAccount);
  return data({ mode: "reset" as const, link }, { status: linkStatus(link) });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const token = params.id;
  if (token === undefined) {
    return emailRequestAction(request, context, "password-reset", requestPasswordReset, RESET_LINK_SENT);
  }
  const form = actionForm(request, context, { hideFields: PASSWORD_FIELDS });
  return form.answer(async () => {
    // The form is read first: a hostile body is refused (400, 413) whatever the link.
    await form.read();
    const link = await readLink(token, resetAccount);
    // The link stopped working since the page was drawn (used, expired): the page says so.
    if (link.state !== "open") return redirect(new URL(request.url).pathname);
    const submission = await form.parse(setPasswordSchema(link.value.email, SERVER_PASSWORD_RULES));
    if (submission.status !== "success") {
      return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
    }
    const refused = await throttled("set-password", token, context, submission);
    if (refused) return refused;
    try {
      await resetPassword(token, submission.value.password);
    } catch (error) {
      if (tokenRefusal(error)) return redirect(new URL(request.url).pathname);
      const fields = refusedFields(error, submission);
      if (fields) return fields;
      throw error;
    }
    // Every session of the user ended upstream; this browser's too, if it was signed in.
    const session = await getSession(request);
    return redirect("/", {
      headers: combineHeaders(
        session.get("token") ? { "set-cookie": await destroySession(session) } : undefined,
        await toastHeaders([successToast(PASSWORD_RESET_DONE)]),
      ),
    });
  });
}

const RESET_HOURS = TOKEN_LIFETIME_MS.reset / 3_600_000;

export default function UpdatePassword({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === "request") {
    return (
      <Stack gap="md">
        <AccountHeading title="Forgot your password?">
          Enter the e-mail address you sign in with. We will send you a link to choose a new password; it works for{" "}
          {RESET_HOURS} hour.
        </AccountHeading>
        <EmailRequestForm
          id="password-reset-request"
          answer={actionData as EmailRequestAnswer | undefined}
          submitLabel="Send the reset link"
        />
        <AccountLinks />
      </Stack>
    );
  }
  const { link } = loaderData;
  if (link.state === "unavailable") {
    return (
      <Stack gap="md">
        <AccountHeading title="Choose a new password" />
        <LinkProblem title="We cannot check your link right now">
          <Text size="sm">{link.message}</Text>
        </LinkProblem>
        <AccountLinks />
      </Stack>
    );
  }
  if (link.state === "refused") {
    return (
      <Stack gap="md">
        <AccountHeading title="Choose a new password" />
        <LinkProblem
          title={
            link.reason === "expired"
              ? "This reset link has expired"
              : link.reason === "used"
                ? "This reset link was already used"
                : "This reset link is not valid"
          }
        >
          <Text size="sm">
            {link.reason === "expired"
              ? `A reset link works for ${RESET_HOURS} hour. Ask for a new one below.`
              : link.reason === "used"
                ? "Each reset link works once. If you did not finish, ask for a new one below."
                : "Check that you opened the whole link from the e-mail, or ask for a new one below."}
          </Text>
        </LinkProblem>
        <EmailRequestForm
          id="password-reset-request"
          action="/account/update_password"
          answer={undefined}
          submitLabel="Send a new reset link"
        />
        <AccountLinks />
      </Stack>
    );
  }
  return <ResetForm email={link.value.email} lastResult={actionData as FormResult} />;
}

function ResetForm({
  email,
  lastResult,
}: {
  email: string;
  lastResult: Parameters<typeof usePortalForm>[1]["lastResult"];
}) {
  const schema = useMemo(() => setPasswordSchema(email), [email]);
  const [form, fields] = usePortalForm(schema, { lastResult });
  return (
    <Stack gap="md">
      <AccountHeading title="Choose a new password">
        For {email}. Once it is changed, you are signed out everywhere and sign in with the new password.
      </AccountHeading>
      <PortalForm form={form}>
        <Stack gap="sm">
          <FormAlert form={form} />
          <NewPasswordFields password={fields.password} confirmation={fields.passwordConfirmation} email={email} />
          <SubmitButton>Change my password</SubmitButton>
        </Stack>
      </PortalForm>
      <AccountLinks>
        {" · "}
        <Anchor component={Link} to="/account/update_password">
          Send a new link
        </Anchor>
      </AccountLinks>
    </Stack>
  );
}
