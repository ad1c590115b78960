/**
 * The carriers section's upstream calls (issue 22 §2.1; contract.server.ts): the list and export (the shared list
 * page), a carrier with every product's resource, and the two writes of its record page.
 */
import { call, callFile } from "~/.server/upstream/client";
import {
  AdminCarrierProductSavedSchema,
  AdminCarrierResponseSchema,
  AdminCarriersResponseSchema,
  AdminCarrierSavedSchema,
} from "./contract.server";
import type { CarrierResourceFields } from "./records";

const path = (rest = "", params?: URLSearchParams) => {
  const query = params?.toString() ?? "";
  return `/api/admin/carriers${rest}${query ? `?${query}` : ""}`;
};

export const carrierList = (token: string, params: URLSearchParams) =>
  call("GET", path("", params), AdminCarriersResponseSchema, { token });

export const carrierExport = (token: string, params: URLSearchParams) => callFile(path("/export", params), { token });

export const carrierRecord = (token: string, id: number) =>
  call("GET", path(`/${id}`), AdminCarrierResponseSchema, { token });

export async function saveCarrier(token: string, id: number, body: { name: string; active: boolean }) {
  return (await call("PATCH", path(`/${id}`), AdminCarrierSavedSchema, { token, body })).record;
}

export async function saveCarrierResource(
  token: string,
  id: number,
  carrierProductId: number,
  body: Partial<CarrierResourceFields>,
) {
  return call("PATCH", path(`/${id}/products/${carrierProductId}`), AdminCarrierProductSavedSchema, { token, body });
}
