import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Alert, Button, Checkbox, Group, Input, Radio, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { useMemo } from "react";
import { Form, Link, useNavigation } from "react-router";
import { legalAnswersSchema } from "~/domain/legal-answers";
import { ACCEPTED_UPLOAD_TYPES } from "~/domain/uploads";
import { toUsDate } from "~/domain/validation";
import { DateField } from "./date-field";
import { FilesKeptMarker } from "./files-kept-marker";

interface Question {
  id: number;
  questionText: string;
}
interface Answer {
  id: number;
  legalQuestionId: number;
  hasOccurred: boolean;
  actionOn: string | null;
  action: string | null;
  reason: string | null;
  explanation: string | null;
  file: { id: number; name: string; size: number } | null;
}

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
  questions: Question[];
  answers: Answer[];
  today: string;
  /** Makes a resubmission harmless upstream (contract requests). */
  idempotencyKey?: string;
  lastResult: SubmissionResult<string[]> | undefined;
  /** Where Cancel goes; no Cancel button without it. */
  cancelHref?: string;
  submitLabel?: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === action;
  const schema = useMemo(() => legalAnswersSchema({ today }), [today]);
  const answerOf = (questionId: number) => answers.find((a) => a.legalQuestionId === questionId);

  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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
    <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)}>
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      <FilesKeptMarker />
      <Stack gap="md">
        <Title order={3} size="h4">
          Legal questions
        </Title>
        {form.errors?.length ? (
          <Alert color="red" role="alert" id={form.errorId}>
            {form.errors.join(" ")}
          </Alert>
        ) : null}
        {questions.map((question, index) => {
          // Rendered from the questions, so a tampered submission with extra rows cannot break the page.
          const item = list[index];
          if (!item) return null;
          const f = item.getFieldset();
          const stored = answerOf(question.id)?.file ?? null;
          const hasOccurred = (f.hasOccurred.initialValue as string | undefined) ?? "no";
          return (
            <fieldset key={item.key} className="legal-answer" style={{ border: 0, padding: 0, margin: 0 }}>
              <legend>
                <Text fw={600}>{question.questionText}</Text>
              </legend>
              <input type="hidden" name={f.legalQuestionId.name} value={String(question.id)} />
              <input type="hidden" name={f.id.name} defaultValue={(f.id.initialValue as string) ?? ""} />
              <Group gap="lg" mt={4}>
                <Radio name={f.hasOccurred.name} value="yes" label="Yes" defaultChecked={hasOccurred === "yes"} />
                <Radio name={f.hasOccurred.name} value="no" label="No" defaultChecked={hasOccurred !== "yes"} />
              </Group>
              <Stack gap="xs" mt="xs" className="legal-explanation">
                <Textarea
                  {...getInputProps(f.explanation, { type: "text" })}
                  key={f.explanation.key}
                  label="Explanation"
                  autosize
                  minRows={2}
                  error={f.explanation.errors?.join(" ")}
                  errorProps={{ id: f.explanation.errorId }}
                />
                <DateField
                  name={f.actionOn.name}
                  id={f.actionOn.id}
                  key={f.actionOn.key}
                  defaultValue={(f.actionOn.initialValue as string) ?? ""}
                  label="Date of action"
                  description="MM/DD/YYYY"
                  min="1950-01-01"
                  max={today}
                  aria-invalid={f.actionOn.errors ? true : undefined}
                  aria-describedby={f.actionOn.errors ? f.actionOn.errorId : undefined}
                  error={f.actionOn.errors?.join(" ")}
                  errorProps={{ id: f.actionOn.errorId }}
                />
                <Group grow>
                  <TextInput {...getInputProps(f.action, { type: "text" })} key={f.action.key} label="Action taken" />
                  <TextInput {...getInputProps(f.reason, { type: "text" })} key={f.reason.key} label="Reason" />
                </Group>
                {stored ? (
                  <Group gap="sm">
                    <input type="hidden" name={f.existingFileId.name} value={String(stored.id)} />
                    <Text size="sm">
                      Attached: {stored.name} ({Math.max(1, Math.round(stored.size / 1024))} KB)
                    </Text>
                    <Checkbox name={f.removeFile.name} label="Remove this file" size="sm" />
                  </Group>
                ) : null}
                {/* A native file input: it works before hydration, unlike a scripted picker. */}
                <Input.Wrapper
                  label={stored ? "Replace the attachment" : "Attachment (image or PDF, up to 10 MB)"}
                  labelProps={{ htmlFor: f.file.id }}
                  error={f.file.errors?.join(" ")}
                  errorProps={{ id: f.file.errorId }}
                >
                  <input
                    type="file"
                    name={f.file.name}
                    id={f.file.id}
                    accept={ACCEPTED_UPLOAD_TYPES}
                    aria-invalid={f.file.errors ? true : undefined}
                    aria-describedby={f.file.errors ? f.file.errorId : undefined}
                    className="file-input"
                  />
                </Input.Wrapper>
              </Stack>
            </fieldset>
          );
        })}
        <Group>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
          {cancelHref ? (
            <Button component={Link} to={cancelHref} variant="default">
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Form>
  );
}
