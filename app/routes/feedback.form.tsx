import { Paper, Stack, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { SubjectCategoryMessageFields } from "~/components/conversation-fields";
import { FeedbackNav } from "~/components/feedback-nav";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { RadioField } from "~/components/forms/radio-fields";
import { usePortalForm } from "~/components/forms/use-portal-form";
import { RATING_OPTIONS } from "~/domain/feedback";
import { feedbackSchema } from "~/domain/feedback-form";
import { successToast } from "~/domain/toast";
import { uploadLabel } from "~/domain/uploads";
import { loadConversationForm, startConversationAction } from "~/.server/conversation-form";
import { redirectWithToast } from "~/.server/toast";
import { feedbackCategories, startFeedbackConversation } from "~/.server/upstream/feedback";
import type { Route } from "./+types/feedback.form";

export function meta() {
  return [{ title: "New feedback conversation" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadConversationForm(request, context, feedbackCategories);
}

/** Starts a conversation with the staff; a resubmission (same key) starts it once. An upstream fault keeps the form. */
export async function action({ request, context }: Route.ActionArgs) {
  return startConversationAction(request, context, {
    schema: feedbackSchema,
    categories: feedbackCategories,
    start: startFeedbackConversation,
    done: async (started) =>
      redirectWithToast(`/feedback/${started.id}`, [
        successToast("Thank you: your message was sent. Our staff will answer you here."),
      ]),
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
            <SubjectCategoryMessageFields fields={fields} categories={loaderData.categories} />
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
