import { z } from "zod";
import { StoredFileSchema } from "./files";

/* ---- Contracting (issue 3): products, carriers, carrier resources, contract states, legal questions ---- */

/** GET /api/resource_lists/products */
export const ProductSchema = z.object({ id: z.number().int(), name: z.string() });
export type Product = z.infer<typeof ProductSchema>;
export const ProductsResponseSchema = z.object({ products: z.array(ProductSchema) });

/** GET /api/resource_lists/product_carriers/{productId}: spec §3 carrier product (id, carrierName, carrierProductId). */
export const ProductCarrierSchema = z.object({
  id: z.number().int(),
  carrierName: z.string(),
  carrierProductId: z.number().int(),
});
export type ProductCarrier = z.infer<typeof ProductCarrierSchema>;
export const ProductCarriersResponseSchema = z.object({ productCarriers: z.array(ProductCarrierSchema) });

const text = z.string().nullable();
/** GET /api/learning_center/center_resources?carrierProductId=: spec §3 carrier resource (HTML fields). */
export const CarrierResourceSchema = z.object({
  id: z.number().int(),
  carrierProductId: z.number().int(),
  description: text,
  agentGuide: text,
  certification: text,
  commissions: text,
  transferPolicy: text,
  technology: text,
  brokerServicesNumber: text,
  brokerSupportedEmail: text,
  carrierPortalLink: text,
  certificationLink: text,
  /** ISO date (YYYY-MM-DD) or null: 'OPENS <date>' when in the future, 'TBA' when missing. */
  certificationDate: text,
  packageCode: text,
  commissionPayments: text,
  orderingSupplies: text,
  additionalInfo: text,
});
export type CarrierResource = z.infer<typeof CarrierResourceSchema>;
export const CenterResourcesResponseSchema = z.object({ learningCenterResources: z.array(CarrierResourceSchema) });

/** One contracting entry; denied entries carry the lastPublicNote (spec §3). */
export const ContractingEntrySchema = z.object({
  id: z.number().int(),
  carrierProductId: z.number().int(),
  carrierName: z.string(),
  productName: z.string(),
  lastPublicNote: z.string().nullable(),
  updatedAt: z.string(),
});
export type ContractingEntry = z.infer<typeof ContractingEntrySchema>;
/** GET/POST /api/profile/contracting_entries: spec §7 reads contractingStatuses.statuses. */
export const ContractingStatusesResponseSchema = z.object({
  contractingStatuses: z.object({
    statuses: z.object({
      pending: z.array(ContractingEntrySchema),
      denied: z.array(ContractingEntrySchema),
      approved: z.array(ContractingEntrySchema),
      active: z.array(ContractingEntrySchema),
    }),
  }),
});
export type ContractingStatuses = z.infer<typeof ContractingStatusesResponseSchema>["contractingStatuses"]["statuses"];

/** GET /api/resource_lists/legal_questions/{productId} */
export const LegalQuestionSchema = z.object({ id: z.number().int(), questionText: z.string() });
export type LegalQuestion = z.infer<typeof LegalQuestionSchema>;
export const LegalQuestionsResponseSchema = z.object({ legalQuestions: z.array(LegalQuestionSchema) });

/** GET/PUT /api/profile/legal_answers: spec §3 legal answer. */
export const LegalAnswerSchema = z.object({
  id: z.number().int(),
  legalQuestionId: z.number().int(),
  hasOccurred: z.boolean(),
  /** ISO date YYYY-MM-DD or null. */
  actionOn: z.string().nullable(),
  action: z.string().nullable(),
  reason: z.string().nullable(),
  explanation: z.string().nullable(),
  file: StoredFileSchema.nullable(),
});
export type LegalAnswer = z.infer<typeof LegalAnswerSchema>;
export const LegalAnswersResponseSchema = z.object({ legalAnswers: z.array(LegalAnswerSchema) });
