/**
 * The contract requests' age bands, days in their current state (issue 14): the desk's filter, the admin home's
 * counts and the upstream's contract (schemas/admin.ts) all read these.
 */
export const CONTRACT_AGES = ["0-7", "8-30", "31-90", "91+"] as const;
export type ContractAge = (typeof CONTRACT_AGES)[number];

/** The admin home's words for them. */
export const CONTRACT_AGE_LABELS: Readonly<Record<ContractAge, string>> = {
  "0-7": "up to 7 days",
  "8-30": "8 to 30 days",
  "31-90": "31 to 90 days",
  "91+": "over 90 days",
};
