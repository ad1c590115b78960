/**
 * NIPR license settings' forms, zod mini (issue 24 §6, ADR 015): the connection (the password optional: empty keeps
 * the saved one), who is tracked (a chosen list as NPNs), and the scans with the warning window.
 */
import * as z from "zod/mini";
import { optionalText } from "~/domain/admin/forms";
import { invalid, singleLine } from "~/domain/validation";
import { MAX_WARNING_DAYS, MIN_WARNING_DAYS, NIPR_SCANS, NIPR_TRACKING } from "./records";

export const connectionSchema = z.object({
  username: singleLine("Enter the NIPR user name").check(z.maxLength(80, { error: "At most 80 characters" })),
  password: z.pipe(
    z.optional(
      z
        .string()
        .check(
          z.minLength(8, { error: "At least 8 characters" }),
          z.maxLength(200, { error: "At most 200 characters" }),
        ),
    ),
    z.transform((v: string | undefined) => (v ? v : null)),
  ),
});

/** NPNs typed one per line, or separated by commas or spaces → the list, each 1 to 10 digits. */
export const npnList = z.pipe(
  optionalText(60_000, "Too many NPNs"),
  z.transform((v: string | null, ctx) => {
    const npns = [...new Set((v ?? "").split(/[\s,;]+/).filter(Boolean))];
    const bad = npns.filter((n) => !/^\d{1,10}$/.test(n));
    if (bad.length) return invalid(ctx, `Not NPNs (1 to 10 digits): ${bad.slice(0, 5).join(", ")}`);
    return npns;
  }),
);

export const trackingSchema = z
  .object({
    tracking: z.enum(NIPR_TRACKING, { error: "Choose who is tracked" }),
    npns: npnList,
  })
  .check(
    z.refine((v) => v.tracking === "all" || v.npns.length > 0, {
      path: ["npns"],
      error: "Enter at least one NPN, or track every active agent.",
    }),
  );

export const scheduleSchema = z.object({
  activeScan: z.enum(NIPR_SCANS, { error: "Choose weekly or monthly" }),
  inactiveScan: z.enum(NIPR_SCANS, { error: "Choose weekly or monthly" }),
  warningDays: z.pipe(
    singleLine("Enter the number of days"),
    z.transform((v: string, ctx) => {
      const n = /^\d{1,3}$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isInteger(n) || n < MIN_WARNING_DAYS || n > MAX_WARNING_DAYS)
        return invalid(ctx, `Enter a whole number of days from ${MIN_WARNING_DAYS} to ${MAX_WARNING_DAYS}`);
      return n;
    }),
  ),
});
