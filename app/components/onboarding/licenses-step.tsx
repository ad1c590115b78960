import { Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { DateField } from "~/components/forms/date-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { TextField } from "~/components/forms/text-fields";
import { LicenseTable } from "~/components/license-table";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { licenseSchema } from "~/domain/onboarding-forms";
import type { Onboarding } from "~/.server/upstream/schemas";
import type { StepResult } from "./step-form";

/** The licenses on file, a form adding one, and Continue (the step is done once one is on file). */
export function LicensesStep({
  licenses,
  today,
  lastResult,
}: {
  licenses: Onboarding["licenses"];
  today: string;
  lastResult: StepResult;
}) {
  const schema = useMemo(() => licenseSchema({ today }), [today]);
  const [form, fields] = usePortalForm(schema, { lastResult });
  return (
    <Stack gap="md">
      {licenses.length === 0 ? (
        <Text c="dimmed">No licenses on file yet. Add your resident license below.</Text>
      ) : (
        <LicenseTable aria-label="Your licenses" licenses={licenses} />
      )}
      <PortalForm form={form} aria-label="Add a license">
        <Stack gap="sm">
          <FormAlert form={form} />
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <TextField field={fields.state} label="State" maxLength={2} />
            <TextField field={fields.licenseNumber} label="License number" />
            <TextField field={fields.licenseType} label="License type" placeholder="Health" />
            <DateField field={fields.expiresOn} label="Expires on" min={today} />
          </SimpleGrid>
          <Group>
            <SubmitButton name="intent" value="add">
              Add license
            </SubmitButton>
          </Group>
        </Stack>
      </PortalForm>
      <PortalForm>
        <SubmitButton name="intent" value="continue">
          Continue
        </SubmitButton>
      </PortalForm>
    </Stack>
  );
}
