import { z } from "zod";
import { PagingMetaSchema } from "./paging";

/* ---- Register downlines (issue 4): invitations an agency sends to downline agents and agencies ---- */

export const InvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** One of the response's `levels`. */
  level: z.string(),
  /** Sent = pending; a Sent invitation past its expiresAt is answered as Expired. */
  status: z.enum(["Sent", "Accepted", "Expired"]),
  /** When it was last sent (ISO). */
  sentAt: z.string(),
  /**
   * When its registration link stops working (ISO): 14 days after it was sent. The link itself is only in the
   * e-mail to the invitee (the upstream keeps its hash), so the portal never sees it.
   */
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** GET /api/downline_invitations?page&perPage&search&sort&order */
export const InvitationsResponseSchema = z.object({
  invitations: z.array(InvitationSchema),
  meta: PagingMetaSchema,
  levels: z.array(z.string()),
});
/** POST /api/downline_invitations → 201; POST /api/downline_invitations/:id/resend → 200 */
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
