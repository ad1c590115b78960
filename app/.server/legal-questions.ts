import { defaultProductId } from "~/domain/contract-state";
import { legalQuestions, products } from "./upstream/contracting";

/** Onboarding asks the legal questions of the default product (Medicare Advantage, spec §2). */
export async function onboardingLegalQuestions(token: string) {
  const id = defaultProductId(await products(token));
  return id === null ? [] : legalQuestions(token, id);
}
