/**
 * A carrier's export schedule (issue 24 §2): each kind's frequency, one plain form per carrier of the shared form
 * layer (it works without JavaScript; a refusal keeps what was chosen).
 */
import { Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { SelectField } from "~/components/forms/select-field";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import {
  type CarrierExportSchedule,
  EXPORT_FREQUENCIES,
  EXPORT_FREQUENCY_LABELS,
  EXPORT_KINDS,
  EXPORT_KIND_LABELS,
} from "./records";
import { scheduleSchema } from "./schemas";

const FREQUENCY_CHOICES = EXPORT_FREQUENCIES.map((value) => ({ value, label: EXPORT_FREQUENCY_LABELS[value] }));

export function ScheduleForm({ schedule, lastResult }: { schedule: CarrierExportSchedule; lastResult: FormResult }) {
  const { carrier } = schedule;
  const [form, fields] = usePortalForm(scheduleSchema, {
    lastResult,
    defaultValue: { carrierId: String(carrier.id), ...schedule.frequencies },
    constraint: true,
    id: `schedule-${carrier.id}`,
  });
  const headingId = `schedule-${carrier.id}-heading`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {carrier.name}
        {carrier.active ? "" : " (inactive: nothing is sent)"}
      </Title>
      <PortalForm form={form}>
        <input type="hidden" name="carrierId" value={carrier.id} />
        <Stack gap="sm">
          <FormAlert form={form} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {EXPORT_KINDS.map((kind) => (
              <SelectField key={kind} field={fields[kind]} label={EXPORT_KIND_LABELS[kind]} data={FREQUENCY_CHOICES} />
            ))}
          </SimpleGrid>
          <div>
            <SubmitButton>Save the {carrier.name} schedule</SubmitButton>
          </div>
        </Stack>
      </PortalForm>
    </Paper>
  );
}
