/** The profile queries (the routes are in app.ts): licenses and SMS consent, notifications. */
import type { SessionUser } from "../../../app/domain/user.ts";
import type { DocumentNotification, License, Profile } from "../../../app/.server/upstream/schemas/profile.ts";
import type { ReferenceDb } from "../core/db.ts";
import { openHolds } from "../nipr/holds.ts";

export async function profileOf(db: ReferenceDb, user: SessionUser): Promise<Profile> {
  const broker = user.role === "Agent" || user.role === "Agency";
  const [userResult, licenseResult, windowResult, holds] = await Promise.all([
    db.client.execute({ sql: "SELECT sms_consent, phone FROM users WHERE id = ?", args: [user.userId] }),
    broker
      ? db.client.execute({
          sql: `SELECT l.*, d.license_class, d.lines_of_authority, d.resident, d.effective_on FROM licenses l
                LEFT JOIN license_details d ON d.license_id = l.id WHERE l.user_id = ? ORDER BY l.id`,
          args: [user.userId],
        })
      : Promise.resolve(null),
    // The NIPR settings' warning window (issue 24 §6).
    db.client.execute("SELECT warning_days FROM nipr_config WHERE id = 1"),
    // Issue 24 §7: the states NIPR holds new contract requests in (the broker's notification).
    broker ? openHolds(db, user.userId) : Promise.resolve([]),
  ]);
  const row = userResult.rows[0];
  const licenses: License[] = (licenseResult?.rows ?? []).map((l) => ({
    id: Number(l.id),
    state: String(l.state),
    licenseNumber: String(l.license_number),
    licenseType: String(l.license_type),
    status: String(l.status),
    expiresOn: l.expires_on == null ? null : String(l.expires_on),
    licenseClass: l.license_class == null ? null : String(l.license_class),
    linesOfAuthority: l.lines_of_authority == null ? [] : (JSON.parse(String(l.lines_of_authority)) as string[]),
    resident: l.resident == null ? null : Number(l.resident) === 1,
    effectiveOn: l.effective_on == null ? null : String(l.effective_on),
  }));
  return {
    licenses,
    smsConsent: row?.sms_consent == null ? null : Number(row.sms_consent) === 1,
    phone: row?.phone == null ? null : String(row.phone),
    ...(windowResult.rows[0] ? { licenseWarningDays: Number(windowResult.rows[0].warning_days) } : {}),
    niprHolds: holds,
  };
}

export async function setSmsConsent(db: ReferenceDb, userId: number, consent: boolean): Promise<void> {
  await db.client.execute({ sql: "UPDATE users SET sms_consent = ? WHERE id = ?", args: [consent ? 1 : 0, userId] });
}

export async function documentNotifications(db: ReferenceDb, userId: number): Promise<DocumentNotification[]> {
  const result = await db.client.execute({
    sql: "SELECT * FROM document_notifications WHERE user_id = ? ORDER BY id",
    args: [userId],
  });
  return result.rows.map((r) => ({
    id: Number(r.id),
    documentName: String(r.document_name),
    message: String(r.message),
  }));
}
