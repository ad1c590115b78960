import { Anchor, Stack } from "@mantine/core";
import { Link, data, redirect } from "react-router";
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
import { PASSWORD_RESET_DONE, RESET_LINK_SENT, setPasswordSchema } from "~/domain/accounts";
import { TOKEN_LIFETIME_MS } from "~/domain/account-tokens";
import { successToast } from "~/domain/toast";
import {
  SERVER_PASSWORD_RULES,
  emailRequestAction,
  linkFormAction,
  linkStatus,
  readLink,
} from "~/.server/account-forms";
import { combineHeaders } from "~/.server/cookies";
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
  return linkFormAction(request, context, {
    token,
    read: resetAccount,
    schema: (account) => setPasswordSchema(account.email, SERVER_PASSWORD_RULES),
    limit: { kind: "set-password", key: () => token },
    save: async ({ password }) => resetPassword(token, password),
    // Every session of the user ended upstream; this browser's too, if it was signed in.
    done: async () => {
      const session = await getSession(request);
      return redirect("/", {
        headers: combineHeaders(
          session.get("token") ? { "set-cookie": await destroySession(session) } : undefined,
          await toastHeaders([successToast(PASSWORD_RESET_DONE)]),
        ),
      });
    },
  });
}

const RESET_HOURS = TOKEN_LIFETIME_MS.reset / 3_600_000;

const RESET_LINK_WORDS: LinkWords = {
  expired: {
    title: "This reset link has expired",
    text: `A reset link works for ${RESET_HOURS} hour. Ask for a new one below.`,
  },
  used: {
    title: "This reset link was already used",
    text: "Each reset link works once. If you did not finish, ask for a new one below.",
  },
  invalid: { title: "This reset link is not valid", text: CHECK_THE_WHOLE_LINK },
};

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
  if (link.state !== "open") {
    return (
      <Stack gap="md">
        <AccountHeading title="Choose a new password" />
        <LinkNotice link={link} words={RESET_LINK_WORDS} />
        {link.state === "refused" ? (
          <EmailRequestForm
            id="password-reset-request"
            action="/account/update_password"
            answer={undefined}
            submitLabel="Send a new reset link"
          />
        ) : null}
        <AccountLinks />
      </Stack>
    );
  }
  return <ResetForm email={link.value.email} lastResult={actionData as FormResult} />;
}

function ResetForm({ email, lastResult }: { email: string; lastResult: FormResult }) {
  return (
    <Stack gap="md">
      <AccountHeading title="Choose a new password">
        For {email}. Once it is changed, you are signed out everywhere and sign in with the new password.
      </AccountHeading>
      <SetPasswordForm email={email} lastResult={lastResult} submitLabel="Change my password" />
      <AccountLinks>
        {" · "}
        <Anchor component={Link} to="/account/update_password">
          Send a new link
        </Anchor>
      </AccountLinks>
    </Stack>
  );
}
