import { pathToFileURL } from "node:url";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LegalAnswersResponseSchema } from "../../../app/.server/upstream/schemas/contracting.ts";
import { OnboardingResponseSchema } from "../../../app/.server/upstream/schemas/onboarding.ts";
import { ProfileResponseSchema } from "../../../app/.server/upstream/schemas/profile.ts";
import { MeResponseSchema } from "../../../app/.server/upstream/schemas/session.ts";
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_TOO_LARGE,
  UPLOAD_WRONG_CONTENT,
  UPLOAD_WRONG_TYPE,
} from "../../../app/domain/uploads.ts";
import type { ReferenceApi } from "../index.ts";
import {
  ADD_A_LICENSE,
  ANSWER_EVERY_LEGAL_QUESTION,
  ONE_TAX_ID_ONLY,
  ONBOARDING_BROKERS_ONLY,
  SIGNATURE_TOO_SHORT,
  TAX_ID_REQUIRED,
} from "./routes.ts";
import { LICENSE_EXPIRES_IN_MONTHS } from "../accounts/seed.ts";
import { tinyPdf } from "../contracting/seed.ts";
import {
  expectErrorLike as expectError,
  type Sent,
  startTestApi,
  tempDbPath,
  testClient,
  testSeed,
} from "../core/test-support.ts";

const { dbPath, remove: removeDb } = tempDbPath("reference-api-onboarding-");
let api: ReferenceApi;

const ONBOARDING = "onboarding@demo.test";
const ONBOARDED = "onboarded@demo.test";
/** agency@ is an Agency whose role has the banking (ACH) and opt-out steps too. */
const AGENCY = "agency@demo.test";

const SSN = "123-45-6789";
const TAX_ID_FRAGMENTS = ["123456789", "123-45-6789", "45-6789", "134567890", "13-4567890"];

/** Every response body seen, to check that no tax id number ever leaves the API. */
const seenBodies: string[] = [];

const { send, ok, tokenOf } = testClient(() => api.url, {
  jsonContentTypeOnly: true,
  onBody: (text) => seenBodies.push(text),
});

const getOnboarding = async (email: string) =>
  (await ok(OnboardingResponseSchema, "GET", "/api/onboarding", { token: await tokenOf(email) })).onboarding;

const putStep = async (email: string, step: string, sent: Omit<Sent, "token"> = {}) =>
  send("PUT", `/api/onboarding/steps/${step}`, { token: await tokenOf(email), ...sent });

const saveStep = async (email: string, step: string, sent: Omit<Sent, "token"> = {}) =>
  (await ok(OnboardingResponseSchema, "PUT", `/api/onboarding/steps/${step}`, { token: await tokenOf(email), ...sent }))
    .onboarding;

const stepState = (onboarding: { steps: { key: string; complete: boolean }[] }) =>
  Object.fromEntries(onboarding.steps.map((s) => [s.key, s.complete]));

const personal = {
  firstName: "Aisha",
  lastName: "Johnson-Reed",
  phone: "555.740.9911 x12",
  dateOfBirth: "1990-02-14",
  addressLine1: "1200 W Monroe St",
  city: "Chicago",
  state: "il",
  zip: "60607",
};

/** `n` points spread over two strokes. */
function strokes(n: number) {
  const first = Math.ceil(n / 2);
  const points = (count: number, y: number) => Array.from({ length: count }, (_, i) => ({ x: i * 7, y, time: i * 16 }));
  return [{ points: points(first, 20) }, { points: points(n - first, 60) }];
}

const pdf = (text: string) => new Blob([tinyPdf(text)], { type: "application/pdf" });

function documentsForm(files: { w9?: [Blob, string]; eo?: [Blob, string] }): FormData {
  const form = new FormData();
  if (files.w9) form.append("w9", files.w9[0], files.w9[1]);
  if (files.eo) form.append("eo", files.eo[0], files.eo[1]);
  return form;
}

/** The four common legal questions answered No, with the nested naming of PUT /api/profile/legal_answers. */
function allNoAnswers(): FormData {
  const form = new FormData();
  for (const id of [1, 2, 3, 4]) {
    form.append("user[legalAnswersAttributes][][legalQuestionId]", String(id));
    form.append("user[legalAnswersAttributes][][hasOccurred]", "false");
  }
  return form;
}

beforeAll(async () => {
  api = await startTestApi(dbPath);
});

afterAll(async () => {
  await api?.close();
  removeDb();
});

beforeEach(async () => {
  await api.reset();
});

describe("seeded onboardings", () => {
  it("onboarding@ has not started: the steps of its role, none complete, its seed license", async () => {
    const onboarding = await getOnboarding(ONBOARDING);
    const { user } = await ok(MeResponseSchema, "GET", "/api/me", { token: await tokenOf(ONBOARDING) });
    expect(user.roleRequiresSsnOrTin && !user.roleHasShowAchInfo && !user.roleHasOptoutProcess).toBe(true);
    expect(onboarding.steps).toEqual([
      { key: "personal", title: "Personal details, with SSN or TIN", complete: false },
      { key: "licenses", title: "Licenses", complete: false },
      { key: "legal", title: "Legal questions", complete: false },
      { key: "documents", title: "Documents", complete: false },
      { key: "signature", title: "Signature", complete: false },
    ]);
    expect(onboarding).toMatchObject({
      complete: false,
      personal: null,
      banking: null,
      documents: [],
      signature: null,
      optout: null,
    });
    expect(onboarding.licenses.map((l) => [l.state, l.licenseNumber])).toEqual([["IL", "100234567"]]);
  });

  it("onboarded@ has every step of its role complete, without its tax id", async () => {
    const response = await send("GET", "/api/onboarding", { token: await tokenOf(ONBOARDED) });
    const { onboarding } = OnboardingResponseSchema.parse(response.json);
    const { user } = await ok(MeResponseSchema, "GET", "/api/me", { token: await tokenOf(ONBOARDED) });
    expect([user.roleHasShowAchInfo, user.roleRequiresSsnOrTin, user.roleHasOptoutProcess]).toEqual([
      true,
      false,
      false,
    ]);
    expect(onboarding.complete).toBe(true);
    expect(onboarding.steps[0]!.title).toBe("Personal details");
    expect(onboarding.steps.map((s) => s.key)).toEqual([
      "personal",
      "licenses",
      "legal",
      "banking",
      "documents",
      "signature",
    ]);
    expect(onboarding.steps.every((s) => s.complete)).toBe(true);
    expect(onboarding.personal).toMatchObject({
      firstName: "Michael",
      lastName: "Rossi",
      taxIdType: "ein",
      state: "NY",
    });
    expect(onboarding.banking).toEqual({
      accountHolder: "Rossi Insurance Group LLC",
      accountType: "checking",
      routingNumber: "021000021",
      accountNumberLast4: "6789",
    });
    expect(onboarding.documents.map((d) => [d.kind, d.file.contentType])).toEqual([
      ["w9", "application/pdf"],
      ["eo", "application/pdf"],
    ]);
    expect(onboarding.signature).toMatchObject({ points: 40 });
    expect(onboarding.optout).toBeNull();
    expect(onboarding.licenses.length).toBe(2);
    expect(response.text).not.toContain("134567890");
    expect(response.text).not.toContain("000123456789");
    // The documents are the owner's files.
    const w9 = await fetch(`${api.url}/api/profile/files/${onboarding.documents[0]!.file.id}`, {
      headers: { authorization: `Bearer ${await tokenOf(ONBOARDED)}` },
    });
    expect(w9.status).toBe(200);
    expect(
      Buffer.from(await w9.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });
});

describe("onboarding@ walks every step", () => {
  it("saves each step, refuses to complete early, completes, and never returns the tax id", async () => {
    const token = await tokenOf(ONBOARDING);
    const complete = async () => send("POST", "/api/onboarding/complete", { token });
    expectError(await complete(), 422, "Finish the Personal details step first");

    // Personal details, with the SSN (formatting ignored); the user's name and phone follow.
    let onboarding = await saveStep(ONBOARDING, "personal", { json: { ...personal, ssn: SSN } });
    expect(onboarding.personal).toEqual({
      firstName: "Aisha",
      lastName: "Johnson-Reed",
      phone: "(555) 740-9911 x12",
      dateOfBirth: "1990-02-14",
      addressLine1: "1200 W Monroe St",
      city: "Chicago",
      state: "IL",
      zip: "60607",
      taxIdType: "ssn",
    });
    expect(stepState(onboarding).personal).toBe(true);
    const { user } = await ok(MeResponseSchema, "GET", "/api/me", { token });
    expect([user.firstName, user.lastName]).toEqual(["Aisha", "Johnson-Reed"]);
    expect((await ok(ProfileResponseSchema, "GET", "/api/profile", { token })).profile.phone).toBe(
      "(555) 740-9911 x12",
    );
    // A later save may omit the tax id: the stored one is kept.
    onboarding = await saveStep(ONBOARDING, "personal", { json: { ...personal, city: "Evanston" } });
    expect(onboarding.personal).toMatchObject({ city: "Evanston", taxIdType: "ssn" });
    expectError(await complete(), 422, "Finish the Licenses step first");

    // Licenses: adding one does not complete the step; confirming does.
    onboarding = await saveStep(ONBOARDING, "licenses", {
      json: { license: { state: "wi", licenseNumber: "WI-778812", licenseType: "Health", expiresOn: "2030-12-31" } },
    });
    expect(stepState(onboarding).licenses).toBe(false);
    expect(onboarding.licenses.map((l) => [l.state, l.licenseNumber, l.status, l.expiresOn])).toEqual([
      ["IL", "100234567", "Active", testSeed.monthEnd(LICENSE_EXPIRES_IN_MONTHS)],
      ["WI", "WI-778812", "Active", "2030-12-31"],
    ]);
    onboarding = await saveStep(ONBOARDING, "licenses", { json: {} });
    expect(stepState(onboarding).licenses).toBe(true);
    expectError(await complete(), 422, "Finish the Legal questions step first");

    // Legal questions: confirmed only once every question of Medicare Advantage is answered.
    expectError(await putStep(ONBOARDING, "legal", { json: {} }), 422, ANSWER_EVERY_LEGAL_QUESTION);
    await ok(LegalAnswersResponseSchema, "PUT", "/api/profile/legal_answers", { token, form: allNoAnswers() });
    onboarding = await saveStep(ONBOARDING, "legal", { json: {} });
    expect(stepState(onboarding).legal).toBe(true);
    expectError(await complete(), 422, "Finish the Documents step first");

    // Documents: one at a time; the step is complete with both.
    onboarding = await saveStep(ONBOARDING, "documents", {
      form: documentsForm({ w9: [pdf("W-9 Aisha Johnson"), "w9.pdf"] }),
    });
    expect(onboarding.documents.map((d) => d.kind)).toEqual(["w9"]);
    expect(stepState(onboarding).documents).toBe(false);
    expectError(await complete(), 422, "Finish the Documents step first");
    onboarding = await saveStep(ONBOARDING, "documents", {
      form: documentsForm({ eo: [pdf("E&O certificate"), "eo-certificate.pdf"] }),
    });
    expect(onboarding.documents).toEqual([
      {
        kind: "w9",
        file: {
          id: expect.any(Number),
          name: "w9.pdf",
          contentType: "application/pdf",
          size: tinyPdf("W-9 Aisha Johnson").byteLength,
        },
      },
      {
        kind: "eo",
        file: {
          id: expect.any(Number),
          name: "eo-certificate.pdf",
          contentType: "application/pdf",
          size: tinyPdf("E&O certificate").byteLength,
        },
      },
    ]);
    expect(stepState(onboarding).documents).toBe(true);
    // Replacing one keeps the step complete and drops the old file.
    const oldW9 = onboarding.documents[0]!.file.id;
    onboarding = await saveStep(ONBOARDING, "documents", { form: documentsForm({ w9: [pdf("W-9 v2"), "w9-v2.pdf"] }) });
    expect(onboarding.documents.map((d) => d.file.name)).toEqual(["w9-v2.pdf", "eo-certificate.pdf"]);
    expectError(await send("GET", `/api/profile/files/${oldW9}`, { token }), 404);
    expectError(await complete(), 422, "Finish the Signature step first");

    // Signature: more than 15 points.
    expectError(await putStep(ONBOARDING, "signature", { json: { strokes: strokes(15) } }), 422, SIGNATURE_TOO_SHORT);
    expect(SIGNATURE_TOO_SHORT).toBe("The signature is too short");
    onboarding = await saveStep(ONBOARDING, "signature", { json: { strokes: strokes(16) } });
    expect(onboarding.signature).toMatchObject({ points: 16 });
    expect(new Date(onboarding.signature!.signedAt).toISOString()).toBe(onboarding.signature!.signedAt);
    expect(onboarding.steps.every((s) => s.complete)).toBe(true);
    expect(onboarding.complete).toBe(false);

    // Banking and opt-out are not part of onboarding@'s role.
    expectError(
      await putStep(ONBOARDING, "banking", {
        json: { accountHolder: "A", accountType: "checking", routingNumber: "021000021", accountNumber: "1234" },
      }),
      404,
    );
    expectError(await putStep(ONBOARDING, "optout", { json: { marketingEmails: true, leadPrograms: false } }), 404);

    const done = await ok(OnboardingResponseSchema, "POST", "/api/onboarding/complete", { token });
    expect(done.onboarding.complete).toBe(true);
    const me = (await ok(MeResponseSchema, "GET", "/api/me", { token })).user;
    expect([me.onboardingComplete, me.onboardingInProgress]).toEqual([true, false]);
    expect((await getOnboarding(ONBOARDING)).complete).toBe(true);
    // Completing again is harmless.
    expect(
      (await ok(OnboardingResponseSchema, "POST", "/api/onboarding/complete", { token })).onboarding.complete,
    ).toBe(true);

    for (const body of seenBodies) for (const fragment of TAX_ID_FRAGMENTS) expect(body).not.toContain(fragment);
  });

  it("the banking and opt-out steps, for a role that calls for them", async () => {
    let onboarding = await getOnboarding(AGENCY);
    expect(onboarding.steps.map((s) => s.key)).toEqual([
      "personal",
      "licenses",
      "legal",
      "banking",
      "documents",
      "signature",
      "optout",
    ]);
    expect(onboarding.steps.find((s) => s.key === "banking")!.title).toBe("Banking (ACH) details");
    expect(onboarding.steps.find((s) => s.key === "optout")!.title).toBe("Opt-out choices");

    onboarding = await saveStep(AGENCY, "banking", {
      json: {
        accountHolder: " Chen Agency Inc ",
        accountType: "savings",
        routingNumber: "011000015",
        accountNumber: "9876543210",
      },
    });
    expect(onboarding.banking).toEqual({
      accountHolder: "Chen Agency Inc",
      accountType: "savings",
      routingNumber: "011000015",
      accountNumberLast4: "3210",
    });
    expect(stepState(onboarding).banking).toBe(true);
    const again = await putStep(AGENCY, "banking", {
      json: {
        accountHolder: "Chen Agency Inc",
        accountType: "checking",
        routingNumber: "011000015",
        accountNumber: "9876543210",
      },
    });
    expect(again.text).not.toContain("9876543210");

    onboarding = await saveStep(AGENCY, "optout", { json: { marketingEmails: true, leadPrograms: false } });
    expect(onboarding.optout).toEqual({ marketingEmails: true, leadPrograms: false });
    expect(stepState(onboarding).optout).toBe(true);

    // An EIN instead of an SSN.
    onboarding = await saveStep(AGENCY, "personal", {
      json: { ...personal, firstName: "Linda", lastName: "Chen", ein: "98-7654321" },
    });
    expect(onboarding.personal!.taxIdType).toBe("ein");
    expect(JSON.stringify(onboarding)).not.toContain("987654321");
  });
});

describe("validation", () => {
  it("refuses invalid personal details with clear messages", async () => {
    const put = async (json: unknown) => putStep(ONBOARDING, "personal", { json });
    expectError(await put(personal), 422, TAX_ID_REQUIRED);
    expect(TAX_ID_REQUIRED).toBe("Enter your SSN or your EIN");
    expectError(await put({ ...personal, ssn: SSN, ein: "12-3456789" }), 422, ONE_TAX_ID_ONLY);
    expectError(await put({ ...personal, ssn: "123-45-678" }), 422, "SSN must be 9 digits");
    expectError(await put({ ...personal, ein: "12-34567890" }), 422, "EIN must be 9 digits");
    expectError(
      await put({ ...personal, ssn: SSN, phone: "555-1234" }),
      422,
      "Phone must be 10 digits, optionally with an extension",
    );
    expectError(await put({ ...personal, ssn: SSN, zip: "6060" }), 422, "ZIP code must be 5 digits");
    expectError(await put({ ...personal, ssn: SSN, state: "Illinois" }), 422, "State must be a 2-letter state code");
    expectError(
      await put({ ...personal, ssn: SSN, dateOfBirth: "1990-02-30" }),
      422,
      "Date of birth must be a valid date (YYYY-MM-DD)",
    );
    const minor = `${new Date().getUTCFullYear() - 10}-01-01`;
    expectError(await put({ ...personal, ssn: SSN, dateOfBirth: minor }), 422, "You must be at least 18 years old");
    expectError(await put({ ...personal, ssn: SSN, firstName: "  " }), 422, "First name is required");
    expectError(await put({ ssn: SSN }), 422, /First name is required.*Last name is required/);
    expectError(await put([1, 2]), 422);
    const form = new FormData();
    form.append("firstName", "Aisha");
    expectError(await putStep(ONBOARDING, "personal", { form }), 415, "Send the personal step as JSON");
    expect((await getOnboarding(ONBOARDING)).personal).toBeNull();
  });

  it("refuses invalid licenses, legal, banking, documents, signature and opt-out input", async () => {
    const license = { state: "WI", licenseNumber: "WI-1", licenseType: "Health", expiresOn: "2030-01-31" };
    expectError(
      await putStep(ONBOARDING, "licenses", { json: { license: { ...license, expiresOn: "2020-01-31" } } }),
      422,
      "License expiry date must be in the future",
    );
    expectError(
      await putStep(ONBOARDING, "licenses", { json: { license: { ...license, expiresOn: "31/01/2030" } } }),
      422,
      /valid date/,
    );
    expectError(
      await putStep(ONBOARDING, "licenses", { json: { license: { ...license, licenseNumber: "" } } }),
      422,
      "License number is required",
    );
    expectError(
      await putStep(ONBOARDING, "licenses", { json: { license: { ...license, state: "USA" } } }),
      422,
      "License state must be a 2-letter state code",
    );
    expectError(
      await putStep(ONBOARDING, "licenses", {
        json: { license: { state: "IL", licenseNumber: "100234567", licenseType: "Health", expiresOn: "2030-01-31" } },
      }),
      422,
      "This license is already on file",
    );
    // Without any license on file the step cannot be confirmed.
    const client = createClient({ url: pathToFileURL(dbPath).href });
    try {
      await client.execute({ sql: "DELETE FROM licenses WHERE user_id = 7" });
    } finally {
      client.close();
    }
    expectError(await putStep(ONBOARDING, "licenses", { json: {} }), 422, ADD_A_LICENSE);
    expect(ADD_A_LICENSE).toBe("Add at least one license");

    // Legal: some answers are not enough.
    const form = new FormData();
    form.append("user[legalAnswersAttributes][][legalQuestionId]", "1");
    form.append("user[legalAnswersAttributes][][hasOccurred]", "false");
    await ok(LegalAnswersResponseSchema, "PUT", "/api/profile/legal_answers", {
      token: await tokenOf(ONBOARDING),
      form,
    });
    expectError(await putStep(ONBOARDING, "legal"), 422, "Answer every legal question");

    const banking = {
      accountHolder: "Chen Agency Inc",
      accountType: "checking",
      routingNumber: "011000015",
      accountNumber: "12345",
    };
    expectError(
      await putStep(AGENCY, "banking", { json: { ...banking, routingNumber: "12345678" } }),
      422,
      "Routing number must be 9 digits",
    );
    expectError(
      await putStep(AGENCY, "banking", { json: { ...banking, accountNumber: "123" } }),
      422,
      "Account number must be 4 to 17 digits",
    );
    expectError(
      await putStep(AGENCY, "banking", { json: { ...banking, accountNumber: "1".repeat(18) } }),
      422,
      "Account number must be 4 to 17 digits",
    );
    expectError(
      await putStep(AGENCY, "banking", { json: { ...banking, accountType: "brokerage" } }),
      422,
      'Account type must be "checking" or "savings"',
    );
    expectError(
      await putStep(AGENCY, "banking", { json: { ...banking, accountHolder: "" } }),
      422,
      "Account holder is required",
    );

    expectError(
      await putStep(AGENCY, "optout", { json: { marketingEmails: "yes", leadPrograms: false } }),
      422,
      "marketingEmails must be true or false",
    );
    expectError(
      await putStep(AGENCY, "optout", { json: { marketingEmails: true } }),
      422,
      "leadPrograms must be true or false",
    );

    // A long signature (a body over the general 100 kB JSON limit) is accepted.
    const long = strokes(5000);
    expect(JSON.stringify({ strokes: long }).length).toBeGreaterThan(100 * 1024);
    expect((await saveStep(AGENCY, "signature", { json: { strokes: long } })).signature).toMatchObject({
      points: 5000,
    });
    expectError(await putStep(ONBOARDING, "signature", { json: { strokes: [] } }), 422, SIGNATURE_TOO_SHORT);
    expectError(await putStep(ONBOARDING, "signature", { json: {} }), 422, /strokes must be a list/);
    expectError(
      await putStep(ONBOARDING, "signature", { json: { strokes: [{ points: [{ x: "1", y: 2 }] }] } }),
      422,
      /strokes must be a list/,
    );

    const text = new Blob(["hello"], { type: "text/plain" });
    expectError(
      await putStep(ONBOARDING, "documents", { form: documentsForm({ w9: [text, "w9.txt"] }) }),
      422,
      UPLOAD_WRONG_TYPE,
    );
    expect(UPLOAD_WRONG_TYPE).toBe("Only images or PDF files can be attached");
    const big = new Blob([Buffer.alloc(MAX_UPLOAD_BYTES + 1)], { type: "application/pdf" });
    expectError(
      await putStep(ONBOARDING, "documents", { form: documentsForm({ eo: [big, "eo.pdf"] }) }),
      413,
      UPLOAD_TOO_LARGE,
    );
    expect(UPLOAD_TOO_LARGE).toBe("The file is larger than 10 MB");
    expectError(
      await putStep(ONBOARDING, "documents", { form: new FormData() }),
      422,
      "Attach the W-9 and the E&O certificate (image or PDF)",
    );
    expectError(await putStep(ONBOARDING, "documents", { json: {} }), 415, "Send the documents as multipart/form-data");
    // A file is checked by its content too: HTML named w9.pdf, a text named .png (issue 20).
    const html = new Blob(["<!DOCTYPE html><script>alert(1)</script>"], { type: "application/pdf" });
    expectError(
      await putStep(ONBOARDING, "documents", { form: documentsForm({ w9: [html, "w9.pdf"] }) }),
      422,
      UPLOAD_WRONG_CONTENT,
    );
    const notAnImage = new Blob(["not an image"], { type: "image/png" });
    expectError(
      await putStep(ONBOARDING, "documents", { form: documentsForm({ eo: [notAnImage, "eo.png"] }) }),
      422,
      UPLOAD_WRONG_CONTENT,
    );
    expect(UPLOAD_WRONG_CONTENT).toBe("The file's content is not an image or PDF");
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: "image/png" });
    await saveStep(ONBOARDING, "documents", { form: documentsForm({ eo: [png, "eo.png"] }) });
    expectError(await putStep(ONBOARDING, "documents", { form: new FormData() }), 422, "Attach the W-9 (image or PDF)");

    expect((await getOnboarding(ONBOARDING)).steps.every((s) => !s.complete)).toBe(true);
  });

  it("answers 404 for unknown steps, 403 for other roles and 401 without a token", async () => {
    expectError(await putStep(ONBOARDING, "hobbies", { json: {} }), 404, 'Unknown onboarding step "hobbies"');
    expectError(
      await putStep(ONBOARDING, "banking", { json: {} }),
      404,
      "The banking step is not part of your onboarding",
    );
    for (const email of ["admin@demo.test", "carrier@demo.test"]) {
      const token = await tokenOf(email);
      expectError(await send("GET", "/api/onboarding", { token }), 403, ONBOARDING_BROKERS_ONLY);
      expectError(
        await send("PUT", "/api/onboarding/steps/personal", { token, json: personal }),
        403,
        ONBOARDING_BROKERS_ONLY,
      );
      expectError(await send("POST", "/api/onboarding/complete", { token }), 403, ONBOARDING_BROKERS_ONLY);
    }
    expectError(await send("GET", "/api/onboarding"), 401, "Unauthorized Request");
    expectError(await send("PUT", "/api/onboarding/steps/personal", { json: personal }), 401, "Unauthorized Request");
    expectError(await send("POST", "/api/onboarding/complete"), 401, "Unauthorized Request");
  });
});

describe("reset", () => {
  it("the per-user reset restores onboarding@ to not started and leaves the others alone", async () => {
    const token = await tokenOf(ONBOARDING);
    const seeded = await getOnboarding(ONBOARDING);
    await saveStep(ONBOARDING, "personal", { json: { ...personal, ssn: SSN } });
    await saveStep(ONBOARDING, "licenses", {
      json: { license: { state: "WI", licenseNumber: "WI-9", licenseType: "Health", expiresOn: "2031-01-01" } },
    });
    await saveStep(ONBOARDING, "licenses", { json: {} });
    await saveStep(ONBOARDING, "documents", {
      form: documentsForm({ w9: [pdf("w9"), "w9.pdf"], eo: [pdf("eo"), "eo.pdf"] }),
    });
    await saveStep(ONBOARDING, "signature", { json: { strokes: strokes(30) } });
    await saveStep(AGENCY, "optout", { json: { marketingEmails: false, leadPrograms: true } });
    const changed = await getOnboarding(ONBOARDING);
    expect(changed.steps.filter((s) => s.complete).map((s) => s.key)).toEqual([
      "personal",
      "licenses",
      "documents",
      "signature",
    ]);

    const reset = await fetch(`${api.url}/__reset`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: ONBOARDING }),
    });
    expect(reset.status).toBe(204);
    expect(await getOnboarding(ONBOARDING)).toEqual(seeded);
    const me = (await ok(MeResponseSchema, "GET", "/api/me", { token })).user;
    expect([me.firstName, me.lastName, me.onboardingComplete]).toEqual(["Aisha", "Johnson", false]);
    expect((await getOnboarding(AGENCY)).optout).toEqual({ marketingEmails: false, leadPrograms: true });

    // The full reset restores onboarded@ too.
    await saveStep(ONBOARDED, "documents", { form: documentsForm({ w9: [pdf("new w9"), "new-w9.pdf"] }) });
    await api.reset();
    expect((await getOnboarding(ONBOARDED)).documents.map((d) => d.file.name)).toEqual([
      "w9-rossi-insurance-group.pdf",
      "eo-certificate-2026.pdf",
    ]);
    expect((await getOnboarding(AGENCY)).optout).toBeNull();
  });
});
