/** A role as the roles pages draw it (the upstream contract, contract.server.ts, satisfies it). */
import type { RoleKind } from "~/domain/admin/records";

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
