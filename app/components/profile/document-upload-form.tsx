import { Group, Stack } from "@mantine/core";
import { useMemo, useState } from "react";
import { DateField } from "~/components/forms/date-field";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { UploadProgress, sendWithProgress } from "~/components/forms/upload-progress";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { useShowToasts } from "~/components/toaster";
import { COMPLIANCE_DOCUMENT_TYPES, type ComplianceDocumentKind } from "~/domain/compliance-documents";
import { documentUploadSchema } from "~/domain/profile";
import type { Toast } from "~/domain/toast";
import { uploadLabel } from "~/domain/uploads";

/** The URL a plain post goes to (it draws the form again on errors) and the one JavaScript sends to. */
export const documentFormAction = (kind: ComplianceDocumentKind) => `/profile/documents/${kind}`;
const uploadUrl = (kind: ComplianceDocumentKind) => `/profile/documents/${kind}/file`;

/**
 * Issue 12: a compliance document's upload (or replacement) under the upload rules, with its expiry date when
 * the document runs out. Without JavaScript a plain multipart post; with it, the file is sent with a progress
 * bar and, once on file, `onUploaded` refreshes what the page shows.
 */
export function DocumentUploadForm({
  kind,
  today,
  lastResult,
  replacing,
  onUploaded,
}: {
  kind: ComplianceDocumentKind;
  today: string;
  lastResult: FormResult;
  replacing: boolean;
  onUploaded: () => void | Promise<void>;
}) {
  const type = COMPLIANCE_DOCUMENT_TYPES[kind];
  const schema = useMemo(() => documentUploadSchema({ expires: type.expires, today }), [type.expires, today]);
  const [reply, setReply] = useState<FormResult>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const show = useShowToasts();
  const [form, fields] = usePortalForm(schema, {
    id: `upload-${kind}`,
    lastResult: reply ?? lastResult,
    onSubmit(event, { formData }) {
      event.preventDefault();
      if (progress !== null) return; // a send is under way
      setProgress(0);
      void sendWithProgress<{ toasts: Toast[] }>(uploadUrl(kind), formData, setProgress).then(async (answer) => {
        if (answer.ok) {
          show(answer.toasts);
          setReply({ status: "success", initialValue: null });
          await onUploaded();
        } else {
          setReply(answer.result);
        }
        setProgress(null);
      });
    },
  });
  return (
    <PortalForm form={form} action={documentFormAction(kind)} encType="multipart/form-data">
      <Stack gap="sm">
        <FormAlert form={form} />
        <FileField field={fields.file} label={uploadLabel(replacing ? `New ${type.title}` : type.title)} />
        {type.expires ? (
          <DateField field={fields.expiresOn} label="Expiry date of the certificate" min={today} />
        ) : null}
        {progress !== null ? <UploadProgress id={`${form.id}-progress`} percent={progress} /> : null}
        <Group>
          <SubmitButton loading={progress !== null}>{replacing ? "Upload replacement" : "Upload"}</SubmitButton>
        </Group>
      </Stack>
    </PortalForm>
  );
}
