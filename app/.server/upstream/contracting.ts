import { call, callMultipart } from "./client";
import {
  CenterResourcesResponseSchema,
  ContractingStatusesResponseSchema,
  LegalAnswersResponseSchema,
  LegalQuestionsResponseSchema,
  ProductCarriersResponseSchema,
  ProductsResponseSchema,
} from "./schemas/contracting";

export async function products(token: string) {
  return (await call("GET", "/api/resource_lists/products", ProductsResponseSchema, { token })).products;
}

export async function productCarriers(token: string, productId: number) {
  return (
    await call("GET", `/api/resource_lists/product_carriers/${productId}`, ProductCarriersResponseSchema, { token })
  ).productCarriers;
}

/** Every carrier resource at once (one call instead of one per carrier; filter with carrierProductId). */
export async function centerResources(token: string, carrierProductId?: number) {
  const query = carrierProductId === undefined ? "" : `?carrierProductId=${carrierProductId}`;
  return (await call("GET", `/api/learning_center/center_resources${query}`, CenterResourcesResponseSchema, { token }))
    .learningCenterResources;
}

export async function contractingStatuses(token: string) {
  return (await call("GET", "/api/profile/contracting_entries", ContractingStatusesResponseSchema, { token }))
    .contractingStatuses.statuses;
}

/** Spec §7 POST /api/profile/contracting_entries; the idempotency key makes a resubmission harmless. */
export async function requestContracts(token: string, carrierProductIds: number[], idempotencyKey: string) {
  return (
    await call("POST", "/api/profile/contracting_entries", ContractingStatusesResponseSchema, {
      token,
      body: { carrierProductIds },
      headers: { "idempotency-key": idempotencyKey },
    })
  ).contractingStatuses.statuses;
}

export async function legalQuestions(token: string, productId: number) {
  return (
    await call("GET", `/api/resource_lists/legal_questions/${productId}`, LegalQuestionsResponseSchema, { token })
  ).legalQuestions;
}

export async function legalAnswers(token: string) {
  return (await call("GET", "/api/profile/legal_answers", LegalAnswersResponseSchema, { token })).legalAnswers;
}

/** Spec §7 PUT /api/profile/legal_answers: multipart, user[legalAnswersAttributes][] entries. */
export async function saveLegalAnswers(token: string, entries: Array<[string, string | Blob]>) {
  return (await callMultipart("PUT", "/api/profile/legal_answers", LegalAnswersResponseSchema, { token, entries }))
    .legalAnswers;
}
