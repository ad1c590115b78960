import { Anchor, Stack } from "@mantine/core";
import { Link, data } from "react-router";
import {
  AccountHeading,
  AccountLinks,
  EmailRequestForm,
  type EmailRequestAnswer,
  LinkNotice,
  type LinkWords,
  CHECK_THE_WHOLE_LINK,
} from "~/components/account-pages";
import type { FormResult } from "~/components/forms/use-portal-form";
import { SetPasswordForm } from "~/components/set-password-form";
import { ACCOUNT_ACTIVATED, ACTIVATION_LINK_SENT, setPasswordSchema } from "~/domain/accounts";
import { TOKEN_LIFETIME_MS } from "~/domain/account-tokens";
import { successToast } from "~/domain/toast";
import {
  SERVER_PASSWORD_RULES,
  emailRequestAction,
  linkFormAction,
  linkStatus,
  readLink,
} from "~/.server/account-forms";
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
  return linkFormAction(request, context, {
    token,
    read: pendingAccount,
    schema: (account) => setPasswordSchema(account.email, SERVER_PASSWORD_RULES),
    limit: { kind: "set-password", key: () => token },
    save: async ({ password }) => activate(token, password),
    done: async () => redirectWithToast("/", [successToast(ACCOUNT_ACTIVATED)]),
  });
}

const ACTIVATE_DAYS = TOKEN_LIFETIME_MS.activate / 86_400_000;

const ACTIVATION_LINK_WORDS: LinkWords = {
  expired: {
    title: "This activation link has expired",
    text: `An activation link works for ${ACTIVATE_DAYS} days. Ask for a new one below.`,
  },
  used: {
    title: "This account is already active",
    text: (
      <>
        Sign in with the password you chose. Forgot it?{" "}
        <Anchor component={Link} to="/account/update_password" inherit>
          Reset your password
        </Anchor>
        .
      </>
    ),
  },
  invalid: { title: "This activation link is not valid", text: CHECK_THE_WHOLE_LINK },
};

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
      {link ? <LinkNotice link={link} words={ACTIVATION_LINK_WORDS} /> : null}
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
  return (
    <Stack gap="md">
      <AccountHeading title="Activate your account">
        Welcome, {account.firstName} {account.lastName}. Choose the password you will sign in with as {account.email}.
      </AccountHeading>
      <SetPasswordForm
        email={account.email}
        lastResult={lastResult}
        label="Password"
        submitLabel="Activate my account"
      />
      <AccountLinks />
    </Stack>
  );
}
