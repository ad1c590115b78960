import { call } from "./client";
import { ReadinessResponseSchema } from "./schemas/readiness";

/** Issue 25 §1: the plan year, the carriers' certifications for it and the broker's own RTS per carrier. */
export async function readinessFacts(token: string) {
  return (await call("GET", "/api/profile/readiness", ReadinessResponseSchema, { token })).readiness;
}
