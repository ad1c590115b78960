import { Anchor } from "@mantine/core";
import { Link, data, redirect, useSearchParams } from "react-router";
import { EmailField } from "~/components/forms/text-fields";
import { PasswordField } from "~/components/forms/password-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { useServerForm } from "~/components/forms/use-server-form";
import { useRootData } from "~/root";
import { canOpen } from "~/domain/access";
import { homeFor } from "~/domain/home";
import { safeRedirect } from "~/domain/redirect";
import { SignInSchema } from "~/domain/sign-in";
import { signIn, startSession } from "~/.server/auth";
import { combineHeaders } from "~/.server/cookies";
import { formFailureData } from "~/.server/form-failure";
import { formDataOf, parseSubmission } from "~/.server/forms";
import { runtime } from "~/.server/runtime";
import { getSession } from "~/.server/session";
import { recordSignInFailure, recordSignInSuccess, signInWait, tooManyAttempts } from "~/.server/sign-in-throttle";
import { requestInfoContext } from "~/.server/context";
import type { Route } from "./+types/_index";

export function meta() {
  return [{ title: "Sign in" }];
}

/**
 * Sign-in (spec §4): the form is checked, then the throttle (issue 8 point 3), then the upstream. A new
 * sign-in over an existing session ends the old upstream session; the new one records when it began.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await formDataOf(request.clone()), { schema: SignInSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email } = submission.value;
  const { clientAddress } = context.get(requestInfoContext);
  const { logger, env } = runtime();
  const wait = await signInWait(email, clientAddress);
  if (wait > 0) {
    logger.warn({ clientAddress }, "sign-in refused: too many failed attempts");
    return data(submission.reply({ formErrors: [tooManyAttempts(wait)], hideFields: ["password"] }), { status: 429 });
  }
  let outcome;
  try {
    outcome = await signIn(request);
  } catch (error) {
    // The upstream down, slow or garbled: the form comes back with the e-mail kept and a plain message.
    return formFailureData(error, context, submission, { hideFields: ["password"] });
  }
  if (outcome.unverified) {
    // Not a wrong password: the form says how to verify the address instead.
    return data(
      { ...submission.reply({ formErrors: outcome.refused, hideFields: ["password"] }), unverified: true },
      { status: 403 },
    );
  }
  if (outcome.refused) {
    await recordSignInFailure(email, clientAddress);
    logger.info({ clientAddress }, "sign-in failed: wrong e-mail or password");
    return data(submission.reply({ formErrors: outcome.refused, hideFields: ["password"] }), { status: 400 });
  }
  await recordSignInSuccess(email);
  const { user } = outcome.signedIn;
  const setCookie = await startSession(await getSession(request), outcome.signedIn, { kind: "sign-in" });
  // The wanted URL is honoured when it is same-site and this user may open it; else their home.
  const home = homeFor(user);
  const wanted = safeRedirect(submission.value.redirectTo, home);
  const to = canOpen({ user, betaTesterEmail: env.BETA_TESTER_EMAIL }, new URL(wanted, request.url).pathname)
    ? wanted
    : home;
  return redirect(to, { headers: combineHeaders({ "set-cookie": setCookie }) });
}

export default function SignIn({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const branding = useRootData()?.branding;
  // Checked by the action alone: the sign-in page's budget (150 KB) has no room for conform and zod.
  const [form, fields] = useServerForm("sign-in", actionData, ["email", "password"], {
    required: ["email", "password"],
  });

  return (
    // Plain elements with classes (issue 21), not Mantine's Stack, Group, Title and Text.
    <div className="l-stack">
      <div>
        <h1 className="heading" data-size="h2">
          Sign in
        </h1>
        {branding ? (
          <p className="txt" data-dimmed>
            {branding.welcomeMessage}
          </p>
        ) : null}
      </div>
      <PortalForm form={form}>
        <div className="l-stack" data-gap="sm">
          <FormAlert form={form} title="Sign-in failed" />
          {actionData && "unverified" in actionData ? (
            <p className="txt" data-size="sm">
              <Anchor component={Link} to="/account/verify">
                Send a new verification link
              </Anchor>
            </p>
          ) : null}
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <EmailField field={fields.email} label="E-mail" autoComplete="username" />
          <PasswordField field={fields.password} label="Password" autoComplete="current-password" />
          <SubmitButton>Sign in</SubmitButton>
        </div>
      </PortalForm>
      {/* The links' size comes from the row (app.css .sign-in-links), as a Text's does. */}
      <div className="l-row sign-in-links" data-justify="between" data-gap="xs">
        <Anchor component={Link} to="/account/update_password">
          Forgot your password?
        </Anchor>
        <Anchor component={Link} to="/registration">
          Create an account
        </Anchor>
      </div>
    </div>
  );
}
