/** A user as the users pages draw it (the upstream contract, contract.server.ts, satisfies it). */
import type { RoleKind, UserStatus } from "~/domain/admin/records";

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
