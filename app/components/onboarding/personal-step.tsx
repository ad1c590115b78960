import { SimpleGrid, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { DateField } from "~/components/forms/date-field";
import { MaskedField } from "~/components/forms/masked-field";
import { RadioField } from "~/components/forms/radio-fields";
import { TextField } from "~/components/forms/text-fields";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { MASKED_EIN, MASKED_SSN } from "~/domain/masked-values";
import { isoYearsAgo, personalSchema } from "~/domain/onboarding-forms";
import { toUsDate } from "~/domain/validation";
import type { Onboarding } from "~/.server/upstream/schemas";
import { StepForm, type StepResult } from "./step-form";

export type PersonalValues = NonNullable<Onboarding["personal"]>;

const TAX_ID_TYPES = [
  { value: "ssn", label: "SSN" },
  { value: "ein", label: "EIN (TIN)" },
] as const;

/** Personal details; the SSN or EIN when the role requires one (only to replace it once on file). */
export function PersonalStep({
  values,
  requiresTaxId,
  today,
  lastResult,
}: {
  values: PersonalValues;
  requiresTaxId: boolean;
  today: string;
  lastResult: StepResult;
}) {
  const schema = useMemo(
    () => personalSchema({ today, taxIdRequired: requiresTaxId && values.taxIdType === null }),
    [today, requiresTaxId, values.taxIdType],
  );
  const [form, fields] = usePortalForm(schema, {
    lastResult,
    defaultValue: {
      ...values,
      dateOfBirth: toUsDate(values.dateOfBirth),
      taxIdType: values.taxIdType ?? "ssn",
    },
  });
  // The mask follows the kind chosen (SSN ###-##-####, EIN ##-#######).
  const [taxIdType, setTaxIdType] = useState(fields.taxIdType.initialValue === "ein" ? "ein" : "ssn");
  return (
    <StepForm form={form}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField field={fields.firstName} label="First name" autoComplete="given-name" />
        <TextField field={fields.lastName} label="Last name" autoComplete="family-name" />
        <MaskedField field={fields.phone} mask="phone" label="Phone" autoComplete="tel" />
        <DateField field={fields.dateOfBirth} label="Date of birth" min="1900-01-01" max={isoYearsAgo(today, 18)} />
        <TextField field={fields.addressLine1} label="Street address" autoComplete="address-line1" />
        <TextField field={fields.city} label="City" autoComplete="address-level2" />
        <TextField field={fields.state} label="State" maxLength={2} autoComplete="address-level1" />
        <TextField field={fields.zip} label="ZIP code" inputMode="numeric" maxLength={5} autoComplete="postal-code" />
      </SimpleGrid>
      {requiresTaxId ? (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>
            <Text fw={600}>Tax identification</Text>
          </legend>
          {values.taxIdType ? (
            <Text size="sm" mb="xs" data-testid="tax-id-on-file">
              On file: {values.taxIdType === "ssn" ? `SSN ${MASKED_SSN}` : `EIN ${MASKED_EIN}`}. Enter a new number only
              to replace it.
            </Text>
          ) : null}
          <RadioField
            field={fields.taxIdType}
            options={TAX_ID_TYPES}
            defaultOption="ssn"
            onChange={setTaxIdType}
            mb="xs"
          />
          <MaskedField
            field={fields.taxId}
            mask={taxIdType === "ein" ? "ein" : "ssn"}
            label="SSN (###-##-####) or EIN (##-#######)"
            autoComplete="off"
          />
        </fieldset>
      ) : null}
    </StepForm>
  );
}
