/**
 * What the admin area's records share as the pages draw them (issue 14): each section's own records are in its
 * folder (app/admin/sections/<key>/records.ts). The upstream contract's schemas
 * (app/.server/upstream/schemas/admin.ts) satisfy these types, so a change to either fails the typecheck; the
 * browser's code reads these, never the server's modules (ADR 016).
 */
import type { ComplianceDocumentKind } from "../compliance-documents";
import type { Role } from "../user";

export type ContractState = "pending" | "approved" | "denied" | "active";
export type RoleKind = Role;
export type UserStatus = "active" | "pending" | "unverified" | "disabled";

export interface AuditEntry {
  id: number;
  at: string;
  actor: { userId: number | null; name: string };
  action: string;
  changes: Array<{ field: string; from: string | null; to: string | null }>;
  note: string | null;
}

export type Facet = Array<{ value: string; label: string }>;

export interface AdminDocument {
  kind: ComplianceDocumentKind;
  name: string;
  file: { name: string; size: number; contentType: string };
  uploadedAt: string;
  expiresOn: string | null;
  review: "pending" | "accepted" | "rejected" | "expired";
  reviewerNote: string | null;
}
