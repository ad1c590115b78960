import { learningCenterTabs, packageCodeLabel, recertificationLabel } from "~/domain/carrier-resource";
import { type CarrierCard, contractStateOf, contractStateText, defaultProductId } from "~/domain/contract-state";
import { sanitize } from "./html";
import type { CarrierResource, ContractingStatuses, Product, ProductCarrier } from "./upstream/schemas";

export type { CarrierCard };

function safeLink(href: string | null): string | null {
  return href && /^https?:\/\//i.test(href) ? href : null;
}

/** What the Contract Now dialog shows per carrier of a product: sanitised resources and contract state. */
export function carrierCards(
  carriers: ProductCarrier[],
  resources: CarrierResource[],
  statuses: ContractingStatuses,
  today: Date,
): CarrierCard[] {
  const byCarrierProduct = new Map(resources.map((r) => [r.carrierProductId, r]));
  return carriers.map((carrier) => {
    const raw = byCarrierProduct.get(carrier.carrierProductId) ?? null;
    const resource = raw
      ? {
          ...raw,
          description: sanitize(raw.description),
          agentGuide: sanitize(raw.agentGuide),
          certification: sanitize(raw.certification),
          commissions: sanitize(raw.commissions),
          transferPolicy: sanitize(raw.transferPolicy),
          technology: sanitize(raw.technology),
          commissionPayments: sanitize(raw.commissionPayments),
          orderingSupplies: sanitize(raw.orderingSupplies),
          additionalInfo: sanitize(raw.additionalInfo),
        }
      : null;
    const { state, lastPublicNote } = contractStateOf(carrier.carrierProductId, statuses);
    return {
      carrierProductId: carrier.carrierProductId,
      carrierName: carrier.carrierName,
      state,
      stateText: contractStateText(state, lastPublicNote),
      descriptionHtml: resource?.description ?? null,
      recertification: recertificationLabel(resource?.certificationDate ?? null, today),
      packageCode: packageCodeLabel(resource?.packageCode ?? null),
      carrierPortalLink: safeLink(resource?.carrierPortalLink ?? null),
      certificationLink: safeLink(resource?.certificationLink ?? null),
      tabs: resource ? learningCenterTabs(resource) : [],
    };
  });
}

/** The product the dialog shows: the one asked for when it exists, else Medicare Advantage (spec §2). */
export function chosenProduct(products: Product[], asked: number | null): Product | null {
  const id = asked !== null && products.some((p) => p.id === asked) ? asked : defaultProductId(products);
  return products.find((p) => p.id === id) ?? null;
}
