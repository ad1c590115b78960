import { call } from "./client";
import {
  DownlineReadinessResponseSchema,
  type ReminderBody,
  ReminderResponseSchema,
} from "./schemas/downline-readiness";

/** Issue 25 §2: the facts of every active broker in the agency's hierarchy (agencies only). */
export async function downlineReadinessFacts(token: string) {
  return (await call("GET", "/api/downlines/readiness", DownlineReadinessResponseSchema, { token })).downlineReadiness;
}

/**
 * Issue 25 §2 "Send a reminder": one e-mail per broker through the e-mail communications (the upstream checks each is
 * an active broker of the caller's downline); the idempotency key makes a second submit of the same confirmation
 * harmless.
 */
export async function sendReminders(token: string, body: ReminderBody, idempotencyKey: string) {
  return (
    await call("POST", "/api/downlines/readiness/reminders", ReminderResponseSchema, {
      token,
      body,
      headers: { "idempotency-key": idempotencyKey },
    })
  ).reminder;
}
