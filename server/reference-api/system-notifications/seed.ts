/**
 * The system notifications' seed (issue 22 §2.3), beside the three of issue 20 (seed.ts seedSystemNotifications,
 * addressed to everyone): notices past, current and scheduled, for several audiences and severities.
 */
import type { InStatement } from "@libsql/client";
import type { Role } from "../../../app/domain/user.ts";
import type { NoticeAudience, NoticeSeverity } from "../../../app/admin/sections/system_notifications/records.ts";
import type { SeedDates } from "../seed/seed-dates.ts";

export interface SeedNotice {
  id: number;
  title: string;
  message: string;
  severity: NoticeSeverity;
  audience: NoticeAudience;
  roles: Role[];
  agencyId: number | null;
  startsAt: string;
  endsAt: string | null;
}

/** Chen Senior Benefits Group (agency@demo.test), whose hierarchy holds agent@demo.test. */
export const SEED_NOTICE_AGENCY_ID = 5;

export const seedNotices = (dates: SeedDates): SeedNotice[] => [
  {
    id: 4,
    title: "Commission statements arrive two days late",
    message:
      "This month's commission statements will be posted two business days later than usual while a carrier finishes its reconciliation.",
    severity: "warning",
    audience: "roles",
    roles: ["Agent", "Agency"],
    agencyId: null,
    startsAt: dates.daysAgo(2, "13:00"),
    endsAt: dates.daysAgo(-6, "23:59"),
  },
  {
    id: 5,
    title: "Team call on Thursday",
    message:
      "Chen Senior Benefits Group's monthly team call is on Thursday at 10:00 AM ET: the dial-in is in your e-mail.",
    severity: "info",
    audience: "agency",
    roles: [],
    agencyId: SEED_NOTICE_AGENCY_ID,
    startsAt: dates.daysAgo(1, "09:00"),
    endsAt: dates.daysAgo(-3, "16:00"),
  },
  {
    id: 6,
    title: "Carrier appointment backlog",
    message: "Contract requests for Blue Harbor Health take up to 10 business days to review this week.",
    severity: "critical",
    audience: "roles",
    roles: ["Admin"],
    agencyId: null,
    startsAt: dates.daysAgo(3, "08:00"),
    endsAt: dates.daysAgo(-4, "20:00"),
  },
  {
    id: 7,
    title: "Portal upgrade this weekend",
    message: "The portal gets a new look on Sunday. Your bookmarks keep working.",
    severity: "info",
    audience: "everyone",
    roles: [],
    agencyId: null,
    startsAt: dates.daysAgo(-5, "06:00"),
    endsAt: dates.daysAgo(-12, "06:00"),
  },
  {
    id: 8,
    title: "Certification deadline passed",
    message:
      "The deadline for this year's carrier certifications has passed: contact support if yours is not recorded.",
    severity: "warning",
    audience: "roles",
    roles: ["Agent"],
    agencyId: null,
    startsAt: dates.daysAgo(60, "12:00"),
    endsAt: dates.daysAgo(40, "12:00"),
  },
];

export function systemNotificationSeedStatements(dates: SeedDates): InStatement[] {
  return seedNotices(dates).map((n) => ({
    sql: `INSERT INTO system_notifications (id, title, message, severity, audience, audience_roles, audience_agency_id,
            published_at, ends_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      n.id,
      n.title,
      n.message,
      n.severity,
      n.audience,
      JSON.stringify(n.roles),
      n.agencyId,
      n.startsAt,
      n.endsAt,
      n.startsAt,
    ],
  }));
}
