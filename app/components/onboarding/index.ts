/** The contracting steps' forms (issue 3), one module a step; app/routes/onboarding.tsx picks the step. */
export { BankingStep } from "./banking-step";
export { DocumentsStep } from "./documents-step";
export { LicensesStep } from "./licenses-step";
export { OptoutStep } from "./optout-step";
export { PersonalStep, type PersonalValues } from "./personal-step";
export { SignatureStep } from "./signature-step";
export type { StepResult } from "./step-form";
export { OnboardingStepList } from "./step-list";
