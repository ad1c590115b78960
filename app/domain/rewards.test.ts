import { describe, expect, it } from "vitest";
import { noRewardsReason, rewardAmount } from "./rewards";

const standing = {
  year: 2031,
  qualifyingPolicies: 0,
  earnedCents: 0,
  pendingCents: 0,
  paidCents: 0,
  nextPayoutOn: null,
};

describe("issue 12: member rewards", () => {
  it("amounts are dollars with cents (spec §9: $ with 2 decimals)", () => {
    expect(rewardAmount(107_500)).toBe("$1,075.00");
    expect(rewardAmount(0)).toBe("$0.00");
  });
  it("a broker with nothing qualifying is told why; otherwise nothing is said", () => {
    expect(noRewardsReason(standing)).toMatch(/^None of your policies qualifies for 2031 rewards yet: .*active policy/);
    expect(noRewardsReason({ ...standing, qualifyingPolicies: 3 })).toBeNull();
  });
});
