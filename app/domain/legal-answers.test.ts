import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  ANSWER_EVERY_QUESTION,
  ATTACHMENT_REQUIRED,
  type ParsedAnswer,
  answersToNestedRows,
  legalAnswerSetProblems,
  legalAnswersSchema,
} from "~/domain/legal-answers";
import { fromNestedEntries, toNestedEntries } from "~/domain/nested-attributes";
import { MAX_UPLOAD_BYTES, OVERSIZED_UPLOAD_TYPE } from "~/domain/uploads";

const TODAY = "2024-06-15";
const schema = legalAnswersSchema({ today: TODAY });
const pdf = (name = "a.pdf", size = 10) => new File([new Uint8Array(size)], name, { type: "application/pdf" });
const noFile = () => new File([], "", { type: "application/octet-stream" });

type Input = Record<string, unknown>;
const yes = (extra: Input = {}): Input => ({
  legalQuestionId: "1",
  hasOccurred: "yes",
  explanation: "A complaint was filed",
  actionOn: "03/05/2020",
  file: pdf(),
  ...extra,
});

/** Field errors as { "answers.0.file": [...] }, as conform reports them. */
function errorsOf(answers: Input[]): Record<string, string[]> {
  const result = schema.safeParse({ answers });
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

describe("spec §5: a legal explanation requires an attachment (images or PDF) and a date of action in month/day/year format", () => {
  it("Yes without explanation, date or file: three field errors", () => {
    expect(errorsOf([{ legalQuestionId: "1", hasOccurred: "yes" }])).toEqual({
      "answers.0.explanation": ["Explain what happened"],
      "answers.0.actionOn": ["Enter the date of action as MM/DD/YYYY"],
      "answers.0.file": ["Attach a document (image or PDF)"],
    });
  });

  it("blank explanation and empty file input count as missing", () => {
    expect(errorsOf([yes({ explanation: "   ", file: noFile() })])).toEqual({
      "answers.0.explanation": ["Explain what happened"],
      "answers.0.file": ["Attach a document (image or PDF)"],
    });
  });

  it("a complete Yes passes, with the date as ISO", () => {
    const file = pdf();
    const parsed = schema.parse({ answers: [yes({ id: "7", file, action: " Fined ", reason: "late" })] });
    expect(parsed.answers[0]).toEqual({
      legalQuestionId: 1,
      id: 7,
      hasOccurred: "yes",
      explanation: "A complaint was filed",
      actionOn: "2020-03-05",
      action: "Fined",
      reason: "late",
      file,
      removeFile: false,
    });
  });

  it("a Yes with an existing kept file passes", () => {
    expect(errorsOf([yes({ file: undefined, existingFileId: "42" })])).toEqual({});
    expect(errorsOf([yes({ file: noFile(), existingFileId: "42" })])).toEqual({});
  });

  it("removing the existing file without a new file fails", () => {
    expect(errorsOf([yes({ file: undefined, existingFileId: "42", removeFile: "on" })])).toEqual({
      "answers.0.file": ["Attach a document (image or PDF)"],
    });
  });

  it("removing the existing file with a new file passes", () => {
    expect(errorsOf([yes({ existingFileId: "42", removeFile: "on" })])).toEqual({});
  });

  it("a file of the wrong type fails with the upload message", () => {
    const text = new File(["hello"], "notes.txt", { type: "text/plain" });
    expect(errorsOf([yes({ file: text })])).toEqual({ "answers.0.file": ["Only images or PDF files can be attached"] });
  });

  it("a file over 10 MB fails with the upload message", () => {
    expect(errorsOf([yes({ file: pdf("big.pdf", MAX_UPLOAD_BYTES + 1) })])).toEqual({
      "answers.0.file": ["The file is larger than 10 MB"],
    });
  });

  it("the server's oversized marker fails with the size message", () => {
    const marker = new File([], "big.pdf", { type: OVERSIZED_UPLOAD_TYPE });
    expect(errorsOf([yes({ file: marker })])).toEqual({ "answers.0.file": ["The file is larger than 10 MB"] });
  });

  it("a new file is checked even when a stored file is kept", () => {
    const text = new File(["x"], "x.txt", { type: "text/plain" });
    expect(errorsOf([yes({ file: text, existingFileId: "42" })])).toEqual({
      "answers.0.file": ["Only images or PDF files can be attached"],
    });
  });

  it.each([
    ["02/30/2024", "Enter the date of action as MM/DD/YYYY"],
    ["2024-01-05", "Enter the date of action as MM/DD/YYYY"],
    ["06/16/2024", "Enter a date on or before 06/15/2024"],
    ["12/31/1949", "Enter a date on or after 01/01/1950"],
  ])("date of action %j fails: %s", (actionOn, message) => {
    expect(errorsOf([yes({ actionOn })])).toEqual({ "answers.0.actionOn": [message] });
  });

  it("today and 01/01/1950 are accepted", () => {
    expect(errorsOf([yes({ actionOn: "06/15/2024" }), yes({ legalQuestionId: "2", actionOn: "1/1/1950" })])).toEqual(
      {},
    );
  });
});

describe("spec §4: the explanation fields appear only when the answer is Yes", () => {
  it("No (the default) ignores junk in the other fields", () => {
    const junk = {
      explanation: "",
      actionOn: "02/30/2024",
      file: new File(["x"], "x.exe", { type: "" }),
      removeFile: "on",
    };
    const parsed = schema.parse({
      answers: [
        { legalQuestionId: "3", hasOccurred: "no", ...junk },
        { legalQuestionId: "4", ...junk },
      ],
    });
    expect(parsed.answers).toEqual([
      { legalQuestionId: 3, hasOccurred: "no", removeFile: false },
      { legalQuestionId: 4, hasOccurred: "no", removeFile: false },
    ]);
  });

  it("errors land on the right answer", () => {
    expect(Object.keys(errorsOf([{ legalQuestionId: "1" }, { legalQuestionId: "2", hasOccurred: "yes" }]))).toEqual([
      "answers.1.explanation",
      "answers.1.actionOn",
      "answers.1.file",
    ]);
  });

  it("an unknown hasOccurred value is refused", () => {
    expect(Object.keys(errorsOf([{ legalQuestionId: "1", hasOccurred: "maybe" }]))).toEqual(["answers.0.hasOccurred"]);
  });
});

describe("with conform: the multipart form data a browser submits", () => {
  function formOf(fields: Array<[string, string | File]>): FormData {
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    return form;
  }

  it("an empty file input, empty id and a No answer parse", () => {
    const submission = parseWithZod(
      formOf([
        ["answers[0].legalQuestionId", "1"],
        ["answers[0].id", ""],
        ["answers[0].hasOccurred", "no"],
        ["answers[0].explanation", ""],
        ["answers[0].actionOn", ""],
        ["answers[0].file", noFile()],
        ["answers[1].legalQuestionId", "2"],
        ["answers[1].id", "9"],
        ["answers[1].hasOccurred", "yes"],
        ["answers[1].explanation", "Suspended"],
        ["answers[1].actionOn", "01/02/2003"],
        ["answers[1].action", ""],
        ["answers[1].existingFileId", "5"],
        ["answers[1].file", noFile()],
      ]),
      { schema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.answers).toEqual([
      { legalQuestionId: 1, hasOccurred: "no", removeFile: false },
      {
        legalQuestionId: 2,
        id: 9,
        hasOccurred: "yes",
        explanation: "Suspended",
        actionOn: "2003-01-02",
        action: "",
        reason: "",
        existingFileId: "5",
        removeFile: false,
      },
    ]);
  });

  it("field errors are reported by field name", () => {
    const submission = parseWithZod(
      formOf([
        ["answers[0].legalQuestionId", "1"],
        ["answers[0].hasOccurred", "yes"],
        ["answers[0].explanation", ""],
        ["answers[0].actionOn", ""],
        ["answers[0].existingFileId", "5"],
        ["answers[0].removeFile", "on"],
        ["answers[0].file", noFile()],
      ]),
      { schema },
    );
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      "answers[0].explanation": ["Explain what happened"],
      "answers[0].actionOn": ["Enter the date of action as MM/DD/YYYY"],
      "answers[0].file": ["Attach a document (image or PDF)"],
    });
  });
});

describe("spec §7: the answers as upstream rows (user[legalAnswersAttributes][] entries)", () => {
  it("maps Yes and No answers", () => {
    const file = pdf();
    const answers: ParsedAnswer[] = [
      {
        legalQuestionId: 1,
        id: 7,
        hasOccurred: "yes",
        explanation: "e",
        actionOn: "2020-03-05",
        action: "",
        reason: "r",
        file,
        existingFileId: "3",
        removeFile: true,
      },
      { legalQuestionId: 2, hasOccurred: "no", removeFile: false },
      {
        legalQuestionId: 3,
        hasOccurred: "yes",
        explanation: "x",
        actionOn: "2021-01-01",
        action: "a",
        reason: "",
        existingFileId: "4",
        removeFile: true,
      },
    ];
    expect(answersToNestedRows(answers)).toEqual([
      {
        legalQuestionId: "1",
        id: "7",
        hasOccurred: "true",
        actionOn: "2020-03-05",
        action: "",
        reason: "r",
        explanation: "e",
        file,
        removeFile: null, // a new file replaces the stored one
      },
      {
        legalQuestionId: "2",
        id: null,
        hasOccurred: "false",
        actionOn: null,
        action: null,
        reason: null,
        explanation: null,
        file: null,
        removeFile: null,
      },
      {
        legalQuestionId: "3",
        id: null,
        hasOccurred: "true",
        actionOn: "2021-01-01",
        action: "a",
        reason: "",
        explanation: "x",
        file: null,
        removeFile: "1",
      },
    ]);
  });

  it("the rows survive the multipart encoding", () => {
    const parsed = schema.parse({
      answers: [
        { legalQuestionId: "1", hasOccurred: "no" },
        yes({ legalQuestionId: "2", id: "8", file: undefined, existingFileId: "3" }),
        { legalQuestionId: "3", id: "9" },
      ],
    });
    const entries = toNestedEntries("user", "legalAnswers", answersToNestedRows(parsed.answers));
    expect(entries[0]).toEqual(["user[legalAnswersAttributes][][legalQuestionId]", "1"]);
    expect(fromNestedEntries(entries, "user", "legalAnswers")).toEqual([
      { legalQuestionId: "1", hasOccurred: "false" },
      {
        legalQuestionId: "2",
        id: "8",
        hasOccurred: "true",
        actionOn: "2020-03-05",
        action: "",
        reason: "",
        explanation: "A complaint was filed",
      },
      { legalQuestionId: "3", id: "9", hasOccurred: "false" },
    ]);
  });
});

describe("the answer set: exactly the asked questions, and a kept attachment is the stored one", () => {
  const no = (legalQuestionId: number): ParsedAnswer => ({ legalQuestionId, hasOccurred: "no", removeFile: false });
  const keeps = (legalQuestionId: number, existingFileId: string, file?: File): ParsedAnswer => ({
    legalQuestionId,
    hasOccurred: "yes",
    explanation: "Filed",
    actionOn: "2020-03-05",
    existingFileId,
    removeFile: false,
    ...(file ? { file } : {}),
  });
  const asked = { questions: [{ id: 1 }, { id: 2 }], stored: [{ legalQuestionId: 2, file: { id: 77 } }] };

  it("every question answered once: no problem", () => {
    expect(legalAnswerSetProblems([no(1), no(2)], asked)).toBeNull();
    expect(legalAnswerSetProblems([no(1), keeps(2, "77")], asked)).toBeNull();
  });

  it("a missing, repeated, foreign or extra answer is refused as a whole", () => {
    const refused = { formErrors: [ANSWER_EVERY_QUESTION] };
    expect(legalAnswerSetProblems([no(1)], asked)).toEqual(refused);
    expect(legalAnswerSetProblems([no(1), no(1)], asked)).toEqual(refused);
    expect(legalAnswerSetProblems([no(1), no(3)], asked)).toEqual(refused);
    expect(legalAnswerSetProblems([no(1), no(2), no(3)], asked)).toEqual(refused);
    expect(legalAnswerSetProblems([], asked)).toEqual(refused);
  });

  it("a Yes keeping a file id that is not the one stored for its question has no attachment (spec §5)", () => {
    expect(legalAnswerSetProblems([keeps(1, "77"), no(2)], asked)).toEqual({
      fieldErrors: { "answers[0].file": [ATTACHMENT_REQUIRED] },
    });
    expect(legalAnswerSetProblems([no(1), keeps(2, "78")], asked)).toEqual({
      fieldErrors: { "answers[1].file": [ATTACHMENT_REQUIRED] },
    });
    // A new file replaces whatever was claimed.
    expect(legalAnswerSetProblems([no(1), keeps(2, "78", pdf())], asked)).toBeNull();
  });

  it("no questions for the product: only an empty answer set passes", () => {
    expect(legalAnswerSetProblems([], { questions: [], stored: [] })).toBeNull();
    expect(legalAnswerSetProblems([no(1)], { questions: [], stored: [] })).toEqual({
      formErrors: [ANSWER_EVERY_QUESTION],
    });
  });
});
