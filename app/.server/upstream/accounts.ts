import { z } from "zod";
import { call } from "./client";
import {
  AcceptedResponseSchema,
  type InvitedRegistrationBody,
  PasswordSetResponseSchema,
  PendingAccountResponseSchema,
  RegisteredResponseSchema,
  RegistrationInvitationResponseSchema,
  type RegistrationBody,
  ResetAccountResponseSchema,
  VerifiedResponseSchema,
} from "./schemas/account";

/** The public account endpoints (issue 13, docs/upstream-api.md "Accounts"): no session, tokens in paths and bodies. */

const Empty = z.unknown();
const segment = (token: string) => encodeURIComponent(token);

export async function registrationInvitation(token: string) {
  return (await call("GET", `/api/registration/${segment(token)}`, RegistrationInvitationResponseSchema)).invitation;
}

export async function registerInvited(token: string, body: InvitedRegistrationBody) {
  return call("POST", `/api/registration/${segment(token)}`, RegisteredResponseSchema, { body });
}

export async function register(body: RegistrationBody) {
  return call("POST", "/api/registration", AcceptedResponseSchema, { body });
}

export async function requestVerification(email: string) {
  return call("POST", "/api/account/verification", AcceptedResponseSchema, { body: { email } });
}

export async function verifyEmail(token: string) {
  return call("POST", "/api/account/verify", VerifiedResponseSchema, { body: { token } });
}

export async function pendingAccount(token: string) {
  return (await call("GET", `/api/account/activation/${segment(token)}`, PendingAccountResponseSchema)).account;
}

export async function activate(token: string, password: string) {
  return call("POST", "/api/account/activation", PasswordSetResponseSchema, { body: { token, password } });
}

export async function requestActivation(email: string) {
  return call("POST", "/api/account/activation_request", AcceptedResponseSchema, { body: { email } });
}

export async function requestPasswordReset(email: string) {
  return call("POST", "/api/account/password_reset", AcceptedResponseSchema, { body: { email } });
}

export async function resetAccount(token: string) {
  return (await call("GET", `/api/account/password_reset/${segment(token)}`, ResetAccountResponseSchema)).account;
}

export async function resetPassword(token: string, password: string) {
  return call("PUT", "/api/account/password_reset", PasswordSetResponseSchema, { body: { token, password } });
}

/** Signed in: the user's own password (the upstream ends every other session of theirs). */
export async function changePassword(sessionToken: string, currentPassword: string, password: string) {
  await call("PUT", "/api/profile/password", Empty, { token: sessionToken, body: { currentPassword, password } });
}
