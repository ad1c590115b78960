/**
 * The system notifications' seed (issue 22 §2.3), beside the three of issue 20 (seed.ts seedSystemNotifications,
 * addressed to everyone): notices past, current and scheduled, for several audiences and severities.
 */
import type { InStatement } from "@libsql/client";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import type { Role } from "../../../app/domain/user.ts";
import type { NoticeAudience, NoticeSeverity } from "../../../app/admin/sections/system_notifications/records.ts";
import { type SeedDates, spokenDay } from "../seed/seed-dates.ts";

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

dayjs.extend(utc);

/** The first Sunday on or after a timestamp's UTC day (the upgrade's day, within the week it shows). */
function firstSunday(iso: string): string {
  const day = dayjs.utc(iso);
  return (day.day() === 0 ? day : day.day(7)).toISOString();
}

/** Texts that name days say which (issue 37 §3): "Thursday" alone is wrong on most days the seed runs. */
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
    title: "Monthly team call",
    // The call's day is the notice's last (10:00 AM ET; it ends at 16:00 UTC, an hour after the call starts).
    message: `Chen Senior Benefits Group's monthly team call is on ${spokenDay(dates.daysAgo(-3))} at 10:00 AM ET: the dial-in is in your e-mail.`,
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
    title: "Portal upgrade",
    message: `The portal gets a new look on ${spokenDay(firstSunday(dates.daysAgo(-5)))}. Your bookmarks keep working.`,
    severity: "info",
    audience: "everyone",
    roles: [],
    agencyId: null,
    startsAt: dates.daysAgo(-5, "06:00"),
    endsAt: dates.daysAgo(-12, "06:00"),
  },
  {
    id: 8,
    title: "Certification records updated",
    message: `Carrier certifications completed by ${spokenDay(dates.daysAgo(61))} are now recorded: contact support if yours is missing.`,
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
