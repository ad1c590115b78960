import { call } from "./client";
import {
  DownlineCarriersResponseSchema,
  DownlinesResponseSchema,
  ExportResponseSchema,
  PolicyDetailsResponseSchema,
} from "./schemas";

export async function downlineCarriers(token: string) {
  return (await call("GET", "/api/downlines/carriers", DownlineCarriersResponseSchema, { token })).carriers;
}

/** Spec §7: the direct sub-agencies and agents of an agency, filtered by contract status. */
export async function downlines(token: string, carrierId: number, npnId: number, contractStatuses: string[]) {
  const query = contractStatuses.length ? `?contractStatuses=${encodeURIComponent(contractStatuses.join(","))}` : "";
  return (await call("GET", `/api/downlines/${carrierId}/agency/${npnId}${query}`, DownlinesResponseSchema, { token }))
    .downlines;
}

export async function downlinePolicies(token: string, carrierId: number, npnId: number) {
  return (await call("GET", `/api/downlines/${carrierId}/policies/${npnId}`, PolicyDetailsResponseSchema, { token }))
    .policyDetails;
}

export async function exportDownlinePolicies(token: string, carrierId: number, npnId: number) {
  return (await call("GET", `/api/downlines/${carrierId}/policies/${npnId}/export`, ExportResponseSchema, { token }))
    .message;
}
