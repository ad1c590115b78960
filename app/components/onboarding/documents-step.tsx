import { useMemo } from "react";
import { FileField } from "~/components/forms/file-field";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { uploadLabel } from "~/domain/uploads";
import { DOCUMENT_KINDS, documentsSchema } from "~/domain/onboarding-forms";
import type { Onboarding } from "~/.server/upstream/schemas";
import { StepForm, type StepResult } from "./step-form";

/** The W-9 and the E&O certificate: each required until one of its kind is on file. */
export function DocumentsStep({ stored, lastResult }: { stored: Onboarding["documents"]; lastResult: StepResult }) {
  const schema = useMemo(() => documentsSchema(stored.map((d) => d.kind)), [stored]);
  const [form, fields] = usePortalForm(schema, { lastResult });
  return (
    <StepForm form={form} multipart>
      {DOCUMENT_KINDS.map(({ kind, label }) => {
        const current = stored.find((d) => d.kind === kind);
        return (
          <FileField
            key={kind}
            field={fields[kind]}
            label={
              current ? `${label} (on file: ${current.file.name}; choose a file to replace it)` : uploadLabel(label)
            }
          />
        );
      })}
    </StepForm>
  );
}
