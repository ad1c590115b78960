import { describe, expect, it } from "vitest";
import { BALL_LABELS } from "./labels";
import { ballWith, isClosed } from "./ball";

const facts = { brokerHasDocumentNotifications: false, legalQuestionsUnanswered: false };

describe("who has the ball on a contract request (ADR 024)", () => {
  it("pending: our staff's to review when nothing of the broker's is missing", () => {
    expect(ballWith({ ...facts, state: "pending" })).toBe("agency");
  });

  it("pending: the broker's while they have document notifications", () => {
    expect(ballWith({ ...facts, state: "pending", brokerHasDocumentNotifications: true })).toBe("broker");
  });

  it("pending: the broker's while a legal question of the product is unanswered (blocked on the broker)", () => {
    expect(ballWith({ ...facts, state: "pending", legalQuestionsUnanswered: true })).toBe("broker");
  });

  it("approved: the carrier's (the writing number)", () => {
    expect(ballWith({ ...facts, state: "approved" })).toBe("carrier");
  });

  it("denied: closed, nobody's, whatever the broker's missing pieces; requested again it is pending, ours", () => {
    expect(ballWith({ ...facts, state: "denied" })).toBeNull();
    expect(
      ballWith({ state: "denied", brokerHasDocumentNotifications: true, legalQuestionsUnanswered: true }),
    ).toBeNull();
    expect(isClosed("denied")).toBe(true);
    // The broker's answer to a denial is a new request: the entry is pending again.
    expect(ballWith({ ...facts, state: "pending" })).toBe("agency");
  });

  it("active: closed, nobody's; pending and approved requests are open", () => {
    expect(ballWith({ ...facts, state: "active" })).toBeNull();
    expect(isClosed("active")).toBe(true);
    expect(isClosed("pending")).toBe(false);
    expect(isClosed("approved")).toBe(false);
  });

  it("names our staff plainly", () => {
    expect(BALL_LABELS.agency).toBe("Our staff");
    expect(Object.values(BALL_LABELS)).not.toContain("Us (agency)");
  });
});
