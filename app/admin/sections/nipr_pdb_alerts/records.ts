/**
 * NIPR PDB alerts (issue 24 §7): what NIPR's daily alerts file (weekdays) says changed for a tracked producer, by
 * category. Marking an alert handled applies it to the broker's record: a licence alert updates the broker's
 * licences; a lapsed licence or a regulatory action also raises the broker's notification, which holds new contract
 * requests until it is resolved. Pure types and labels the pages and the upstream share.
 */

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
  "license_expiry_changed",
  "appointment_added",
  "appointment_terminated",
  "regulatory_action",
  "address_changed",
] as const;
export type NiprAlertKind = (typeof NIPR_ALERT_KINDS)[number];

export const NIPR_KIND_CATEGORY: Record<NiprAlertKind, NiprCategory> = {
  license_lapsed: "licenses",
  license_expiry_changed: "licenses",
  appointment_added: "appointments",
  appointment_terminated: "appointments",
  regulatory_action: "regulatory_actions",
  address_changed: "demographics",
};

/** A lapsed licence and a regulatory action hold the broker's new contract requests (admin-domain.md: red blocks). */
export const isBlockingKind = (kind: NiprAlertKind) => kind === "license_lapsed" || kind === "regulatory_action";

export const HANDLED_VALUES = ["no", "yes"] as const;
export const HANDLED_LABELS = { no: "Not handled", yes: "Handled" } as const;

/** Already handled: an alert is applied once. */
export const ALREADY_HANDLED = "This alert is already handled.";

/** Resolve a hold that is not open (none, or resolved already). */
export const NO_OPEN_HOLD = "This alert holds no contract requests now.";

export const MAX_NOTE = 500;

/** The hold a handled blocking alert put on the broker's new contract requests in its state (issue 24 §7). */
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
  /** Holds new contract requests once applied (a lapsed licence, a regulatory action). */
  blocking: boolean;
  handled: boolean;
  handledAt: string | null;
  handledBy: string | null;
  note: string | null;
  /** Once a blocking alert is handled: its hold; null before (or for an alert that holds nothing). */
  hold: NiprAlertHold | null;
}
