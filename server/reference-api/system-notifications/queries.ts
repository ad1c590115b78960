/**
 * The system notifications' queries (issue 22 §2.3): the admin list and record, and the notices one user sees
 * (spec §7 GET /api/profile/notifications): started, not ended, addressed to them (everyone, their role, or the
 * hierarchy of an agency they are in: the agency and every user under it by users.upline_user_id), and not
 * dismissed by them.
 */
import type { InValue } from "@libsql/client";
import type { SystemNotification } from "../../../app/.server/upstream/schemas/profile.ts";
import type { AdminSystemNotification } from "../../../app/admin/sections/system_notifications/records.ts";
import type { Role } from "../../../app/domain/user.ts";
import type { ReferenceDb } from "../core/db.ts";
import { agencyNameOf } from "../invitations/routes.ts";

const text = (v: unknown): string => (v == null ? "" : String(v as string | number));

/** A timestamp written into SQL (always Date#toISOString's output: no quote can be in it). */
const sqlTime = (now: Date) => `'${now.toISOString()}'`;

/** The notices with their agency's name, their dismissal count and their status at `now`. */
export function noticesFrom(now: Date): string {
  const at = sqlTime(now);
  return `(SELECT n.*, ag.first_name AS agency_first_name, ag.last_name AS agency_last_name,
      (SELECT COUNT(*) FROM system_notification_dismissals d WHERE d.notification_id = n.id) AS dismissal_count,
      CASE WHEN n.published_at > ${at} THEN 'scheduled'
           WHEN n.ends_at IS NOT NULL AND n.ends_at <= ${at} THEN 'ended' ELSE 'current' END AS status
    FROM system_notifications n LEFT JOIN users ag ON ag.id = n.audience_agency_id) n`;
}

export function noticeFromRow(r: Record<string, unknown>): AdminSystemNotification {
  const agencyId = r.audience_agency_id == null ? null : Number(r.audience_agency_id);
  return {
    id: Number(r.id),
    title: text(r.title),
    message: text(r.message),
    severity: text(r.severity) as AdminSystemNotification["severity"],
    audience: text(r.audience) as AdminSystemNotification["audience"],
    roles: r.audience_roles == null ? [] : (JSON.parse(text(r.audience_roles)) as Role[]),
    agency:
      agencyId == null
        ? null
        : { id: agencyId, name: agencyNameOf(agencyId, text(r.agency_first_name), text(r.agency_last_name)) },
    startsAt: text(r.published_at),
    endsAt: r.ends_at == null ? null : text(r.ends_at),
    status: text(r.status) as AdminSystemNotification["status"],
    dismissals: Number(r.dismissal_count ?? 0),
    updatedAt: text(r.updated_at ?? r.published_at),
  };
}

export async function findNotice(
  db: ReferenceDb,
  id: number,
  now = new Date(),
): Promise<AdminSystemNotification | null> {
  const found = await db.client.execute({ sql: `SELECT * FROM ${noticesFrom(now)} WHERE n.id = ?`, args: [id] });
  return found.rows[0] ? noticeFromRow(found.rows[0]) : null;
}

/**
 * The WHERE of the notices `userId` (of `role`) sees at `now`: started, not ended, addressed to them, not dismissed
 * by them. Over `system_notifications n`.
 */
function shownTo(userId: number, role: Role, now: Date): { where: string; args: InValue[] } {
  return {
    where: `n.published_at <= ? AND (n.ends_at IS NULL OR n.ends_at > ?)
      AND (n.audience = 'everyone'
        OR (n.audience = 'roles' AND EXISTS (SELECT 1 FROM json_each(n.audience_roles) r WHERE r.value = ?))
        OR (n.audience = 'agency' AND n.audience_agency_id IN (
          WITH RECURSIVE chain(id) AS (
            SELECT ? UNION SELECT u.upline_user_id FROM users u JOIN chain ON u.id = chain.id
            WHERE u.upline_user_id IS NOT NULL)
          SELECT id FROM chain)))
      AND NOT EXISTS (SELECT 1 FROM system_notification_dismissals d WHERE d.notification_id = n.id AND d.user_id = ?)`,
    args: [now.toISOString(), now.toISOString(), role, userId, userId],
  };
}

/** The notices `userId` sees now, newest first (GET /api/profile/notifications). */
export async function noticesFor(
  db: ReferenceDb,
  user: { userId: number; role: Role },
  now = new Date(),
): Promise<SystemNotification[]> {
  const { where, args } = shownTo(user.userId, user.role, now);
  const result = await db.client.execute({
    sql: `SELECT n.* FROM system_notifications n WHERE ${where} ORDER BY n.published_at DESC, n.id`,
    args,
  });
  return result.rows.map((r) => ({
    id: Number(r.id),
    title: text(r.title),
    message: text(r.message),
    severity: text(r.severity) as SystemNotification["severity"],
    publishedAt: text(r.published_at),
    endsAt: r.ends_at == null ? null : text(r.ends_at),
  }));
}

/**
 * `userId` dismisses notice `id`: true when it was one they see (dismissed now, for good), false when it is not
 * theirs to dismiss (unknown, not addressed to them, not showing, or dismissed already).
 */
export async function dismissNotice(
  db: ReferenceDb,
  user: { userId: number; role: Role },
  id: number,
  now = new Date(),
): Promise<boolean> {
  const { where, args } = shownTo(user.userId, user.role, now);
  const result = await db.client.execute({
    sql: `INSERT OR IGNORE INTO system_notification_dismissals (notification_id, user_id, dismissed_at)
          SELECT n.id, ?, ? FROM system_notifications n WHERE n.id = ? AND ${where}`,
    args: [user.userId, now.toISOString(), id, ...args],
  });
  return result.rowsAffected > 0;
}
