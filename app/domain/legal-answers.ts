import * as z from "zod/mini";
import type { NestedValue } from "~/domain/nested-attributes";
import { isEmptyFile, uploadProblem } from "~/domain/uploads";
import { noControlCharacters, parseUsDate, usDate } from "~/domain/validation";

/**
 * The legal questions form, shared by the client (conform) and the server.
 * Spec §4 "Legal answers: the explanation fields appear only when the answer is Yes."
 * Spec §5 "A legal explanation requires an attachment (images or PDF) and a date of action in
 * month/day/year format."
 *
 * Field names (conform): answers[i].legalQuestionId, .id, .hasOccurred ("yes" | "no"), .explanation,
 * .actionOn (MM/DD/YYYY), .action, .reason, .file, .existingFileId, .removeFile ("on").
 */

export const EXPLANATION_REQUIRED = "Explain what happened";
export const ACTION_ON_REQUIRED = "Enter the date of action as MM/DD/YYYY";
export const ATTACHMENT_REQUIRED = "Attach a document (image or PDF)";
export const EARLIEST_ACTION_ON = "1950-01-01";

/** One answer after validation. For a "no" answer only legalQuestionId, id and hasOccurred are kept. */
export interface ParsedAnswer {
  legalQuestionId: number;
  id?: number;
  hasOccurred: "yes" | "no";
  explanation?: string;
  /** ISO YYYY-MM-DD. */
  actionOn?: string;
  action?: string;
  reason?: string;
  /** A new, non-empty file. */
  file?: File;
  /** The stored file kept (unless removeFile). */
  existingFileId?: string;
  /** The user removes the stored file. */
  removeFile: boolean;
}

const optionalText = z.optional(z.string().check(z.trim(), noControlCharacters({ multiline: true })));
const positiveInt = z.coerce.number().check(z.int(), z.positive());
const CHECKED = new Set(["on", "true", "1"]);

export function legalAnswersSchema(options: { today: string /* ISO */ }) {
  const actionOnSchema = usDate(ACTION_ON_REQUIRED, { min: EARLIEST_ACTION_ON, max: options.today });

  const answerFields = z
    .object({
      legalQuestionId: positiveInt,
      id: z.optional(positiveInt),
      hasOccurred: z._default(z.enum(["yes", "no"]), "no"),
      explanation: optionalText,
      actionOn: optionalText,
      action: optionalText,
      reason: optionalText,
      file: z.optional(z.file()),
      existingFileId: optionalText,
      removeFile: z.optional(z.string()),
    })
    .check(
      z.superRefine((answer, ctx) => {
        if (answer.hasOccurred !== "yes") return;
        if (!answer.explanation) {
          ctx.addIssue({ code: "custom", message: EXPLANATION_REQUIRED, path: ["explanation"] });
        }
        const date = actionOnSchema.safeParse(answer.actionOn ?? "");
        if (!date.success) {
          ctx.addIssue({
            code: "custom",
            message: date.error.issues[0]?.message ?? ACTION_ON_REQUIRED,
            path: ["actionOn"],
          });
        }
        const newFile = answer.file && !isEmptyFile(answer.file) ? answer.file : undefined;
        const keepsStored = !!answer.existingFileId && !CHECKED.has(answer.removeFile ?? "");
        if (newFile) {
          const problem = uploadProblem(newFile);
          if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["file"] });
        } else if (!keepsStored) {
          ctx.addIssue({ code: "custom", message: ATTACHMENT_REQUIRED, path: ["file"] });
        }
      }),
    );

  const answerSchema = z.pipe(
    answerFields,
    z.transform((answer: z.output<typeof answerFields>): ParsedAnswer => {
      const base = {
        legalQuestionId: answer.legalQuestionId,
        ...(answer.id !== undefined ? { id: answer.id } : {}),
      };
      const removeFile = CHECKED.has(answer.removeFile ?? "");
      if (answer.hasOccurred !== "yes") return { ...base, hasOccurred: "no", removeFile: false };
      const newFile = answer.file && !isEmptyFile(answer.file) ? answer.file : undefined;
      return {
        ...base,
        hasOccurred: "yes",
        explanation: answer.explanation,
        actionOn: parseUsDate(answer.actionOn ?? "") ?? undefined,
        action: answer.action ?? "",
        reason: answer.reason ?? "",
        ...(newFile ? { file: newFile } : {}),
        ...(answer.existingFileId ? { existingFileId: answer.existingFileId } : {}),
        removeFile,
      };
    }),
  );

  return z.object({ answers: z.array(answerSchema) });
}

/**
 * Parsed answers → the upstream's legal answer rows (spec §7 PUT /api/profile/legal_answers: id,
 * hasOccurred, legalQuestionId, actionOn, action, reason, explanation, file, removeFile), ready for
 * toNestedEntries("user", "legalAnswers", rows). legalQuestionId comes first in every row.
 *
 * A "no" row carries only legalQuestionId, id and hasOccurred "false". A "yes" row sends action and reason
 * as "" when cleared (so the upstream clears them), the file only when a new non-empty one was chosen,
 * and removeFile "1" only when the stored file is removed without a replacement (a new file replaces it).
 */
export function answersToNestedRows(answers: ParsedAnswer[]): Array<Record<string, NestedValue | null>> {
  return answers.map((answer) => {
    const row: Record<string, NestedValue | null> = {
      legalQuestionId: String(answer.legalQuestionId),
      id: answer.id !== undefined ? String(answer.id) : null,
      hasOccurred: answer.hasOccurred === "yes" ? "true" : "false",
      actionOn: null,
      action: null,
      reason: null,
      explanation: null,
      file: null,
      removeFile: null,
    };
    if (answer.hasOccurred !== "yes") return row;
    row.actionOn = answer.actionOn ?? null;
    row.action = answer.action ?? "";
    row.reason = answer.reason ?? "";
    row.explanation = answer.explanation ?? null;
    const newFile = answer.file && !isEmptyFile(answer.file) ? answer.file : null;
    row.file = newFile;
    row.removeFile = answer.removeFile && !newFile ? "1" : null;
    return row;
  });
}

/** The upstream's side of a legal answer set: the questions asked, and the answers (and files) it keeps. */
export interface AskedLegalQuestions {
  questions: ReadonlyArray<{ id: number }>;
  stored: ReadonlyArray<{ legalQuestionId: number; file: { id: number } | null }>;
}

export const ANSWER_EVERY_QUESTION = "Answer every legal question of this product.";

/**
 * What the form's schema cannot know: the answers must be exactly the asked questions, each once, and a
 * kept attachment must be the one stored for that question (never an id typed into the form), so a Yes
 * is never saved without its attachment (spec §5). Null when the answer set is complete.
 */
export function legalAnswerSetProblems(
  answers: readonly ParsedAnswer[],
  { questions, stored }: AskedLegalQuestions,
): { formErrors?: string[]; fieldErrors?: Record<string, string[]> } | null {
  const asked = new Set(questions.map((q) => q.id));
  const given = new Set(answers.map((a) => a.legalQuestionId));
  if (answers.length !== asked.size || [...asked].some((id) => !given.has(id))) {
    return { formErrors: [ANSWER_EVERY_QUESTION] };
  }
  const fieldErrors: Record<string, string[]> = {};
  answers.forEach((answer, index) => {
    if (answer.hasOccurred !== "yes" || !answer.existingFileId || answer.removeFile) return;
    const file = stored.find((s) => s.legalQuestionId === answer.legalQuestionId)?.file;
    const hasNewFile = answer.file instanceof File && answer.file.size > 0;
    if (!hasNewFile && (!file || String(file.id) !== answer.existingFileId)) {
      fieldErrors[`answers[${index}].file`] = [ATTACHMENT_REQUIRED];
    }
  });
  return Object.keys(fieldErrors).length ? { fieldErrors } : null;
}
