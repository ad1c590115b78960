/**
 * NIPR license settings' server half (issue 24 §6; contract.server.ts): read and change the settings. Not a list:
 * the shared list, record and export pages answer 404 (the settings page is routes/admin.nipr_license_config.tsx).
 */
import { notFound } from "~/.server/admin/guard";
import type { SectionServer } from "~/.server/admin/section-server";
import { adminCall } from "~/.server/upstream/admin";
import { NiprLicenseConfigResponseSchema, type NiprLicenseConfigUpdate } from "./contract.server";

export const niprConfig = async (token: string) =>
  adminCall(token, "GET", "nipr_license_config", NiprLicenseConfigResponseSchema);

export const updateNiprConfig = async (token: string, body: NiprLicenseConfigUpdate) =>
  adminCall(token, "PATCH", "nipr_license_config", NiprLicenseConfigResponseSchema, { body });

export const server: SectionServer<{ id: number }> = {
  list: () => notFound(),
  record: () => notFound(),
  exportCsv: () => notFound(),
};
