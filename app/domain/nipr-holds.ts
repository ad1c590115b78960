/**
 * NIPR holds on a broker's contract requests, per state (issue 24 §7: "a regulatory action or a lapsed licence raises
 * the broker's notification and blocks new contract requests in that state until resolved").
 *
 * The spec's contract request names carrier products only (§7 `POST /api/profile/contracting_entries` with
 * carrierProductIds), not states; in the field a contract covers the states the producer is licensed in
 * (admin-domain.md: "Medicare selling needs an active life and health licence in the state"). So a request covers the
 * states of the broker's active, unexpired licenses, less the states NIPR holds; a request is refused only when holds
 * leave it no state at all. A broker with no active license and no hold requests as before (the spec's flow knows no
 * license check; readiness is issue 25's). Document notifications still block every request (spec §6): a hold is not
 * one.
 *
 * Issue 37 §1: "an agent must stop selling the day NIPR says so". A lapse, revocation or regulatory-action alert is
 * applied when it arrives (arrivalEffects below: the license as NIPR reports it, the hold in that state); an
 * administrator's "Mark handled" only records that staff reviewed it.
 */
import { formatDate } from "./formats";
import { expiryState } from "./licenses";

/** The NIPR alerts that hold new contract requests in their state (admin-domain.md: "red blocks a contract request"). */
export const HOLDING_KINDS = ["license_lapsed", "license_revoked", "regulatory_action"] as const;
export type HoldingKind = (typeof HOLDING_KINDS)[number];

export function holdsRequests(kind: string): kind is HoldingKind {
  return (HOLDING_KINDS as readonly string[]).includes(kind);
}

export interface NiprHold {
  state: string;
  /** What the broker reads: what NIPR reported and that new requests do not cover the state. */
  message: string;
  /** YYYY-MM-DD: the day the hold began (the day of NIPR's alerts file that brought it). */
  since: string;
  /** The alert's kind that put the hold; null: not known (an upstream that does not say). */
  kind: string | null;
}

export interface LicenseForSale {
  state: string;
  status: string;
  expiresOn: string | null;
}

export interface StatesOfSale {
  /** The states a contract request made now covers, sorted. */
  covered: string[];
  /** The states NIPR holds, sorted. */
  held: string[];
  /** Holds leave a request no state: the request is refused. */
  refused: boolean;
}

/** A license counts where it is Active (any case) and not past its expiry day. */
export function isSellingLicense(license: LicenseForSale, today: string): boolean {
  return license.status.toLowerCase() === "active" && expiryState(license.expiresOn, today, 0) !== "expired";
}

export function statesOfSale(
  licenses: readonly LicenseForSale[],
  holds: readonly Pick<NiprHold, "state">[],
  today: string,
): StatesOfSale {
  const held = [...new Set(holds.map((h) => h.state))].sort();
  const covered = [...new Set(licenses.filter((l) => isSellingLicense(l, today)).map((l) => l.state))]
    .filter((s) => !held.includes(s))
    .sort();
  return { covered, held, refused: held.length > 0 && covered.length === 0 };
}

/** The upstream's refusal when holds leave a request no state (shown as the error toast, spec §8). */
export function holdsRefusal(held: readonly string[]): string {
  return `New contract requests are on hold: NIPR holds ${held.join(", ")} and you have no other active license. Contact your agency.`;
}

/**
 * What the hold is, in a few words, naming the state and the day (issue 37 §1: Ready to Sell and Contract Now name
 * it): "PA license lapsed per NIPR on 12/04/2026". A hold whose kind is not known says only that NIPR holds the state.
 */
export function holdReason(hold: { state: string; kind?: string | null; since: string }): string {
  const on = `per NIPR on ${formatDate(hold.since)}`;
  switch (hold.kind) {
    case "license_lapsed":
      return `${hold.state} license lapsed ${on}`;
    case "license_revoked":
      return `${hold.state} license revoked ${on}`;
    case "regulatory_action":
      return `${hold.state} regulatory action ${on}`;
    default:
      return `${hold.state}: NIPR holds new contract requests since ${formatDate(hold.since)}`;
  }
}

/** The hold's text, written once when the alert arrives: what NIPR reported and what it means for requests. */
export function holdMessage(alert: { kind: HoldingKind; state: string; day: string; summary: string }) {
  const reason = holdReason({ state: alert.state, kind: alert.kind, since: alert.day });
  const detail = alert.kind === "regulatory_action" && alert.summary ? ` (${alert.summary.replace(/\.$/, "")})` : "";
  return `${reason}${detail}. New contract requests do not cover ${alert.state} until it is resolved: contact your agency.`;
}

/** What an arriving alert writes to the broker's license of its state, if anything. */
export interface LicenseEffect {
  state: string;
  status: "Active" | "Expired" | "Revoked";
  expiresOn: string;
}

/**
 * Issue 37 §1: what an alert does when it arrives, before anyone handles it. The license is marked as NIPR reports it
 * (a lapse: Expired as of the alert's day; a revocation: Revoked as of that day; a new expiry date: Active until it),
 * and a lapse, a revocation or a regulatory action holds new contract requests in that state.
 */
export function arrivalEffects(alert: {
  kind: string;
  state: string | null;
  day: string;
  summary: string;
  detail: Record<string, string>;
}): { license: LicenseEffect | null; hold: { state: string; message: string; since: string } | null } {
  const { state, kind, day } = alert;
  if (!state) return { license: null, hold: null };
  const license: LicenseEffect | null =
    kind === "license_lapsed"
      ? { state, status: "Expired", expiresOn: day }
      : kind === "license_revoked"
        ? { state, status: "Revoked", expiresOn: day }
        : kind === "license_expiry_changed" && alert.detail.expiresOn
          ? { state, status: "Active", expiresOn: alert.detail.expiresOn }
          : null;
  const hold = holdsRequests(kind)
    ? { state, message: holdMessage({ kind, state, day, summary: alert.summary }), since: day }
    : null;
  return { license, hold };
}
