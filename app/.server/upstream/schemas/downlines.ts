import { z } from "zod";
import { RTS_TONES } from "~/domain/rts";

/* ---- Downlines (issue 4): an agency's downline per carrier, and policy lists ---- */

export const RtsStatusSchema = z.object({
  statusCode: z.string(),
  statusTitle: z.string(),
  displayStatus: z.string(),
  /** The badge's colour (app/domain/rts.ts), set per status in the admin area. */
  tone: z.enum(RTS_TONES),
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
    advisor: z.object({
      name: z.string(),
      npnNumber: z.string(),
      upline: z.string().nullable(),
      isAgency: z.boolean(),
    }),
    policies: z.array(DownlinePolicySchema),
  }),
});
