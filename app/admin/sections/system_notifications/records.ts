/**
 * The system notifications section's records (issue 22 §2.3): the notices of spec §3's notification state as the
 * admin pages draw them. Pure types; the upstream contract (contract.server.ts) satisfies them.
 */
import type { Role } from "../../../domain/user";

export const NOTICE_SEVERITIES = ["info", "warning", "critical"] as const;
export type NoticeSeverity = (typeof NOTICE_SEVERITIES)[number];

/** Who a notice addresses: everyone, the users of some roles, or one agency and every user under it. */
export const NOTICE_AUDIENCES = ["everyone", "roles", "agency"] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

/** Where a notice stands now: not started yet, showing, or ended. */
export const NOTICE_STATUSES = ["scheduled", "current", "ended"] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

export interface AdminSystemNotification {
  id: number;
  title: string;
  message: string;
  severity: NoticeSeverity;
  audience: NoticeAudience;
  /** The roles addressed (audience "roles"); empty otherwise. */
  roles: Role[];
  /** The agency whose hierarchy is addressed (audience "agency"); null otherwise. */
  agency: { id: number; name: string } | null;
  /** When it starts showing (ISO timestamp). */
  startsAt: string;
  /** When it stops showing (ISO timestamp, exclusive); null: until withdrawn. */
  endsAt: string | null;
  status: NoticeStatus;
  /** How many users dismissed it. */
  dismissals: number;
  updatedAt: string;
}
