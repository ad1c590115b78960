/**
 * The register downlines seed (issue 4): the agencies' downline invitations (seedInvitations).
 * Composed by seed/seed.ts; dates are relative to the seed day (seed/seed-dates.ts).
 */
import { newAccountToken, tokenHash } from "../core/tokens.ts";
import type { SeedDates } from "../seed/seed-dates.ts";
import type { InStatement } from "@libsql/client";

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

/** The agencies' downline invitations (seedInvitations). */
export function invitationStatements(dates: SeedDates): InStatement[] {
  const statements: InStatement[] = [];
  for (const i of seedInvitations(dates)) {
    statements.push({
      sql: `INSERT INTO downline_invitations (id, user_id, email, first_name, last_name, level, status, token_hash,
              expires_at, accepted_user_id, sent_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
      // The hash of a token nobody knows: the link works once the agency sends the invitation again.
      args: [
        i.id,
        i.userId,
        i.email,
        i.firstName,
        i.lastName,
        i.level,
        i.status,
        tokenHash(newAccountToken()),
        i.expiresAt,
        i.sentAt,
      ],
    });
  }
  return statements;
}
