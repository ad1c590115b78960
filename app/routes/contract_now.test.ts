import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessMiddleware } from "~/.server/guards";
import { SERVICE_NOT_ANSWERING } from "~/.server/form-failure";
import { CONTRACT_REQUEST_BLOCKED, contractRequestedMessage } from "~/domain/contract-state";
import { holdsRefusal } from "~/domain/nipr-holds";
import { ANSWER_EVERY_QUESTION, ATTACHMENT_REQUIRED, EXPLANATION_REQUIRED } from "~/domain/legal-answers";
import type { SessionUser } from "~/domain/user";
import {
  FakeUpstream,
  type ViewerOptions,
  answerOf,
  contextFor,
  post,
  toastsOf,
  useTestRuntime,
  viewerFor,
} from "../../tests/support/server-harness";
import { action } from "./contract_now";

/**
 * Spec §4 contract flow, on the server: 'Update Answers & Contract' saves the answers, then submits the
 * request; spec §6 blocks it while documents need attention. Each refusal is checked to leave the
 * upstream untouched.
 */
const upstream = new FakeUpstream();
beforeAll(async () => {
  await upstream.start();
  useTestRuntime(upstream.url);
});
afterAll(async () => upstream.stop());

const entry = (carrierProductId: number, carrierName: string) => ({
  id: carrierProductId,
  carrierProductId,
  carrierName,
  productName: "Medicare Advantage",
  lastPublicNote: null,
  updatedAt: "2024-06-01",
});
const statuses = (pending: ReturnType<typeof entry>[]) => ({
  contractingStatuses: { statuses: { pending, denied: [], approved: [], active: [] } },
});

beforeEach(() => {
  upstream.reset();
  upstream
    .on("GET /api/resource_lists/product_carriers/1", {
      json: {
        productCarriers: [
          { id: 1, carrierName: "Acme Health", carrierProductId: 11 },
          { id: 2, carrierName: "Beta Life", carrierProductId: 12 },
        ],
      },
    })
    .on("GET /api/profile/contracting_entries", { json: statuses([entry(12, "Beta Life")]) })
    .on("GET /api/resource_lists/legal_questions/1", {
      json: {
        legalQuestions: [
          { id: 1, questionText: "Ever convicted?" },
          { id: 2, questionText: "Ever sued?" },
        ],
      },
    })
    .on("GET /api/profile/legal_answers", {
      json: {
        legalAnswers: [
          {
            id: 5,
            legalQuestionId: 2,
            hasOccurred: true,
            actionOn: "2020-03-05",
            action: null,
            reason: null,
            explanation: "A complaint",
            file: { id: 77, name: "court.pdf", contentType: "application/pdf", size: 10 },
          },
        ],
      },
    })
    .on("PUT /api/profile/legal_answers", { json: { legalAnswers: [] } })
    .on("POST /api/profile/contracting_entries", {
      json: statuses([entry(11, "Acme Health"), entry(12, "Beta Life")]),
    });
});

const agent: Partial<SessionUser> = { existingActiveContracts: true };
const pdf = () => new File(["%PDF-1.4"], "statement.pdf", { type: "application/pdf" });

/** Question 1 answered No, question 2 Yes with a new attachment (a complete, valid answer set). */
function answers(overrides: Array<[string, string | File]> = [], drop: string[] = []): Array<[string, string | File]> {
  const fields: Array<[string, string | File]> = [
    ["idempotencyKey", "key-1"],
    ["answers[0].legalQuestionId", "1"],
    ["answers[0].hasOccurred", "no"],
    ["answers[1].legalQuestionId", "2"],
    ["answers[1].id", "5"],
    ["answers[1].hasOccurred", "yes"],
    ["answers[1].explanation", "A complaint was filed"],
    ["answers[1].actionOn", "03/05/2020"],
    ["answers[1].file", pdf()],
  ];
  const kept = fields.filter(([name]) => !drop.includes(name) && !overrides.some(([o]) => o === name));
  return [...kept, ...overrides];
}

async function submit(
  fields = answers(),
  user: Partial<SessionUser> = agent,
  options: ViewerOptions = {},
  query = "product=1&carrier=11&step=legal",
) {
  const context = contextFor(viewerFor(user, options));
  return answerOf(action, post(`/contract_now?${query}`, fields), context, { middleware: [accessMiddleware] });
}

type Reply = {
  result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
  toasts: unknown[];
};

describe("Contract Now: the request goes through only when every check passes", () => {
  it("saves the answers, then requests the contract; the toast names the carrier (spec §8)", async () => {
    const answer = await submit();
    expect(answer).toMatchObject({ status: 302, location: "/contract_now?product=1&requested=11" });
    expect(await toastsOf(answer)).toEqual([{ type: "success", message: contractRequestedMessage("Acme Health") }]);
    expect(upstream.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      "PUT /api/profile/legal_answers",
      "POST /api/profile/contracting_entries",
    ]);
    const saved = upstream.writes()[0]!;
    expect(saved.body).toContain('name="user[legalAnswersAttributes][][legalQuestionId]"');
    expect(saved.body).toContain('filename="statement.pdf"');
    expect(JSON.parse(upstream.writes()[1]!.body)).toEqual({ carrierProductIds: [11] });
    expect(upstream.unexpected()).toEqual([]);
  });

  it("a kept attachment that is the stored one is enough", async () => {
    const answer = await submit(answers([["answers[1].existingFileId", "77"]], ["answers[1].file"]));
    expect(answer.status).toBe(302);
    expect(upstream.writes()).toHaveLength(2);
  });
});

describe("Contract Now: refusals leave the upstream untouched", () => {
  it("spec §6: while documents need attention, the request is refused with the spec's alert text", async () => {
    const answer = await submit(answers(), agent, { documentNotifications: 1 });
    expect(answer).toMatchObject({ status: 302, location: "/contract_now?product=1" });
    expect(await toastsOf(answer)).toEqual([{ type: "error", message: CONTRACT_REQUEST_BLOCKED }]);
    expect(upstream.calls).toEqual([]);
  });

  it("issue 37 §1: a NIPR hold that leaves no state refuses the request the day the alert arrives", async () => {
    const viewer = viewerFor(agent);
    viewer.profile = {
      ...viewer.profile!,
      licenses: [
        {
          id: 1,
          state: "PA",
          licenseNumber: "889012",
          licenseType: "Health",
          status: "Expired",
          expiresOn: "2026-12-04",
          licenseClass: null,
          linesOfAuthority: [],
          resident: null,
          effectiveOn: null,
        },
      ],
      niprHolds: [{ state: "PA", kind: "license_lapsed", since: "2026-12-04", message: "PA license lapsed" }],
    };
    const answer = await answerOf(
      action,
      post("/contract_now?product=1&carrier=11&step=legal", answers()),
      contextFor(viewer),
      {
        middleware: [accessMiddleware],
      },
    );
    expect(answer).toMatchObject({ status: 302, location: "/contract_now?product=1" });
    expect(await toastsOf(answer)).toEqual([{ type: "error", message: holdsRefusal(["PA"]) }]);
    expect(upstream.calls).toEqual([]);
  });

  it("wrong state: a carrier that already has a contract state (pending) cannot be requested again", async () => {
    const answer = await submit(answers(), agent, {}, "product=1&carrier=12&step=legal");
    expect(await toastsOf(answer)).toEqual([
      { type: "error", message: "This carrier cannot be requested now: its contract state has changed." },
    ]);
    expect(upstream.writes()).toEqual([]);
  });

  it("a carrier the product does not offer is refused the same way", async () => {
    const answer = await submit(answers(), agent, {}, "product=1&carrier=99&step=legal");
    expect(answer.status).toBe(302);
    expect(upstream.writes()).toEqual([]);
  });

  it("an unknown product (the upstream's 404) or a URL without product and carrier goes back to the dialog", async () => {
    upstream.on("GET /api/resource_lists/product_carriers/7", { status: 404, json: { error: "No such product" } });
    upstream.on("GET /api/resource_lists/legal_questions/7", { status: 404, json: { error: "No such product" } });
    expect(await submit(answers(), agent, {}, "product=7&carrier=11")).toMatchObject({
      status: 302,
      location: "/contract_now",
    });
    expect(await submit(answers(), agent, {}, "carrier=11")).toMatchObject({ status: 302, location: "/contract_now" });
    expect(upstream.writes()).toEqual([]);
  });

  it("invalid input: a Yes without explanation comes back (400) with the field's error and what was typed", async () => {
    const answer = await submit(answers([["answers[1].explanation", " "]]));
    expect(answer.status).toBe(400);
    const { result } = answer.data as Reply;
    expect(result.error?.["answers[1].explanation"]).toEqual([EXPLANATION_REQUIRED]);
    expect(result.initialValue).toMatchObject({ answers: [{ hasOccurred: "no" }, { actionOn: "03/05/2020" }] });
    expect(upstream.writes()).toEqual([]);
  });

  it("the answer set must be complete: an unanswered question is refused (400) before anything is saved", async () => {
    const onlyTheFirst: Array<[string, string]> = [
      ["idempotencyKey", "key-1"],
      ["answers[0].legalQuestionId", "1"],
      ["answers[0].hasOccurred", "no"],
    ];
    const answer = await submit(onlyTheFirst);
    expect(answer.status).toBe(400);
    expect((answer.data as Reply).result.error?.[""]).toEqual([ANSWER_EVERY_QUESTION]);
    expect(upstream.writes()).toEqual([]);
  });

  it("a foreign question id in place of an asked one is refused the same way", async () => {
    const answer = await submit(answers([["answers[0].legalQuestionId", "3"]]));
    expect((answer.data as Reply).result.error?.[""]).toEqual([ANSWER_EVERY_QUESTION]);
    expect(upstream.writes()).toEqual([]);
  });

  it("a Yes that claims a stored attachment it does not have is refused at that field (spec §5)", async () => {
    const forged = answers([["answers[1].existingFileId", "999"]], ["answers[1].file"]);
    const answer = await submit(forged);
    expect(answer.status).toBe(400);
    expect((answer.data as Reply).result.error?.["answers[1].file"]).toEqual([ATTACHMENT_REQUIRED]);
    expect(upstream.writes()).toEqual([]);
  });

  it.each([
    ["an admin (no contracting)", { role: "Admin" as const }],
    ["a carrier", { role: "Carrier" as const }],
    ["a user whose contracting is locked", { roleHasOnboardingProcess: true }],
  ])("wrong role or state: %s gets the 403 and the upstream hears nothing", async (_who, user) => {
    const answer = await submit(answers(), user);
    expect(answer.status).toBe(403);
    expect(upstream.calls).toEqual([]);
  });
});

describe("Contract Now: an upstream fault keeps the form", () => {
  it("the request refused by the upstream: the form comes back with its message as a toast and at the form", async () => {
    upstream.on("POST /api/profile/contracting_entries", { status: 503, json: { error: "Contracting is paused" } });
    const answer = await submit();
    expect(answer.status).toBe(502);
    const reply = answer.data as Reply;
    expect(reply.toasts).toMatchObject([{ type: "error", message: "Contracting is paused" }]);
    expect(reply.result.error?.[""]?.[0]).toBe("Contracting is paused");
    expect(reply.result.initialValue).toMatchObject({
      answers: [{ legalQuestionId: "1" }, { explanation: "A complaint was filed" }],
    });
  });

  it("the upstream not answering: 503 and the plain message", async () => {
    // Nothing listens: every call is refused, the viewer's reads included.
    await upstream.stop();
    try {
      const answer = await submit();
      expect(answer.status).toBe(503);
      expect((answer.data as Reply).toasts).toMatchObject([{ message: SERVICE_NOT_ANSWERING }]);
    } finally {
      await upstream.start();
      useTestRuntime(upstream.url);
    }
  });
});
