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
 */
import { formatDate } from "./formats";
import { expiryState } from "./licenses";

export interface NiprHold {
  state: string;
  /** What the broker reads: what NIPR reported and that new requests do not cover the state. */
  message: string;
  /** YYYY-MM-DD: the day the hold began (the alert was handled). */
  since: string;
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

/** The hold's text, written once when an administrator handles the alert. */
export function holdMessage(alert: {
  kind: "license_lapsed" | "regulatory_action";
  state: string;
  day: string;
  summary: string;
}) {
  return alert.kind === "license_lapsed"
    ? `NIPR reports your ${alert.state} license lapsed on ${formatDate(alert.day)}. New contract requests do not cover ${alert.state} until it is resolved: contact your agency.`
    : `NIPR reports a regulatory action in ${alert.state} (${alert.summary}). New contract requests do not cover ${alert.state} until it is resolved: contact your agency.`;
}
