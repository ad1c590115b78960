import { randomUUID } from "node:crypto";
import { Paper, Stack, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { data } from "react-router";
import { FeedbackNav } from "~/components/feedback-list";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { RadioField } from "~/components/forms/radio-fields";
import { SelectField } from "~/components/forms/select-field";
import { TextField } from "~/components/forms/text-fields";
import { TextareaField } from "~/components/forms/textarea-field";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { RATING_OPTIONS, feedbackSchema } from "~/domain/feedback";
import { MAX_TICKET_SUBJECT } from "~/domain/tickets";
import { ticketEntries } from "~/domain/tickets";
import { successToast } from "~/domain/toast";
import { uploadLabel } from "~/domain/uploads";
import { actionForm } from "~/.server/form-failure";
import { loadWithViewer, requireViewer } from "~/.server/guards";
import { redirectWithToast } from "~/.server/toast";
import { parseUploadForm } from "~/.server/upload";
import { feedbackCategories, startFeedbackConversation } from "~/.server/upstream/feedback";
import type { Route } from "./+types/feedback.form";

export function meta() {
  return [{ title: "New feedback conversation" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [, categories] = await loadWithViewer(request, context, feedbackCategories);
  return { categories, idempotencyKey: randomUUID() };
}

/** Starts a conversation with the staff; a resubmission (same key) starts it once. An upstream fault keeps the form. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = actionForm(request, context, { read: parseUploadForm, schema: feedbackSchema([]) });
  return form.answer(async () => {
    const viewer = await requireViewer(request, context);
    const formData = await form.read();
    const categories = await feedbackCategories(viewer.token);
    const parsed = await form.parse(feedbackSchema(categories));
    if (parsed.status !== "success") return data(parsed.reply({ hideFields: ["attachment"] }), { status: 400 });
    const started = await startFeedbackConversation(
      viewer.token,
      ticketEntries(parsed.value),
      String(formData.get("idempotencyKey") || randomUUID()),
    );
    return redirectWithToast(`/feedback/${started.id}`, [
      successToast("Thank you: your message was sent. Our staff will answer you here."),
    ]);
  });
}

export default function FeedbackForm({ loaderData, actionData }: Route.ComponentProps) {
  const schema = useMemo(() => feedbackSchema(loaderData.categories), [loaderData.categories]);
  const [form, fields] = usePortalForm(schema, { lastResult: actionData });
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>New feedback conversation</Title>
      <Text>Tell our staff what works for you and what could be better. They answer you in the conversation.</Text>
      <FeedbackNav />
      <Paper withBorder p="md">
        <PortalForm form={form} encType="multipart/form-data">
          <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
          <Stack gap="sm">
            <FormAlert form={form} />
            <TextField field={fields.subject} label="Subject" maxLength={MAX_TICKET_SUBJECT} />
            <SelectField
              field={fields.category}
              label="Category"
              data={[{ value: "", label: "Choose a category" }, ...loaderData.categories]}
            />
            <TextareaField field={fields.message} label="Message" autosize minRows={5} />
            <RadioField
              field={fields.rating}
              label="Rating (optional)"
              description="How would you rate your experience? 1 is poor, 5 is excellent."
              options={RATING_OPTIONS}
              defaultOption=""
            />
            <FileField field={fields.attachment} label={uploadLabel("Attachment", { optional: true })} />
            <div>
              <SubmitButton>Send</SubmitButton>
            </div>
          </Stack>
        </PortalForm>
      </Paper>
    </Stack>
  );
}
