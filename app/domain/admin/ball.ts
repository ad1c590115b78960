/**
 * Who has the ball on a contract request (issue 14, ADR 024): whom the contracting desk waits for. The reference
 * API and any integrator compute the facts (document notifications, the product's legal questions against the
 * broker's answers); this is the rule that maps them, and the one place it is written. Pure: no I/O.
 */
import type { ContractStateKey } from "./labels";

export type BallHolder = "broker" | "agency" | "carrier";

export interface BallFacts {
  state: ContractStateKey;
  /** The broker has document notifications (a rejected or expired document): they must fix it first. */
  brokerHasDocumentNotifications: boolean;
  /** A legal question of the request's product has no answer of the broker's yet. */
  legalQuestionsUnanswered: boolean;
}

/**
 * - pending: with the broker while something of theirs is missing (document notifications, an unanswered legal
 *   question of the product), else with our staff, who review it;
 * - approved: with the carrier (its writing number);
 * - denied: nobody's. A denial closes the request; the broker answers it by requesting the contract again
 *   (Contract Now), which reopens it as pending (a contract_request_events row denied → pending by the broker),
 *   and the rule above applies again;
 * - active: nobody's.
 */
export function ballWith(facts: BallFacts): BallHolder | null {
  switch (facts.state) {
    case "pending":
      return facts.brokerHasDocumentNotifications || facts.legalQuestionsUnanswered ? "broker" : "agency";
    case "approved":
      return "carrier";
    case "denied":
    case "active":
      return null;
  }
}

/** A request nobody has to act on (denied or active): out of the waiting queue, after every open one. */
export const CLOSED_STATES: readonly ContractStateKey[] = ["denied", "active"];

export function isClosed(state: ContractStateKey): boolean {
  return CLOSED_STATES.includes(state);
}
