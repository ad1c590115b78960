import { z } from "zod";
import { RTS_TONES } from "../../../domain/rts";

/* ---- Ready to sell (issue 25 §1): what the profile's other reads do not say ---- */

/** A carrier's own certification the broker completed for a plan year (from the carrier's files). */
export const CarrierCertificationSchema = z.object({
  carrierId: z.number().int(),
  planYear: z.number().int(),
  /** YYYY-MM-DD */
  completedOn: z.string(),
});
export type CarrierCertification = z.infer<typeof CarrierCertificationSchema>;

/** The broker's own Ready to Sell status with a carrier (the RTS statuses of the admin area, with their tone). */
export const BrokerRtsSchema = z.object({
  carrierId: z.number().int(),
  statusCode: z.string(),
  displayStatus: z.string(),
  tone: z.enum(RTS_TONES),
  description: z.string(),
});
export type BrokerRts = z.infer<typeof BrokerRtsSchema>;

/** GET /api/profile/readiness */
export const ReadinessResponseSchema = z.object({
  readiness: z.object({
    /** The plan year the carriers' certifications are for (app/domain/readiness.ts planYearOf). */
    planYear: z.number().int(),
    certifications: z.array(CarrierCertificationSchema),
    rtsStatuses: z.array(BrokerRtsSchema),
  }),
});
export type Readiness = z.infer<typeof ReadinessResponseSchema>["readiness"];
