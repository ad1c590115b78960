import { Group, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { TextareaField } from "~/components/forms/textarea-field";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { ticketReplySchema } from "~/domain/tickets";
import { uploadLabel } from "~/domain/uploads";

// The messages apart (conversation-messages.tsx): the admin pages draw them without the reply form.
export { type ConversationMessage, ConversationMessages } from "./conversation-messages";

/**
 * The reply form under a conversation: the reply and an optional attachment, multipart, works without
 * JavaScript; `hidden` fields name what is answered, `buttons` go beside "Send reply".
 */
export function ReplyForm({
  action,
  hidden,
  lastResult,
  buttons,
}: {
  action: string;
  hidden: Record<string, string | number>;
  lastResult: FormResult;
  buttons?: ReactNode;
}) {
  const [form, fields] = usePortalForm(ticketReplySchema, { lastResult });
  return (
    <PortalForm form={form} action={action} encType="multipart/form-data">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Stack gap="xs" mt="md">
        <FormAlert form={form} />
        <TextareaField field={fields.message} label="Your reply" autosize minRows={3} />
        <FileField field={fields.attachment} label={uploadLabel("Attachment", { optional: true })} />
        <Group>
          <SubmitButton name="intent" value="reply">
            Send reply
          </SubmitButton>
          {buttons}
        </Group>
      </Stack>
    </PortalForm>
  );
}
