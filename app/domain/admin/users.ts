/**
 * What the admin users list says of a user's licenses and last sign-in (issue 20): short, every word shown (no
 * truncation), the same on the server and in the browser. Pure.
 */
import { formatDate } from "../formats";
import type { AdminUser } from "../../admin/sections/users/records";

/** "3 states", "1 state", "No license"; with the expired ones: "2 states · 1 expired". */
export function licenseCountText(l: AdminUser["licenses"]): string {
  const states = l.states === 0 ? "No license" : `${l.states} ${l.states === 1 ? "state" : "states"}`;
  return l.expired > 0 ? `${states} · ${l.expired} expired` : states;
}

/** The soonest expiry of a valid license: "Next expiry 03/31/2027", or null. */
export function nextExpiryText(l: AdminUser["licenses"]): string | null {
  return l.nextExpiry ? `Next expiry ${formatDate(l.nextExpiry)}` : null;
}

/** "05/12/2026", or "Never" for an account that never signed in. */
export function lastSignInText(at: string | null): string {
  return at ? formatDate(at) : "Never";
}
