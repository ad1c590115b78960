import { Paper, Stack, Text, Title } from "@mantine/core";
import { FormAlert, PortalForm, SubmitButton } from "../forms/form";
import { NewPasswordFields } from "../forms/new-password-fields";
import { PasswordField } from "../forms/password-field";
import type { FormResult } from "../forms/use-portal-form";
import { useServerForm } from "../forms/use-server-form";

/** Where the password form may lead back to after a change (its `returnTo`). */
export const PASSWORD_RETURN_PATHS = ["/profile", "/basic_profile", "/account/password"] as const;

/**
 * Issue 13: a signed-in user changes their password (current, then the new one twice). The form posts to
 * /account/password from the profile and the basic profile; a refusal is shown there, with what was typed.
 */
export function ChangePasswordSection({
  email,
  lastResult,
  returnTo,
}: {
  email: string;
  lastResult: FormResult;
  returnTo: (typeof PASSWORD_RETURN_PATHS)[number];
}) {
  // Checked by the action alone (app/routes/account.password.tsx), as the sign-in form: the profile pages carry no
  // validation library for it. The strength meter follows the rules as the user types all the same.
  const [form, fields] = useServerForm(
    "change-password",
    lastResult,
    ["currentPassword", "password", "passwordConfirmation"],
    { required: ["currentPassword", "password", "passwordConfirmation"] },
  );
  return (
    <section aria-labelledby="password-title">
      <Title order={2} size="h3" id="password-title" mb="xs">
        Password
      </Title>
      <Paper withBorder p="md">
        <PortalForm form={form} action="/account/password">
          <input type="hidden" name="returnTo" value={returnTo} />
          <Stack gap="sm" maw={480}>
            <Text size="sm" c="dimmed">
              Changing your password signs you out on every other device.
            </Text>
            <FormAlert form={form} />
            <PasswordField
              field={fields.currentPassword}
              label="Current password"
              autoComplete="current-password"
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ "aria-label": "Show the current password" }}
            />
            <NewPasswordFields password={fields.password} confirmation={fields.passwordConfirmation} email={email} />
            <div>
              <SubmitButton>Change password</SubmitButton>
            </div>
          </Stack>
        </PortalForm>
      </Paper>
    </section>
  );
}
