/**
 * The reference API's seed: the demo accounts of /work/shared/design/demo-data.md (fixed user ids
 * 1..10 in the order of that table), their licenses, system notifications and document notifications.
 * Ids are fixed so a reset (which keeps the sessions table) leaves every token pointing at the same user.
 */
import type { Role } from "../../app/domain/user.ts";

export const DEMO_PASSWORD = "demo-pass-123";

/** The boolean flags of the session user, stored as one JSON column (users.flags). */
export interface UserFlags {
  loa: boolean;
  sunfireAccess: boolean;
  existingActiveContracts: boolean;
  existingExpiredContracts: boolean;
  onboardingComplete: boolean;
  onboardingInProgress: boolean;
  onboardingPresent: boolean;
  onboardingActivated: boolean;
  hierarchyPresent: boolean;
  skipOnboardingWithContracts: boolean;
  roleHasOnboardingProcess: boolean;
  roleHasShowAchInfo: boolean;
  roleHasOptoutProcess: boolean;
  roleRequiresSsnOrTin: boolean;
}

export interface SeedLicense {
  state: string;
  licenseNumber: string;
  licenseType: string;
  status: string;
  expiresOn: string | null;
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
  unreadMessages: number;
  unrespondedMessages: number;
  flags: UserFlags;
  licenses: SeedLicense[];
}

const NO_FLAGS: UserFlags = {
  loa: false,
  sunfireAccess: false,
  existingActiveContracts: false,
  existingExpiredContracts: false,
  onboardingComplete: false,
  onboardingInProgress: false,
  onboardingPresent: false,
  onboardingActivated: false,
  hierarchyPresent: false,
  skipOnboardingWithContracts: false,
  roleHasOnboardingProcess: false,
  roleHasShowAchInfo: false,
  roleHasOptoutProcess: false,
  roleRequiresSsnOrTin: false,
};

function flags(overrides: Partial<UserFlags>): UserFlags {
  return { ...NO_FLAGS, ...overrides };
}

function license(state: string, licenseNumber: string, licenseType = "Health", expiresOn: string | null = "2027-06-30"): SeedLicense {
  return { state, licenseNumber, licenseType, status: "Active", expiresOn };
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
    unreadMessages: 3,
    unrespondedMessages: 1,
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
    unreadMessages: 0,
    unrespondedMessages: 0,
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
    unreadMessages: 0,
    unrespondedMessages: 0,
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
    unreadMessages: 0,
    unrespondedMessages: 0,
    flags: flags({ existingActiveContracts: true, existingExpiredContracts: true, roleHasShowAchInfo: true }),
    licenses: [license("OH", "1187345"), license("PA", "889012", "Health", "2026-03-31")],
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
    unreadMessages: 1,
    unrespondedMessages: 2,
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
    unreadMessages: 0,
    unrespondedMessages: 0,
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
    unreadMessages: 0,
    unrespondedMessages: 0,
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
    unreadMessages: 0,
    unrespondedMessages: 0,
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
    unreadMessages: 0,
    unrespondedMessages: 0,
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
    unreadMessages: 0,
    unrespondedMessages: 0,
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
    unreadMessages: 0,
    unrespondedMessages: 0,
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
}

/** Visible to everyone (GET /api/profile/notifications). */
export const SEED_SYSTEM_NOTIFICATIONS: readonly SeedSystemNotification[] = [
  {
    id: 1,
    title: "Annual Enrollment Period",
    message:
      "The Medicare Annual Enrollment Period runs from October 15 to December 7. Make sure your carrier certifications are complete before October 1.",
    severity: "info",
    publishedAt: "2025-09-02T14:00:00.000Z",
  },
  {
    id: 2,
    title: "Scheduled maintenance",
    message:
      "The portal will be unavailable on Saturday from 11:00 PM to 2:00 AM ET for scheduled maintenance. Commission statements will not be affected.",
    severity: "warning",
    publishedAt: "2025-09-10T16:30:00.000Z",
  },
  {
    id: 3,
    title: "New carrier available",
    message: "Contracting for Dental, Vision & Hearing plans is now open with two new carriers. See Contract Now for details.",
    severity: "info",
    publishedAt: "2025-08-20T13:15:00.000Z",
  },
];

export interface SeedDocumentNotification {
  id: number;
  userId: number;
  documentName: string;
  message: string;
}

/** Only docs@demo.test (user 4) has documents that need attention. */
export const SEED_DOCUMENT_NOTIFICATIONS: readonly SeedDocumentNotification[] = [
  {
    id: 1,
    userId: 4,
    documentName: "E&O Certificate",
    message: "Your Errors & Omissions certificate expired on 2025-06-30. Upload a current certificate.",
  },
  {
    id: 2,
    userId: 4,
    documentName: "W-9",
    message: "We do not have a W-9 on file for you. Upload a signed W-9 form.",
  },
];
