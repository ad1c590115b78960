import { CheckboxField } from "~/components/forms/checkbox-field";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { optoutSchema } from "~/domain/onboarding-forms";
import type { Onboarding } from "~/.server/upstream/schemas";
import { StepForm, type StepResult } from "./step-form";

const checked = (on: boolean | undefined) => (on ? "on" : undefined);

/** The opt-outs a role with an opt-out process chooses. */
export function OptoutStep({ values, lastResult }: { values: Onboarding["optout"]; lastResult: StepResult }) {
  const [form, fields] = usePortalForm(optoutSchema, {
    lastResult,
    defaultValue: { marketingEmails: checked(values?.marketingEmails), leadPrograms: checked(values?.leadPrograms) },
  });
  return (
    <StepForm form={form}>
      <CheckboxField field={fields.marketingEmails} label="Opt out of marketing e-mails" />
      <CheckboxField field={fields.leadPrograms} label="Opt out of lead programs" />
    </StepForm>
  );
}
