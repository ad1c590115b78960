import { parse } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import { linkStatus, refusedFields, tokenRefusal } from "./account-forms";
import { UpstreamError } from "./upstream/client";

function refusal(status: number, reason: string | null, fields: Record<string, string[]> = {}) {
  const error = new UpstreamError(status, ["refused"]);
  error.reason = reason;
  error.fields = fields;
  return error;
}

describe("the account pages' reading of the upstream's refusals", () => {
  it("tells an invalid, expired or used link apart, and nothing else", () => {
    expect(tokenRefusal(refusal(404, "invalid"))).toBe("invalid");
    expect(tokenRefusal(refusal(404, null))).toBe("invalid");
    expect(tokenRefusal(refusal(410, "used"))).toBe("used");
    expect(tokenRefusal(refusal(410, "expired"))).toBe("expired");
    expect(tokenRefusal(refusal(410, "something-else"))).toBe("expired");
    expect(tokenRefusal(refusal(422, "used"))).toBeNull();
    expect(tokenRefusal(new UpstreamError(503, ["down"], "unreachable"))).toBeNull();
    expect(tokenRefusal(new Error("bug"))).toBeNull();
  });

  it("answers a link's page 404 when it never worked, 410 when it no longer does, 503 when it cannot tell", () => {
    expect(linkStatus({ state: "refused", reason: "invalid" })).toBe(404);
    expect(linkStatus({ state: "refused", reason: "used" })).toBe(410);
    expect(linkStatus({ state: "unavailable", message: "down" })).toBe(503);
    expect(linkStatus({ state: "open", value: 1 })).toBe(200);
  });

  it("puts the upstream's field messages at the form's fields, renamed, and the rest at the form; passwords are not sent back", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ npn: "123", password: "secret value 1", terms: "on" })) form.set(k, v);
    const submission = parse<unknown, string[]>(form, { resolve: () => ({ value: {} }) });
    const answer = refusedFields(
      refusal(422, null, { npn: ["Unknown NPN"], termsAccepted: ["Accept"], other: ["Something else"] }),
      submission,
      { termsAccepted: "terms" },
    );
    expect(answer?.init?.status).toBe(400);
    const reply = answer!.data;
    expect(reply.error).toEqual({ npn: ["Unknown NPN"], terms: ["Accept"], "": ["Something else"] });
    expect(reply.initialValue).toEqual({ npn: "123", terms: "on" });
    expect(refusedFields(refusal(422, null), submission)).toBeNull();
    expect(refusedFields(refusal(400, null, { npn: ["x"] }), submission)).toBeNull();
  });
});
