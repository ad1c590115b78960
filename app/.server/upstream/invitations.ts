import { call } from "./client";
import {
  InvitationResponseSchema,
  InvitationsResponseSchema,
  WITHDRAW_INVITATIONS_MAX,
  WithdrawInvitationsResponseSchema,
} from "./schemas/invitations";

const TABLE_KEYS = ["page", "perPage", "search", "sort", "order"];

export async function invitations(token: string, params: URLSearchParams) {
  const query = new URLSearchParams();
  for (const key of TABLE_KEYS) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return call("GET", `/api/downline_invitations${text ? `?${text}` : ""}`, InvitationsResponseSchema, { token });
}

export async function invite(
  token: string,
  body: { email: string; firstName: string; lastName: string; level: string },
) {
  return (await call("POST", "/api/downline_invitations", InvitationResponseSchema, { token, body })).invitation;
}

/** Sends a pending or expired invitation again, with a new link (the old one stops working). */
export async function resendInvitation(token: string, id: number) {
  return (await call("POST", `/api/downline_invitations/${id}/resend`, InvitationResponseSchema, { token })).invitation;
}

/** Withdraws several invitations in one call; the upstream checks each (the caller's, still pending). */
export async function withdrawInvitations(token: string, ids: number[]) {
  // The caller caps what a request may carry (MAX_WITHDRAW_INVITATIONS); this is the contract's own limit.
  if (ids.length === 0 || ids.length > WITHDRAW_INVITATIONS_MAX)
    throw new RangeError(`withdrawInvitations: ${ids.length} ids`);
  return call("POST", "/api/downline_invitations/withdraw", WithdrawInvitationsResponseSchema, {
    token,
    body: { ids },
  });
}
