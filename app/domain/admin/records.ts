/**
 * The admin area's records as the pages draw them (issue 14). The upstream contract's schemas
 * (app/.server/upstream/schemas/admin.ts) satisfy these types, so a change to either fails the typecheck; the
 * browser's code reads these, never the server's modules (ADR 016).
 */
import type { ComplianceDocumentKind } from "../compliance-documents";
import type { RtsTone } from "../rts";
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

export interface AdminRole {
  id: number;
  name: string;
  kind: RoleKind;
  description: string;
  userCount: number;
  updatedAt: string;
  roleHasOnboardingProcess: boolean;
  roleHasShowAchInfo: boolean;
  roleHasOptoutProcess: boolean;
  roleRequiresSsnOrTin: boolean;
}

export interface AdminUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  npnNumber: string | null;
  status: UserStatus;
  role: { id: number; name: string; kind: RoleKind };
  agency: { id: number; name: string } | null;
  /** The user's agency and upline as their own profile shows them. */
  hierarchy: { agency: string | null; upline: string };
  sunfireAccess: boolean;
  loa: boolean;
  skipOnboardingWithContracts: boolean;
  createdAt: string;
  updatedAt: string;
  lastSignInAt: string | null;
  /** States with a license valid today, expired licenses, the soonest expiry of a valid one (YYYY-MM-DD). */
  licenses: { states: number; expired: number; nextExpiry: string | null };
  /** Active contracts (carrier appointments). */
  appointments: number;
}

export interface AdminRtsStatus {
  id: number;
  statusCode: string;
  statusTitle: string;
  displayStatus: string;
  /** The badge's colour: ready, in progress or blocked (app/domain/rts.ts). */
  tone: RtsTone;
  description: string;
  carrier: { id: number; name: string } | null;
  usageCount: number;
  updatedAt: string;
}

export interface AdminContractRequest {
  id: number;
  broker: { id: number; name: string; npnNumber: string | null };
  carrierProductId: number;
  carrierId: number;
  carrierName: string;
  productId: number;
  productName: string;
  state: ContractState;
  requestedAt: string;
  stateSince: string;
  waitingDays: number;
  ballWith: "broker" | "agency" | "carrier" | null;
  timeInStates: Array<{ state: ContractState; seconds: number }>;
  lastPublicNote: string | null;
  internalNote: string | null;
  writingNumber: string | null;
  effectiveDate: string | null;
}

export interface AdminDocument {
  kind: ComplianceDocumentKind;
  name: string;
  file: { name: string; size: number; contentType: string };
  uploadedAt: string;
  expiresOn: string | null;
  review: "pending" | "accepted" | "rejected" | "expired";
  reviewerNote: string | null;
}
