/** A contract request as the desk and the broker pages draw it (contract.server.ts satisfies it). */
import type { ContractState } from "~/domain/admin/records";

export interface AdminContractRequest {
  id: number;
  broker: { id: number; name: string; npnNumber: string | null };
  carrierProductId: number;
  carrierId: number;
  carrierName: string;
  productId: number;
  productName: string;
  state: ContractState;
  requestedAt: string;
  stateSince: string;
  waitingDays: number;
  ballWith: "broker" | "agency" | "carrier" | null;
  timeInStates: Array<{ state: ContractState; seconds: number }>;
  lastPublicNote: string | null;
  internalNote: string | null;
  writingNumber: string | null;
  effectiveDate: string | null;
  /** One more at every move (issue 35 §2): a move from a review page carries the version the page showed. */
  version: number;
  /** The states the request covers (issue 24 §7: licensed states less NIPR holds); null: not recorded. */
  states: string[] | null;
}
