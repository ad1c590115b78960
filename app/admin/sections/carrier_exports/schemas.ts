/** The carrier exports section's form schemas, zod mini (issue 24 §2, ADR 015/024): "Build now" and a carrier's schedule. */
import * as z from "zod/mini";
import { requiredId } from "~/domain/admin/forms";
import { EXPORT_FREQUENCIES, EXPORT_KINDS } from "./records";

export const buildSchema = z.object({
  carrierId: requiredId("Choose the carrier"),
  kind: z.enum(EXPORT_KINDS, { error: "Choose the kind of file" }),
});

const frequency = z.enum(EXPORT_FREQUENCIES, { error: "Choose off, daily or weekly" });

export const scheduleSchema = z.object({
  carrierId: requiredId("Choose the carrier"),
  new_contracts: frequency,
  terminations: frequency,
  address_changes: frequency,
});
export type ScheduleFormValue = z.infer<typeof scheduleSchema>;
