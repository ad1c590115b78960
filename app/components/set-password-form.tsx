import { Stack } from "@mantine/core";
import { useMemo } from "react";
import { FormAlert, PortalForm, SubmitButton } from "./forms/form";
import { NewPasswordFields } from "./forms/new-password-fields";
import { type FormResult, usePortalForm } from "./forms/use-portal-form";
import { setPasswordSchema } from "~/domain/accounts";

/** A new password chosen from an e-mailed link (activation, reset): the account's e-mail is the link's. */
export function SetPasswordForm({
  email,
  lastResult,
  label,
  submitLabel,
}: {
  email: string;
  lastResult: FormResult;
  label?: string;
  submitLabel: string;
}) {
  const schema = useMemo(() => setPasswordSchema(email), [email]);
  const [form, fields] = usePortalForm(schema, { lastResult });
  return (
    <PortalForm form={form}>
      <Stack gap="sm">
        <FormAlert form={form} />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.passwordConfirmation}
          email={email}
          label={label}
        />
        <SubmitButton>{submitLabel}</SubmitButton>
      </Stack>
    </PortalForm>
  );
}
