import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { useServerForm } from "~/components/forms/use-server-form";
import { fileSizeText } from "~/domain/uploads";
import type { AdminLearningAttachment, AdminLearningResource } from "./records";

export const attachmentsPath = (id: number) => `/admin/learning_center_resources/${id}/attachments`;

/** Add a file, or replace `replaces` with one: a multipart form to the attachments route (works without JavaScript). */
function UploadForm({ resourceId, replaces }: { resourceId: number; replaces?: AdminLearningAttachment }) {
  const id = replaces ? `replace-${replaces.id}` : "attach";
  const [form, fields] = useServerForm(id, undefined, ["file"] as const, { required: ["file"] });
  return (
    // A document post (as without JavaScript): the resource's page comes back whole, with its new attachment.
    <PortalForm form={form} action={attachmentsPath(resourceId)} encType="multipart/form-data" reloadDocument>
      <Stack gap="xs">
        <FormAlert form={form} />
        <input type="hidden" name="intent" value={replaces ? "replace" : "add"} />
        {replaces ? <input type="hidden" name="attachmentId" value={replaces.id} /> : null}
        <FileField field={fields.file} label={replaces ? `Replace ${replaces.name} with` : "Attach a file"} />
        <Group>
          <SubmitButton variant="default">{replaces ? "Replace" : "Attach"}</SubmitButton>
        </Group>
      </Stack>
    </PortalForm>
  );
}

/**
 * A resource's attachments (issue 22 §2.2): each one downloadable, replaceable and removable, and a file to add,
 * through the portal (the upload rules of app/domain/uploads.ts, checked by the portal and the upstream).
 */
export function Attachments({ record }: { record: AdminLearningResource }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="attachments-title">
      <Title order={2} size="h4" id="attachments-title" mb="xs">
        Attachments
      </Title>
      <Stack gap="md">
        {record.attachments.length === 0 ? <Text size="sm">No files attached.</Text> : null}
        {record.attachments.map((a) => (
          <Stack key={a.id} gap="xs" className="attachment-item">
            <Group gap="sm" justify="space-between">
              <Anchor href={`${attachmentsPath(record.id)}/${a.id}`}>{a.name}</Anchor>
              <Text size="sm" c="dimmed">
                {fileSizeText(a.size)}
              </Text>
            </Group>
            <PortalForm action={attachmentsPath(record.id)} reloadDocument>
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="attachmentId" value={a.id} />
              <SubmitButton variant="default" size="xs" aria-label={`Remove ${a.name}`}>
                Remove
              </SubmitButton>
            </PortalForm>
            <UploadForm resourceId={record.id} replaces={a} />
          </Stack>
        ))}
        <UploadForm resourceId={record.id} />
      </Stack>
    </Paper>
  );
}
