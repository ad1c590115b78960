import { Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
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
  if (!rewards) {
    return (
      <Card withBorder component="section" aria-labelledby={titleId} data-testid="rewards">
        <Stack gap="sm">
          <Title order={headingLevel} size="h3" id={titleId}>
            Member rewards
          </Title>
          <Text data-testid="rewards-unavailable">
            Your rewards standing cannot be shown right now. Try again in a few minutes.
          </Text>
          <Text size="sm" c="dimmed" data-testid="rewards-disclaimer">
            {disclaimer}
          </Text>
        </Stack>
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
      <Stack gap="sm">
        <Title order={headingLevel} size="h3" id={titleId}>
          Member rewards {rewards.year}
        </Title>
        {reason ? <Text data-testid="rewards-reason">{reason}</Text> : null}
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" component="dl" className="rewards-figures">
          {figures.map(([label, value, key]) => (
            <div key={key}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" fw={700} size="lg" data-testid={`rewards-${key}`}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Text size="sm" c="dimmed" data-testid="rewards-disclaimer">
          {disclaimer}
        </Text>
      </Stack>
    </Card>
  );
}
