import { describe, expect, it } from "vitest";
import { inquiryPrefillOf } from "./inquiry-prefill";

const CARRIERS = [1, 2, 3];
const of = (query: string) => inquiryPrefillOf(new URLSearchParams(query), CARRIERS);

describe("a Commission Inquiry pre-filled from the reconciliation (issue 25 §3)", () => {
  it("carries the policy, the carrier, the period and the difference", () => {
    expect(of("new&carrierId=2&policy=MS-1134623&period=2026-09&difference=-2575")).toEqual({
      carrierId: 2,
      reference: "MS-1134623",
      subject: "Commission for policy MS-1134623, September 2026",
      message:
        "The September 2026 statement pays policy MS-1134623 $25.75 less than the commission schedule (difference -$25.75). Please check it and pay the difference or tell me why it is not due.",
    });
  });

  it("a payment over the schedule asks whether it is right", () => {
    expect(of("carrierId=1&policy=PDP-1&period=2026-09&difference=650").message).toBe(
      "The September 2026 statement pays policy PDP-1 $6.50 more than the commission schedule (difference $6.50). Please check it and tell me whether it is right.",
    );
  });

  it("without a difference, a plain question about the policy", () => {
    expect(of("policy=PDP-1&period=2026-09").message).toBe(
      "Please check the commission for policy PDP-1 in the September 2026 statement.",
    );
  });

  it.each([
    ["carrierId=9", {}],
    ["carrierId=abc", {}],
    ["carrierId=-1", {}],
    ["carrierId=1.5", {}],
    ["carrierId=1&carrierId=2", {}],
    ["carrierId=99999999999999999999", {}],
    ["policy=", {}],
    ["policy=%00MA-1", {}],
    ["policy=<script>", {}],
    [`policy=${"A".repeat(41)}`, {}],
    ["policy=MA-1&period=2026-13", { reference: "MA-1" }],
    ["policy=MA-1&period=2026-9", { reference: "MA-1" }],
    [
      "policy=MA-1&period=2026-09&difference=1e5",
      {
        reference: "MA-1",
        subject: "Commission for policy MA-1, September 2026",
        message: "Please check the commission for policy MA-1 in the September 2026 statement.",
      },
    ],
    [
      "policy=MA-1&period=2026-09&difference=99999999999999999",
      {
        reference: "MA-1",
        subject: "Commission for policy MA-1, September 2026",
        message: "Please check the commission for policy MA-1 in the September 2026 statement.",
      },
    ],
    ["unknown=1&period=2026-09", {}],
  ])("a missing, unknown or malformed value is left out: %s", (query, expected) => {
    expect(of(query)).toEqual(expected);
  });
});
