import type { SectionServer } from "~/.server/admin/section-server";
import {
  adminExport,
  bulkTransitionContractRequests,
  contractRequest,
  contractRequests,
} from "~/.server/upstream/admin";
import type { AdminContractRequest } from "./records";
import { bulkTransitionSchema } from "./schemas";

/** The contracting desk: the queue's list and export, and its bulk move (one upstream call for every row). */
export const server: SectionServer<AdminContractRequest> = {
  bulkSchema: bulkTransitionSchema,
  list: async (token, params) => contractRequests(token, params),
  // Not the time in each state, the notes, the writing number nor the ids: the review page shows those.
  listRow: (r) => ({
    id: r.id,
    broker: { id: r.broker.id, name: r.broker.name },
    carrierName: r.carrierName,
    productName: r.productName,
    state: r.state,
    ballWith: r.ballWith,
    waitingDays: r.waitingDays,
    requestedAt: r.requestedAt,
  }),
  record: async (token, id) => {
    const found = await contractRequest(token, id);
    return { record: found.record, history: found.history };
  },
  bulk: async (token, value) => {
    const v = value as {
      id: number[];
      state: "approved" | "denied" | "pending";
      publicNote: string | null;
      internalNote: string | null;
    };
    const outcome = await bulkTransitionContractRequests(token, {
      ids: v.id,
      state: v.state,
      publicNote: v.publicNote,
      internalNote: v.internalNote,
    });
    return { done: outcome.moved.length, refusals: outcome.refused.map((r) => `Request ${r.id}: ${r.error}`) };
  },
  exportCsv: async (token, params) => adminExport(token, "contract_requests", params),
};
