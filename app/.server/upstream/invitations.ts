import { z } from "zod";
import { call } from "./client";
import { InvitationResponseSchema, InvitationsResponseSchema } from "./schemas";

const TABLE_KEYS = ["page", "perPage", "search", "sort", "order"];

export function invitations(token: string, params: URLSearchParams) {
  const query = new URLSearchParams();
  for (const key of TABLE_KEYS) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return call("GET", `/api/downline_invitations${text ? `?${text}` : ""}`, InvitationsResponseSchema, { token });
}

export async function invite(token: string, body: { email: string; firstName: string; lastName: string; level: string }) {
  return (await call("POST", "/api/downline_invitations", InvitationResponseSchema, { token, body })).invitation;
}

export async function withdrawInvitation(token: string, id: number) {
  await call("DELETE", `/api/downline_invitations/${id}`, z.unknown(), { token });
}
