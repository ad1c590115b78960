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
import { ACCOUNT_ACTIVATED, ACTIVATION_LINK_SENT, setPasswordSchema } from "~/domain/accounts";
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
import { actionForm } from "~/.server/form-failure";
import { redirectWithToast } from "~/.server/toast";
import { activate, pendingAccount, requestActivation } from "~/.server/upstream/accounts";
import type { Route } from "./+types/account.activate";

export function meta() {
  return [{ title: "Activate your account" }];
}

/**
 * Issue 13: an account an administrator created waits for its user to choose a password. With the e-mailed
 * activation id: the password, then sign-in. Without it (or with one that cannot be used): a new link.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (params.id === undefined) return { link: null };
  const link = await readLink(params.id, pendingAccount);
  return data({ link }, { status: linkStatus(link) });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const token = params.id;
  if (token === undefined) {
    return emailRequestAction(request, context, "activation", requestActivation, ACTIVATION_LINK_SENT);
  }
  const form = actionForm(request, context, { hideFields: PASSWORD_FIELDS });
  return form.answer(async () => {
    // The form is read first: a hostile body is refused (400, 413) whatever the link.
    await form.read();
    const link = await readLink(token, pendingAccount);
    if (link.state !== "open") return redirect(new URL(request.url).pathname);
    const submission = await form.parse(setPasswordSchema(link.value.email, SERVER_PASSWORD_RULES));
    if (submission.status !== "success") {
      return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
    }
    const refused = await throttled("set-password", token, context, submission);
    if (refused) return refused;
    try {
      await activate(token, submission.value.password);
    } catch (error) {
      if (tokenRefusal(error)) return redirect(new URL(request.url).pathname);
      const fields = refusedFields(error, submission);
      if (fields) return fields;
      throw error;
    }
    return redirectWithToast("/", [successToast(ACCOUNT_ACTIVATED)]);
  });
}

const ACTIVATE_DAYS = TOKEN_LIFETIME_MS.activate / 86_400_000;

export default function ActivateAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { link } = loaderData;
  if (link?.state === "open") {
    return <ActivationForm account={link.value} lastResult={actionData as FormResult} />;
  }
  return (
    <Stack gap="md">
      <AccountHeading title="Activate your account">
        {link
          ? null
          : `When an administrator creates your account, we e-mail you a link to choose your password. It works for ${ACTIVATE_DAYS} days. Lost it, or it expired? Ask for a new one.`}
      </AccountHeading>
      {link?.state === "unavailable" ? (
        <LinkProblem title="We cannot check your link right now">
          <Text size="sm">{link.message} Open the link from the e-mail again in a moment.</Text>
        </LinkProblem>
      ) : link?.state === "refused" ? (
        <LinkProblem
          title={
            link.reason === "expired"
              ? "This activation link has expired"
              : link.reason === "used"
                ? "This account is already active"
                : "This activation link is not valid"
          }
        >
          <Text size="sm">
            {link.reason === "expired" ? (
              `An activation link works for ${ACTIVATE_DAYS} days. Ask for a new one below.`
            ) : link.reason === "used" ? (
              <>
                Sign in with the password you chose. Forgot it?{" "}
                <Anchor component={Link} to="/account/update_password" inherit>
                  Reset your password
                </Anchor>
                .
              </>
            ) : (
              "Check that you opened the whole link from the e-mail, or ask for a new one below."
            )}
          </Text>
        </LinkProblem>
      ) : null}
      {link?.state === "unavailable" || (link?.state === "refused" && link.reason === "used") ? null : (
        <EmailRequestForm
          id="activation-request"
          action="/account/activate"
          answer={actionData as EmailRequestAnswer | undefined}
          submitLabel="Send a new activation link"
        />
      )}
      <AccountLinks />
    </Stack>
  );
}

function ActivationForm({
  account,
  lastResult,
}: {
  account: { email: string; firstName: string; lastName: string };
  lastResult: FormResult;
}) {
  const schema = useMemo(() => setPasswordSchema(account.email), [account.email]);
  const [form, fields] = usePortalForm(schema, { lastResult });
  return (
    <Stack gap="md">
      <AccountHeading title="Activate your account">
        Welcome, {account.firstName} {account.lastName}. Choose the password you will sign in with as {account.email}.
      </AccountHeading>
      <PortalForm form={form}>
        <Stack gap="sm">
          <FormAlert form={form} />
          <NewPasswordFields
            password={fields.password}
            confirmation={fields.passwordConfirmation}
            email={account.email}
            label="Password"
          />
          <SubmitButton>Activate my account</SubmitButton>
        </Stack>
      </PortalForm>
      <AccountLinks />
    </Stack>
  );
}
