/**
 * The onboarding seed (issue 3): onboarded@'s finished onboarding (onboarding@ has none saved yet).
 * Composed by seed/seed.ts; dates are relative to the seed day (seed/seed-dates.ts).
 */
import type { OnboardingStepKey } from "../../../app/.server/upstream/schemas/onboarding.ts";
import type { SeedDates } from "../seed/seed-dates.ts";
import type { InStatement } from "@libsql/client";

/* ---- Onboarding (issue 3) ---- */

/** The stored data of the personal step: the tax id number is kept here and never sent back. */
export interface OnboardingPersonalData {
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string;
  addressLine1: string;
  city: string;
  state: string;
  zip: string;
  taxIdType: "ssn" | "ein" | null;
  /** 9 digits, or null. */
  taxId: string | null;
}

export interface OnboardingBankingData {
  accountHolder: string;
  accountType: "checking" | "savings";
  routingNumber: string;
  accountNumber: string;
}

export interface OnboardingSignatureData {
  strokes: { points: { x: number; y: number; time?: number }[] }[];
  points: number;
}

export interface OnboardingOptoutData {
  marketingEmails: boolean;
  leadPrograms: boolean;
}

/** One row of onboarding_steps: the saved data of a step and when it was completed (null = not yet). */
export interface SeedOnboardingStep {
  userId: number;
  step: OnboardingStepKey;
  data: unknown;
  completedAt: string | null;
}

/** A signature drawn as two strokes of 20 points each (deterministic). */
function seedSignature(): OnboardingSignatureData {
  const stroke = (offset: number, start: number) => ({
    points: Array.from({ length: 20 }, (_, i) => ({
      x: offset + i * 9,
      y: 60 + Math.round(Math.sin(i / 2) * 18),
      time: start + i * 16,
    })),
  });
  const strokes = [stroke(20, 0), stroke(210, 600)];
  return { strokes, points: strokes.reduce((n, s) => n + s.points.length, 0) };
}

/** onboarded@ finished its onboarding about a year and a half before the seed day. */
const ONBOARDED_DAYS_AGO = 540;

/**
 * onboarded@ (8, Agency; roleHasShowAchInfo, no roleRequiresSsnOrTin, no roleHasOptoutProcess): every
 * step of its role stored as complete (documents: SEED_ONBOARDING_DOCUMENTS). onboarding@ (7): nothing.
 */
export const seedOnboardingSteps = (dates: SeedDates): SeedOnboardingStep[] => [
  {
    userId: 8,
    step: "personal",
    data: {
      firstName: "Michael",
      lastName: "Rossi",
      phone: "(555) 850-6674",
      dateOfBirth: "1978-04-19",
      addressLine1: "250 Park Avenue South",
      city: "New York",
      state: "NY",
      zip: "10003",
      taxIdType: "ein",
      taxId: "134567890",
    } satisfies OnboardingPersonalData,
    completedAt: dates.daysAgo(ONBOARDED_DAYS_AGO, "14:20"),
  },
  { userId: 8, step: "licenses", data: {}, completedAt: dates.daysAgo(ONBOARDED_DAYS_AGO, "14:25") },
  { userId: 8, step: "legal", data: {}, completedAt: dates.daysAgo(ONBOARDED_DAYS_AGO, "14:31") },
  {
    userId: 8,
    step: "banking",
    data: {
      accountHolder: "Rossi Insurance Group LLC",
      accountType: "checking",
      routingNumber: "021000021",
      accountNumber: "000123456789",
    } satisfies OnboardingBankingData,
    completedAt: dates.daysAgo(ONBOARDED_DAYS_AGO, "14:40"),
  },
  { userId: 8, step: "signature", data: seedSignature(), completedAt: dates.daysAgo(ONBOARDED_DAYS_AGO, "15:00") },
];

export interface SeedOnboardingDocument {
  userId: number;
  kind: "w9" | "eo";
  fileId: number;
}

export const SEED_ONBOARDING_DOCUMENTS: readonly SeedOnboardingDocument[] = [
  { userId: 8, kind: "w9", fileId: 2 },
  { userId: 8, kind: "eo", fileId: 3 },
];

/** onboarded@'s finished onboarding steps. */
export function onboardingSeedStatements(dates: SeedDates): InStatement[] {
  const statements: InStatement[] = [];
  for (const o of seedOnboardingSteps(dates)) {
    statements.push({
      sql: "INSERT INTO onboarding_steps (user_id, step, data, completed_at) VALUES (?, ?, ?, ?)",
      args: [o.userId, o.step, JSON.stringify(o.data), o.completedAt],
    });
  }
  return statements;
}
