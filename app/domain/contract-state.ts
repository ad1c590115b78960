import type { CarrierResourceView } from "./carrier-resource";
import { type SessionUser, contractingComplete } from "~/domain/user";

/** Spec §4: carrier contract request state per carrier product. */
export type ContractState = "active" | "pending" | "approved" | "denied" | "none";

/** Structurally compatible with the upstream ContractingEntry (spec §3: each entry has carrierProductId). */
export interface EntryLike {
  carrierProductId: number;
  lastPublicNote: string | null;
}

/** Spec §3: contracting status lists pending, denied, approved, active. */
export interface StatusesLike {
  pending: EntryLike[];
  denied: EntryLike[];
  approved: EntryLike[];
  active: EntryLike[];
}

/** When several lists hold a carrier product, the most advanced state wins. */
const PRECEDENCE = ["active", "approved", "pending", "denied"] as const;

export function contractStateOf(
  carrierProductId: number,
  statuses: StatusesLike,
): { state: ContractState; lastPublicNote: string | null } {
  for (const state of PRECEDENCE) {
    const entry = (statuses[state] ?? []).find((e) => e.carrierProductId === carrierProductId);
    if (entry) return { state, lastPublicNote: entry.lastPublicNote ?? null };
  }
  return { state: "none", lastPublicNote: null };
}

export const VIEW_CONTRACT = "View Contract";
export const PENDING_CONTRACT = "Pending contract";
export const REQUEST_BEING_PROCESSED = "Request being processed";
export const REQUEST_DENIED = "Request denied";
export const CONTRACT_NOW = "Contract Now";

/** Spec §4: what the carrier card shows for each state. */
export function contractStateText(state: ContractState, lastPublicNote: string | null): string {
  switch (state) {
    case "active":
      return VIEW_CONTRACT;
    case "pending":
      return PENDING_CONTRACT;
    case "approved":
      return REQUEST_BEING_PROCESSED;
    case "denied":
      return lastPublicNote && lastPublicNote.trim() ? lastPublicNote : REQUEST_DENIED;
    case "none":
      return CONTRACT_NOW;
  }
}

/** Spec §2: 'View Contract' goes to contracts_pending if contracting is required and complete, otherwise to contracts. */
export function viewContractHref(user: SessionUser): string {
  return contractingComplete(user) ? "/contracts_pending" : "/contracts";
}

/** Spec §8 alert text (spec §4/§6: document notifications disable contract requests). */
export const CONTRACT_REQUEST_BLOCKED =
  "You cannot request new contracts until your documentation is up to date. Please visit the User Profile to find this icon next to any documentation that requires your attention.";

/** Spec §8 success message. */
export function contractRequestedMessage(carrierName: string): string {
  return `We will be in touch shortly to get you contracting with ${carrierName}`;
}

/** Spec §2: the product list defaults to Medicare Advantage. */
export const DEFAULT_PRODUCT_NAME = "Medicare Advantage";

export function defaultProductId(products: { id: number; name: string }[]): number | null {
  const preferred = products.find((p) => p.name === DEFAULT_PRODUCT_NAME);
  return preferred?.id ?? products[0]?.id ?? null;
}

/** What the Contract Now dialog shows per carrier of a product (resources sanitised on the server). */
export interface CarrierCard extends CarrierResourceView {
  carrierProductId: number;
  carrierName: string;
  state: ContractState;
  stateText: string;
}
