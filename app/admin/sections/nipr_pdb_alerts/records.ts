/**
 * NIPR PDB alerts (issue 24 §7): what NIPR's daily alerts file (weekdays) says changed for a tracked producer, by
 * category. An alert is applied when it arrives (issue 37 §1, app/domain/nipr-holds.ts arrivalEffects): a license
 * alert updates the broker's licenses; a lapse, a revocation or a regulatory action also holds the broker's new
 * contract requests in that state until an administrator resolves the hold. Marking it handled records that staff
 * reviewed it. Pure types and labels the pages and the upstream share.
 */
import { holdsRequests } from "../../../domain/nipr-holds";
import type { StatusLabel } from "../../../domain/statuses";

export const NIPR_CATEGORIES = ["licenses", "appointments", "regulatory_actions", "demographics"] as const;
export type NiprCategory = (typeof NIPR_CATEGORIES)[number];

export const NIPR_CATEGORY_LABELS: Record<NiprCategory, string> = {
  licenses: "Licenses",
  appointments: "Appointments",
  regulatory_actions: "Regulatory actions",
  demographics: "Demographics",
};

/** What an alert says happened (the upstream's kinds). */
export const NIPR_ALERT_KINDS = [
  "license_lapsed",
  "license_revoked",
  "license_expiry_changed",
  "appointment_added",
  "appointment_terminated",
  "regulatory_action",
  "address_changed",
] as const;
export type NiprAlertKind = (typeof NIPR_ALERT_KINDS)[number];

export const NIPR_KIND_CATEGORY: Record<NiprAlertKind, NiprCategory> = {
  license_lapsed: "licenses",
  license_revoked: "licenses",
  license_expiry_changed: "licenses",
  appointment_added: "appointments",
  appointment_terminated: "appointments",
  regulatory_action: "regulatory_actions",
  address_changed: "demographics",
};

/** A lapse, a revocation and a regulatory action hold the broker's new contract requests (admin-domain.md: red blocks). */
export const isBlockingKind = (kind: NiprAlertKind) => holdsRequests(kind);

export const HANDLED_VALUES = ["no", "yes"] as const;
export const HANDLED_LABELS = { no: "Not handled", yes: "Handled" } as const;

/** Already handled: staff review an alert once. */
export const ALREADY_HANDLED = "This alert is already handled.";

/** Resolve a hold that is not open (none, or resolved already). */
export const NO_OPEN_HOLD = "This alert holds no contract requests now.";

export const MAX_NOTE = 500;

/** The hold a blocking alert put on the broker's new contract requests in its state when it arrived (issue 37 §1). */
export interface NiprAlertHold {
  state: string;
  since: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
}

export interface AdminNiprAlert {
  id: number;
  /** The day of NIPR's alerts file, YYYY-MM-DD. */
  day: string;
  category: NiprCategory;
  kind: NiprAlertKind;
  producer: { id: number; name: string; npn: string };
  /** The state it is about (a licence, an appointment, a regulatory action); null: none (demographics). */
  state: string | null;
  /** One sentence: what NIPR says changed. */
  summary: string;
  /** Holds new contract requests (a lapse, a revocation, a regulatory action). */
  blocking: boolean;
  handled: boolean;
  handledAt: string | null;
  handledBy: string | null;
  note: string | null;
  /** A blocking alert's hold, put when it arrived; null for an alert that holds nothing. */
  hold: NiprAlertHold | null;
}

/**
 * The one status an alert shows, in the list and on its page (issue 37 §1: "the same alert must say the same thing in
 * the list and on its page"): whether staff handled (reviewed) it, and the state its hold still holds. Its `status` is
 * the shared vocabulary's word (domain/statuses.ts: its colour), `label` the word with the state it holds: red, a hold
 * nobody has reviewed yet; orange, reviewed and the hold stands; yellow, not reviewed and nothing held; green, done.
 */
export function alertStatus(alert: Pick<AdminNiprAlert, "handled" | "hold">): { status: StatusLabel; label: string } {
  const held = alert.hold && !alert.hold.resolvedAt ? alert.hold.state : null;
  if (held)
    return alert.handled
      ? { status: "Handled, on hold", label: `Handled: ${held} on hold` }
      : { status: "Not handled, on hold", label: `Not handled: ${held} on hold` };
  const status = alert.handled ? HANDLED_LABELS.yes : HANDLED_LABELS.no;
  return { status, label: status };
}
