import { call } from "./client";
import { ExportResponseSchema } from "./schemas/book-of-business";
import {
  DOWNLINE_BRANCHES_MAX,
  DownlineBranchesResponseSchema,
  DownlineCarriersResponseSchema,
  PolicyDetailsResponseSchema,
} from "./schemas/downlines";
import { sharedList } from "./shared-lists";

/**
 * The carriers downlines are shown for: the same for every caller allowed to read them (agencies and admins;
 * the access rule refuses the page to anyone else), so a shared list (ADR 017). Read-only.
 */
export async function downlineCarriers(token: string) {
  const path = "/api/downlines/carriers";
  return sharedList(path, async () => (await call("GET", path, DownlineCarriersResponseSchema, { token })).carriers);
}

/**
 * Spec §7's downlines (the direct sub-agencies and agents of an agency, filtered by contract status) for
 * several agencies in one call; npnIds the caller may not see come back in `notFound`.
 */
export async function downlineBranches(token: string, carrierId: number, npnIds: number[], contractStatuses: string[]) {
  // The page caps what a URL may open (MAX_OPEN_AGENCIES); this is the contract's own limit.
  if (npnIds.length === 0 || npnIds.length > DOWNLINE_BRANCHES_MAX)
    throw new RangeError(`downlineBranches: ${npnIds.length} npnIds`);
  const query = new URLSearchParams({ npnIds: npnIds.join(",") });
  if (contractStatuses.length) query.set("contractStatuses", contractStatuses.join(","));
  return call("GET", `/api/downlines/${carrierId}/agencies?${query.toString()}`, DownlineBranchesResponseSchema, {
    token,
  });
}

export async function downlinePolicies(token: string, carrierId: number, npnId: number) {
  return (await call("GET", `/api/downlines/${carrierId}/policies/${npnId}`, PolicyDetailsResponseSchema, { token }))
    .policyDetails;
}

export async function exportDownlinePolicies(token: string, carrierId: number, npnId: number) {
  return (await call("GET", `/api/downlines/${carrierId}/policies/${npnId}/export`, ExportResponseSchema, { token }))
    .message;
}
