import { type CarrierCard, contractStateOf, contractStateText, defaultProductId } from "~/domain/contract-state";
import { carrierResourceView } from "./carrier-resources";
import type { CarrierResource, ContractingStatuses, Product, ProductCarrier } from "./upstream/schemas";

export type { CarrierCard };

/** What the Contract Now dialog shows per carrier of a product: sanitised resources and contract state. */
export function carrierCards(
  carriers: ProductCarrier[],
  resources: CarrierResource[],
  statuses: ContractingStatuses,
  today: Date,
): CarrierCard[] {
  const byCarrierProduct = new Map(resources.map((r) => [r.carrierProductId, r]));
  return carriers.map((carrier) => {
    const { state, lastPublicNote } = contractStateOf(carrier.carrierProductId, statuses);
    return {
      carrierProductId: carrier.carrierProductId,
      carrierName: carrier.carrierName,
      state,
      stateText: contractStateText(state, lastPublicNote),
      ...carrierResourceView(byCarrierProduct.get(carrier.carrierProductId) ?? null, today),
    };
  });
}

/** The product the dialog shows: the one asked for when it exists, else Medicare Advantage (spec §2). */
export function chosenProduct(products: Product[], asked: number | null): Product | null {
  const id = asked !== null && products.some((p) => p.id === asked) ? asked : defaultProductId(products);
  return products.find((p) => p.id === id) ?? null;
}
