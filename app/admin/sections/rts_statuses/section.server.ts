import { editableRecords, text } from "~/.server/admin/section-server";
import { adminResource } from "~/.server/upstream/admin";
import {
  AdminRtsStatusBodySchema,
  AdminRtsStatusResponseSchema,
  AdminRtsStatusesResponseSchema,
} from "./contract.server";
import type { AdminRtsStatus } from "./records";

const api = adminResource("rts_statuses", {
  list: AdminRtsStatusesResponseSchema,
  one: AdminRtsStatusResponseSchema,
  body: AdminRtsStatusBodySchema,
  patch: AdminRtsStatusBodySchema.partial(),
});

export const server = editableRecords<AdminRtsStatus>(api, (s) => ({
  statusCode: s.statusCode,
  statusTitle: s.statusTitle,
  displayStatus: s.displayStatus,
  tone: s.tone,
  description: s.description,
  carrierId: text(s.carrier?.id),
}));
