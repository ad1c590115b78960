import { Tag } from "./tag";
import { BALL_LABELS, CONTRACT_STATE_LABELS } from "~/domain/admin/labels";
import type { ContractState } from "~/domain/admin/records";
import type { AdminContractRequest } from "~/admin/sections/contracting/records";
import { StatusBadge } from "~/components/status-badge";

export function ContractStateBadge({ state }: { state: ContractState }) {
  return <StatusBadge status={CONTRACT_STATE_LABELS[state]} />;
}

/** Who has to act next: the number agencies ask for most (issue 14); a closed request (denied, active): nobody. */
export function BallBadge({ ball }: { ball: AdminContractRequest["ballWith"] }) {
  if (!ball) return <>Nobody (closed)</>;
  return (
    <Tag outline color={ball === "agency" ? "orange" : "gray"}>
      {BALL_LABELS[ball]}
    </Tag>
  );
}

/**
 * A list's state cell: the state's tag and, under it, who has the ball (a closed request: nobody). One column,
 * right after the first, so both tags are whole in view on a 390 px phone (never under the sticky row actions).
 */
export function StateAndBall({ request }: { request: Pick<AdminContractRequest, "state" | "ballWith"> }) {
  return (
    <span className="state-and-ball">
      <ContractStateBadge state={request.state} />
      <span className="state-and-ball-with">
        Ball: {request.ballWith ? <BallBadge ball={request.ballWith} /> : "nobody (closed)"}
      </span>
    </span>
  );
}

/** "12 days" in the current state. */
export function waitingText(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}
