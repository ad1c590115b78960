import { Badge } from "@mantine/core";
import { BALL_LABELS, CONTRACT_STATE_LABELS } from "~/domain/admin/forms";
import type { AdminContractRequest, ContractState } from "~/domain/admin/records";

const STATE_COLOR: Record<ContractState, string> = {
  pending: "yellow",
  approved: "blue",
  denied: "red",
  active: "green",
};

export function ContractStateBadge({ state }: { state: ContractState }) {
  return (
    <Badge variant="light" color={STATE_COLOR[state]}>
      {CONTRACT_STATE_LABELS[state]}
    </Badge>
  );
}

/** Who has to act next: the number agencies ask for most (issue 14). */
export function BallBadge({ ball }: { ball: AdminContractRequest["ballWith"] }) {
  if (!ball) return <>—</>;
  return (
    // The border carries the colour; the text stays dark (every orange shade on white is below 4.5:1).
    <Badge variant="outline" color={ball === "agency" ? "orange.8" : "gray.7"} c="dark.7">
      {BALL_LABELS[ball]}
    </Badge>
  );
}

/** "12 days" in the current state. */
export function waitingText(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}
