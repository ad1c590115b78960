import { Group, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { DateField } from "~/components/forms/date-field";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { useShowToasts } from "~/components/toaster";
import { COMPLIANCE_DOCUMENT_TYPES, type ComplianceDocumentKind } from "~/domain/compliance-documents";
import { documentUploadSchema } from "~/domain/profile";
import type { Toast } from "~/domain/toast";
import { uploadLabel } from "~/domain/uploads";

/** What a POST to /profile/documents/:kind/file (a send made by JavaScript) answers. */
export type UploadReply = { ok: true; toasts: Toast[] } | { ok: false; result: NonNullable<FormResult> };

/** The URL a plain post goes to (it draws the form again on errors) and the one JavaScript sends to. */
export const documentFormAction = (kind: ComplianceDocumentKind) => `/profile/documents/${kind}`;
const uploadUrl = (kind: ComplianceDocumentKind) => `/profile/documents/${kind}/file`;

/**
 * Sends the form with XMLHttpRequest: fetch cannot report an upload's progress. Resolves with the JSON
 * answer, or a form-level error when there is none to read.
 */
function sendWithProgress(url: string, body: FormData, onProgress: (percent: number) => void): Promise<UploadReply> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const failed = (message: string): UploadReply => ({
      ok: false,
      result: { status: "error", error: { "": [message] } },
    });
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const reply = xhr.response as UploadReply | null;
      resolve(
        reply && typeof reply === "object" && "ok" in reply
          ? reply
          : failed("The portal gave no usable answer. Try the upload again."),
      );
    };
    xhr.onerror = () => resolve(failed("The upload did not reach the portal. Check your connection and try again."));
    xhr.send(body);
  });
}

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
      void sendWithProgress(uploadUrl(kind), formData, setProgress).then(async (answer) => {
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
  const progressId = `${form.id}-progress`;
  return (
    <PortalForm form={form} action={documentFormAction(kind)} encType="multipart/form-data">
      <Stack gap="sm">
        <FormAlert form={form} />
        <FileField field={fields.file} label={uploadLabel(replacing ? `New ${type.title}` : type.title)} />
        {type.expires ? (
          <DateField field={fields.expiresOn} label="Expiry date of the certificate" min={today} />
        ) : null}
        {progress !== null ? (
          <div>
            <Text size="sm" id={progressId}>
              Uploading… {progress}%
            </Text>
            <progress className="upload-progress" max={100} value={progress} aria-labelledby={progressId} />
          </div>
        ) : null}
        <Group>
          <SubmitButton loading={progress !== null}>{replacing ? "Upload replacement" : "Upload"}</SubmitButton>
        </Group>
      </Stack>
    </PortalForm>
  );
}
