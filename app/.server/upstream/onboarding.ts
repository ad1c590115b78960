import { call, callMultipart } from "./client";
import { OnboardingResponseSchema, type OnboardingStepKey } from "./schemas/onboarding";

export async function onboarding(token: string) {
  return (await call("GET", "/api/onboarding", OnboardingResponseSchema, { token })).onboarding;
}

export async function saveOnboardingStep(token: string, step: Exclude<OnboardingStepKey, "documents">, body: unknown) {
  return (await call("PUT", `/api/onboarding/steps/${step}`, OnboardingResponseSchema, { token, body })).onboarding;
}

export async function saveOnboardingDocuments(token: string, entries: Array<[string, string | Blob]>) {
  return (await callMultipart("PUT", "/api/onboarding/steps/documents", OnboardingResponseSchema, { token, entries }))
    .onboarding;
}

export async function completeOnboarding(token: string) {
  return (await call("POST", "/api/onboarding/complete", OnboardingResponseSchema, { token })).onboarding;
}
