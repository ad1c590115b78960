import { z } from "zod";
import { currentNotices } from "~/domain/system-notifications";
import { call } from "./client";
import {
  DocumentNotificationsResponseSchema,
  ProfileResponseSchema,
  SystemNotificationsSchema,
} from "./schemas/profile";

export async function profile(token: string) {
  return (await call("GET", "/api/profile", ProfileResponseSchema, { token })).profile;
}

export async function documentNotifications(token: string) {
  return (await call("GET", "/api/profile/document_notifications", DocumentNotificationsResponseSchema, { token }))
    .documentNotifications;
}

/** The notices that show now: an ended one is left out even if the upstream still lists it (issue 20). */
export async function systemNotifications(token: string) {
  return currentNotices(
    await call("GET", "/api/profile/notifications", SystemNotificationsSchema, { token }),
    new Date(),
  );
}

/** Issue 22 §2.3: the caller dismisses a notice, for good (204; 404 when it is not one they see). */
export async function dismissSystemNotification(token: string, id: number): Promise<void> {
  await call("POST", `/api/profile/notifications/${id}/dismissal`, z.undefined(), { token });
}

/** Spec §4 SMS consent prompt: Yes gives consent (POST), No declines (DELETE). */
export async function setSmsConsent(token: string, consent: boolean) {
  return (await call(consent ? "POST" : "DELETE", "/api/profile/sms_consent", ProfileResponseSchema, { token }))
    .profile;
}
