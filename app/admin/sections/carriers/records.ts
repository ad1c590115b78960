/**
 * The carriers section's records (issue 22 §2.1): a carrier, active or not, with its carrier products, and per
 * carrier product the carrier resource of spec §3 (the HTML fields and the contacts the agent pages show).
 */

/** The carrier resource fields an administrator edits (spec §3), each a string or null (empty). */
export const CARRIER_RESOURCE_FIELDS = [
  "description",
  "agentGuide",
  "certification",
  "commissions",
  "transferPolicy",
  "technology",
  "brokerServicesNumber",
  "brokerSupportedEmail",
  "carrierPortalLink",
  "certificationLink",
  "certificationDate",
  "packageCode",
  "commissionPayments",
  "orderingSupplies",
  "additionalInfo",
] as const;
export type CarrierResourceField = (typeof CARRIER_RESOURCE_FIELDS)[number];

/** The fields holding HTML (edited with the rich-text editor, sanitised wherever they are saved and shown). */
export const CARRIER_RESOURCE_HTML_FIELDS = [
  "description",
  "agentGuide",
  "certification",
  "commissions",
  "transferPolicy",
  "technology",
  "commissionPayments",
  "orderingSupplies",
  "additionalInfo",
] as const satisfies readonly CarrierResourceField[];

export type CarrierResourceFields = Record<CarrierResourceField, string | null>;

/** One product a carrier offers (a carrier product: its id is the contracts' carrierProductId). */
export interface AdminCarrierProduct {
  carrierProductId: number;
  productId: number;
  productName: string;
  /** Active contracts of brokers with this carrier product. */
  activeContracts: number;
}

/** A carrier as the list shows it. */
export interface AdminCarrier {
  id: number;
  name: string;
  /** Inactive: gone from Contract Now and the Learning Center; its contracts are untouched. */
  active: boolean;
  products: AdminCarrierProduct[];
  /** Active contracts over every product of the carrier. */
  activeContracts: number;
  /** The last change by an administrator (ISO), null when never changed. */
  updatedAt: string | null;
}

/** A carrier product with its resource (the record page's forms). */
export interface AdminCarrierProductResource extends AdminCarrierProduct {
  resource: CarrierResourceFields;
}
