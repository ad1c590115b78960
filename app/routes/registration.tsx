import { Stack } from "@mantine/core";
import { data } from "react-router";
import { AccountHeading, AccountLinks } from "~/components/account-pages";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { EmailField } from "~/components/forms/text-fields";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { RegistrationFields } from "~/components/registration-fields";
import { registrationForm, registrationSchema } from "~/domain/accounts";
import { successToast } from "~/domain/toast";
import { PASSWORD_FIELDS, SERVER_PASSWORD_RULES, refusedFields, throttled } from "~/.server/account-forms";
import { actionForm } from "~/.server/form-failure";
import { redirectWithToast } from "~/.server/toast";
import { register } from "~/.server/upstream/accounts";
import type { Route } from "./+types/registration";

export function meta() {
  return [{ title: "Create an account" }];
}

/** The browser checks the fields (and marks the required ones); the action parses the whole request. */
const schema = registrationForm();

/**
 * Issue 13: sign-up without an invitation (an independent agent). Whether the e-mail already has an account
 * or not, the answer is the same ("check your e-mail"); the e-mail the address receives says which.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = actionForm(request, context, { hideFields: PASSWORD_FIELDS });
  return form.answer(async () => {
    const submission = await form.parse(registrationSchema(SERVER_PASSWORD_RULES));
    if (submission.status !== "success") {
      return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
    }
    const refused = await throttled("registration", submission.value.email, context, submission);
    if (refused) return refused;
    try {
      await register(submission.value);
    } catch (error) {
      const fields = refusedFields(error, submission, { termsAccepted: "terms" });
      if (fields) return fields;
      throw error;
    }
    return redirectWithToast("/account/verify", [
      successToast(`Check your e-mail: we sent a message to ${submission.value.email} with what to do next.`),
    ]);
  });
}

export default function Registration({ actionData }: Route.ComponentProps) {
  // The schema's constraints on the inputs: required fields are marked from the first render (issue 20).
  const [form, fields] = usePortalForm(schema, { lastResult: actionData, constraint: true });
  return (
    <Stack gap="md">
      <AccountHeading title="Create an account">
        For independent agents. Invited by an agency? Use the link in your invitation e-mail instead.
      </AccountHeading>
      <PortalForm form={form}>
        <Stack gap="sm">
          <FormAlert form={form} />
          <EmailField field={fields.email} label="E-mail" autoComplete="email" />
          <RegistrationFields fields={fields} emailInputId={fields.email.id} />
          <SubmitButton>Create my account</SubmitButton>
        </Stack>
      </PortalForm>
      <AccountLinks />
    </Stack>
  );
}
