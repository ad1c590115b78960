/**
 * The seed of the profile page (issue 12): each broker's address and hierarchy, what the licensing record
 * adds to the seed licenses (class, lines of authority, resident, effective date), the compliance documents
 * on file (with their files) and the member rewards paid out this year. Dates are relative to the seed day.
 */
import type { InStatement } from "@libsql/client";
import type { ComplianceDocumentKind } from "../../../app/domain/compliance-documents.ts";
import { SEED_USERS } from "../accounts/seed.ts";
import { tinyPdf } from "../contracting/seed.ts";
import { SEED_ONBOARDING_DOCUMENTS } from "../onboarding/seed.ts";
import { type SeedDates, spokenDay } from "../seed/seed-dates.ts";

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
 * The Annual Enrollment Period notice, as of the seed day (issue 37 §3: the seed's notices read as of today). Posted
 * three weeks before the day, it says nothing that was not true then or is past now: before October, when carriers'
 * certifications for next year's plans are due by October 1 (marketing of those plans starts then), it asks for them;
 * from October, it names the period (October 15 to December 7) and the year its plans take effect, and points to Ready
 * to Sell.
 */
export function annualEnrollmentMessage(dates: SeedDates): string {
  const year = Number(dates.day.slice(0, 4));
  const next = year + 1;
  if (dates.day.slice(5) < "10-01")
    return `The Medicare Annual Enrollment Period for ${next} plans runs from October 15 to December 7, ${year}. Carriers open their certifications for ${next} in the summer: complete yours before October 1, when marketing of ${next} plans begins.`;
  return `Plans chosen in the Medicare Annual Enrollment Period (October 15 to December 7, ${year}) take effect on January 1, ${next}. Ready to Sell shows the plans you can sell and the certifications you still need.`;
}

/**
 * Visible to everyone (GET /api/profile/notifications) while current; published in the last weeks, 2 newest,
 * then 1, then 3. The maintenance notice (2) has ended (its night is past), so only 1 and 3 show.
 */
export const seedSystemNotifications = (dates: SeedDates): SeedSystemNotification[] => [
  {
    id: 1,
    title: "Annual Enrollment Period",
    message: annualEnrollmentMessage(dates),
    severity: "info",
    publishedAt: dates.daysAgo(22, "14:00"),
    endsAt: dates.daysAgo(-11, "23:59"),
  },
  {
    id: 2,
    title: "Scheduled maintenance",
    message:
      // The night before it ends (2:00 AM ET is 07:00 UTC), named by its day.
      `The portal will be unavailable on ${spokenDay(dates.daysAgo(12))} from 11:00 PM to 2:00 AM ET for scheduled maintenance. Commission statements will not be affected.`,
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

export interface SeedProfileDetails {
  userId: number;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/**
 * The demo accounts' place in the hierarchy (users.upline_user_id, hierarchy.ts): agent@ writes under agency@'s
 * Chen Senior Benefits Group; the agencies are at the top, under the marketing organisation.
 */
export const SEED_UPLINE_USER_IDS: Readonly<Record<number, number>> = { 1: 5 };

/** Brokers' addresses; onboarding@ has none yet (its personal step is not saved). */
export const SEED_PROFILE_DETAILS: readonly SeedProfileDetails[] = [
  d(1, "1450 Brickell Avenue", "Suite 900", "Miami", "FL", "33131"),
  d(2, "4800 Westheimer Road", null, "Houston", "TX", "77027"),
  d(3, "2 North Central Avenue", "Floor 12", "Phoenix", "AZ", "85004"),
  d(4, "88 East Broad Street", null, "Columbus", "OH", "43215"),
  d(5, "600 California Street", "Suite 1800", "San Francisco", "CA", "94108"),
  d(6, "301 South Tryon Street", null, "Charlotte", "NC", "28202"),
  d(7, null, null, null, null, null),
  d(8, "250 Park Avenue South", null, "New York", "NY", "10003"),
  d(11, "1201 Louisiana Street", null, "Houston", "TX", "77002"),
];

function d(
  userId: number,
  addressLine1: string | null,
  addressLine2: string | null,
  city: string | null,
  state: string | null,
  zip: string | null,
): SeedProfileDetails {
  return { userId, addressLine1, addressLine2, city, state, zip };
}

export interface SeedLicenseDetails {
  licenseId: number;
  userId: number;
  licenseClass: string;
  linesOfAuthority: string[];
  resident: boolean;
  effectiveOn: string;
}

/**
 * The seed licenses' details, by the ids userStatements (admin-people/seed.ts) gives them (1..n in SEED_USERS order): a
 * broker's first license is its resident (home-state) license, the others non-resident.
 */
export function seedLicenseDetails(dates: SeedDates): SeedLicenseDetails[] {
  const rows: SeedLicenseDetails[] = [];
  let licenseId = 0;
  for (const u of SEED_USERS) {
    u.licenses.forEach((l, index) => {
      licenseId++;
      rows.push({
        licenseId,
        userId: u.id,
        licenseClass: "Insurance Producer",
        linesOfAuthority: l.licenseType === "Life & Health" ? ["Life", "Accident & Health"] : ["Accident & Health"],
        resident: index === 0,
        // Licensed 2 to 8 years before the seed day, on the first of a month.
        effectiveOn: dates.monthStart(-(24 + ((licenseId * 13) % 72))),
      });
    });
  }
  return rows;
}

export interface SeedExtraLicense {
  id: number;
  userId: number;
  state: string;
  licenseNumber: string;
  status: string;
  expiresOn: (dates: SeedDates) => string;
  effectiveOn: (dates: SeedDates) => string;
}

/** agent@'s Alabama license expires 30 days after the seed day (marked as expiring on the profile). */
export const AL_LICENSE_EXPIRES_IN_DAYS = 30;

/**
 * Two more licenses of agent@ (ids from 901, clear of userStatements' 1..n), so the profile shows its marks:
 * one expiring within 60 days, one expired 20 days before the seed day.
 */
export const SEED_EXTRA_LICENSES: readonly SeedExtraLicense[] = [
  {
    id: 901,
    userId: 1,
    state: "AL",
    licenseNumber: "AL-3390712",
    status: "Active",
    expiresOn: (dates) => dates.daysFromNow(AL_LICENSE_EXPIRES_IN_DAYS),
    effectiveOn: (dates) => dates.monthStart(-23),
  },
  {
    id: 902,
    userId: 1,
    state: "SC",
    licenseNumber: "1884420",
    status: "Expired",
    expiresOn: (dates) => dates.daysFromNow(-20),
    effectiveOn: (dates) => dates.monthStart(-48),
  },
];

export interface SeedComplianceDocument {
  userId: number;
  kind: ComplianceDocumentKind;
  fileId: number;
  review: "accepted" | "rejected";
  reviewerNote: string | null;
  expiresOn: string | null;
  uploadedAt: string;
}

/** Files of the compliance documents: ids from 9001, clear of the other seed files. */
export const FIRST_DOCUMENT_FILE_ID = 9001;

export const DIRECT_DEPOSIT_REJECTED_NOTE =
  "The voided check is unreadable: the routing number cannot be made out. Upload a clearer scan or a bank letter.";

/** agent@'s AHIP certificate expires 40 days after the seed day (marked as expiring). */
export const AHIP_EXPIRES_IN_DAYS = 40;

interface DocSpec {
  userId: number;
  kind: ComplianceDocumentKind;
  expiresOn?: (dates: SeedDates) => string;
  rejected?: string;
  /** An existing seed file (onboarded@'s onboarding documents). */
  fileId?: number;
}

const valid = (months: number) => (dates: SeedDates) => dates.monthEnd(months);

const DOC_SPECS: readonly DocSpec[] = [
  // agent@: everything on file; the AHIP certificate runs out soon.
  { userId: 1, kind: "eo", expiresOn: valid(10) },
  { userId: 1, kind: "w9" },
  { userId: 1, kind: "aml", expiresOn: valid(7) },
  { userId: 1, kind: "ahip", expiresOn: (dates) => dates.daysFromNow(AHIP_EXPIRES_IN_DAYS) },
  { userId: 1, kind: "direct_deposit" },
  // loa@
  { userId: 3, kind: "eo", expiresOn: valid(6) },
  { userId: 3, kind: "w9" },
  { userId: 3, kind: "aml", expiresOn: valid(9) },
  // docs@: the E&O certificate expired and no W-9 (both named by its document notifications), the
  // direct deposit form rejected by the reviewer.
  { userId: 4, kind: "eo", expiresOn: eoCertificateExpiredOn },
  { userId: 4, kind: "aml", expiresOn: valid(9) },
  { userId: 4, kind: "ahip", expiresOn: valid(11) },
  { userId: 4, kind: "direct_deposit", rejected: DIRECT_DEPOSIT_REJECTED_NOTE },
  // agency@: everything on file.
  { userId: 5, kind: "eo", expiresOn: valid(11) },
  { userId: 5, kind: "w9" },
  { userId: 5, kind: "aml", expiresOn: valid(8) },
  { userId: 5, kind: "ahip", expiresOn: valid(10) },
  { userId: 5, kind: "direct_deposit" },
  // beta@
  { userId: 6, kind: "eo", expiresOn: valid(5) },
  { userId: 6, kind: "w9" },
  // onboarded@: the W-9 and E&O certificate of its onboarding.
  ...SEED_ONBOARDING_DOCUMENTS.map((o) => ({
    userId: o.userId,
    kind: o.kind,
    fileId: o.fileId,
    expiresOn: o.kind === "eo" ? valid(8) : undefined,
  })),
];

const FILE_NAMES: Record<ComplianceDocumentKind, string> = {
  eo: "eo-certificate.pdf",
  w9: "w9-signed.pdf",
  aml: "aml-training-certificate.pdf",
  ahip: "ahip-certificate.pdf",
  direct_deposit: "direct-deposit-voided-check.pdf",
};

/** Uploaded a year before the seed day (the expired E&O certificate about a year before it expired). */
const UPLOADED_DAYS_AGO = 365;

export function seedComplianceDocuments(dates: SeedDates): SeedComplianceDocument[] {
  let nextFileId = FIRST_DOCUMENT_FILE_ID;
  return DOC_SPECS.map((s) => ({
    userId: s.userId,
    kind: s.kind,
    fileId: s.fileId ?? nextFileId++,
    review: s.rejected ? ("rejected" as const) : ("accepted" as const),
    reviewerNote: s.rejected ?? null,
    expiresOn: s.expiresOn ? s.expiresOn(dates) : null,
    uploadedAt: dates.daysAgo(UPLOADED_DAYS_AGO + s.userId * 3, "15:00"),
  }));
}

export interface SeedRewardPayout {
  id: number;
  userId: number;
  paidOn: string;
  amountCents: number;
}

/** Rewards are paid on the 15th of January, April, July and October. */
export const REWARD_PAYOUT_MONTHS = [1, 4, 7, 10] as const;

/** Per payout this year so far: agent@ and agency@ (the accounts with rewards to show). */
const PAYOUT_AMOUNTS: ReadonlyArray<readonly [userId: number, cents: number]> = [
  [1, 21_500],
  [5, 118_000],
];

/** This year's payouts before the seed day (none in the first half of January). */
export function seedRewardPayouts(dates: SeedDates): SeedRewardPayout[] {
  const year = dates.day.slice(0, 4);
  const days = REWARD_PAYOUT_MONTHS.map((m) => `${year}-${String(m).padStart(2, "0")}-15`).filter((p) => p < dates.day);
  let id = 0;
  return PAYOUT_AMOUNTS.flatMap(([userId, cents]) =>
    days.map((paidOn, i) => ({ id: ++id, userId, paidOn, amountCents: cents + i * 1_250 })),
  );
}

/** The profile seed as INSERT statements (files first). */
export function seedProfileStatements(dates: SeedDates, filesCreatedAt: string): InStatement[] {
  const statements: InStatement[] = [];
  for (const p of SEED_PROFILE_DETAILS) {
    statements.push({
      sql: `INSERT INTO profile_details (user_id, address_line1, address_line2, city, state, zip)
            VALUES (?, ?, ?, ?, ?, ?)`,
      args: [p.userId, p.addressLine1, p.addressLine2, p.city, p.state, p.zip],
    });
  }
  for (const l of seedLicenseDetails(dates)) {
    statements.push({
      sql: `INSERT INTO license_details (license_id, user_id, license_class, lines_of_authority, resident, effective_on)
            VALUES (?, ?, ?, ?, ?, ?)`,
      args: [
        l.licenseId,
        l.userId,
        l.licenseClass,
        JSON.stringify(l.linesOfAuthority),
        l.resident ? 1 : 0,
        l.effectiveOn,
      ],
    });
  }
  for (const l of SEED_EXTRA_LICENSES) {
    statements.push(
      {
        sql: `INSERT INTO licenses (id, user_id, state, license_number, license_type, status, expires_on)
              VALUES (?, ?, ?, ?, 'Health', ?, ?)`,
        args: [l.id, l.userId, l.state, l.licenseNumber, l.status, l.expiresOn(dates)],
      },
      {
        sql: `INSERT INTO license_details (license_id, user_id, license_class, lines_of_authority, resident, effective_on)
              VALUES (?, ?, 'Insurance Producer', '["Accident & Health"]', 0, ?)`,
        args: [l.id, l.userId, l.effectiveOn(dates)],
      },
    );
  }
  for (const doc of seedComplianceDocuments(dates)) {
    if (doc.fileId >= FIRST_DOCUMENT_FILE_ID) {
      const data = tinyPdf(`${FILE_NAMES[doc.kind]} - user ${doc.userId}`);
      statements.push({
        sql: "INSERT INTO files (id, user_id, name, content_type, size, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        args: [doc.fileId, doc.userId, FILE_NAMES[doc.kind], "application/pdf", data.byteLength, data, filesCreatedAt],
      });
    }
    statements.push({
      // An expiry already past (docs@'s E&O certificate) is noticed: its notification is the seed's own.
      sql: `INSERT INTO compliance_documents
              (user_id, kind, file_id, review, reviewer_note, expires_on, expiry_noticed_on, uploaded_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        doc.userId,
        doc.kind,
        doc.fileId,
        doc.review,
        doc.reviewerNote,
        doc.expiresOn,
        doc.expiresOn !== null && doc.expiresOn < dates.day ? doc.expiresOn : null,
        doc.uploadedAt,
      ],
    });
  }
  for (const r of seedRewardPayouts(dates)) {
    statements.push({
      sql: "INSERT INTO reward_payouts (id, user_id, paid_on, amount_cents) VALUES (?, ?, ?, ?)",
      args: [r.id, r.userId, r.paidOn, r.amountCents],
    });
  }
  return statements;
}

/** The system notifications and the accounts' document notifications. */
export function profileNotificationStatements(dates: SeedDates): InStatement[] {
  const statements: InStatement[] = [];
  for (const n of seedSystemNotifications(dates)) {
    statements.push({
      sql: `INSERT INTO system_notifications (id, title, message, severity, published_at, ends_at)
            VALUES (?, ?, ?, ?, ?, ?)`,
      args: [n.id, n.title, n.message, n.severity, n.publishedAt, n.endsAt],
    });
  }
  for (const d of seedDocumentNotifications(dates)) {
    statements.push({
      sql: `INSERT INTO document_notifications (id, user_id, document_name, message) VALUES (?, ?, ?, ?)`,
      args: [d.id, d.userId, d.documentName, d.message],
    });
  }
  return statements;
}
