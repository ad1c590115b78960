import { Card } from "@mantine/core";
import { formatDate } from "~/domain/formats";
import { noRewardsReason, rewardAmount, type RewardsStanding } from "~/domain/rewards";

/**
 * Member rewards (issue 12): this year's standing, on the dashboard and the profile, with the branding's
 * rewards disclaimer (spec §1) beside it. A broker with nothing qualifying is told why.
 */
export function RewardsCard({
  rewards,
  disclaimer,
  headingLevel = 2,
}: {
  /** Null: the standing could not be read just now (the upstream failed); the card says so. */
  rewards: RewardsStanding | null;
  disclaimer: string;
  headingLevel?: 2 | 3;
}) {
  const titleId = "rewards-title";
  // Plain elements with classes (issue 21), not Mantine's Stack, SimpleGrid, Title and Text.
  const Heading = `h${headingLevel}` as const;
  if (!rewards) {
    return (
      <Card withBorder component="section" aria-labelledby={titleId} data-testid="rewards">
        <div className="l-stack" data-gap="sm">
          <Heading className="heading" data-size="h3" id={titleId}>
            Member rewards
          </Heading>
          <p className="txt" data-testid="rewards-unavailable">
            Your rewards standing cannot be shown right now. Try again in a few minutes.
          </p>
          <p className="txt" data-size="sm" data-dimmed data-testid="rewards-disclaimer">
            {disclaimer}
          </p>
        </div>
      </Card>
    );
  }
  const reason = noRewardsReason(rewards);
  const figures: Array<[string, string, string]> = [
    ["Qualifying active policies", String(rewards.qualifyingPolicies), "qualifying"],
    ["Rewards earned", rewardAmount(rewards.earnedCents), "earned"],
    ["Pending", rewardAmount(rewards.pendingCents), "pending"],
    ["Paid", rewardAmount(rewards.paidCents), "paid"],
    ["Next payout", rewards.nextPayoutOn ? formatDate(rewards.nextPayoutOn) : "None scheduled", "next-payout"],
  ];
  return (
    <Card withBorder component="section" aria-labelledby={titleId} data-testid="rewards">
      <div className="l-stack" data-gap="sm">
        <Heading className="heading" data-size="h3" id={titleId}>
          Member rewards {rewards.year}
        </Heading>
        {reason ? (
          <p className="txt" data-testid="rewards-reason">
            {reason}
          </p>
        ) : null}
        <dl className="l-grid rewards-figures" data-cols="2-5" data-gap="sm">
          {figures.map(([label, value, key]) => (
            <div key={key}>
              <dt className="txt" data-size="sm" data-dimmed>
                {label}
              </dt>
              <dd className="txt" data-size="lg" data-bold data-testid={`rewards-${key}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="txt" data-size="sm" data-dimmed data-testid="rewards-disclaimer">
          {disclaimer}
        </p>
      </div>
    </Card>
  );
}
