import { Alert, Stack, Title } from "@mantine/core";
import { data } from "react-router";
import { ChangePasswordSection, PASSWORD_RETURN_PATHS } from "~/components/profile/change-password";
import type { FormResult } from "~/components/forms/use-portal-form";
import { PASSWORD_CHANGED, changePasswordSchema } from "~/domain/accounts";
import { successToast } from "~/domain/toast";
import { PASSWORD_FIELDS, SERVER_PASSWORD_RULES, refusedFields, throttled } from "~/.server/account-forms";
import { actionForm } from "~/.server/form-failure";
import { requireViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { changePassword } from "~/.server/upstream/accounts";
import type { Route } from "./+types/account.password";

export function meta() {
  return [{ title: "Change your password" }];
}

/** An administrator signed in as another user may not change that user's password (the user does it). */
export const IMPERSONATING =
  "You are signed in as another user: only they can change their password. Use “Logout As” to return to your own account first.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireViewer(request, context);
  return { email: user.email, impersonating: user.returnToUserId !== null };
}

/**
 * Issue 13: the signed-in user's own password. The upstream checks the current one and ends every other
 * session of the user; this one goes on. Back to the page the form was on, with a green toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = actionForm(request, context, { hideFields: PASSWORD_FIELDS });
  return form.answer(async () => {
    const viewer = await requireViewer(request, context);
    if (viewer.user.returnToUserId !== null) {
      const read = await form.parse(changePasswordSchema(viewer.user.email));
      return data(read.reply({ formErrors: [IMPERSONATING], hideFields: PASSWORD_FIELDS }), { status: 403 });
    }
    const submission = await form.parse(changePasswordSchema(viewer.user.email, SERVER_PASSWORD_RULES));
    if (submission.status !== "success") {
      return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
    }
    const refused = await throttled("password-change", String(viewer.user.userId), context, submission);
    if (refused) return refused;
    try {
      await changePassword(viewer.token, submission.value.currentPassword, submission.value.password);
    } catch (error) {
      const fields = refusedFields(error, submission);
      if (fields) return fields;
      throw error;
    }
    const wanted = String(submission.payload.returnTo ?? "");
    const returnTo = PASSWORD_RETURN_PATHS.find((path) => path === wanted) ?? "/account/password";
    return redirectWithToast(returnTo, [successToast(PASSWORD_CHANGED)]);
  });
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Stack gap="xl" maw={960}>
      <Title order={1}>Change your password</Title>
      {loaderData.impersonating ? (
        <Alert color="orange" role="status">
          {IMPERSONATING}
        </Alert>
      ) : (
        <ChangePasswordSection
          email={loaderData.email}
          lastResult={actionData as FormResult}
          returnTo="/account/password"
        />
      )}
    </Stack>
  );
}
