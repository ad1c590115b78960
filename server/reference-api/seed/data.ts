/**
 * The reference API's seed: the demo accounts of /work/shared/design/demo-data.md (fixed user ids
 * 1..10 in the order of that table), their licenses, system notifications and document notifications;
 * and the contracting data: products, carriers, carrier products and their resources, each account's
 * contracting entries, legal questions, agent@'s and onboarded@'s legal answers and stored files; and
 * onboarded@'s finished onboarding (onboarding@ has none saved yet); and the books of business
 * (policies, generated deterministically: SEED_BOOK_SIZES); and the agencies' downline invitations
 * (seedInvitations); and agency@'s downline (SEED_DOWNLINE_NODES, their per-carrier contracts and
 * policies); and the commission lines (seedCommissionLines, derived from the policies).
 * Ids are fixed so a reset (which keeps the sessions table) leaves every token pointing at the same user.
 * Dates are relative to the day the seed runs (seed-dates.ts): the data that carries dates is built by
 * functions of the seed calendar (seedTickets(dates) …), the rest are constants.
 */
import { NO_USER_FLAGS, type Role, type UserFlags } from "../../../app/domain/user.ts";
import type { CarrierResource } from "../../../app/.server/upstream/schemas/contracting.ts";
import dayjs from "dayjs";
import type { OnboardingStepKey } from "../../../app/.server/upstream/schemas/onboarding.ts";
import { perSeedDay, type SeedDates } from "./seed-dates.ts";

export const DEMO_PASSWORD = "demo-pass-123";

/** The boolean flags of the session user, stored as one JSON column (users.flags). */
export type { UserFlags };

export interface SeedLicense {
  state: string;
  licenseNumber: string;
  licenseType: string;
  status: string;
  /** The license expires at the end of the month this many months after the seed day's; null: never. */
  expiresInMonths: number | null;
}

export interface SeedUser {
  id: number;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  npnId: number | null;
  npnNumber: string | null;
  npnCurrentMaxLevel: string | null;
  phone: string | null;
  /** null = the SMS consent question is not answered yet. */
  smsConsent: boolean | null;
  flags: UserFlags;
  licenses: SeedLicense[];
}

function flags(overrides: Partial<UserFlags>): UserFlags {
  return { ...NO_USER_FLAGS, ...overrides };
}

/** A license's expiry by default: the end of the month 19 months ahead (well in the future). */
export const LICENSE_EXPIRES_IN_MONTHS = 19;
/** docs@'s PA license expires soon: at the end of the month 3 months ahead. */
const LICENSE_EXPIRES_SOON_IN_MONTHS = 3;

function license(
  state: string,
  licenseNumber: string,
  licenseType = "Health",
  expiresInMonths: number | null = LICENSE_EXPIRES_IN_MONTHS,
): SeedLicense {
  return { state, licenseNumber, licenseType, status: "Active", expiresInMonths };
}

/** YYYY-MM-DD or null: when a seed license expires. */
export function licenseExpiresOn(l: SeedLicense, dates: SeedDates): string | null {
  return l.expiresInMonths === null ? null : dates.monthEnd(l.expiresInMonths);
}

export const SEED_USERS: readonly SeedUser[] = [
  {
    id: 1,
    email: "agent@demo.test",
    role: "Agent",
    firstName: "Maria",
    lastName: "Alvarez",
    npnId: 1001,
    npnNumber: "17845210",
    npnCurrentMaxLevel: "Level 3",
    phone: "(555) 201-4410",
    smsConsent: true,
    flags: flags({
      sunfireAccess: true,
      existingActiveContracts: true,
      onboardingComplete: true,
      roleHasShowAchInfo: true,
      roleRequiresSsnOrTin: true,
    }),
    licenses: [license("FL", "W123456"), license("GA", "3219876", "Life & Health")],
  },
  {
    id: 2,
    email: "newagent@demo.test",
    role: "Agent",
    firstName: "Daniel",
    lastName: "Okafor",
    npnId: 1002,
    npnNumber: "20311877",
    npnCurrentMaxLevel: "Level 1",
    phone: "(555) 201-7723",
    smsConsent: null,
    flags: flags({ roleRequiresSsnOrTin: true }),
    licenses: [license("TX", "2456781")],
  },
  {
    id: 3,
    email: "loa@demo.test",
    role: "Agent",
    firstName: "Priya",
    lastName: "Raman",
    npnId: 1003,
    npnNumber: "18977342",
    npnCurrentMaxLevel: "Level 2",
    phone: "(555) 310-0982",
    smsConsent: false,
    flags: flags({ loa: true, existingActiveContracts: true }),
    licenses: [license("AZ", "1094417"), license("NV", "3560021")],
  },
  {
    id: 4,
    email: "docs@demo.test",
    role: "Agent",
    firstName: "Thomas",
    lastName: "Becker",
    npnId: 1004,
    npnNumber: "16554093",
    npnCurrentMaxLevel: "Level 3",
    phone: "(555) 410-3357",
    smsConsent: true,
    flags: flags({ existingActiveContracts: true, existingExpiredContracts: true, roleHasShowAchInfo: true }),
    licenses: [license("OH", "1187345"), license("PA", "889012", "Health", LICENSE_EXPIRES_SOON_IN_MONTHS)],
  },
  {
    id: 5,
    email: "agency@demo.test",
    role: "Agency",
    firstName: "Linda",
    lastName: "Chen",
    npnId: 1005,
    npnNumber: "15002468",
    npnCurrentMaxLevel: "Agency Level 5",
    phone: "(555) 520-1188",
    smsConsent: true,
    flags: flags({
      sunfireAccess: true,
      existingActiveContracts: true,
      hierarchyPresent: true,
      roleHasShowAchInfo: true,
      roleRequiresSsnOrTin: true,
      roleHasOptoutProcess: true,
    }),
    licenses: [license("CA", "0K45123"), license("OR", "3301774"), license("WA", "1045620", "Life & Health")],
  },
  {
    id: 6,
    email: "beta@demo.test",
    role: "Agency",
    firstName: "Robert",
    lastName: "Nguyen",
    npnId: 1006,
    npnNumber: "19233571",
    npnCurrentMaxLevel: "Agency Level 4",
    phone: "(555) 630-2045",
    smsConsent: false,
    flags: flags({ existingActiveContracts: true, hierarchyPresent: true, roleRequiresSsnOrTin: true }),
    licenses: [license("NC", "9912034"), license("SC", "1776540")],
  },
  {
    id: 7,
    email: "onboarding@demo.test",
    role: "Agent",
    firstName: "Aisha",
    lastName: "Johnson",
    npnId: 1007,
    npnNumber: "21456790",
    npnCurrentMaxLevel: "Level 1",
    phone: "(555) 740-5531",
    smsConsent: true,
    flags: flags({
      roleHasOnboardingProcess: true,
      onboardingPresent: true,
      onboardingInProgress: true,
      onboardingActivated: true,
      onboardingComplete: false,
      existingActiveContracts: false,
      skipOnboardingWithContracts: false,
      roleRequiresSsnOrTin: true,
    }),
    licenses: [license("IL", "100234567")],
  },
  {
    id: 8,
    email: "onboarded@demo.test",
    role: "Agency",
    firstName: "Michael",
    lastName: "Rossi",
    npnId: 1008,
    npnNumber: "14789023",
    npnCurrentMaxLevel: "Agency Level 3",
    phone: "(555) 850-6674",
    smsConsent: false,
    flags: flags({
      roleHasOnboardingProcess: true,
      onboardingPresent: true,
      onboardingActivated: true,
      onboardingComplete: true,
      onboardingInProgress: false,
      skipOnboardingWithContracts: false,
      existingActiveContracts: true,
      roleHasShowAchInfo: true,
    }),
    licenses: [license("NY", "LA-1298834"), license("NJ", "1573920")],
  },
  {
    id: 9,
    email: "admin@demo.test",
    role: "Admin",
    firstName: "Grace",
    lastName: "Harper",
    npnId: null,
    npnNumber: null,
    npnCurrentMaxLevel: null,
    phone: "(555) 900-1000",
    smsConsent: false,
    flags: flags({}),
    licenses: [],
  },
  {
    id: 10,
    email: "carrier@demo.test",
    role: "Carrier",
    firstName: "Kevin",
    lastName: "Walsh",
    npnId: null,
    npnNumber: null,
    npnCurrentMaxLevel: null,
    phone: "(555) 900-2000",
    smsConsent: false,
    flags: flags({}),
    licenses: [],
  },
  // Not in demo-data.md's table: used by the end-to-end test of an upstream 401 mid-session.
  {
    id: 11,
    email: "expired@demo.test",
    role: "Agent",
    firstName: "Samuel",
    lastName: "Reyes",
    npnId: 1011,
    npnNumber: "20455102",
    npnCurrentMaxLevel: "Level 2",
    phone: "(555) 201-7788",
    smsConsent: true,
    flags: flags({ existingActiveContracts: true }),
    licenses: [license("TX", "2299001")],
  },
];

export interface SeedSystemNotification {
  id: number;
  title: string;
  message: string;
  severity: "info" | "warning" | "critical";
  publishedAt: string;
  /** When it ends (ISO timestamp), null: until withdrawn. */
  endsAt: string | null;
}

/**
 * Visible to everyone (GET /api/profile/notifications) while current; published in the last weeks, 2 newest,
 * then 1, then 3. The maintenance notice (2) has ended (its Saturday night is past), so only 1 and 3 show.
 */
export const seedSystemNotifications = (dates: SeedDates): SeedSystemNotification[] => [
  {
    id: 1,
    title: "Annual Enrollment Period",
    message:
      "The Medicare Annual Enrollment Period runs from October 15 to December 7. Make sure your carrier certifications are complete before October 1.",
    severity: "info",
    publishedAt: dates.daysAgo(22, "14:00"),
    endsAt: dates.daysAgo(-11, "23:59"),
  },
  {
    id: 2,
    title: "Scheduled maintenance",
    message:
      "The portal will be unavailable on Saturday from 11:00 PM to 2:00 AM ET for scheduled maintenance. Commission statements will not be affected.",
    severity: "warning",
    publishedAt: dates.daysAgo(14, "16:30"),
    endsAt: dates.daysAgo(11, "07:00"),
  },
  {
    id: 3,
    title: "New carrier available",
    message:
      "Contracting for Dental, Vision & Hearing plans is now open with two new carriers. See Contract Now for details.",
    severity: "info",
    publishedAt: dates.daysAgo(35, "13:15"),
    endsAt: null,
  },
];

export interface SeedDocumentNotification {
  id: number;
  userId: number;
  documentName: string;
  message: string;
}

/** docs@'s E&O certificate expired at the end of the month 5 months before the seed day's (YYYY-MM-DD). */
export const eoCertificateExpiredOn = (dates: SeedDates): string => dates.monthEnd(-5);

/** Only docs@demo.test (user 4) has documents that need attention. */
export const seedDocumentNotifications = (dates: SeedDates): SeedDocumentNotification[] => [
  {
    id: 1,
    userId: 4,
    documentName: "E&O Certificate",
    message: `Your Errors & Omissions certificate expired on ${eoCertificateExpiredOn(dates)}. Upload a current certificate.`,
  },
  {
    id: 2,
    userId: 4,
    documentName: "W-9",
    message: "We do not have a W-9 on file for you. Upload a signed W-9 form.",
  },
];

/* ---- Contracting (issue 3): products, carriers, carrier resources, contracting entries, legal questions ---- */

export interface SeedProduct {
  id: number;
  name: string;
  /** Display order: Medicare Advantage first (the default tab of Contract Now). */
  position: number;
}

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  { id: 1, name: "Medicare Advantage", position: 1 },
  { id: 2, name: "Medicare Supplement", position: 2 },
  { id: 3, name: "Prescription Drug Plans", position: 3 },
  { id: 4, name: "Dental, Vision & Hearing", position: 4 },
];

export interface SeedCarrier {
  id: number;
  name: string;
  /** Host name under example.com used for the carrier's links and e-mail. */
  domain: string;
}

export const SEED_CARRIERS: readonly SeedCarrier[] = [
  { id: 1, name: "Blue Harbor Health", domain: "blueharbor.example.com" },
  { id: 2, name: "Summit Mutual", domain: "summitmutual.example.com" },
  { id: 3, name: "Evergreen Life & Health", domain: "evergreen.example.com" },
  { id: 4, name: "Pioneer Benefits", domain: "pioneerbenefits.example.com" },
  { id: 5, name: "Keystone Senior Health", domain: "keystonesenior.example.com" },
  { id: 6, name: "Clearview Dental & Vision", domain: "clearview.example.com" },
  { id: 7, name: "Brightsmile Dental", domain: "brightsmile.example.com" },
];

/** Which carrier resource fields a carrier product's seed resource has (the rest are generated). */
export interface SeedCarrierProduct {
  /** The carrier product id (unique across products). */
  id: number;
  productId: number;
  carrierId: number;
  /**
   * The recertification date, in days from the seed day (negative: past), or null ('TBA');
   * future dates show 'OPENS <date>' (certificationDate()).
   */
  certificationInDays: number | null;
  /** null shows 'TBA'. */
  packageCode: string | null;
  /** Whether the optional tabs (Agent Guide, Certification, Technology) have content. */
  extraTabs: boolean;
  /** Whether commissionPayments has content. */
  commissionPayments: boolean;
}

/** About 2 months ahead: 'OPENS <date>'. */
export const FUTURE_CERTIFICATION_IN_DAYS = 60;
/** About 8 months ago: the plain date. */
export const PAST_CERTIFICATION_IN_DAYS = -240;
/** Pioneer Benefits' Medicare Advantage recertification opens a little after the others. */
const LATER_CERTIFICATION_IN_DAYS = 77;

/** The recertification date of the carrier products ~2 months ahead (Blue Harbor Health's Medicare Advantage 101 …). */
export const futureCertificationDate = (dates: SeedDates): string => dates.daysFromNow(FUTURE_CERTIFICATION_IN_DAYS);
/** The recertification date of the carrier products ~8 months ago (Summit Mutual's Medicare Advantage 102 …). */
export const pastCertificationDate = (dates: SeedDates): string => dates.daysFromNow(PAST_CERTIFICATION_IN_DAYS);

/** A carrier product's recertification date (YYYY-MM-DD) or null. */
export function certificationDate(cp: SeedCarrierProduct, dates: SeedDates): string | null {
  return cp.certificationInDays === null ? null : dates.daysFromNow(cp.certificationInDays);
}

export const SEED_CARRIER_PRODUCTS: readonly SeedCarrierProduct[] = [
  // Medicare Advantage
  {
    id: 101,
    productId: 1,
    carrierId: 1,
    certificationInDays: FUTURE_CERTIFICATION_IN_DAYS,
    packageCode: "PKG-MA-2026-01",
    extraTabs: true,
    commissionPayments: true,
  },
  {
    id: 102,
    productId: 1,
    carrierId: 2,
    certificationInDays: PAST_CERTIFICATION_IN_DAYS,
    packageCode: "PKG-MA-2026-02",
    extraTabs: false,
    commissionPayments: true,
  },
  {
    id: 103,
    productId: 1,
    carrierId: 3,
    certificationInDays: null,
    packageCode: null,
    extraTabs: true,
    commissionPayments: false,
  },
  {
    id: 104,
    productId: 1,
    carrierId: 4,
    certificationInDays: LATER_CERTIFICATION_IN_DAYS,
    packageCode: null,
    extraTabs: false,
    commissionPayments: false,
  },
  {
    id: 105,
    productId: 1,
    carrierId: 5,
    certificationInDays: null,
    packageCode: "PKG-MA-2026-05",
    extraTabs: true,
    commissionPayments: true,
  },
  // Medicare Supplement
  {
    id: 201,
    productId: 2,
    carrierId: 1,
    certificationInDays: PAST_CERTIFICATION_IN_DAYS,
    packageCode: "PKG-MS-2026-01",
    extraTabs: true,
    commissionPayments: true,
  },
  {
    id: 202,
    productId: 2,
    carrierId: 2,
    certificationInDays: null,
    packageCode: null,
    extraTabs: false,
    commissionPayments: false,
  },
  {
    id: 203,
    productId: 2,
    carrierId: 3,
    certificationInDays: FUTURE_CERTIFICATION_IN_DAYS,
    packageCode: "PKG-MS-2026-03",
    extraTabs: false,
    commissionPayments: true,
  },
  // Prescription Drug Plans
  {
    id: 301,
    productId: 3,
    carrierId: 1,
    certificationInDays: FUTURE_CERTIFICATION_IN_DAYS,
    packageCode: "PKG-PDP-2026-01",
    extraTabs: true,
    commissionPayments: false,
  },
  {
    id: 302,
    productId: 3,
    carrierId: 4,
    certificationInDays: PAST_CERTIFICATION_IN_DAYS,
    packageCode: null,
    extraTabs: false,
    commissionPayments: true,
  },
  {
    id: 303,
    productId: 3,
    carrierId: 5,
    certificationInDays: null,
    packageCode: null,
    extraTabs: false,
    commissionPayments: false,
  },
  // Dental, Vision & Hearing (two of them the "new carriers" of system notification 3)
  {
    id: 401,
    productId: 4,
    carrierId: 4,
    certificationInDays: null,
    packageCode: "PKG-DVH-2026-01",
    extraTabs: false,
    commissionPayments: true,
  },
  {
    id: 402,
    productId: 4,
    carrierId: 6,
    certificationInDays: FUTURE_CERTIFICATION_IN_DAYS,
    packageCode: null,
    extraTabs: true,
    commissionPayments: false,
  },
  {
    id: 403,
    productId: 4,
    carrierId: 7,
    certificationInDays: PAST_CERTIFICATION_IN_DAYS,
    packageCode: "PKG-DVH-2026-03",
    extraTabs: false,
    commissionPayments: false,
  },
];

/** The one carrier product whose resource's additionalInfo carries unsafe HTML (exercises the portal's sanitiser). */
export const UNSAFE_HTML_CARRIER_PRODUCT_ID = 104;
export const UNSAFE_ADDITIONAL_INFO =
  `<p>Bonus details</p><script>alert(1)</script><img src=x onerror="alert(2)">` +
  `<p><a href="javascript:alert(3)">Claim your bonus</a></p>`;

export type ContractStatus = "pending" | "denied" | "approved" | "active";

export interface SeedContractingEntry {
  id: number;
  userId: number;
  carrierProductId: number;
  status: ContractStatus;
  lastPublicNote: string | null;
  updatedAt: string;
}

export const DENIED_NOTE = "Your appointment was declined: the carrier requires an active AHIP certification for 2026.";

/**
 * agent@ (1): Medicare Advantage 101 active, 102 pending, 103 approved, 104 denied, 105 none; also
 * 201 active. docs@ (4): 101 and 201 active, none with the others. loa@, agency@, beta@: a few active.
 * onboarded@ (8): two pending. newagent@, onboarding@, admin, carrier, expired@: none.
 */
export const seedContractingEntries = (dates: SeedDates): SeedContractingEntry[] => [
  {
    id: 1,
    userId: 1,
    carrierProductId: 101,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(651, "15:20"),
  },
  {
    id: 2,
    userId: 1,
    carrierProductId: 102,
    status: "pending",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(25, "13:05"),
  },
  {
    id: 3,
    userId: 1,
    carrierProductId: 103,
    status: "approved",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(21, "17:45"),
  },
  {
    id: 4,
    userId: 1,
    carrierProductId: 104,
    status: "denied",
    lastPublicNote: DENIED_NOTE,
    updatedAt: dates.daysAgo(43, "09:30"),
  },
  {
    id: 5,
    userId: 1,
    carrierProductId: 201,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(616, "14:00"),
  },
  {
    id: 6,
    userId: 4,
    carrierProductId: 101,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(749, "16:10"),
  },
  {
    id: 7,
    userId: 4,
    carrierProductId: 201,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(749, "16:12"),
  },
  {
    id: 8,
    userId: 3,
    carrierProductId: 102,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(671, "10:00"),
  },
  {
    id: 9,
    userId: 3,
    carrierProductId: 301,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(671, "10:02"),
  },
  {
    id: 10,
    userId: 5,
    carrierProductId: 101,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(801, "12:00"),
  },
  {
    id: 11,
    userId: 5,
    carrierProductId: 102,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(801, "12:03"),
  },
  {
    id: 12,
    userId: 5,
    carrierProductId: 201,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(795, "08:40"),
  },
  {
    id: 13,
    userId: 5,
    carrierProductId: 401,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(456, "11:15"),
  },
  {
    id: 14,
    userId: 6,
    carrierProductId: 103,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(601, "15:30"),
  },
  {
    id: 15,
    userId: 6,
    carrierProductId: 202,
    status: "active",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(601, "15:33"),
  },
  {
    id: 16,
    userId: 8,
    carrierProductId: 101,
    status: "pending",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(14, "09:00"),
  },
  {
    id: 17,
    userId: 8,
    carrierProductId: 202,
    status: "pending",
    lastPublicNote: null,
    updatedAt: dates.daysAgo(14, "09:01"),
  },
];

export interface SeedLegalQuestion {
  id: number;
  questionText: string;
  /** The products that ask it. */
  productIds: readonly number[];
}

const ALL_PRODUCTS = [1, 2, 3, 4] as const;

export const SEED_LEGAL_QUESTIONS: readonly SeedLegalQuestion[] = [
  { id: 1, questionText: "Have you ever been convicted of a felony?", productIds: ALL_PRODUCTS },
  { id: 2, questionText: "Has any insurance license you held been suspended or revoked?", productIds: ALL_PRODUCTS },
  {
    id: 3,
    questionText: "Have you ever been named in a lawsuit related to insurance sales?",
    productIds: ALL_PRODUCTS,
  },
  { id: 4, questionText: "Do you have any outstanding debt to an insurance carrier?", productIds: ALL_PRODUCTS },
  {
    id: 5,
    questionText:
      "Has a state Department of Insurance ever received a complaint about your sale of Medicare Supplement policies?",
    productIds: [2],
  },
];

/** A tiny valid one-page PDF (correct xref offsets) showing one line of text. */
export function tinyPdf(text: string): Uint8Array<ArrayBuffer> {
  const safe = text.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 12 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

export interface SeedFile {
  id: number;
  userId: number;
  name: string;
  contentType: string;
  data: Uint8Array;
}

/** The seed files were stored about two years before the seed day (files.created_at). */
export const SEED_FILES_CREATED_DAYS_AGO = 678;

export const SEED_FILES: readonly SeedFile[] = [
  {
    id: 1,
    userId: 1,
    name: "ga-license-reinstatement.pdf",
    contentType: "application/pdf",
    data: tinyPdf("Georgia Department of Insurance - license reinstatement notice"),
  },
  // onboarded@'s onboarding documents (SEED_ONBOARDING_DOCUMENTS).
  {
    id: 2,
    userId: 8,
    name: "w9-rossi-insurance-group.pdf",
    contentType: "application/pdf",
    data: tinyPdf("Form W-9 - Rossi Insurance Group LLC"),
  },
  {
    id: 3,
    userId: 8,
    name: "eo-certificate-2026.pdf",
    contentType: "application/pdf",
    data: tinyPdf("Errors & Omissions certificate of insurance - Rossi Insurance Group LLC - 2026"),
  },
];

export interface SeedLegalAnswer {
  id: number;
  userId: number;
  legalQuestionId: number;
  hasOccurred: boolean;
  actionOn: string | null;
  action: string | null;
  reason: string | null;
  explanation: string | null;
  fileId: number | null;
}

function no(id: number, userId: number, legalQuestionId: number): SeedLegalAnswer {
  return {
    id,
    userId,
    legalQuestionId,
    hasOccurred: false,
    actionOn: null,
    action: null,
    reason: null,
    explanation: null,
    fileId: null,
  };
}

/**
 * agent@ answered the four common questions: all No except question 2 (with a stored PDF).
 * onboarded@ answered them all No (its onboarding's legal step is complete).
 */
export const SEED_LEGAL_ANSWERS: readonly SeedLegalAnswer[] = [
  no(1, 1, 1),
  {
    id: 2,
    userId: 1,
    legalQuestionId: 2,
    hasOccurred: true,
    actionOn: "2019-04-12",
    action: "License suspended for 30 days",
    reason: "Late continuing-education filing",
    explanation:
      "My Georgia license was suspended for 30 days in 2019 because my continuing-education credits were filed late. It was reinstated as soon as the credits were filed; the reinstatement notice is attached.",
    fileId: 1,
  },
  no(3, 1, 3),
  no(4, 1, 4),
  no(5, 8, 1),
  no(6, 8, 2),
  no(7, 8, 3),
  no(8, 8, 4),
];

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

const PRODUCT_DETAILS: Record<number, { short: string; supplies: string; commission: string }> = {
  1: {
    short: "Medicare Advantage (Part C) HMO and PPO plans",
    supplies: "enrollment kits, Summary of Benefits booklets and provider directories",
    commission: "the CMS maximum: $626 initial / $313 renewal per enrollment (most states)",
  },
  2: {
    short: "Medicare Supplement Plans G, N and High-Deductible G",
    supplies: "outline-of-coverage booklets, rate sheets and paper applications",
    commission: "22% of first-year premium, 10% renewal for years 2-6",
  },
  3: {
    short: "stand-alone Prescription Drug Plans (Part D)",
    supplies: "formulary guides, pharmacy directories and enrollment forms",
    commission: "$100 initial / $50 renewal per enrollment",
  },
  4: {
    short: "individual dental, vision and hearing plans",
    supplies: "plan brochures, network flyers and enrollment forms",
    commission: "20% of premium, paid monthly as earned",
  },
};

/** The seed carrier resource of one carrier product (db.ts numbers them 1..n in SEED_CARRIER_PRODUCTS order). */
export function seedCarrierResource(cp: SeedCarrierProduct, id: number, dates: SeedDates): CarrierResource {
  const carrier = SEED_CARRIERS.find((c) => c.id === cp.carrierId)!;
  const product = SEED_PRODUCTS.find((p) => p.id === cp.productId)!;
  const details = PRODUCT_DETAILS[cp.productId]!;
  const portal = `https://portal.${carrier.domain}`;
  const phoneSuffix = String((cp.id % 100) + (cp.productId - 1) * 10).padStart(2, "0");
  return {
    id,
    carrierProductId: cp.id,
    description:
      `<p><strong>${escapeHtml(carrier.name)}</strong> offers ${details.short} for the ${escapeHtml(product.name)} market.</p>` +
      `<ul><li>Ready-to-sell in most states after appointment</li><li>Dedicated broker services team</li><li>Online enrollment through the carrier portal</li></ul>`,
    agentGuide: cp.extraTabs
      ? `<p>Download the <a href="${portal}/guides/${cp.id}.pdf">${escapeHtml(carrier.name)} ${escapeHtml(product.name)} agent guide</a> for plan rules, enrollment periods and compliance reminders.</p>`
      : null,
    certification: cp.extraTabs
      ? `<p>Complete the annual product certification and AHIP before selling. Certification is done in the carrier portal; allow 2 business days for your certification to show as complete.</p>`
      : null,
    commissions: `<p>Commissions follow ${details.commission}.</p><p>Chargebacks apply when a member disenrolls within the first 3 months.</p>`,
    transferPolicy:
      `<p>${escapeHtml(carrier.name)} accepts book transfers with a signed release from the current upline. ` +
      `Transfers are processed within 30 days; existing members stay with the writing agent.</p>`,
    technology: cp.extraTabs
      ? `<p>Quote and enroll with the carrier's mobile app or the <a href="${portal}/enroll">online enrollment tool</a>. Electronic signatures are accepted.</p>`
      : null,
    brokerServicesNumber: `(800) 555-01${phoneSuffix}`,
    brokerSupportedEmail: `brokers@${carrier.domain}`,
    carrierPortalLink: portal,
    certificationLink: `${portal}/certification`,
    certificationDate: certificationDate(cp, dates),
    packageCode: cp.packageCode,
    commissionPayments: cp.commissionPayments
      ? `<p>Commissions are paid twice a month by direct deposit; statements are available in the carrier portal.</p>`
      : null,
    orderingSupplies: `<p>Order ${details.supplies} from the <a href="${portal}/supplies">supplies page</a>. Orders ship in 3-5 business days.</p>`,
    additionalInfo:
      cp.id === UNSAFE_HTML_CARRIER_PRODUCT_ID
        ? UNSAFE_ADDITIONAL_INFO
        : `<p>Questions about ${escapeHtml(product.name)} with ${escapeHtml(carrier.name)}? Call broker services or e-mail <a href="mailto:brokers@${carrier.domain}">brokers@${carrier.domain}</a>.</p>`,
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/* ---- Book of business: policies (GET /api/book_of_business) ---- */

export const POLICY_STATUSES = ["Active", "Pending", "Terminated", "Canceled"] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

export interface SeedPolicy {
  id: number;
  userId: number;
  memberName: string;
  status: PolicyStatus;
  carrierProductId: number;
  /** YYYY-MM-DD */
  effectiveDate: string;
  policyNumber: string;
}

/**
 * How many policies each account's book holds, by user id: agency@ 320 (13 pages of 25), agent@ 60,
 * loa@, docs@ and beta@ 15 each; every other account (newagent@ among them) has an empty book.
 */
export const SEED_BOOK_SIZES: ReadonlyArray<readonly [userId: number, count: number]> = [
  [1, 60],
  [3, 15],
  [4, 15],
  [5, 320],
  [6, 15],
];

export const MEMBER_FIRST_NAMES = [
  "James",
  "Mary",
  "Robert",
  "Patricia",
  "John",
  "Jennifer",
  "Michael",
  "Linda",
  "David",
  "Elizabeth",
  "William",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Karen",
  "Charles",
  "Nancy",
  "Christopher",
  "Lisa",
  "Daniel",
  "Margaret",
  "Matthew",
  "Betty",
  "Anthony",
  "Sandra",
  "Donald",
  "Dorothy",
  "Mark",
  "Ashley",
  "Paul",
  "Carol",
  "Steven",
  "Ruth",
  "George",
  "Sharon",
  "Kenneth",
  "Donna",
  "Edward",
  "Helen",
  "Ronald",
  "Deborah",
  "Harold",
  "Gloria",
  "Frank",
  "Evelyn",
  "Walter",
  "Jean",
];

export const MEMBER_LAST_NAMES = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Perez",
  "Thompson",
  "White",
  "Harris",
  "Sanchez",
  "Clark",
  "Ramirez",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Torres",
  "Nguyen",
  "Hill",
  "Flores",
  "Green",
  "Adams",
  "Nelson",
  "Baker",
  "Hall",
  "Rivera",
  "Campbell",
  "Mitchell",
  "Carter",
  "O'Brien",
];

/** Policy number prefix per product id. */
const POLICY_PREFIXES: Record<number, string> = { 1: "MA", 2: "MS", 3: "PDP", 4: "DVH" };

/** mulberry32: a small seeded PRNG, so the seed is the same on every run (no Math.random). */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedStatus(r: number): PolicyStatus {
  if (r < 0.72) return "Active";
  if (r < 0.84) return "Pending";
  if (r < 0.93) return "Terminated";
  return "Canceled";
}

/** The 48 months policies start in: from 46 months before the seed day's month to the month after it. */
const POLICY_MONTHS_BEFORE_SEED_MONTH = 46;

/**
 * Effective dates fall on the first of a month (as Medicare coverage starts), within the 48 months of
 * POLICY_MONTHS_BEFORE_SEED_MONTH: pending policies in the last 12 (up to next month), terminated and
 * canceled ones in the first 36, active ones in any.
 */
function seedEffectiveDate(status: PolicyStatus, r: number, dates: SeedDates): string {
  const [fromMonth, months] = status === "Pending" ? [36, 12] : status === "Active" ? [0, 48] : [0, 36];
  return dates.monthStart(fromMonth + Math.floor(r * months) - POLICY_MONTHS_BEFORE_SEED_MONTH);
}

/** The policies of SEED_BOOK_SIZES: ids consecutive in that order; each user's book from its own PRNG stream. */
export const seedPolicies = perSeedDay((dates): SeedPolicy[] => {
  const policies: SeedPolicy[] = [];
  for (const [userId, count] of SEED_BOOK_SIZES) {
    const random = seededRandom(0x5eed0000 + userId * 7919);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    for (let i = 0; i < count; i++) {
      const id = policies.length + 1;
      const carrierProduct = pick(SEED_CARRIER_PRODUCTS);
      const status = seedStatus(random());
      policies.push({
        id,
        userId,
        memberName: `${pick(MEMBER_FIRST_NAMES)} ${pick(MEMBER_LAST_NAMES)}`,
        status,
        carrierProductId: carrierProduct.id,
        effectiveDate: seedEffectiveDate(status, random(), dates),
        // 7 digits, unique per id (7919 is prime, so coprime to 9 000 000), e.g. "MA-1000123".
        policyNumber: `${POLICY_PREFIXES[carrierProduct.productId] ?? "POL"}-${1000000 + ((id * 7919) % 9000000)}`,
      });
    }
  }
  return policies;
});

/* ---- Register downlines (issue 4): invitations an agency sends to downline agents and agencies ---- */

/** The levels an agency may invite a downline at (GET /api/downline_invitations `levels`). */
export const INVITATION_LEVELS = ["Agent", "Agency Level 1", "Agency Level 2", "Agency Level 3"] as const;
export type InvitationLevel = (typeof INVITATION_LEVELS)[number];
export const INVITATION_STATUSES = ["Sent", "Accepted", "Expired"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * The agency names the public registration page shows (GET /api/registration/:token `agencyName`),
 * by user id; an agency not listed is named by its user's full name.
 */
export const SEED_AGENCY_NAMES: Readonly<Record<number, string>> = {
  5: "Chen Senior Benefits Group",
  6: "Nguyen Insurance Partners",
  8: "Rossi Medicare Advisors",
};

export interface SeedInvitation {
  id: number;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  level: InvitationLevel;
  status: InvitationStatus;
  /** ISO timestamp. */
  sentAt: string;
  /**
   * ISO timestamp. A pending (Sent) one works until 14 days after the seed day, as if sent again that day, so
   * the seed's pending invitations stay pending for two weeks; the others 14 days after they were sent.
   * Their tokens are random and known to nobody (only the hash is stored): a test or a demo that needs a
   * working link sends the invitation again (POST /api/downline_invitations/:id/resend) and reads the e-mail.
   */
  expiresAt: string;
}

type SeedInvitationRow = [
  userId: number,
  first: string,
  last: string,
  level: InvitationLevel,
  status: InvitationStatus,
  /** Days before the seed day, and the time (UTC). */
  sent: readonly [daysAgo: number, time: string],
];

/** How long an invitation's link works, in days (TOKEN_LIFETIME_MS.invitation). */
const INVITATION_DAYS = 14;

/** agency@ (5): 12 invitations (8 Sent, 3 Accepted, 1 Expired); beta@ (6): 2 Sent; nobody else any. */
const SEED_INVITATION_ROWS: readonly SeedInvitationRow[] = [
  [5, "Olivia", "Bennett", "Agent", "Expired", [316, "15:20"]],
  [5, "Marcus", "Delgado", "Agency Level 1", "Accepted", [294, "14:05"]],
  [5, "Hannah", "Whitaker", "Agent", "Accepted", [252, "18:42"]],
  [5, "Ethan", "Kowalski", "Agency Level 2", "Sent", [230, "13:30"]],
  [5, "Sofia", "Ramirez", "Agent", "Accepted", [187, "16:10"]],
  [5, "Jordan", "Pratt", "Agency Level 3", "Sent", [175, "19:55"]],
  [5, "Chloe", "Fitzgerald", "Agent", "Sent", [133, "12:25"]],
  [5, "Isaac", "Morales", "Agency Level 1", "Sent", [107, "17:00"]],
  [5, "Natalie", "Brooks", "Agent", "Sent", [84, "14:45"]],
  [5, "Victor", "Sandoval", "Agency Level 2", "Sent", [57, "20:15"]],
  [5, "Grace", "Lindqvist", "Agent", "Sent", [36, "13:05"]],
  [5, "Caleb", "Osei", "Agency Level 1", "Sent", [14, "15:35"]],
  [6, "Megan", "Holloway", "Agent", "Sent", [91, "14:00"]],
  [6, "Trevor", "Ashby", "Agency Level 1", "Sent", [25, "16:20"]],
];

/** The seed invitations, sent in the last months (the Expired one first, about 10 months ago). */
export const seedInvitations = (dates: SeedDates): SeedInvitation[] =>
  SEED_INVITATION_ROWS.map(([userId, firstName, lastName, level, status, [daysAgo, time]], index) => ({
    id: index + 1,
    userId,
    email: `${firstName}.${lastName}@example.com`.toLowerCase(),
    firstName,
    lastName,
    level,
    status,
    sentAt: dates.daysAgo(daysAgo, time),
    expiresAt: dates.daysAgo((status === "Sent" ? 0 : daysAgo) - INVITATION_DAYS, time),
  }));

/* ---- Accounts (issue 13): an account waiting for activation, the national producer registry ---- */

/**
 * An account an administrator created (status pending, no password yet: password_hash '!'): its activation
 * link is issued when the seed runs and its e-mail is in the outbox (seed-statements.ts). Not in SEED_USERS,
 * whose accounts all sign in with DEMO_PASSWORD.
 */
export const SEED_PENDING_ACCOUNT: SeedUser = {
  id: 12,
  email: "pending@demo.test",
  role: "Agent",
  firstName: "Pat",
  lastName: "Pending",
  npnId: null,
  npnNumber: "19000100",
  npnCurrentMaxLevel: null,
  phone: null,
  smsConsent: null,
  flags: flags({ roleRequiresSsnOrTin: true }),
  licenses: [],
};

/** The NPNs no account has: a registration (invited or not) may give any of them. 19000001 … 19000040. */
export const SEED_FREE_NPNS: readonly string[] = Array.from({ length: 40 }, (_, i) => String(19000001 + i));

export interface SeedRegistryEntry {
  npn: string;
  firstName: string;
  lastName: string;
}

/**
 * The national producer registry's stand-in: every seed account's NPN (with its name), pending@'s, and the
 * free ones (named from the member names, deterministically).
 */
export function seedNpnRegistry(): SeedRegistryEntry[] {
  const accounts = [...SEED_USERS, SEED_PENDING_ACCOUNT]
    .filter((u) => u.npnNumber !== null)
    .map((u) => ({ npn: u.npnNumber!, firstName: u.firstName, lastName: u.lastName }));
  const free = SEED_FREE_NPNS.map((npn, i) => ({
    npn,
    firstName: MEMBER_FIRST_NAMES[(i * 7) % MEMBER_FIRST_NAMES.length]!,
    lastName: MEMBER_LAST_NAMES[(i * 11) % MEMBER_LAST_NAMES.length]!,
  }));
  return [...accounts, ...free];
}

/* ---- Downlines (issue 4): agency@'s downline per carrier, contracts and policies ---- */

/** The carriers a downline can be viewed for (GET /api/downlines/carriers), in this order. */
export const DOWNLINE_CARRIER_IDS: readonly number[] = [1, 2, 3, 4];

export type DownlineKind = "agency" | "agent";
export const DOWNLINE_CONTRACT_STATUSES = ["Active", "Pending", "Terminated"] as const;
export type DownlineContractStatus = (typeof DOWNLINE_CONTRACT_STATUSES)[number];
export type RtsCode = "RTS" | "NRTS" | "PEND";

export interface SeedDownlineNode {
  npnId: number;
  parentNpnId: number;
  /** The agency user whose tree this node is in (per-user reset, access). */
  ownerUserId: number;
  kind: DownlineKind;
  advisor: string;
  level: string;
  /** Agents only. */
  agentWritingNumber: string | null;
  npnNumber: string;
}

export interface SeedDownlineContract {
  ownerUserId: number;
  npnId: number;
  carrierId: number;
  status: DownlineContractStatus;
  rtsCode: RtsCode;
}

export interface SeedDownlinePolicy {
  id: number;
  ownerUserId: number;
  npnId: number;
  carrierId: number;
  memberName: string;
  status: PolicyStatus;
  productName: string;
  /** YYYY-MM-DD */
  effectiveDate: string;
}

/** agency@ (user 5, npnId 1005): the root of the seeded downline. */
export const DOWNLINE_ROOT = { userId: 5, npnId: 1005 } as const;
export const DOWNLINE_COASTAL_NPN = 5101;
export const DOWNLINE_LAKESIDE_NPN = 5102;
export const DOWNLINE_BAYFRONT_NPN = 5103;
/** Peter Vance: a direct agent of agency@ with policies for every carrier but none Active. */
export const DOWNLINE_NO_ACTIVE_POLICIES_NPN = 5204;

/**
 * Contract per carrier 1..4, one letter each: A = Active and ready to sell, N = Active but not ready
 * to sell, P = Pending, T = Terminated (not ready to sell).
 */
type SeedDownlineRow = [
  npnId: number,
  parentNpnId: number,
  kind: DownlineKind,
  advisor: string,
  level: string,
  contracts: string,
];

const SEED_DOWNLINE_ROWS: readonly SeedDownlineRow[] = [
  [DOWNLINE_COASTAL_NPN, 1005, "agency", "Coastal Senior Advisors", "Agency Level 2", "AAAA"],
  [DOWNLINE_LAKESIDE_NPN, 1005, "agency", "Lakeside Insurance Group", "Agency Level 2", "AAAA"],
  [DOWNLINE_BAYFRONT_NPN, DOWNLINE_COASTAL_NPN, "agency", "Bayfront Benefits", "Agency Level 1", "AAAA"],
  // agency@'s direct agents
  [5201, 1005, "agent", "Samuel Ortiz", "Agent", "AAAN"],
  [5202, 1005, "agent", "Rebecca Lin", "Agent", "PAAA"],
  [5203, 1005, "agent", "Omar Haddad", "Agent", "TAPA"],
  [DOWNLINE_NO_ACTIVE_POLICIES_NPN, 1005, "agent", "Peter Vance", "Agent", "AANA"],
  // Coastal Senior Advisors
  [5211, DOWNLINE_COASTAL_NPN, "agent", "Angela Moretti", "Agent", "AAAA"],
  [5212, DOWNLINE_COASTAL_NPN, "agent", "Derek Sutton", "Agent", "APAT"],
  // Bayfront Benefits (under Coastal)
  [5221, DOWNLINE_BAYFRONT_NPN, "agent", "Fiona Marsh", "Agent", "AATA"],
  [5222, DOWNLINE_BAYFRONT_NPN, "agent", "Gabriel Reyes", "Agent", "PAAA"],
  // Lakeside Insurance Group
  [5231, DOWNLINE_LAKESIDE_NPN, "agent", "Helen Park", "Agent", "AAAA"],
  [5232, DOWNLINE_LAKESIDE_NPN, "agent", "Isaiah Grant", "Agent", "TAAA"],
  [5233, DOWNLINE_LAKESIDE_NPN, "agent", "Julia Novak", "Agent", "ANPA"],
];

const CONTRACT_LETTERS: Record<string, readonly [DownlineContractStatus, RtsCode]> = {
  A: ["Active", "RTS"],
  N: ["Active", "NRTS"],
  P: ["Pending", "PEND"],
  T: ["Terminated", "NRTS"],
};

export const SEED_DOWNLINE_NODES: readonly SeedDownlineNode[] = SEED_DOWNLINE_ROWS.map(
  ([npnId, parentNpnId, kind, advisor, level]) => ({
    npnId,
    parentNpnId,
    ownerUserId: DOWNLINE_ROOT.userId,
    kind,
    advisor,
    level,
    agentWritingNumber: kind === "agent" ? `AWN-${npnId}` : null,
    npnNumber: `3${String(npnId).padStart(7, "0")}`,
  }),
);

export const SEED_DOWNLINE_CONTRACTS: readonly SeedDownlineContract[] = SEED_DOWNLINE_ROWS.flatMap(
  ([npnId, , , , , letters]) =>
    DOWNLINE_CARRIER_IDS.map((carrierId, i) => {
      const [status, rtsCode] = CONTRACT_LETTERS[letters[i]!]!;
      return { ownerUserId: DOWNLINE_ROOT.userId, npnId, carrierId, status, rtsCode };
    }),
);

/**
 * 3–12 policies per agent and carrier (a seeded PRNG per pair); every agent's first policy per carrier
 * is Active, except Peter Vance's, none of which is. Ids consecutive from 1.
 */
export const seedDownlinePolicies = perSeedDay((dates): SeedDownlinePolicy[] => {
  const policies: SeedDownlinePolicy[] = [];
  for (const node of SEED_DOWNLINE_NODES) {
    if (node.kind !== "agent") continue;
    for (const carrierId of DOWNLINE_CARRIER_IDS) {
      const random = seededRandom(0xd0e10000 + node.npnId * 31 + carrierId);
      const products = SEED_CARRIER_PRODUCTS.filter((cp) => cp.carrierId === carrierId).map(
        (cp) => SEED_PRODUCTS.find((p) => p.id === cp.productId)!.name,
      );
      const count = 3 + Math.floor(random() * 10);
      for (let i = 0; i < count; i++) {
        let status: PolicyStatus = i === 0 ? "Active" : seedStatus(random());
        if (node.npnId === DOWNLINE_NO_ACTIVE_POLICIES_NPN) status = i % 2 === 0 ? "Terminated" : "Pending";
        const memberName = `${MEMBER_FIRST_NAMES[Math.floor(random() * MEMBER_FIRST_NAMES.length)]} ${
          MEMBER_LAST_NAMES[Math.floor(random() * MEMBER_LAST_NAMES.length)]
        }`;
        policies.push({
          id: policies.length + 1,
          ownerUserId: node.ownerUserId,
          npnId: node.npnId,
          carrierId,
          memberName,
          status,
          productName: products[Math.floor(random() * products.length)]!,
          effectiveDate: seedEffectiveDate(status, random(), dates),
        });
      }
    }
  }
  return policies;
});

/* ---- Tickets (issue 4): support tickets and commission inquiries ---- */

export const TICKET_CATEGORIES = [
  "Contracting",
  "Commissions",
  "Technical problem",
  "Account and profile",
  "Other",
] as const;
export const COMMISSION_INQUIRY_CATEGORY = "Commissions";
export type TicketKind = "support" | "commission_inquiry";
export type TicketStatus = "Open" | "Answered" | "Closed";

/** The carrier a Carrier-role user belongs to (table carrier_users): carrier@ (10) → Blue Harbor Health (1). */
export const SEED_CARRIER_USERS: ReadonlyArray<{ userId: number; carrierId: number }> = [{ userId: 10, carrierId: 1 }];

export interface SeedTicketMessage {
  authorId: number;
  author: string;
  fromStaff: boolean;
  body: string;
  createdAt: string;
}

export interface SeedTicket {
  id: number;
  userId: number;
  kind: TicketKind;
  subject: string;
  category: string;
  status: TicketStatus;
  reference: string | null;
  carrierId: number | null;
  messages: SeedTicketMessage[];
}

const owner = (authorId: number, author: string, body: string, createdAt: string): SeedTicketMessage => ({
  authorId,
  author,
  fromStaff: false,
  body,
  createdAt,
});
const staff = (authorId: number, author: string, body: string, createdAt: string): SeedTicketMessage => ({
  authorId,
  author,
  fromStaff: true,
  body,
  createdAt,
});
const MARIA = [1, "Maria Alvarez"] as const;
const LINDA = [5, "Linda Chen"] as const;
const SUPPORT = [9, "Grace Harper"] as const;
const BLUE_HARBOR = [10, "Kevin Walsh"] as const;

/**
 * agent@ (1): 3 support tickets (1 Answered, 2 Open, 3 Closed) and 2 commission inquiries addressed to
 * Blue Harbor Health (4 Open, 5 Answered); agency@ (5): 2 support tickets (6, 7); nobody else any.
 * createdAt = the first message's time, updatedAt = the last one's.
 */
/** The statement agent@'s open commission inquiry (ticket 4) is about: 3 months ago, paid before the ticket. */
export const commissionInquiryStatement = (dates: SeedDates): string => `Statement ${dates.monthsAgo(3)}`;

export const seedTickets = (dates: SeedDates): SeedTicket[] => [
  {
    id: 1,
    userId: 1,
    kind: "support",
    subject: "Cannot upload my E&O certificate",
    category: "Technical problem",
    status: "Answered",
    reference: null,
    carrierId: null,
    messages: [
      owner(
        ...MARIA,
        "The upload of my E&O certificate fails with an error every time. The file is a 2 MB PDF.",
        dates.daysAgo(82, "14:10"),
      ),
      staff(
        ...SUPPORT,
        "Thanks, Maria. We fixed an issue with large PDFs; please try the upload again.",
        dates.daysAgo(81, "09:30"),
      ),
    ],
  },
  {
    id: 2,
    userId: 1,
    kind: "support",
    subject: "Update my mailing address",
    category: "Account and profile",
    status: "Open",
    reference: null,
    carrierId: null,
    messages: [
      owner(
        ...MARIA,
        "I moved: please update my mailing address to 410 Peachtree St, Atlanta, GA 30308.",
        dates.daysAgo(38, "16:45"),
      ),
    ],
  },
  {
    id: 3,
    userId: 1,
    kind: "support",
    subject: "Question about the Summit Mutual appointment",
    category: "Contracting",
    status: "Closed",
    reference: null,
    carrierId: null,
    messages: [
      owner(...MARIA, "How long does the Summit Mutual appointment usually take?", dates.daysAgo(157, "13:00")),
      staff(
        ...SUPPORT,
        "Usually 5 to 10 business days after the carrier receives the request.",
        dates.daysAgo(156, "10:15"),
      ),
    ],
  },
  {
    id: 4,
    userId: 1,
    kind: "commission_inquiry",
    subject: `Missing commissions on ${commissionInquiryStatement(dates)}`,
    category: "Commissions",
    status: "Open",
    reference: commissionInquiryStatement(dates),
    carrierId: 1,
    messages: [
      owner(
        ...MARIA,
        `Two of my new enrollments from ${dayjs(`${dates.monthsAgo(4)}-01`).format("MMMM")} are not on ${commissionInquiryStatement(dates)}.`,
        dates.daysAgo(40, "15:20"),
      ),
    ],
  },
  {
    id: 5,
    userId: 1,
    kind: "commission_inquiry",
    subject: "Chargeback on policy MA-1744386",
    category: "Commissions",
    status: "Answered",
    reference: "MA-1744386",
    carrierId: 1,
    messages: [
      owner(
        ...MARIA,
        "Why was the commission on policy MA-1744386 charged back? The member is still enrolled.",
        dates.daysAgo(70, "17:05"),
      ),
      staff(
        ...BLUE_HARBOR,
        "The member disenrolled within 90 days and re-enrolled later; the new enrollment is paid on the next statement.",
        dates.daysAgo(67, "11:40"),
      ),
    ],
  },
  {
    id: 6,
    userId: 5,
    kind: "support",
    subject: "Add a new agent to my agency",
    category: "Account and profile",
    status: "Open",
    reference: null,
    carrierId: null,
    messages: [
      owner(
        ...LINDA,
        "How do I add an agent who already has a portal account to my agency?",
        dates.daysAgo(53, "12:00"),
      ),
    ],
  },
  {
    id: 7,
    userId: 5,
    kind: "support",
    subject: "Downline commission report",
    category: "Commissions",
    status: "Answered",
    reference: null,
    carrierId: null,
    messages: [
      owner(...LINDA, "Can I get a commission report for my whole downline?", dates.daysAgo(105, "14:30")),
      staff(...SUPPORT, "Yes: the downline report is under Downlines, Export.", dates.daysAgo(104, "09:05")),
    ],
  },
];

/* ---- Commissions (issue 4): statement lines per monthly period (GET /api/commissions/…) ---- */

export const COMMISSION_TYPES = ["New", "Renewal", "Chargeback"] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];

export const COMMISSION_PERIOD_COUNT = 14;

/** The 14 monthly statement periods of the seed (YYYY-MM), oldest first, the newest last month. */
export const commissionPeriods = (dates: SeedDates): string[] =>
  Array.from({ length: COMMISSION_PERIOD_COUNT }, (_, i) => dates.monthsAgo(COMMISSION_PERIOD_COUNT - i));

/** A period's (YYYY-MM) payment date: the 15th of the following month. */
export function commissionPaidOn(period: string): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-15` : `${year}-${String(month + 1).padStart(2, "0")}-15`;
}

export interface SeedCommissionLine {
  id: number;
  userId: number;
  policyId: number;
  /** YYYY-MM */
  period: string;
  type: CommissionType;
  /** Integer cents (sums stay exact); chargebacks are negative. */
  amountCents: number;
  /** YYYY-MM-DD: commissionPaidOn(period). */
  paidOn: string;
}

/**
 * Which accounts earn commissions and the share of their Active policies that pay: agent@ and agency@
 * most (agency@ ≥ 60 lines per period), docs@ and beta@ a few. loa@ (LOA), newagent@ and the rest none.
 */
export const SEED_COMMISSION_SHARES: ReadonlyArray<readonly [userId: number, share: number]> = [
  [1, 0.7],
  [4, 0.4],
  [5, 0.5],
  [6, 0.4],
];

/**
 * The commission lines, derived from seedPolicies (names and policy numbers match the book): a paying
 * Active policy earns from the period after its effective month (within the 14 periods): New
 * (300–626 dollars) in that first period, Renewal (15–50) in the later ones, rarely (3%) a Chargeback
 * (−100 … −300) instead of a renewal. Ids consecutive in (user, period, policy) order.
 */
export const seedCommissionLines = perSeedDay((dates): SeedCommissionLine[] => {
  const lines: SeedCommissionLine[] = [];
  for (const [userId, share] of SEED_COMMISSION_SHARES) {
    const random = seededRandom(0xc0330000 + userId * 104729);
    const cents = (from: number, to: number) => Math.round((from + random() * (to - from)) * 100);
    const paying = seedPolicies(dates).filter((p) => p.userId === userId && p.status === "Active" && random() < share);
    for (const period of commissionPeriods(dates)) {
      for (const policy of paying) {
        const firstPeriod = commissionPeriodAfter(policy.effectiveDate);
        if (firstPeriod > period) continue;
        let type: CommissionType;
        let amountCents: number;
        if (firstPeriod === period) {
          type = "New";
          amountCents = cents(300, 626);
        } else if (random() < 0.03) {
          type = "Chargeback";
          amountCents = -cents(100, 300);
        } else {
          type = "Renewal";
          amountCents = cents(15, 50);
        }
        lines.push({
          id: lines.length + 1,
          userId,
          policyId: policy.id,
          period,
          type,
          amountCents,
          paidOn: commissionPaidOn(period),
        });
      }
    }
  }
  return lines;
});

/** The period (YYYY-MM) after the month of a YYYY-MM-DD date. */
function commissionPeriodAfter(date: string): string {
  return commissionPaidOn(date.slice(0, 7)).slice(0, 7);
}
