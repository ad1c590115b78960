/**
 * The seed composer: the INSERT statements that fill an empty reference database with every area's seed
 * (`<area>/seed.ts`: its data and its statements), in dependency order (a row's parents first). A new area
 * with seed data adds one line here.
 * Ids are fixed so a reset (which keeps the sessions table) leaves every token pointing at the same user.
 * Dates are relative to the day the seed runs (seed-dates.ts): the data that carries dates is built by
 * functions of the seed calendar (seedTickets(dates) …), the rest are constants.
 */
import type { InStatement } from "@libsql/client";
import { accountStatements } from "../accounts/seed.ts";
import { adminContractingStatements } from "../admin-contracting/seed.ts";
import { carrierImportStatements } from "../carrier-imports/seed.ts";
import { adminConversationStatements } from "../conversations/seed-desk.ts";
import {
  bulkUserStatements,
  seedRoleStatements,
  seedRtsStatusStatements,
  userStatements,
} from "../admin-people/seed.ts";
import { NO_PASSWORD_HASH } from "../core/passwords.ts";
import { policyStatements } from "../book-of-business/seed.ts";
import { moneySeedStatements } from "../commission-statements/seed.ts";
import { commissionScheduleStatements } from "../commission-schedules/seed.ts";
import { payoutEntryStatements } from "../payout-entries/seed.ts";
import { carrierEnrollmentStatements } from "../carrier-enrollments/seed.ts";
import { SEED_FILES_CREATED_DAYS_AGO, contractingSeedStatements } from "../contracting/seed.ts";
import { downlineStatements } from "../downlines/seed.ts";
import { seedEmailStatements } from "../email/seed.ts";
import { seedFeedbackStatements } from "../conversations/seed-feedback.ts";
import { invitationStatements } from "../invitations/seed.ts";
import { learningCenterSeedStatements } from "../learning-center/seed.ts";
import { DEFAULT_PORTAL_URL } from "../mail/mailer.ts";
import { onboardingSeedStatements } from "../onboarding/seed.ts";
import { profileNotificationStatements, seedProfileStatements } from "../profile/seed.ts";
import { carrierExportStatements } from "../carrier-exports/seed.ts";
import { submittedEnrollmentStatements } from "../submitted-enrollments/seed.ts";
import { sunfireImportStatements } from "../sunfire-imports/seed.ts";
import { ticketStatements } from "../conversations/seed-tickets.ts";
import { systemNotificationSeedStatements } from "../system-notifications/seed.ts";
import { quoteToolProviderSeedStatements } from "../quote-tool-providers/seed.ts";
import { niprSeedStatements } from "../nipr/seed.ts";
import { readinessSeedStatements } from "../readiness/seed.ts";
import { seedDates, type SeedDates } from "./seed-dates.ts";

export interface SeedOptions {
  /** The portal's base URL, for the link in pending@'s activation e-mail (default DEFAULT_PORTAL_URL). */
  portalUrl?: string;
}

/**
 * The seed as of `dates` (by default today's): every date in it is relative to that day. The single-use
 * links it issues (pending@'s activation, the invitations' tokens) are random each time it runs and their
 * lifetimes run from now.
 */
export async function seedStatements(
  dates: SeedDates = seedDates(),
  { portalUrl = DEFAULT_PORTAL_URL }: SeedOptions = {},
): Promise<InStatement[]> {
  return [
    ...seedRoleStatements(dates),
    ...seedRtsStatusStatements(dates),
    ...(await userStatements(dates)),
    ...bulkUserStatements(dates, NO_PASSWORD_HASH),
    ...profileNotificationStatements(dates),
    ...contractingSeedStatements(dates),
    ...onboardingSeedStatements(dates),
    // The profile (issue 12): details, license details, compliance documents (onboarded@'s onboarding
    // documents, SEED_ONBOARDING_DOCUMENTS, among them), reward payouts.
    ...seedProfileStatements(dates, dates.daysAgo(SEED_FILES_CREATED_DAYS_AGO)),
    // Policies: multi-row inserts (hundreds of rows) keep start-up and reset fast.
    ...policyStatements(dates),
    ...invitationStatements(dates),
    ...downlineStatements(dates),
    ...ticketStatements(dates),
    ...commissionScheduleStatements(), // what each carrier product pays per policy per period (issue 25 §3)
    ...moneySeedStatements(dates), // the carriers' statements, their lines and splits, the mappings (issue 23)
    ...payoutEntryStatements(dates), // one-time payments and deductions in every state (issue 23 §3)
    ...learningCenterSeedStatements(dates),
    ...submittedEnrollmentStatements(dates),
    ...seedFeedbackStatements(dates),
    ...accountStatements(portalUrl),
    ...adminContractingStatements(dates), // contract requests and their events (issue 14)
    ...seedEmailStatements(dates, portalUrl), // e-mail templates, a month of the e-mail log (issue 22)
    ...adminConversationStatements(dates), // the support desk's conversations (issue 22)
    ...systemNotificationSeedStatements(dates), // notices to roles, an agency, scheduled, ended (issue 22)
    ...quoteToolProviderSeedStatements(dates), // the quote tool's providers (issue 22)
    ...carrierExportStatements(dates), // the carriers' export schedules, what the files carry, files built (issue 24 §2)
    ...carrierImportStatements(dates), // the brokers' appointments and the carriers' files imported (issue 24 §1)
    ...carrierEnrollmentStatements(dates), // carrier enrollments with their raw payloads, carrier notifications (issue 24)
    ...niprSeedStatements(dates), // NIPR: the connection, alerts, syncs (issue 24 §6-8)
    ...sunfireImportStatements(dates), // the quote tool's plans and clients, past enrollment exports (issue 24 §5)
    ...readinessSeedStatements(dates), // the carriers' certifications and the brokers' own RTS (issue 25 §1)
  ];
}
