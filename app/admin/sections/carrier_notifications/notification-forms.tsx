import { Group, Stack } from "@mantine/core";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { TextareaField } from "~/components/forms/textarea-field";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { MAX_NOTE } from "./records";
import { handleSchema, routeSchema } from "./schemas";

/** Mark handled, with an optional note (a notification's page, issue 24 §4). */
export function HandleForm({ lastResult }: { lastResult: FormResult }) {
  const [form, fields] = usePortalForm(handleSchema, { lastResult, constraint: true, id: "handle" });
  return (
    <PortalForm form={form}>
      <input type="hidden" name="intent" value="handle" />
      <Stack gap="xs">
        <FormAlert form={form} />
        <TextareaField
          field={fields.note}
          label="Note (optional)"
          description={`What was done, at most ${MAX_NOTE} characters`}
          autosize
          minRows={2}
        />
        <Group>
          <SubmitButton>Mark handled</SubmitButton>
        </Group>
      </Stack>
    </PortalForm>
  );
}

/** Send to the agent's document notifications (no field: the notification says what). */
export function RouteForm({ lastResult, agentName }: { lastResult: FormResult; agentName: string }) {
  const [form] = usePortalForm(routeSchema, { lastResult, id: "route" });
  return (
    <PortalForm form={form}>
      <input type="hidden" name="intent" value="route" />
      <Stack gap="xs">
        <FormAlert form={form} />
        <Group>
          <SubmitButton variant="default">Send to {agentName}'s document notifications</SubmitButton>
        </Group>
      </Stack>
    </PortalForm>
  );
}
