/** How many document notifications the upstream lists for the user (spec §3 "document notifications"). */
export interface DocumentState {
  documentNotificationCount: number;
}

/** Spec §2 "An alert icon shows when documents need attention." */
export function documentsNeedAttention(state: DocumentState): boolean {
  return state.documentNotificationCount > 0;
}

/**
 * Spec §4 "Document notifications disable contract requests"; §6 "Requesting contracts is blocked while
 * document notifications exist." The dialog shows it (CONTRACT_REQUEST_BLOCKED) and the action refuses.
 */
export function contractRequestsBlocked(state: DocumentState): boolean {
  return documentsNeedAttention(state);
}

/* ---- The compliance documents of the profile (issue 12): one set per user, onboarding's W-9 and E&O included ---- */

/** The kinds of compliance document an agent or agency keeps on file, in the order the profile lists them. */
export const COMPLIANCE_DOCUMENT_KINDS = ["eo", "w9", "aml", "ahip", "direct_deposit"] as const;
export type ComplianceDocumentKind = (typeof COMPLIANCE_DOCUMENT_KINDS)[number];

export interface ComplianceDocumentType {
  kind: ComplianceDocumentKind;
  /** The name the upstream's document notifications use (documentName). */
  title: string;
  /** A certificate that runs out: its expiry date is asked for with the upload. */
  expires: boolean;
}

export const COMPLIANCE_DOCUMENT_TYPES: Readonly<Record<ComplianceDocumentKind, ComplianceDocumentType>> = {
  eo: { kind: "eo", title: "E&O Certificate", expires: true },
  w9: { kind: "w9", title: "W-9", expires: false },
  aml: { kind: "aml", title: "AML Certificate", expires: true },
  ahip: { kind: "ahip", title: "AHIP Certificate", expires: true },
  direct_deposit: { kind: "direct_deposit", title: "Direct Deposit Form", expires: false },
};

export function isComplianceDocumentKind(value: unknown): value is ComplianceDocumentKind {
  return typeof value === "string" && (COMPLIANCE_DOCUMENT_KINDS as readonly string[]).includes(value);
}

/** Licenses and certificates are marked this many days before they expire (issue 12). */
export const EXPIRY_WARNING_DAYS = 60;

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * "expired" once the expiry date has passed (a certificate is good through its expiry day), "expiring"
 * within EXPIRY_WARNING_DAYS of it, otherwise null. No date: null (it does not run out).
 */
export function expiryState(expiresOn: string | null | undefined, today: string): "expired" | "expiring" | null {
  if (!expiresOn) return null;
  const day = expiresOn.slice(0, 10);
  if (day < today.slice(0, 10)) return "expired";
  if (day <= addDays(today, EXPIRY_WARNING_DAYS)) return "expiring";
  return null;
}

export type DocumentStatus = "valid" | "expiring" | "expired" | "missing" | "rejected";

export const DOCUMENT_STATUS_LABELS: Readonly<Record<DocumentStatus, string>> = {
  valid: "Valid",
  expiring: "Expiring soon",
  expired: "Expired",
  missing: "Missing",
  rejected: "Rejected",
};

/** A document's status (issue 12): missing without a file, rejected by the reviewer, else by its expiry date. */
export function documentStatus(
  doc: { file: unknown; review: "accepted" | "rejected"; expiresOn: string | null },
  today: string,
): DocumentStatus {
  if (doc.file == null) return "missing";
  if (doc.review === "rejected") return "rejected";
  return expiryState(doc.expiresOn, today) ?? "valid";
}

function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * Spec §8 alert text: "… find this icon next to any documentation that requires your attention". A document
 * carries the icon when a document notification names it (documentName is the document's title).
 */
export function documentIsFlagged(
  kind: ComplianceDocumentKind,
  notifications: ReadonlyArray<{ documentName: string }>,
): boolean {
  const key = nameKey(COMPLIANCE_DOCUMENT_TYPES[kind].title);
  return notifications.some((n) => nameKey(n.documentName) === key);
}

/** The notifications that name a kind (cleared by the upstream when a valid replacement is uploaded). */
export function notificationsFor<N extends { documentName: string }>(
  kind: ComplianceDocumentKind,
  notifications: readonly N[],
): N[] {
  const key = nameKey(COMPLIANCE_DOCUMENT_TYPES[kind].title);
  return notifications.filter((n) => nameKey(n.documentName) === key);
}
