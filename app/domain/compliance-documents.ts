/**
 * The compliance documents of the profile (issue 12): one set per user, onboarding's W-9 and E&O included.
 * Apart from documents.ts, which the menu of every page reads: only the profile's pages carry this.
 */
import { expiryState } from "./licenses";

export { EXPIRY_WARNING_DAYS, expiryState } from "./licenses";

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

/** The names a document answers to in a notification: its kind's title, and the upstream's own title for it. */
function namesOf(kind: ComplianceDocumentKind, title?: string): Set<string> {
  return new Set([nameKey(COMPLIANCE_DOCUMENT_TYPES[kind].title), ...(title ? [nameKey(title)] : [])]);
}

/**
 * Spec §8 alert text: "… find this icon next to any documentation that requires your attention". A document
 * carries the icon when a document notification names it (documentName is the document's title: the portal's
 * title of its kind or the upstream's, compared without case, spaces or punctuation).
 */
export function documentIsFlagged(
  kind: ComplianceDocumentKind,
  notifications: ReadonlyArray<{ documentName: string }>,
  title?: string,
): boolean {
  return notificationsFor(kind, notifications, title).length > 0;
}

/** The notifications that name a kind (cleared by the upstream when a valid replacement is uploaded). */
export function notificationsFor<N extends { documentName: string }>(
  kind: ComplianceDocumentKind,
  notifications: readonly N[],
  title?: string,
): N[] {
  const names = namesOf(kind, title);
  return notifications.filter((n) => names.has(nameKey(n.documentName)));
}

/**
 * The notifications that name none of the listed documents (a document the portal does not list, a name it
 * does not know): shown on their own with the icon, so every notification that blocks contracting has its
 * place on the profile.
 */
export function notificationsOfNoDocument<N extends { documentName: string }>(
  documents: ReadonlyArray<{ kind: ComplianceDocumentKind; title?: string }>,
  notifications: readonly N[],
): N[] {
  const names = new Set(documents.flatMap((d) => [...namesOf(d.kind, d.title)]));
  return notifications.filter((n) => !names.has(nameKey(n.documentName)));
}
