import { call } from "./client";
import { CommissionPayoutsResponseSchema, CommissionStatementsResponseSchema } from "./schemas/commissions";

const KEYS = ["period", "page", "perPage", "search", "sort", "order"];

export function commissionStatements(token: string, params: URLSearchParams) {
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
