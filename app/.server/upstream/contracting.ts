import { call, callMultipart } from "./client";
import {
  CenterResourcesResponseSchema,
  ContractingStatusesResponseSchema,
  LegalAnswersResponseSchema,
  LegalQuestionsResponseSchema,
  ProductCarriersResponseSchema,
  ProductsResponseSchema,
} from "./schemas/contracting";
import { sharedList } from "./shared-lists";

/** A shared list (the same for every caller): kept for SHARED_LIST_TTL_SECONDS (ADR 017). Read-only. */
export async function products(token: string) {
  const path = "/api/resource_lists/products";
  return sharedList(path, async () => (await call("GET", path, ProductsResponseSchema, { token })).products);
}

/**
 * The product's active carriers. Not kept (ADR 017 amended by issue 22): administrators turn carriers on and off
 * (admin/carriers), and Contract Now shows the change at once, on every worker and host.
 */
export async function productCarriers(token: string, productId: number) {
  const path = `/api/resource_lists/product_carriers/${productId}`;
  return (await call("GET", path, ProductCarriersResponseSchema, { token })).productCarriers;
}

/**
 * Every carrier resource at once (one call instead of one per carrier; filter with carrierProductId). Not kept:
 * administrators edit them (admin/carriers/:id), and Contract Now and the Learning Center show a saved change at
 * once (issue 22).
 */
export async function centerResources(token: string, carrierProductId?: number) {
  const query = carrierProductId === undefined ? "" : `?carrierProductId=${carrierProductId}`;
  const path = `/api/learning_center/center_resources${query}`;
  return (await call("GET", path, CenterResourcesResponseSchema, { token })).learningCenterResources;
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

/** A shared list (ADR 017). Read-only. */
export async function legalQuestions(token: string, productId: number) {
  const path = `/api/resource_lists/legal_questions/${productId}`;
  return sharedList(
    path,
    async () => (await call("GET", path, LegalQuestionsResponseSchema, { token })).legalQuestions,
  );
}

export async function legalAnswers(token: string) {
  return (await call("GET", "/api/profile/legal_answers", LegalAnswersResponseSchema, { token })).legalAnswers;
}

/** Spec §7 PUT /api/profile/legal_answers: multipart, user[legalAnswersAttributes][] entries. */
export async function saveLegalAnswers(token: string, entries: Array<[string, string | Blob]>) {
  return (await callMultipart("PUT", "/api/profile/legal_answers", LegalAnswersResponseSchema, { token, entries }))
    .legalAnswers;
}
