/**
 * The carrier notifications section's records (issue 24 §4): what carriers tell us about agents and policies (RFI
 * notices, terminations, chargebacks announced, certification results), a queue handled by the staff. A notice that
 * asks something of the agent (an RFI, a certification not passed) can be sent to the agent's document notifications:
 * it shows on the agent's profile and blocks their contract requests until cleared (spec §4, §6). Pure.
 */

export const NOTIFICATION_KINDS = ["rfi", "termination", "chargeback", "certification"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  rfi: "Request for information",
  termination: "Termination",
  chargeback: "Chargeback announced",
  certification: "Certification result",
};

export const HANDLED_VALUES = ["no", "yes"] as const;
export const HANDLED_LABELS: Record<(typeof HANDLED_VALUES)[number], string> = {
  no: "Not handled",
  yes: "Handled",
};

export const MAX_NOTE = 500;

/** Why the upstream refuses to handle a notification twice. */
export const ALREADY_HANDLED = "This notification is already handled.";
/** Why a notification cannot be sent to the agent. */
export const NOT_ROUTABLE = "This notification asks nothing of an agent: it cannot be sent to their documents.";
export const ALREADY_ROUTED = "This notification is already in the agent's document notifications.";

export interface AdminCarrierNotification {
  id: number;
  carrier: { id: number; name: string };
  kind: NotificationKind;
  /** The agent it is about (null: none of ours, or a policy-only notice). */
  agent: { id: number; name: string } | null;
  policyNumber: string | null;
  /** The carrier enrollment it is about, if any (carrier_enrollments/:id). */
  enrollmentId: number | null;
  subject: string;
  message: string;
  receivedAt: string;
  handled: boolean;
  handledAt: string | null;
  handledBy: { id: number; name: string } | null;
  handledNote: string | null;
  /** The document notification it becomes for the agent (its document's name), null: nothing for the agent to do. */
  documentName: string | null;
  /** When it was sent to the agent's document notifications; null: not (yet). */
  routedAt: string | null;
}

/** Can be sent to the agent's document notifications now. */
export const routable = (n: Pick<AdminCarrierNotification, "agent" | "documentName" | "routedAt">) =>
  n.agent !== null && n.documentName !== null && n.routedAt === null;
