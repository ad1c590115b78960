import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CarrierResourceSchema,
  CenterResourcesResponseSchema,
  ContractingStatusesResponseSchema,
  LegalAnswersResponseSchema,
  LegalQuestionsResponseSchema,
  ProductCarriersResponseSchema,
  ProductsResponseSchema,
} from "../../../app/.server/upstream/schemas/contracting.ts";
import { LoginResponseSchema } from "../../../app/.server/upstream/schemas/session.ts";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE, UPLOAD_WRONG_TYPE } from "../../../app/domain/uploads.ts";
import { DOCUMENTS_NEED_ATTENTION } from "./routes.ts";
import { type ReferenceApi, startReferenceApi } from "../index.ts";
import { DEMO_PASSWORD } from "../accounts/seed.ts";
import {
  DENIED_NOTE,
  UNSAFE_HTML_CARRIER_PRODUCT_ID,
  futureCertificationDate,
  pastCertificationDate,
  tinyPdf,
} from "./seed.ts";
import {
  expectErrorLike as expectError,
  silentLogger as logger,
  startTestApi,
  tempDbPath,
  testClient,
  testSeed,
} from "../core/test-support.ts";

const FUTURE_CERTIFICATION_DATE = futureCertificationDate(testSeed);
const PAST_CERTIFICATION_DATE = pastCertificationDate(testSeed);

const { dir, dbPath, remove: removeDb } = tempDbPath("reference-api-contracting-");
let api: ReferenceApi;

const { send, ok, tokenOf } = testClient(() => api.url, { jsonContentTypeOnly: true });

const statusesOf = async (email: string) =>
  (
    await ok(ContractingStatusesResponseSchema, "GET", "/api/profile/contracting_entries", {
      token: await tokenOf(email),
    })
  ).contractingStatuses.statuses;

const idsIn = (entries: { carrierProductId: number }[]) => entries.map((e) => e.carrierProductId);

const A = "user[legalAnswersAttributes][]";
/** One nested-attributes entry appended to `form` (Rails naming). */
function appendAnswer(form: FormData, fields: Record<string, string | Blob | [Blob, string]>) {
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) form.append(`${A}[${name}]`, value[0], value[1]);
    else if (typeof value === "string") form.append(`${A}[${name}]`, value);
    else form.append(`${A}[${name}]`, value);
  }
}

const pdfBlob = (text: string) => new Blob([tinyPdf(text)], { type: "application/pdf" });

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

describe("products, carriers and carrier resources", () => {
  it("lists the products with Medicare Advantage first, each with at least three carriers", async () => {
    const token = await tokenOf("agent@demo.test");
    const { products } = await ok(ProductsResponseSchema, "GET", "/api/resource_lists/products", { token });
    expect(products[0]).toEqual({ id: 1, name: "Medicare Advantage" });
    expect(products.map((p) => p.id)).toEqual([1, 2, 3, 4]);

    const carrierProductIds: number[] = [];
    for (const product of products) {
      const { productCarriers } = await ok(
        ProductCarriersResponseSchema,
        "GET",
        `/api/resource_lists/product_carriers/${product.id}`,
        { token },
      );
      expect(productCarriers.length).toBeGreaterThanOrEqual(3);
      carrierProductIds.push(...productCarriers.map((c) => c.carrierProductId));
    }
    expect(new Set(carrierProductIds).size).toBe(carrierProductIds.length);

    const ma = await ok(ProductCarriersResponseSchema, "GET", "/api/resource_lists/product_carriers/1", { token });
    expect(ma.productCarriers[0]).toEqual({ id: 1, carrierName: "Blue Harbor Health", carrierProductId: 101 });

    expectError(await send("GET", "/api/resource_lists/product_carriers/99", { token }), 404, "No product with id 99");
    expectError(await send("GET", "/api/resource_lists/product_carriers/abc", { token }), 404);
    expectError(await send("GET", "/api/resource_lists/products"), 401, "Unauthorized Request");
  });

  it("serves carrier resources, with and without dates, package codes and optional tabs", async () => {
    const token = await tokenOf("agent@demo.test");
    const all = await ok(CenterResourcesResponseSchema, "GET", "/api/learning_center/center_resources", { token });
    const resources = all.learningCenterResources;
    expect(resources.length).toBeGreaterThanOrEqual(12);
    for (const r of resources) CarrierResourceSchema.parse(r);

    const dates = resources.map((r) => r.certificationDate);
    // Relative to the seed day: one ahead ('OPENS <date>'), one in the past.
    expect(FUTURE_CERTIFICATION_DATE > testSeed.day && PAST_CERTIFICATION_DATE < testSeed.day).toBe(true);
    expect(dates).toContain(FUTURE_CERTIFICATION_DATE);
    expect(dates).toContain(PAST_CERTIFICATION_DATE);
    expect(dates).toContain(null);
    expect(resources.some((r) => r.packageCode === null)).toBe(true);
    expect(resources.some((r) => r.packageCode === "PKG-MA-2026-01")).toBe(true);
    expect(resources.some((r) => r.agentGuide === null)).toBe(true);
    expect(resources.some((r) => r.agentGuide !== null && r.technology !== null && r.certification !== null)).toBe(
      true,
    );
    for (const r of resources) {
      expect(r.description).toMatch(/^<p>/);
      expect(r.brokerServicesNumber).toMatch(/^\(800\) 555-01\d\d$/);
      expect(r.carrierPortalLink).toMatch(/^https:\/\//);
    }
    expect(resources.filter((r) => /<script/i.test(r.additionalInfo ?? "")).map((r) => r.carrierProductId)).toEqual([
      UNSAFE_HTML_CARRIER_PRODUCT_ID,
    ]);

    const one = await ok(
      CenterResourcesResponseSchema,
      "GET",
      "/api/learning_center/center_resources?carrierProductId=101",
      {
        token,
      },
    );
    expect(one.learningCenterResources).toHaveLength(1);
    expect(one.learningCenterResources[0]).toMatchObject({
      carrierProductId: 101,
      certificationDate: FUTURE_CERTIFICATION_DATE,
    });
    const none = await ok(
      CenterResourcesResponseSchema,
      "GET",
      "/api/learning_center/center_resources?carrierProductId=999",
      {
        token,
      },
    );
    expect(none.learningCenterResources).toEqual([]);
    expectError(await send("GET", "/api/learning_center/center_resources?carrierProductId=x", { token }), 422);
  });
});

describe("contracting entries", () => {
  it("seeds agent@ with every contract state and the other accounts as demo-data.md says", async () => {
    const agent = await statusesOf("agent@demo.test");
    const ma = (ids: number[]) => ids.filter((id) => id >= 101 && id <= 105);
    expect(ma(idsIn(agent.active))).toEqual([101]);
    expect(ma(idsIn(agent.pending))).toEqual([102]);
    expect(ma(idsIn(agent.approved))).toEqual([103]);
    expect(ma(idsIn(agent.denied))).toEqual([104]);
    const all = [...agent.active, ...agent.pending, ...agent.approved, ...agent.denied];
    expect(idsIn(all)).not.toContain(105);
    expect(agent.denied[0]).toMatchObject({
      lastPublicNote: DENIED_NOTE,
      carrierName: "Pioneer Benefits",
      productName: "Medicare Advantage",
    });
    expect(agent.active[0]!.lastPublicNote).toBeNull();
    expect(agent.active[0]!.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const docs = await statusesOf("docs@demo.test");
    expect(docs.active.length).toBeGreaterThan(0);
    expect(docs.pending.length + docs.approved.length + docs.denied.length).toBe(0);
    for (const email of ["loa@demo.test", "agency@demo.test", "beta@demo.test"]) {
      expect((await statusesOf(email)).active.length, email).toBeGreaterThan(0);
    }
    const onboarded = await statusesOf("onboarded@demo.test");
    expect(onboarded.pending.length).toBeGreaterThanOrEqual(2);
    for (const email of ["newagent@demo.test", "onboarding@demo.test", "admin@demo.test", "carrier@demo.test"]) {
      expect(await statusesOf(email), email).toEqual({ pending: [], denied: [], approved: [], active: [] });
    }
  });

  it("creates pending entries, skips those in progress and re-requests denied ones", async () => {
    const token = await tokenOf("agent@demo.test");
    const created = await ok(
      ContractingStatusesResponseSchema,
      "POST",
      "/api/profile/contracting_entries",
      { token, json: { carrierProductIds: [105, 101, 102] } },
      201,
    );
    const statuses = created.contractingStatuses.statuses;
    expect(idsIn(statuses.pending)).toContain(105);
    expect(idsIn(statuses.active)).toContain(101);
    expect(idsIn(statuses.pending).filter((id) => id === 102)).toHaveLength(1);
    expect(statuses.pending.find((e) => e.carrierProductId === 105)).toMatchObject({
      carrierName: "Keystone Senior Health",
      productName: "Medicare Advantage",
      lastPublicNote: null,
    });

    // All already in progress: nothing new, still 201 with the statuses.
    const again = await send("POST", "/api/profile/contracting_entries", {
      token,
      json: { carrierProductIds: [101, 103, 105] },
    });
    expect(again.status).toBe(201);
    expect(ContractingStatusesResponseSchema.parse(again.json).contractingStatuses.statuses).toEqual(statuses);

    // A denied entry may be requested again: it becomes pending, without its note.
    const denied = statuses.denied.find((e) => e.carrierProductId === 104)!;
    const rerequested = await ok(
      ContractingStatusesResponseSchema,
      "POST",
      "/api/profile/contracting_entries",
      { token, json: { carrierProductIds: [104] } },
      201,
    );
    expect(rerequested.contractingStatuses.statuses.denied).toEqual([]);
    const pending104 = rerequested.contractingStatuses.statuses.pending.find((e) => e.carrierProductId === 104)!;
    expect(pending104.lastPublicNote).toBeNull();
    expect(pending104.updatedAt > denied.updatedAt).toBe(true);
  });

  it("replays the first answer for a repeated Idempotency-Key and creates nothing new", async () => {
    const token = await tokenOf("agent@demo.test");
    const headers = { "idempotency-key": "contract-now-7f3a" };
    const first = await send("POST", "/api/profile/contracting_entries", {
      token,
      headers,
      json: { carrierProductIds: [105] },
    });
    expect(first.status).toBe(201);
    ContractingStatusesResponseSchema.parse(first.json);

    // Meanwhile another request changes the statuses; the replay still answers the first body.
    await ok(
      ContractingStatusesResponseSchema,
      "POST",
      "/api/profile/contracting_entries",
      { token, json: { carrierProductIds: [301] } },
      201,
    );
    const before = await statusesOf("agent@demo.test");
    const replay = await send("POST", "/api/profile/contracting_entries", {
      token,
      headers,
      json: { carrierProductIds: [105] },
    });
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await statusesOf("agent@demo.test")).toEqual(before);

    // Double click: both concurrent requests answer the same, one entry.
    const dbl = { "idempotency-key": "double-click-1" };
    const [a, b] = await Promise.all([
      send("POST", "/api/profile/contracting_entries", {
        token,
        headers: dbl,
        json: { carrierProductIds: [302, 303] },
      }),
      send("POST", "/api/profile/contracting_entries", {
        token,
        headers: dbl,
        json: { carrierProductIds: [303, 302] },
      }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.text).toBe(b.text);
    expect(idsIn((await statusesOf("agent@demo.test")).pending).filter((id) => id === 302 || id === 303)).toEqual([
      302, 303,
    ]);

    expectError(
      await send("POST", "/api/profile/contracting_entries", { token, headers, json: { carrierProductIds: [201] } }),
      422,
      "This Idempotency-Key was already used for a different request",
    );
    // Keys are per user.
    const other = await send("POST", "/api/profile/contracting_entries", {
      token: await tokenOf("newagent@demo.test"),
      headers,
      json: { carrierProductIds: [105] },
    });
    expect(other.status).toBe(201);
    expect(idsIn(ContractingStatusesResponseSchema.parse(other.json).contractingStatuses.statuses.pending)).toEqual([
      105,
    ]);
  });

  it("refuses requests while documents need attention, and bad bodies", async () => {
    const docs = await tokenOf("docs@demo.test");
    const before = await statusesOf("docs@demo.test");
    expectError(
      await send("POST", "/api/profile/contracting_entries", { token: docs, json: { carrierProductIds: [102] } }),
      422,
      DOCUMENTS_NEED_ATTENTION,
    );
    expect(DOCUMENTS_NEED_ATTENTION).toBe(
      "You cannot request new contracts until your documentation is up to date. Please visit the User Profile to find this icon next to any documentation that requires your attention.",
    );
    expect(await statusesOf("docs@demo.test")).toEqual(before);

    const token = await tokenOf("agent@demo.test");
    const post = async (json: unknown) => send("POST", "/api/profile/contracting_entries", { token, json });
    expectError(await post({ carrierProductIds: [] }), 422, /at least one/);
    expectError(await post({}), 422, /carrierProductIds/);
    expectError(await post({ carrierProductIds: ["101"] }), 422);
    expectError(await post({ carrierProductIds: [105, 999, 998] }), 422, "Unknown carrier products: 998, 999");
    expect(idsIn((await statusesOf("agent@demo.test")).pending)).not.toContain(105);
    expectError(
      await send("POST", "/api/profile/contracting_entries", {
        token: await tokenOf("admin@demo.test"),
        json: { carrierProductIds: [101] },
      }),
      403,
    );
  });
});

describe("legal questions and answers", () => {
  it("asks four common questions of every product and one more for Medicare Supplement", async () => {
    const token = await tokenOf("agent@demo.test");
    const questions = async (productId: number) =>
      (await ok(LegalQuestionsResponseSchema, "GET", `/api/resource_lists/legal_questions/${productId}`, { token }))
        .legalQuestions;
    const ma = await questions(1);
    expect(ma.map((q) => q.id)).toEqual([1, 2, 3, 4]);
    expect(ma[0]!.questionText).toBe("Have you ever been convicted of a felony?");
    expect((await questions(2)).map((q) => q.id)).toEqual([1, 2, 3, 4, 5]);
    expect(await questions(4)).toEqual(ma);
    expectError(await send("GET", "/api/resource_lists/legal_questions/42", { token }), 404);
  });

  it("seeds agent@'s answers with one Yes and its PDF, downloadable by the owner only", async () => {
    const token = await tokenOf("agent@demo.test");
    const { legalAnswers } = await ok(LegalAnswersResponseSchema, "GET", "/api/profile/legal_answers", { token });
    expect(legalAnswers.map((a) => [a.legalQuestionId, a.hasOccurred])).toEqual([
      [1, false],
      [2, true],
      [3, false],
      [4, false],
    ]);
    const yes = legalAnswers[1]!;
    expect(yes).toMatchObject({ actionOn: "2019-04-12", file: { contentType: "application/pdf" } });
    expect(yes.explanation && yes.action && yes.reason).toBeTruthy();
    expect(legalAnswers[0]).toMatchObject({ actionOn: null, explanation: null, file: null });

    const download = await fetch(`${api.url}/api/profile/files/${yes.file!.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toMatch(/^inline; filename="ga-license-reinstatement\.pdf"/);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(yes.file!.size);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.toString().trimEnd().endsWith("%%EOF")).toBe(true);

    expectError(
      await send("GET", `/api/profile/files/${yes.file!.id}`, { token: await tokenOf("docs@demo.test") }),
      404,
    );
    expectError(await send("GET", "/api/profile/files/9999", { token }), 404);
    expectError(await send("GET", `/api/profile/files/${yes.file!.id}`), 401);
    expect(
      (
        await ok(LegalAnswersResponseSchema, "GET", "/api/profile/legal_answers", {
          token: await tokenOf("newagent@demo.test"),
        })
      ).legalAnswers,
    ).toEqual([]);
  });

  it("round-trips a multipart PUT with nested attributes, file upload, removeFile and _destroy", async () => {
    const token = await tokenOf("agent@demo.test");
    const seeded = (await ok(LegalAnswersResponseSchema, "GET", "/api/profile/legal_answers", { token })).legalAnswers;
    const oldFileId = seeded[1]!.file!.id;

    const form = new FormData();
    form.append("user[something_else]", "ignored");
    appendAnswer(form, {
      id: String(seeded[0]!.id),
      legalQuestionId: "1",
      hasOccurred: "true",
      actionOn: "2018-06-30",
      action: "Misdemeanor, not a felony",
      reason: "Clarification",
      explanation: "  A 2018 misdemeanor traffic charge was dismissed; court record attached.  ",
      file: [pdfBlob("Court record"), "court-record.pdf"],
    });
    appendAnswer(form, {
      id: String(seeded[1]!.id),
      legalQuestionId: "2",
      hasOccurred: "false",
      explanation: "dropped",
    });
    appendAnswer(form, { id: String(seeded[2]!.id), legalQuestionId: "3", _destroy: "1" });
    appendAnswer(form, { legalQuestionId: "5", hasOccurred: "false", actionOn: "", file: new Blob([]) });
    const { legalAnswers } = await ok(LegalAnswersResponseSchema, "PUT", "/api/profile/legal_answers", { token, form });

    expect(legalAnswers.map((a) => a.legalQuestionId)).toEqual([1, 2, 4, 5]);
    const [q1, q2, , q5] = legalAnswers;
    expect(q1).toMatchObject({
      id: seeded[0]!.id,
      hasOccurred: true,
      actionOn: "2018-06-30",
      action: "Misdemeanor, not a felony",
      explanation: "A 2018 misdemeanor traffic charge was dismissed; court record attached.",
      file: { name: "court-record.pdf", contentType: "application/pdf", size: tinyPdf("Court record").byteLength },
    });
    // "No" clears every detail and drops the stored file.
    expect(q2).toMatchObject({
      hasOccurred: false,
      actionOn: null,
      action: null,
      reason: null,
      explanation: null,
      file: null,
    });
    expect(q5).toMatchObject({ hasOccurred: false, file: null });
    expectError(await send("GET", `/api/profile/files/${oldFileId}`, { token }), 404);
    const download = await fetch(`${api.url}/api/profile/files/${q1!.file!.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(tinyPdf("Court record")))).toBe(true);

    // Updating the text keeps the stored file; removeFile without a new one is refused (a Yes needs a file).
    const keep = new FormData();
    appendAnswer(keep, { legalQuestionId: "1", hasOccurred: "true", explanation: "Updated explanation." });
    const kept = await ok(LegalAnswersResponseSchema, "PUT", "/api/profile/legal_answers", { token, form: keep });
    expect(kept.legalAnswers[0]).toMatchObject({
      explanation: "Updated explanation.",
      actionOn: "2018-06-30",
      file: q1!.file,
    });

    const remove = new FormData();
    appendAnswer(remove, { legalQuestionId: "1", hasOccurred: "true", removeFile: "1" });
    expectError(
      await send("PUT", "/api/profile/legal_answers", { token, form: remove }),
      422,
      /Have you ever been convicted of a felony\?.*attach/,
    );

    // removeFile together with a new file replaces it.
    const replace = new FormData();
    appendAnswer(replace, {
      legalQuestionId: "1",
      removeFile: "1",
      file: [
        new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: "image/png" }),
        "scan.png",
      ],
    });
    const replaced = await ok(LegalAnswersResponseSchema, "PUT", "/api/profile/legal_answers", {
      token,
      form: replace,
    });
    expect(replaced.legalAnswers[0]!.file).toMatchObject({ name: "scan.png", contentType: "image/png", size: 8 });
    expectError(await send("GET", `/api/profile/files/${q1!.file!.id}`, { token }), 404);
    const png = await fetch(`${api.url}/api/profile/files/${replaced.legalAnswers[0]!.file!.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("refuses invalid answers with clear messages and writes nothing", async () => {
    const token = await tokenOf("agent@demo.test");
    const before = await ok(LegalAnswersResponseSchema, "GET", "/api/profile/legal_answers", { token });
    const put = async (fields: Record<string, string | Blob | [Blob, string]>, first?: Record<string, string>) => {
      const form = new FormData();
      if (first) appendAnswer(form, first);
      appendAnswer(form, fields);
      return send("PUT", "/api/profile/legal_answers", { token, form });
    };
    const yes = { hasOccurred: "true", actionOn: "2020-01-31", explanation: "Details." };

    expectError(
      await put(
        { legalQuestionId: "4", hasOccurred: "true", actionOn: "2020-01-31", file: [pdfBlob("x"), "x.pdf"] },
        { legalQuestionId: "1", hasOccurred: "false" },
      ),
      422,
      '"Do you have any outstanding debt to an insurance carrier?": an explanation is required when the answer is Yes',
    );
    expectError(await put({ legalQuestionId: "4", ...yes }), 422, /outstanding debt.*attach a document/);
    expectError(
      await put({ legalQuestionId: "4", ...yes, actionOn: "2020-02-30", file: [pdfBlob("x"), "x.pdf"] }),
      422,
      /valid date/,
    );
    expectError(
      await put({ legalQuestionId: "4", ...yes, actionOn: "", file: [pdfBlob("x"), "x.pdf"] }),
      422,
      /date of action is required/,
    );
    expectError(
      await put({ legalQuestionId: "4", ...yes, file: [new Blob(["hello"], { type: "text/plain" }), "notes.txt"] }),
      422,
      UPLOAD_WRONG_TYPE,
    );
    expect(UPLOAD_WRONG_TYPE).toBe("Only images or PDF files can be attached");
    // The portal's rule: SVG is an image that can carry scripts, so it is refused here as in the portal.
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
      type: "image/svg+xml",
    });
    expectError(await put({ legalQuestionId: "4", ...yes, file: [svg, "logo.svg"] }), 422, UPLOAD_WRONG_TYPE);
    const big = new Blob([Buffer.alloc(MAX_UPLOAD_BYTES + 1)], { type: "application/pdf" });
    expectError(await put({ legalQuestionId: "4", ...yes, file: [big, "big.pdf"] }), 413, UPLOAD_TOO_LARGE);
    expect(UPLOAD_TOO_LARGE).toBe("The file is larger than 10 MB");
    expectError(await put({ legalQuestionId: "77", hasOccurred: "false" }), 422, /unknown legal question 77/);
    expectError(await put({ legalQuestionId: "4", hasOccurred: "maybe" }), 422, /hasOccurred must be true or false/);
    expectError(
      await put({ id: "9999", legalQuestionId: "4", hasOccurred: "false" }),
      422,
      /unknown legal answer id 9999/,
    );
    expectError(
      await put({ legalQuestionId: "1", hasOccurred: "false" }, { legalQuestionId: "1", hasOccurred: "false" }),
      422,
      /answered twice/,
    );
    expectError(await put({ legalQuestionId: "1", color: "blue" }), 422, /Unknown field/);
    expectError(
      await send("PUT", "/api/profile/legal_answers", { token, form: new FormData() }),
      422,
      /No legal answers/,
    );
    expectError(await send("PUT", "/api/profile/legal_answers", { token, json: { legalAnswers: [] } }), 415);
    expectError(await send("PUT", "/api/profile/legal_answers", { form: new FormData() }), 401);

    expect(await ok(LegalAnswersResponseSchema, "GET", "/api/profile/legal_answers", { token })).toEqual(before);
  });
});

describe("reset and upgrade", () => {
  it("reset restores contracting entries, legal answers and files", async () => {
    const token = await tokenOf("agent@demo.test");
    const statuses = await statusesOf("agent@demo.test");
    const answers = await ok(LegalAnswersResponseSchema, "GET", "/api/profile/legal_answers", { token });
    await ok(
      ContractingStatusesResponseSchema,
      "POST",
      "/api/profile/contracting_entries",
      {
        token,
        headers: { "idempotency-key": "k1" },
        json: { carrierProductIds: [105, 104] },
      },
      201,
    );
    const form = new FormData();
    appendAnswer(form, { legalQuestionId: "2", _destroy: "1" });
    await ok(LegalAnswersResponseSchema, "PUT", "/api/profile/legal_answers", { token, form });

    await api.reset();
    expect(await statusesOf("agent@demo.test")).toEqual(statuses);
    expect(await ok(LegalAnswersResponseSchema, "GET", "/api/profile/legal_answers", { token })).toEqual(answers);
    expect((await send("GET", `/api/profile/files/${answers.legalAnswers[1]!.file!.id}`, { token })).status).toBe(200);
    // Idempotency keys are data too: after a reset the key is new again.
    const again = await send("POST", "/api/profile/contracting_entries", {
      token,
      headers: { "idempotency-key": "k1" },
      json: { carrierProductIds: [105] },
    });
    expect(again.headers.get("idempotent-replayed")).toBeNull();
  });

  it("re-seeds a db file written by an older seed version on open", async () => {
    const path = join(dir, "old.db");
    const first = await startReferenceApi({ dbPath: path, logger });
    await first.close();
    const client = createClient({ url: pathToFileURL(path).href });
    await client.batch(["DELETE FROM products", "DELETE FROM carrier_products", "PRAGMA user_version = 1"], "write");
    client.close();
    const second = await startReferenceApi({ dbPath: path, logger });
    try {
      const login = LoginResponseSchema.parse(
        await (
          await fetch(`${second.url}/api/login`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email: "agent@demo.test", password: DEMO_PASSWORD }),
          })
        ).json(),
      );
      const response = await fetch(`${second.url}/api/resource_lists/products`, {
        headers: { authorization: `Bearer ${login.token}` },
      });
      expect(ProductsResponseSchema.parse(await response.json()).products).toHaveLength(4);
    } finally {
      await second.close();
    }
  });
});
