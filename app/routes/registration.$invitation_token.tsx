import { Anchor, Stack, TextInput } from "@mantine/core";
import { useMemo } from "react";
import { Link, data } from "react-router";
import { AccountHeading, AccountLinks, LinkNotice, type LinkWords } from "~/components/account-pages";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { RegistrationFields } from "~/components/registration-fields";
import { invitedRegistrationForm, invitedRegistrationSchema } from "~/domain/accounts";
import { TOKEN_LIFETIME_MS } from "~/domain/account-tokens";
import { successToast } from "~/domain/toast";
import { SERVER_PASSWORD_RULES, linkFormAction, linkStatus, readLink } from "~/.server/account-forms";
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
  return linkFormAction(request, context, {
    token,
    read: registrationInvitation,
    schema: (invitation) => invitedRegistrationSchema(invitation.email, SERVER_PASSWORD_RULES),
    limit: { kind: "registration", key: (invitation) => invitation.email },
    // A second send of the same form finds the invitation used: its page says so.
    save: async (body) => registerInvited(token, body),
    rename: { termsAccepted: "terms" },
    done: async ({ email }) =>
      redirectWithToast("/account/verify", [
        successToast(`Your account is created. We sent a verification link to ${email}: open it, then sign in.`),
      ]),
  });
}

const INVITATION_DAYS = TOKEN_LIFETIME_MS.invitation / 86_400_000;

const INVITATION_LINK_WORDS: LinkWords = {
  expired: {
    title: "This invitation has expired",
    text: `Invitation links work for ${INVITATION_DAYS} days. Ask the agency that invited you to send it again.`,
  },
  used: {
    title: "This invitation was already used",
    text: (
      <>
        An account was created with it. Sign in with it, or{" "}
        <Anchor component={Link} to="/account/update_password" inherit>
          reset your password
        </Anchor>{" "}
        if you forgot it.
      </>
    ),
  },
  invalid: {
    title: "This invitation link is not valid",
    text: "It may have been withdrawn, or the link was cut short. Ask the agency that invited you for a new link.",
  },
};

export default function InvitedRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { link } = loaderData;
  if (link.state === "open") return <InvitedForm invitation={link.value} lastResult={actionData as FormResult} />;
  return (
    <Stack gap="md">
      <AccountHeading title="Create your account" />
      <LinkNotice link={link} words={INVITATION_LINK_WORDS} />
      <AccountLinks />
    </Stack>
  );
}

function InvitedForm({ invitation, lastResult }: { invitation: RegistrationInvitation; lastResult: FormResult }) {
  const schema = useMemo(() => invitedRegistrationForm(invitation.email), [invitation.email]);
  const [form, fields] = usePortalForm(schema, {
    lastResult,
    defaultValue: { firstName: invitation.firstName, lastName: invitation.lastName },
    // Required fields are marked from the first render (issue 20).
    constraint: true,
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
