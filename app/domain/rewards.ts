/**
 * Member rewards (spec §1 "member rewards", issue 12): this year's standing of an agent or agency, as the
 * upstream reports it, and what the portal says about it. Amounts are in cents.
 */
export interface RewardsStanding {
  year: number;
  qualifyingPolicies: number;
  earnedCents: number;
  pendingCents: number;
  paidCents: number;
  nextPayoutOn: string | null;
}

/** "$1,250.00" from cents. */
export function rewardAmount(cents: number): string {
  return (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });
}

/**
 * Why a broker has no rewards this year (issue 12: "a broker with nothing qualifying sees why"); null when
 * something qualifies.
 */
export function noRewardsReason(standing: RewardsStanding): string | null {
  if (standing.qualifyingPolicies > 0) return null;
  return `None of your policies qualifies for ${standing.year} rewards yet: rewards are earned on each active policy in your book of business. Policies that are pending, terminated or canceled do not count.`;
}
