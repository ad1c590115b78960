import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { $ZodType } from "zod/v4/core";
import { FORM_LIMITS, fieldNameProblem, readForm } from "./form-limits";
import { definedFields, parseSubmission } from "./forms";

function post(body: BodyInit, contentType?: string): Request {
  return new Request("http://portal.test/x", {
    method: "POST",
    body,
    headers: contentType ? { "content-type": contentType } : undefined,
  });
}

async function status(promise: Promise<unknown>): Promise<number | "ok"> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe("field names are bounded before the form library sees them (issue 8 point 1)", () => {
  it("accepts the names the portal's forms use", () => {
    for (const name of ["email", "answers[0].explanation", "licenses[12].state", "__intent__", "a.b.c"]) {
      expect(fieldNameProblem(name)).toBeNull();
    }
  });

  it("refuses huge list indexes, deep nesting and long names", () => {
    expect(fieldNameProblem("pad[10000000]")).toBe("list index too large");
    expect(fieldNameProblem("x[4294967294]")).toBe("list index too large");
    expect(fieldNameProblem(`x[${"9".repeat(150)}]`)).toBe("list index too large");
    expect(fieldNameProblem(`x[${FORM_LIMITS.index + 1}]`)).toBe("list index too large");
    expect(fieldNameProblem(`x[${FORM_LIMITS.index}]`)).toBeNull();
    expect(fieldNameProblem(`a${".a".repeat(FORM_LIMITS.depth)}`)).toBe("nested too deep");
    expect(fieldNameProblem("a".repeat(FORM_LIMITS.nameLength + 1))).toBe("too long");
  });

  it("a form with a hostile name, too many fields, or that is not a form is a 400", async () => {
    const form = (s: string) => post(s, "application/x-www-form-urlencoded");
    expect(await status(readForm(form("x[4294967294]=1"), { files: false }))).toBe(400);
    expect(await status(readForm(form(`a${".a".repeat(5000)}=1`), { files: false }))).toBe(400);
    expect(
      await status(
        readForm(form(Array.from({ length: FORM_LIMITS.fields + 1 }, (_, i) => `f${i}=1`).join("&")), { files: false }),
      ),
    ).toBe(400);
    expect(await status(readForm(post('{"a":1}', "application/json"), { files: false }))).toBe(400);
    expect(await status(readForm(form("email=a%40b.c&answers[3].note=x"), { files: false }))).toBe("ok");
  });

  it("counts bytes it reads: a form without uploads over its limit is a 413", async () => {
    const big = `junk=${"a".repeat(FORM_LIMITS.formBytes)}`;
    expect(await status(readForm(post(big, "application/x-www-form-urlencoded"), { files: false }))).toBe(413);
  });

  it("invalid UTF-8 in a multipart text field, or a broken multipart body, is a 400", async () => {
    const boundary = "----b";
    const bytes = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="subject"\r\n\r\n`),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    expect(await status(readForm(post(bytes, `multipart/form-data; boundary=${boundary}`), { files: true }))).toBe(400);
    expect(
      await status(readForm(post("--nope\r\ngarbage", `multipart/form-data; boundary=${boundary}`), { files: true })),
    ).toBe(400);
    expect(await status(readForm(post("a=1", "multipart/form-data"), { files: true }))).toBe(400);
  });

  it("files sent to a form without uploads are dropped; text fields kept", async () => {
    const form = new FormData();
    form.append("subject", "Hello");
    form.append("file", new File(["x"], "x.pdf", { type: "application/pdf" }));
    const parsed = await readForm(post(form), { files: false });
    expect([...parsed.keys()]).toEqual(["subject"]);
  });
});

describe("only the fields a form defines reach it (issue 8 points 1 and 2)", () => {
  const schema = z.object({
    date: z.string().optional(),
    answers: z.array(z.object({ explanation: z.string() })),
  });

  it("drops unknown fields, wrong shapes and conform's intents; keeps list items", () => {
    const form = new FormData();
    form.append("junk", "x".repeat(1000));
    form.append("date[0]", "2020-01-01");
    form.append("date.year", "2020");
    form.append("answers[1].explanation", "kept");
    form.append("__intent__", '{"type":"insert","payload":{"name":"answers","index":99999999}}');
    form.append("__state__", "{broken");
    expect([...definedFields(form, schema).keys()]).toEqual(["answers[1].explanation"]);
  });

  it("a wrong shape is the field's own error, and the reply echoes nothing undefined", () => {
    const form = new FormData();
    form.append("date[0]", "2020-01-01");
    form.append("answers[0].explanation", "yes");
    form.append("junk", "secret-echo");
    const submission = parseSubmission(form, { schema });
    expect(submission.status).toBe("success");
    expect(JSON.stringify(submission.reply())).not.toContain("secret-echo");
  });
});

describe("every form schema of the portal names its fields", () => {
  it("the shape of each action's schema is readable (no schema falls outside the form layer)", async () => {
    const { fieldPathsOf } = await import("./forms");
    const onboarding = await import("~/domain/onboarding-forms");
    const { legalAnswersSchema } = await import("~/domain/legal-answers");
    const { SignInSchema } = await import("~/domain/sign-in");
    const today = "2026-11-23";
    const schemas: Array<[string, $ZodType, string]> = [
      ["sign-in", SignInSchema, "email"],
      ["personal", onboarding.personalSchema({ today, taxIdRequired: true }), "dateOfBirth"],
      ["licenses", onboarding.licenseSchema({ today }), "expiresOn"],
      ["legal answers", legalAnswersSchema({ today }), "answers[].actionOn"],
      ["banking", onboarding.bankingSchema, "routingNumber"],
      ["documents", onboarding.documentsSchema([]), "w9"],
      ["signature", onboarding.signatureFormSchema, "signature"],
      ["opt-out", onboarding.optoutSchema, "marketingEmails"],
    ];
    for (const [name, schema, field] of schemas) expect(fieldPathsOf(schema), name).toContain(field);
  });
});
