import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { Link } from "react-router";
import { DateField } from "~/components/forms/date-field";
import { FileField } from "~/components/forms/file-field";
import { FormAlert, PortalForm, SubmitButton } from "~/components/forms/form";
import { type FormResult, usePortalForm } from "~/components/forms/use-portal-form";
import { TextField } from "~/components/forms/text-fields";
import { TextareaField } from "~/components/forms/textarea-field";
import { YesNoField } from "~/components/forms/radio-fields";
import { uploadLabel } from "~/domain/uploads";
import { EARLIEST_ACTION_ON, legalAnswersSchema } from "~/domain/legal-answers";
import { toUsDate } from "~/domain/validation";
import type { LegalAnswer, LegalQuestion } from "~/.server/upstream/schemas";

/**
 * Spec §4 legal answers: each question Yes/No (default No); only Yes shows the explanation fields, and
 * then an explanation, a date of action and an attachment are required. A multipart form that works
 * without JavaScript; with it, the same zod schema validates at each field as the user types.
 */
export function LegalQuestionsForm({
  action,
  questions,
  answers,
  today,
  idempotencyKey,
  lastResult,
  cancelHref,
  submitLabel = "Update Answers & Contract",
}: {
  action: string;
  questions: LegalQuestion[];
  answers: LegalAnswer[];
  today: string;
  /** Makes a resubmission harmless upstream (contract requests). */
  idempotencyKey?: string;
  lastResult: FormResult;
  /** Where Cancel goes; no Cancel button without it. */
  cancelHref?: string;
  submitLabel?: string;
}) {
  const schema = useMemo(() => legalAnswersSchema({ today }), [today]);
  const answerOf = (questionId: number) => answers.find((a) => a.legalQuestionId === questionId);

  const [form, fields] = usePortalForm(schema, {
    lastResult,
    constraint: true,
    defaultValue: {
      answers: questions.map((q) => {
        const a = answerOf(q.id);
        return {
          legalQuestionId: String(q.id),
          id: a ? String(a.id) : "",
          hasOccurred: a?.hasOccurred ? "yes" : "no",
          explanation: a?.explanation ?? "",
          actionOn: toUsDate(a?.actionOn ?? null),
          action: a?.action ?? "",
          reason: a?.reason ?? "",
          existingFileId: a?.file ? String(a.file.id) : "",
        };
      }),
    },
  });
  const list = fields.answers.getFieldList();

  return (
    <PortalForm form={form} action={action} encType="multipart/form-data">
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      <Stack gap="md">
        <Title order={3} size="h4">
          Legal questions
        </Title>
        <FormAlert form={form} />
        {questions.map((question, index) => {
          // Rendered from the questions, so a tampered submission with extra rows cannot break the page.
          const item = list[index];
          if (!item) return null;
          const f = item.getFieldset();
          const stored = answerOf(question.id)?.file ?? null;
          return (
            <fieldset key={item.key} className="legal-answer" style={{ border: 0, padding: 0, margin: 0 }}>
              <legend>
                <Text fw={600}>{question.questionText}</Text>
              </legend>
              <input type="hidden" name={f.legalQuestionId.name} value={String(question.id)} />
              <input
                type="hidden"
                name={f.id.name}
                defaultValue={typeof f.id.initialValue === "string" ? f.id.initialValue : ""}
              />
              <YesNoField field={f.hasOccurred} />
              <Stack gap="xs" mt="xs" className="legal-explanation">
                <TextareaField field={f.explanation} label="Explanation" autosize minRows={2} />
                <DateField field={f.actionOn} label="Date of action" min={EARLIEST_ACTION_ON} max={today} />
                <Group grow>
                  <TextField field={f.action} label="Action taken" />
                  <TextField field={f.reason} label="Reason" />
                </Group>
                <FileField
                  field={f.file}
                  label={stored ? "Replace the attachment" : uploadLabel("Attachment")}
                  stored={stored}
                  keepField={f.existingFileId}
                  removeField={f.removeFile}
                />
              </Stack>
            </fieldset>
          );
        })}
        <Group>
          <SubmitButton>{submitLabel}</SubmitButton>
          {cancelHref ? (
            <Button component={Link} to={cancelHref} variant="default">
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </PortalForm>
  );
}
