/**
 * The admin area's words (issue 14): labels of statuses, flags, states and who has the ball, and the moves a
 * contract request's state allows. No validation library here: the list pages read these without the forms'
 * schemas (app/domain/admin/forms.ts), which carry zod to the browser. Pure.
 */

export const USER_STATUS_LABELS = {
  active: "Active",
  pending: "Pending activation",
  unverified: "E-mail not verified",
  disabled: "Disabled",
} as const;

export const ROLE_FLAG_LABELS = {
  roleHasOnboardingProcess: {
    label: "Onboarding process",
    description:
      "Users without contracts go through onboarding (contracting, documents, signature) before anything else.",
  },
  roleHasShowAchInfo: {
    label: "Direct deposit (ACH) details",
    description: "Onboarding asks for the banking details commissions are paid to.",
  },
  roleHasOptoutProcess: {
    label: "Opt-out choices",
    description: "Onboarding offers the opt-out choices (marketing e-mails, lead programs).",
  },
  roleRequiresSsnOrTin: {
    label: "SSN or TIN required",
    description: "The personal details step requires a Social Security or tax id number.",
  },
} as const;

export const ROLE_FLAG_KEYS = Object.keys(ROLE_FLAG_LABELS) as Array<keyof typeof ROLE_FLAG_LABELS>;

export const CONTRACT_STATE_LABELS = {
  pending: "Pending",
  approved: "Approved",
  denied: "Denied",
  active: "Active",
} as const;

export type ContractStateKey = keyof typeof CONTRACT_STATE_LABELS;

/** The moves a contract request's state allows: what the desk offers, and the upstream's rule (CONTRACT_TRANSITIONS). */
export const CONTRACT_MOVES: Readonly<Record<ContractStateKey, readonly ContractStateKey[]>> = {
  pending: ["approved", "denied"],
  approved: ["active", "denied"],
  denied: ["pending"],
  active: [],
};

export const BALL_LABELS = { broker: "Agent", agency: "Our staff", carrier: "Carrier" } as const;

export const DENY_NEEDS_NOTE = "Write the note the agent will see: why the request was denied";

/** A user's fields as a record's history names them (the audit keeps the upstream's field names). */
export const USER_FIELD_LABELS: Readonly<Record<string, string>> = {
  email: "E-mail",
  firstName: "First name",
  lastName: "Last name",
  phone: "Phone",
  npnNumber: "NPN",
  status: "Status",
  roleId: "Role",
  agencyId: "Upline agency",
  sunfireAccess: "Quote tool access",
  loa: "LOA",
  skipOnboardingWithContracts: "Skip onboarding when the user has contracts",
};
