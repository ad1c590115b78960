/** The admin home's words for the contract requests' age bands (issue 14; the upstream's CONTRACT_AGES). */
export const CONTRACT_AGE_LABELS = {
  "0-7": "up to 7 days",
  "8-30": "8 to 30 days",
  "31-90": "31 to 90 days",
  "91+": "over 90 days",
} as const;
export type ContractAge = keyof typeof CONTRACT_AGE_LABELS;
export const CONTRACT_AGES = Object.keys(CONTRACT_AGE_LABELS) as ContractAge[];
