import { Text } from "@mantine/core";
import { SignatureField } from "~/components/forms/signature-field";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { formatDate } from "~/domain/formats";
import { signatureFormSchema } from "~/domain/onboarding-forms";
import { StepForm, type StepResult } from "./step-form";

/** The signature (spec §5: more than 15 points); signing again replaces it. */
export function SignatureStep({ signedAt, lastResult }: { signedAt: string | null; lastResult: StepResult }) {
  const [form, fields] = usePortalForm(signatureFormSchema, { lastResult });
  return (
    <StepForm form={form}>
      {signedAt ? <Text size="sm">Signed on {formatDate(signedAt)}. Sign again to replace it.</Text> : null}
      <SignatureField field={fields.signature} />
    </StepForm>
  );
}
