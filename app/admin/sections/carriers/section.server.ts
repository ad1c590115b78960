/**
 * The carriers section's server half (issue 22 §2.1; contract.server.ts): the list and export (the shared list page)
 * and, for the carrier's own record page (app/routes/admin.carriers.$id.tsx), the carrier with every product's
 * resource and the two writes.
 */
import type { SectionServer } from "~/.server/admin/section-server";
import { adminResource } from "~/.server/upstream/admin";
import {
  AdminCarrierPatchSchema,
  AdminCarrierResourcePatchSchema,
  AdminCarrierResponseSchema,
  AdminCarrierSchema,
  AdminCarriersResponseSchema,
} from "./contract.server";
import type { AdminCarrier } from "./records";

const api = adminResource("carriers", {
  list: AdminCarriersResponseSchema,
  one: AdminCarrierResponseSchema,
  patch: AdminCarrierPatchSchema,
});

/** PATCH /api/admin/carriers/:id/products/:carrierProductId (the resource of one carrier product). */
const productsOf = (id: number) =>
  adminResource(`carriers/${id}/products`, {
    list: AdminCarriersResponseSchema,
    one: AdminCarrierResponseSchema,
    patch: AdminCarrierResourcePatchSchema,
  });

export const carrierRecord = async (token: string, id: number) => api.record(token, id);

export async function saveCarrier(token: string, id: number, body: { name: string; active: boolean }) {
  return AdminCarrierSchema.parse(await api.update(token, id, body));
}

/** Saves one carrier product's resource; the carrier as it is now. */
export async function saveCarrierResource(
  token: string,
  id: number,
  carrierProductId: number,
  body: Parameters<ReturnType<typeof productsOf>["update"]>[2],
) {
  return AdminCarrierSchema.parse(await productsOf(id).update(token, carrierProductId, body));
}

export const server: SectionServer<AdminCarrier> = {
  list: async (token, params) => api.list(token, params),
  listRow: (c) => ({
    id: c.id,
    name: c.name,
    active: c.active,
    products: c.products.map((p) => ({ productName: p.productName })),
    activeContracts: c.activeContracts,
    updatedAt: c.updatedAt,
  }),
  record: async (token, id) => {
    const found = await api.record(token, id);
    return { record: found.record, history: found.history };
  },
  exportCsv: async (token, params) => api.exportCsv(token, params),
};
