import { z } from "zod";
import { ROLES, type SessionUser } from "~/domain/user";

/**
 * The upstream contract (docs/upstream-api.md) as zod schemas. The portal validates every response
 * with them; the reference API (server/reference-api) builds its responses to the same types.
 */
export const SessionUserSchema = z.object({
  userId: z.number().int(),
  role: z.enum(ROLES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  loa: z.boolean(),
  npnCurrentMaxLevel: z.string().nullable(),
  npnId: z.number().int().nullable(),
  npnNumber: z.string().nullable(),
  sunfireAccess: z.boolean(),
  existingActiveContracts: z.boolean(),
  existingExpiredContracts: z.boolean(),
  onboardingComplete: z.boolean(),
  onboardingInProgress: z.boolean(),
  onboardingPresent: z.boolean(),
  onboardingActivated: z.boolean(),
  hierarchyPresent: z.boolean(),
  skipOnboardingWithContracts: z.boolean(),
  roleHasOnboardingProcess: z.boolean(),
  roleHasShowAchInfo: z.boolean(),
  roleHasOptoutProcess: z.boolean(),
  roleRequiresSsnOrTin: z.boolean(),
  returnToUserId: z.number().int().nullable(),
}) satisfies z.ZodType<SessionUser>;

/** POST /api/login, POST /api/login_as_user, GET /api/logout_as_user */
export const LoginResponseSchema = z.object({ token: z.string().min(1), user: SessionUserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** GET /api/me */
export const MeResponseSchema = z.object({ user: SessionUserSchema });

export const LicenseSchema = z.object({
  id: z.number().int(),
  state: z.string(),
  licenseNumber: z.string(),
  licenseType: z.string(),
  status: z.string(),
  expiresOn: z.string().nullable(),
});
export type License = z.infer<typeof LicenseSchema>;

export const ProfileSchema = z.object({
  licenses: z.array(LicenseSchema),
  smsConsent: z.boolean().nullable(),
  phone: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** GET /api/profile, POST/DELETE /api/profile/sms_consent */
export const ProfileResponseSchema = z.object({ profile: ProfileSchema });

export const SystemNotificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  severity: z.enum(["info", "warning", "critical"]),
  publishedAt: z.string(),
});
export type SystemNotification = z.infer<typeof SystemNotificationSchema>;
/** GET /api/profile/notifications: spec §7 "whole response stored as system notifications". */
export const SystemNotificationsSchema = z.array(SystemNotificationSchema);

export const DocumentNotificationSchema = z.object({
  id: z.number().int(),
  documentName: z.string(),
  message: z.string(),
});
export type DocumentNotification = z.infer<typeof DocumentNotificationSchema>;
/** GET /api/profile/document_notifications */
export const DocumentNotificationsResponseSchema = z.object({
  documentNotifications: z.array(DocumentNotificationSchema),
});

/** GET /api/feedback_conversations/show_unread_messages */
export const UnreadMessagesSchema = z.object({ unread_messages: z.number().int().min(0) });
/** GET /api/feedback_conversations/show_unresponded_messages */
export const UnrespondedMessagesSchema = z.object({ unresponded_messages: z.number().int().min(0) });

/* ---- Contracting (issue 3): products, carriers, carrier resources, contract states, legal questions ---- */

/** GET /api/resource_lists/products */
export const ProductSchema = z.object({ id: z.number().int(), name: z.string() });
export type Product = z.infer<typeof ProductSchema>;
export const ProductsResponseSchema = z.object({ products: z.array(ProductSchema) });

/** GET /api/resource_lists/product_carriers/{productId}: spec §3 carrier product (id, carrierName, carrierProductId). */
export const ProductCarrierSchema = z.object({
  id: z.number().int(),
  carrierName: z.string(),
  carrierProductId: z.number().int(),
});
export type ProductCarrier = z.infer<typeof ProductCarrierSchema>;
export const ProductCarriersResponseSchema = z.object({ productCarriers: z.array(ProductCarrierSchema) });

const text = z.string().nullable();
/** GET /api/learning_center/center_resources?carrierProductId=: spec §3 carrier resource (HTML fields). */
export const CarrierResourceSchema = z.object({
  id: z.number().int(),
  carrierProductId: z.number().int(),
  description: text,
  agentGuide: text,
  certification: text,
  commissions: text,
  transferPolicy: text,
  technology: text,
  brokerServicesNumber: text,
  brokerSupportedEmail: text,
  carrierPortalLink: text,
  certificationLink: text,
  /** ISO date (YYYY-MM-DD) or null: 'OPENS <date>' when in the future, 'TBA' when missing. */
  certificationDate: text,
  packageCode: text,
  commissionPayments: text,
  orderingSupplies: text,
  additionalInfo: text,
});
export type CarrierResource = z.infer<typeof CarrierResourceSchema>;
export const CenterResourcesResponseSchema = z.object({ learningCenterResources: z.array(CarrierResourceSchema) });

/** One contracting entry; denied entries carry the lastPublicNote (spec §3). */
export const ContractingEntrySchema = z.object({
  id: z.number().int(),
  carrierProductId: z.number().int(),
  carrierName: z.string(),
  productName: z.string(),
  lastPublicNote: z.string().nullable(),
  updatedAt: z.string(),
});
export type ContractingEntry = z.infer<typeof ContractingEntrySchema>;
/** GET/POST /api/profile/contracting_entries: spec §7 reads contractingStatuses.statuses. */
export const ContractingStatusesResponseSchema = z.object({
  contractingStatuses: z.object({
    statuses: z.object({
      pending: z.array(ContractingEntrySchema),
      denied: z.array(ContractingEntrySchema),
      approved: z.array(ContractingEntrySchema),
      active: z.array(ContractingEntrySchema),
    }),
  }),
});
export type ContractingStatuses = z.infer<typeof ContractingStatusesResponseSchema>["contractingStatuses"]["statuses"];

/** GET /api/resource_lists/legal_questions/{productId} */
export const LegalQuestionSchema = z.object({ id: z.number().int(), questionText: z.string() });
export type LegalQuestion = z.infer<typeof LegalQuestionSchema>;
export const LegalQuestionsResponseSchema = z.object({ legalQuestions: z.array(LegalQuestionSchema) });

/** A stored attachment's metadata; its bytes are served by GET /api/profile/files/{id}. */
export const StoredFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;

/** GET/PUT /api/profile/legal_answers: spec §3 legal answer. */
export const LegalAnswerSchema = z.object({
  id: z.number().int(),
  legalQuestionId: z.number().int(),
  hasOccurred: z.boolean(),
  /** ISO date YYYY-MM-DD or null. */
  actionOn: z.string().nullable(),
  action: z.string().nullable(),
  reason: z.string().nullable(),
  explanation: z.string().nullable(),
  file: StoredFileSchema.nullable(),
});
export type LegalAnswer = z.infer<typeof LegalAnswerSchema>;
export const LegalAnswersResponseSchema = z.object({ legalAnswers: z.array(LegalAnswerSchema) });

/* ---- Onboarding (issue 3): the contracting steps of a user whose contracting is required ---- */

export const ONBOARDING_STEP_KEYS = ["personal", "licenses", "legal", "banking", "documents", "signature", "optout"] as const;
export type OnboardingStepKey = (typeof ONBOARDING_STEP_KEYS)[number];

export const OnboardingSchema = z.object({
  /** All steps done and the onboarding submitted (POST /api/onboarding/complete). */
  complete: z.boolean(),
  /** The steps this user's role calls for, in order (banking only with roleHasShowAchInfo, optout only with roleHasOptoutProcess). */
  steps: z.array(z.object({ key: z.enum(ONBOARDING_STEP_KEYS), title: z.string(), complete: z.boolean() })),
  personal: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string().nullable(),
      dateOfBirth: z.string().nullable(),
      addressLine1: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      zip: z.string().nullable(),
      /** Which tax id is on file; the number itself is never sent back. */
      taxIdType: z.enum(["ssn", "ein"]).nullable(),
    })
    .nullable(),
  licenses: z.array(LicenseSchema),
  banking: z
    .object({
      accountHolder: z.string(),
      accountType: z.enum(["checking", "savings"]),
      routingNumber: z.string(),
      accountNumberLast4: z.string(),
    })
    .nullable(),
  documents: z.array(z.object({ kind: z.enum(["w9", "eo"]), file: StoredFileSchema })),
  signature: z.object({ signedAt: z.string(), points: z.number().int() }).nullable(),
  optout: z.object({ marketingEmails: z.boolean(), leadPrograms: z.boolean() }).nullable(),
});
export type Onboarding = z.infer<typeof OnboardingSchema>;
/** GET /api/onboarding, PUT /api/onboarding/steps/{step}, POST /api/onboarding/complete */
export const OnboardingResponseSchema = z.object({ onboarding: OnboardingSchema });

/* ---- Tables (issue 4): paging meta and the book of business ---- */

/** Spec §3 table paging meta. */
export const PagingMetaSchema = z.object({
  page: z.number().int(),
  currentPage: z.number().int(),
  perPage: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  search: z.string(),
  sort: z.string().nullable(),
  order: z.enum(["ASC", "DESC"]),
  pageNumbers: z.array(z.number().int()),
});

export const PolicySchema = z.object({
  id: z.number().int(),
  memberName: z.string(),
  status: z.string(),
  productName: z.string(),
  productId: z.number().int(),
  carrierName: z.string(),
  carrierId: z.number().int(),
  effectiveDate: z.string(),
  policyNumber: z.string(),
});
export type Policy = z.infer<typeof PolicySchema>;

/** GET /api/book_of_business */
export const BookOfBusinessResponseSchema = z.object({
  policies: z.array(PolicySchema),
  meta: PagingMetaSchema,
  filters: z.object({
    statuses: z.array(z.string()),
    products: z.array(z.object({ id: z.number().int(), name: z.string() })),
    carriers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
});

/** POST /api/book_of_business/export: spec §8 'Download was sent to your email'. */
export const ExportResponseSchema = z.object({ message: z.string() });

/* ---- Register downlines (issue 4): invitations an agency sends to downline agents and agencies ---- */

export const InvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** One of the response's `levels`. */
  level: z.string(),
  status: z.enum(["Sent", "Accepted", "Expired"]),
  sentAt: z.string(),
  /** The portal path the invitee registers at: /registration/:invitation_token. */
  registrationPath: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** GET /api/downline_invitations?page&perPage&search&sort&order */
export const InvitationsResponseSchema = z.object({
  invitations: z.array(InvitationSchema),
  meta: PagingMetaSchema,
  levels: z.array(z.string()),
});
/** POST /api/downline_invitations → 201 */
export const InvitationResponseSchema = z.object({ invitation: InvitationSchema });

/** The most invitation ids one POST /api/downline_invitations/withdraw may carry (more: 422). */
export const WITHDRAW_INVITATIONS_MAX = 100;

/** POST /api/downline_invitations/withdraw body: distinct ids, 1 to WITHDRAW_INVITATIONS_MAX. */
export const WithdrawInvitationsBodySchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(WITHDRAW_INVITATIONS_MAX),
});

/**
 * POST /api/downline_invitations/withdraw → 200: every asked id lands in exactly one list. `notFound`:
 * unknown or another agency's; `notPending`: the caller's, but accepted or expired.
 */
export const WithdrawInvitationsResponseSchema = z.object({
  withdrawn: z.array(z.number().int()),
  notFound: z.array(z.number().int()),
  notPending: z.array(z.number().int()),
});
export type WithdrawInvitationsResult = z.infer<typeof WithdrawInvitationsResponseSchema>;

/* ---- Downlines (issue 4): an agency's downline per carrier, and policy lists ---- */

export const RtsStatusSchema = z.object({
  statusCode: z.string(),
  statusTitle: z.string(),
  displayStatus: z.string(),
  description: z.string(),
});

export const DownlineAgencySchema = z.object({
  npnId: z.number().int(),
  advisor: z.string(),
  level: z.string(),
  rtsStatus: RtsStatusSchema,
  agentCount: z.number().int(),
  activePolicyCount: z.number().int(),
});
export type DownlineAgency = z.infer<typeof DownlineAgencySchema>;

export const DownlineAgentSchema = z.object({
  npnId: z.number().int(),
  advisor: z.string(),
  agentWritingNumber: z.string(),
  status: z.string(),
  rtsStatus: RtsStatusSchema,
  activePolicyCount: z.number().int(),
});
export type DownlineAgent = z.infer<typeof DownlineAgentSchema>;

/** GET /api/downlines/carriers: the carriers the agency's downline can be viewed for. */
export const DownlineCarriersResponseSchema = z.object({
  carriers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** GET /api/downlines/{carrierId}/agency/{npnId}?contractStatuses=: spec §7 reads downlines.agencies/agents. */
export const DownlinesResponseSchema = z.object({
  downlines: z.object({ agencies: z.array(DownlineAgencySchema), agents: z.array(DownlineAgentSchema) }),
});

/** The most agencies one GET /api/downlines/{carrierId}/agencies?npnIds= may name (more: 422). */
export const DOWNLINE_BRANCHES_MAX = 50;

/** One agency's direct sub-agencies and agents (what GET …/agency/{npnId} answers), with its npnId. */
export const DownlineBranchSchema = z.object({
  npnId: z.number().int(),
  agencies: z.array(DownlineAgencySchema),
  agents: z.array(DownlineAgentSchema),
});
export type DownlineBranch = z.infer<typeof DownlineBranchSchema>;

/**
 * GET /api/downlines/{carrierId}/agencies?npnIds=&contractStatuses=: several agencies' branches in one
 * call. `notFound`: the asked npnIds that are unknown, outside the caller's tree, or agents.
 */
export const DownlineBranchesResponseSchema = z.object({
  branches: z.array(DownlineBranchSchema),
  notFound: z.array(z.number().int()),
});

export const DownlinePolicySchema = z.object({
  id: z.number().int(),
  memberName: z.string(),
  status: z.string(),
  productName: z.string(),
  effectiveDate: z.string(),
  /** Agency lists only. */
  upline: z.string().nullable(),
  agentName: z.string().nullable(),
  npnNumber: z.string().nullable(),
});
export type DownlinePolicy = z.infer<typeof DownlinePolicySchema>;

/** GET /api/downlines/{carrierId}/policies/{npnId}: spec §7 reads policyDetails.advisor and .policies. */
export const PolicyDetailsResponseSchema = z.object({
  policyDetails: z.object({
    advisor: z.object({ name: z.string(), npnNumber: z.string(), upline: z.string().nullable(), isAgency: z.boolean() }),
    policies: z.array(DownlinePolicySchema),
  }),
});

/* ---- Tickets (issue 4): support tickets and commission inquiries, with their conversations ---- */

export const TICKET_KINDS = ["support", "commission_inquiry"] as const;

export const TicketMessageSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  /** Written by support staff or the carrier (not the ticket's owner). */
  fromStaff: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  attachment: StoredFileSchema.nullable(),
});

export const TicketSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_KINDS),
  subject: z.string(),
  category: z.string(),
  status: z.enum(["Open", "Answered", "Closed"]),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.number().int(),
  /** Commission inquiries: the statement or policy asked about, and the carrier that answers. */
  reference: z.string().nullable(),
  carrierName: z.string().nullable(),
  ownerName: z.string(),
});
export type TicketSummary = z.infer<typeof TicketSummarySchema>;

export const TicketSchema = TicketSummarySchema.extend({ messages: z.array(TicketMessageSchema) });
export type Ticket = z.infer<typeof TicketSchema>;

/** GET /api/tickets?kind=&page&perPage&search&sort&order */
export const TicketsResponseSchema = z.object({ tickets: z.array(TicketSummarySchema), meta: PagingMetaSchema });
/** GET /api/tickets/{id}, POST /api/tickets (201), POST /api/tickets/{id}/messages */
export const TicketResponseSchema = z.object({ ticket: TicketSchema });
/** GET /api/tickets/categories */
export const TicketCategoriesResponseSchema = z.object({ categories: z.array(z.string()) });

/* ---- Commissions (issue 4): statement lines by period, totals and payouts over time ---- */

export const CommissionLineSchema = z.object({
  id: z.number().int(),
  /** YYYY-MM */
  period: z.string(),
  carrierName: z.string(),
  productName: z.string(),
  memberName: z.string(),
  policyNumber: z.string(),
  type: z.enum(["New", "Renewal", "Chargeback"]),
  /** Dollars; chargebacks are negative. */
  amount: z.number(),
  paidOn: z.string(),
});
export type CommissionLine = z.infer<typeof CommissionLineSchema>;

/** GET /api/commissions/statements?period=&page&perPage&search&sort&order */
export const CommissionStatementsResponseSchema = z.object({
  lines: z.array(CommissionLineSchema),
  meta: PagingMetaSchema,
  /** Totals of the whole period (all pages). */
  totals: z.object({ total: z.number(), newBusiness: z.number(), renewals: z.number(), chargebacks: z.number() }),
  /** The periods that have statements, newest first; `period` is the one shown. */
  periods: z.array(z.string()),
  period: z.string().nullable(),
});

/** GET /api/commissions/payouts: one payout per period, oldest first (the earnings chart). */
export const CommissionPayoutsResponseSchema = z.object({
  payouts: z.array(z.object({ period: z.string(), amount: z.number(), paidOn: z.string() })),
});
