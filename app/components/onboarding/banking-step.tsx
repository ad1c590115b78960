import { SimpleGrid, Text } from "@mantine/core";
import { RadioField } from "~/components/forms/radio-fields";
import { TextField } from "~/components/forms/text-fields";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { bankingSchema } from "~/domain/onboarding-forms";
import type { Onboarding } from "~/.server/upstream/schemas";
import { StepForm, type StepResult } from "./step-form";

const ACCOUNT_TYPES = [
  { value: "checking", label: "Checking" },
  { value: "savings", label: "Savings" },
] as const;

/** The bank account commissions are paid to; the account number is asked again to change anything. */
export function BankingStep({ values, lastResult }: { values: Onboarding["banking"]; lastResult: StepResult }) {
  const [form, fields] = usePortalForm(bankingSchema, {
    lastResult,
    defaultValue: values
      ? { accountHolder: values.accountHolder, accountType: values.accountType, routingNumber: values.routingNumber }
      : undefined,
  });
  return (
    <StepForm form={form}>
      {values ? (
        <Text size="sm">
          On file: account ending in {values.accountNumberLast4}. Enter the account number again to change the details.
        </Text>
      ) : null}
      <TextField field={fields.accountHolder} label="Account holder" />
      <RadioField field={fields.accountType} label="Account type" options={ACCOUNT_TYPES} defaultOption="checking" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField field={fields.routingNumber} label="Routing number" inputMode="numeric" maxLength={9} />
        <TextField
          field={fields.accountNumber}
          label="Account number"
          inputMode="numeric"
          maxLength={17}
          autoComplete="off"
        />
      </SimpleGrid>
    </StepForm>
  );
}
