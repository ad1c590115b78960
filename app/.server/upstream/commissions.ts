import { call } from "./client";
import {
  CommissionPayoutsResponseSchema,
  CommissionReconciliationResponseSchema,
  CommissionSchedulesResponseSchema,
  CommissionStatementsResponseSchema,
} from "./schemas/commissions";

const KEYS = ["period", "page", "perPage", "search", "sort", "order"];

export async function commissionStatements(token: string, params: URLSearchParams) {
  const query = new URLSearchParams();
  for (const key of KEYS) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return call("GET", `/api/commissions/statements${text ? `?${text}` : ""}`, CommissionStatementsResponseSchema, {
    token,
  });
}

export async function commissionPayouts(token: string) {
  return (await call("GET", "/api/commissions/payouts", CommissionPayoutsResponseSchema, { token })).payouts;
}

/** The carriers' commission schedule (issue 25 §3): what each carrier product pays per policy per period. */
export async function commissionSchedules(token: string) {
  return (await call("GET", "/api/commission_schedules", CommissionSchedulesResponseSchema, { token })).schedules;
}

/** The period's book, published splits and approved entries (issue 25 §3); null period = the newest published one. */
export async function commissionReconciliation(token: string, period: string | null) {
  const query = period ? `?${new URLSearchParams({ period })}` : "";
  return call("GET", `/api/commissions/reconciliation${query}`, CommissionReconciliationResponseSchema, { token });
}
