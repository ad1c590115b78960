import { type Submission, parseWithZod, unstable_coerceFormValue } from "@conform-to/zod/v4";
import { describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { legalAnswersSchema } from "~/domain/legal-answers";
import { documentsSchema, optoutSchema, personalSchema, signatureFormSchema } from "~/domain/onboarding-forms";
import { SignInSchema } from "~/domain/sign-in";
import { commissionInquirySchema } from "~/domain/tickets";

/**
 * What the browser build does (vite.config.ts, conformZodOnZodMini): conform's coercion gets "zod/mini"
 * where it imports "zod/v4" (classic). vitest.config.ts inlines @conform-to/zod so that this mock reaches
 * its import; every other test file (and the server) runs conform on classic. The forms must validate the
 * same in both.
 */
vi.mock("zod/v4", async () => import("zod/mini"));

const pdf = () => new File([new Uint8Array(10)], "a.pdf", { type: "application/pdf" });
const noFile = () => new File([], "", { type: "application/octet-stream" });

/** A submission's field errors (none on a successful one). */
const errorsOf = (submission: Submission<unknown, string[], unknown>) =>
  submission.status === "success" ? undefined : submission.error;

function formData(entries: Array<[string, string | File]>): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("conform's coercion on zod mini, as in the browser", () => {
  it("is built from zod mini here (the mock reaches conform)", () => {
    const coerced = unstable_coerceFormValue(z.object({ a: z.string() }));
    expect(coerced).toBeInstanceOf(z.ZodMiniPipe);
    expect("refine" in coerced).toBe(false);
  });

  const schema = z.object({
    name: z.string("Enter a name"),
    nickname: z.optional(z.string()),
    age: z.number("Enter a number"),
    count: z.optional(z.number()),
    agree: z.boolean(),
    newsletter: z.optional(z.boolean()),
    start: z.date(),
    attachment: z.optional(z.file()),
    document: z.file(),
    tags: z.array(z.string()),
    items: z.array(z.object({ label: z.string(), size: z.number() })),
    choice: z._default(z.enum(["yes", "no"]), "no"),
  });

  it("strings, numbers, checkboxes, dates, files and lists from FormData", () => {
    const file = pdf();
    const submission = parseWithZod(
      formData([
        ["name", "Ann"],
        ["nickname", ""],
        ["age", "42"],
        ["count", ""],
        ["agree", "on"],
        ["start", "2024-01-02"],
        ["attachment", noFile()],
        ["document", file],
        ["tags", "one"],
        ["items[0].label", "a"],
        ["items[0].size", "1.5"],
      ]),
      { schema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Ann",
      nickname: undefined,
      age: 42,
      count: undefined,
      agree: true,
      newsletter: undefined,
      start: new Date("2024-01-02"),
      attachment: undefined,
      document: file,
      tags: ["one"],
      items: [{ label: "a", size: 1.5 }],
      choice: "no",
    });
  });

  it("an empty string is a missing value; a non-number is not a number", () => {
    const submission = parseWithZod(
      formData([
        ["name", ""],
        ["age", "abc"],
        ["start", "not a date"],
        ["document", noFile()],
        ["items[0].size", ""],
      ]),
      { schema },
    );
    expect(submission.status).toBe("error");
    expect(Object.keys(errorsOf(submission) ?? {}).sort()).toEqual([
      "age",
      "agree",
      "document",
      "items[0].label",
      "items[0].size",
      "name",
      "start",
    ]);
    expect(errorsOf(submission)?.name).toEqual(["Enter a name"]);
    expect(errorsOf(submission)?.age).toEqual(["Enter a number"]);
  });
});

describe("the portal's form schemas through conform on zod mini", () => {
  it("sign-in: the messages, and the e-mail trimmed", () => {
    const blank = parseWithZod(formData([["email", ""]]), { schema: SignInSchema });
    expect(errorsOf(blank)).toEqual({ email: ["Enter your e-mail address"], password: ["Enter your password"] });
    const bad = parseWithZod(
      formData([
        ["email", "bad"],
        ["password", "x"],
      ]),
      { schema: SignInSchema },
    );
    expect(errorsOf(bad)).toEqual({ email: ["Enter a valid e-mail address"] });
    const ok = parseWithZod(
      formData([
        ["email", " a@b.co "],
        ["password", "x"],
      ]),
      { schema: SignInSchema },
    );
    expect(ok.status === "success" && ok.value).toEqual({ email: "a@b.co", password: "x" });
  });

  it("personal details: transforms and the cross-field tax id rule", () => {
    const schema = personalSchema({ today: "2024-06-15", taxIdRequired: true });
    const fields: Array<[string, string]> = [
      ["firstName", " A "],
      ["lastName", "B"],
      ["phone", "(555) 123-4567"],
      ["dateOfBirth", "1/5/1980"],
      ["addressLine1", "1 St"],
      ["city", "C"],
      ["state", "ny"],
      ["zip", "12345"],
    ];
    expect(errorsOf(parseWithZod(formData(fields), { schema }))).toEqual({
      taxId: ["Enter your SSN (###-##-####) or your agency's EIN (##-#######)"],
    });
    const ok = parseWithZod(formData([...fields, ["taxIdType", "ein"], ["taxId", "12-3456789"]]), { schema });
    expect(ok.status === "success" && ok.value).toEqual({
      firstName: "A",
      lastName: "B",
      phone: "5551234567",
      dateOfBirth: "1980-01-05",
      addressLine1: "1 St",
      city: "C",
      state: "NY",
      zip: "12345",
      taxIdType: "ein",
      taxId: "123456789",
    });
    const wrong = parseWithZod(
      formData([
        ["phone", "123"],
        ["dateOfBirth", "01/02/2010"],
        ["state", "New"],
        ["zip", "1234"],
      ]),
      { schema },
    );
    expect(errorsOf(wrong)).toMatchObject({
      firstName: ["Enter your first name"],
      phone: ["Enter a 10-digit phone number"],
      dateOfBirth: ["Enter a date on or before 06/15/2006"],
      state: ["Use the 2-letter state code"],
      zip: ["Enter a 5-digit ZIP code"],
    });
  });

  it("legal answers: numbers, the default answer and a Yes's required parts", () => {
    const schema = legalAnswersSchema({ today: "2024-06-15" });
    const no = parseWithZod(formData([["answers[0].legalQuestionId", "3"]]), { schema });
    expect(no.status === "success" && no.value).toEqual({
      answers: [{ legalQuestionId: 3, hasOccurred: "no", removeFile: false }],
    });
    const yes = parseWithZod(
      formData([
        ["answers[0].legalQuestionId", "1"],
        ["answers[0].hasOccurred", "yes"],
        ["answers[0].actionOn", "13/05/2020"],
        ["answers[0].file", noFile()],
      ]),
      { schema },
    );
    expect(errorsOf(yes)).toEqual({
      "answers[0].explanation": ["Explain what happened"],
      "answers[0].actionOn": ["Enter the date of action as MM/DD/YYYY"],
      "answers[0].file": ["Attach a document (image or PDF)"],
    });
  });

  it("documents, opt-out, signature and a carrier's id", () => {
    expect(errorsOf(parseWithZod(formData([["w9", noFile()]]), { schema: documentsSchema(["eo"]) }))).toEqual({
      w9: ["Attach your W-9 form (image or PDF)"],
    });
    const optout = parseWithZod(formData([["marketingEmails", "on"]]), { schema: optoutSchema });
    expect(optout.status === "success" && optout.value).toEqual({ marketingEmails: true, leadPrograms: false });
    expect(errorsOf(parseWithZod(formData([["signature", "[]"]]), { schema: signatureFormSchema }))).toEqual({
      signature: ["Please sign in the box: your signature is too short."],
    });
    const inquiry = parseWithZod(
      formData([
        ["carrierId", " 7 "],
        ["reference", "R1"],
        ["subject", "S"],
        ["message", "M"],
        ["attachment", pdf()],
      ]),
      { schema: commissionInquirySchema([3, 7]) },
    );
    expect(inquiry.status === "success" && inquiry.value).toMatchObject({ carrierId: 7, reference: "R1" });
    const none = parseWithZod(formData([["carrierId", ""]]), { schema: commissionInquirySchema([3, 7]) });
    expect(errorsOf(none)?.carrierId).toEqual(["Choose the carrier"]);
  });
});
