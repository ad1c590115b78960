import type { FormMetadata } from "@conform-to/react";
import { Group, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import type { FormResult } from "~/components/forms/use-portal-form";

/** What every step receives: the action's reply to its form. */
export type StepResult = FormResult;

/** A contracting step's form: its errors on top, its fields, and 'Save & Continue' (intent "save"). */
export function StepForm({
  form,
  children,
  multipart = false,
}: {
  form: FormMetadata;
  children: ReactNode;
  multipart?: boolean;
}) {
  return (
    <PortalForm form={form} encType={multipart ? "multipart/form-data" : undefined}>
      <Stack gap="sm">
        <FormAlert form={form} />
        {children}
        <Group>
          <SubmitButton name="intent" value="save">
            Save &amp; Continue
          </SubmitButton>
        </Group>
      </Stack>
    </PortalForm>
  );
}
