/**
 * The payout entry's own forms (issue 23 §3), on the section's new and record pages (routes/admin.payout_entries.*):
 * the entry (its period the shared month field), Approve (a note optional) and Reject (a note required), both carrying the
 * entry's version the page showed (issue 35 §2). Plain forms of the shared form layer: they work without JavaScript,
 * everything typed kept on an error.
 */
import { Button, Group, Paper, SimpleGrid, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { MonthField } from "~/components/forms/date-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { SelectField } from "~/components/forms/select-field";
import { TextField } from "~/components/forms/text-fields";
import { TextareaField } from "~/components/forms/textarea-field";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { VersionField } from "~/components/forms/version-field";
import type { Facet } from "~/domain/admin/records";
import { PAYOUT_DIRECTIONS, PAYOUT_DIRECTION_LABELS, PAYOUT_KINDS, PAYOUT_KIND_LABELS } from "./records";
import { approveSchema, entrySchema, rejectSchema } from "./schemas";

export function EntryForm({
  brokers,
  lastResult,
  defaultValue,
  submitLabel,
  cancelHref,
  children,
}: {
  brokers: Facet;
  lastResult: FormResult;
  defaultValue?: Record<string, string | undefined>;
  submitLabel: string;
  cancelHref: string;
  children?: ReactNode;
}) {
  const [form, fields] = usePortalForm(entrySchema, { lastResult, defaultValue, constraint: true, id: "entry" });
  return (
    <Paper withBorder p="md">
      <PortalForm form={form}>
        {children}
        <Stack gap="sm">
          <FormAlert form={form} />
          <SelectField
            field={fields.userId}
            label="Agent or agency"
            description="The agent paid or charged"
            data={[{ value: "", label: "Choose the agent or agency" }, ...brokers]}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SelectField
              field={fields.kind}
              label="Kind"
              data={[
                { value: "", label: "Choose the kind" },
                ...PAYOUT_KINDS.map((value) => ({ value, label: PAYOUT_KIND_LABELS[value] })),
              ]}
            />
            <SelectField
              field={fields.direction}
              label="Direction"
              // Optional: left as it is, the kind's usual direction (the schema's pipe reads as required to conform).
              required={false}
              description="Usually: fees and chargeback recoveries are deductions, the others payments"
              data={[
                { value: "", label: "As usual for the kind" },
                ...PAYOUT_DIRECTIONS.map((value) => ({ value, label: PAYOUT_DIRECTION_LABELS[value] })),
              ]}
            />
            <TextField
              field={fields.amount}
              label="Amount"
              description="In dollars, always positive, e.g. $1,234.50"
              inputMode="decimal"
            />
            <MonthField field={fields.period} label="Period" description="The month it is paid with, as MM/YYYY" />
            <TextField
              field={fields.policyNumber}
              label="Policy number"
              description="Optional: the policy it is about"
            />
          </SimpleGrid>
          <TextareaField
            field={fields.memo}
            label="Memo"
            description="What it is for, at most 500 characters: the agent sees it once approved"
            autosize
            minRows={2}
          />
          <Group>
            <SubmitButton>{submitLabel}</SubmitButton>
            <Button component={Link} to={cancelHref} variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </PortalForm>
    </Paper>
  );
}

export function ApproveForm({ lastResult, version }: { lastResult: FormResult; version: number }) {
  const [form, fields] = usePortalForm(approveSchema, { lastResult, constraint: true, id: "approve" });
  return (
    <PortalForm form={form}>
      <input type="hidden" name="intent" value="approve" />
      <Stack gap="xs">
        <FormAlert form={form} />
        <VersionField version={version} field={fields.version} />
        <TextareaField field={fields.note} label="Approval note (optional)" autosize minRows={1} />
        <Group>
          <SubmitButton>Approve entry</SubmitButton>
        </Group>
      </Stack>
    </PortalForm>
  );
}

export function RejectForm({ lastResult, version }: { lastResult: FormResult; version: number }) {
  const [form, fields] = usePortalForm(rejectSchema, { lastResult, constraint: true, id: "reject" });
  return (
    <PortalForm form={form}>
      <input type="hidden" name="intent" value="reject" />
      <Stack gap="xs">
        <FormAlert form={form} />
        <VersionField version={version} field={fields.version} />
        <TextareaField
          field={fields.note}
          label="Why it is rejected"
          description="Required: the creator reads it"
          autosize
          minRows={2}
        />
        <Group>
          <SubmitButton color="red" variant="outline">
            Reject entry
          </SubmitButton>
        </Group>
      </Stack>
    </PortalForm>
  );
}
