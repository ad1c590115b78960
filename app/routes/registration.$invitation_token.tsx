import { Anchor, Stack, Text, TextInput } from "@mantine/core";
import { useMemo } from "react";
import { Link, data, redirect } from "react-router";
import { AccountHeading, AccountLinks, LinkProblem } from "~/components/account-pages";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { RegistrationFields } from "~/components/registration-fields";
import { invitedRegistrationSchema } from "~/domain/accounts";
import { TOKEN_LIFETIME_MS } from "~/domain/account-tokens";
import { successToast } from "~/domain/toast";
import {
  PASSWORD_FIELDS,
  SERVER_PASSWORD_RULES,
  linkStatus,
  readLink,
  refusedFields,
  throttled,
  tokenRefusal,
} from "~/.server/account-forms";
import { actionForm } from "~/.server/form-failure";
import { redirectWithToast } from "~/.server/toast";
import { registerInvited, registrationInvitation } from "~/.server/upstream/accounts";
import type { RegistrationInvitation } from "~/.server/upstream/schemas/account";
import type { Route } from "./+types/registration.$invitation_token";

export function meta() {
  return [{ title: "Create your account" }];
}

/**
 * Issue 13: an invited downline registers from the e-mailed link. The page says who invited them; the
 * e-mail is the invitation's. A link that cannot be used says what to do, never shows a form.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const link = await readLink(params.invitation_token, registrationInvitation);
  return data({ link }, { status: linkStatus(link) });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const token = params.invitation_token;
  const form = actionForm(request, context, { hideFields: PASSWORD_FIELDS });
  return form.answer(async () => {
    // The form is read first: a hostile body is refused (400, 413) whatever the link.
    await form.read();
    const link = await readLink(token, registrationInvitation);
    if (link.state !== "open") return redirect(new URL(request.url).pathname);
    const { email } = link.value;
    const submission = await form.parse(invitedRegistrationSchema(email, SERVER_PASSWORD_RULES));
    if (submission.status !== "success") {
      return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
    }
    const refused = await throttled("registration", email, context, submission);
    if (refused) return refused;
    try {
      await registerInvited(token, submission.value);
    } catch (error) {
      // Used meanwhile (a second send of the same form): the page says the invitation was used.
      if (tokenRefusal(error)) return redirect(new URL(request.url).pathname);
      const fields = refusedFields(error, submission, { termsAccepted: "terms" });
      if (fields) return fields;
      throw error;
    }
    return redirectWithToast("/account/verify", [
      successToast(`Your account is created. We sent a verification link to ${email}: open it, then sign in.`),
    ]);
  });
}

const INVITATION_DAYS = TOKEN_LIFETIME_MS.invitation / 86_400_000;

export default function InvitedRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { link } = loaderData;
  if (link.state === "open") return <InvitedForm invitation={link.value} lastResult={actionData as FormResult} />;
  return (
    <Stack gap="md">
      <AccountHeading title="Create your account" />
      {link.state === "unavailable" ? (
        <LinkProblem title="We cannot check your invitation right now">
          <Text size="sm">{link.message} Open the link from the e-mail again in a moment.</Text>
        </LinkProblem>
      ) : link.reason === "used" ? (
        <LinkProblem title="This invitation was already used">
          <Text size="sm">
            An account was created with it. Sign in with it, or{" "}
            <Anchor component={Link} to="/account/update_password" inherit>
              reset your password
            </Anchor>{" "}
            if you forgot it.
          </Text>
        </LinkProblem>
      ) : (
        <LinkProblem
          title={link.reason === "expired" ? "This invitation has expired" : "This invitation link is not valid"}
        >
          <Text size="sm">
            {link.reason === "expired"
              ? `Invitation links work for ${INVITATION_DAYS} days. Ask the agency that invited you to send it again.`
              : "It may have been withdrawn, or the link was cut short. Ask the agency that invited you for a new link."}
          </Text>
        </LinkProblem>
      )}
      <AccountLinks />
    </Stack>
  );
}

function InvitedForm({ invitation, lastResult }: { invitation: RegistrationInvitation; lastResult: FormResult }) {
  const schema = useMemo(() => invitedRegistrationSchema(invitation.email), [invitation.email]);
  const [form, fields] = usePortalForm(schema, {
    lastResult,
    defaultValue: { firstName: invitation.firstName, lastName: invitation.lastName },
  });
  return (
    <Stack gap="md">
      <AccountHeading title="Create your account">
        {invitation.agencyName} invited you to join their downline ({invitation.level}).
      </AccountHeading>
      <PortalForm form={form}>
        <Stack gap="sm">
          <FormAlert form={form} />
          <TextInput
            label="E-mail"
            value={invitation.email}
            readOnly
            description="The address your invitation was sent to. You will sign in with it."
          />
          <RegistrationFields fields={fields} email={invitation.email} />
          <SubmitButton>Create my account</SubmitButton>
        </Stack>
      </PortalForm>
      <AccountLinks />
    </Stack>
  );
}
