import { z } from "zod";
import { call } from "./client";
import { LoginResponseSchema, MeResponseSchema } from "./schemas/session";

const Empty = z.unknown();

export async function login(email: string, password: string) {
  return call("POST", "/api/login", LoginResponseSchema, { body: { email, password }, unauthorizedIsError: true });
}

export async function me(token: string) {
  return (await call("GET", "/api/me", MeResponseSchema, { token })).user;
}

export async function logout(token: string) {
  await call("DELETE", "/api/logout", Empty, { token });
}

/** Admin impersonation: sign in as another user (the upstream remembers the admin as returnToUserId). */
export async function loginAsUser(token: string, email: string) {
  return call("POST", "/api/login_as_user", LoginResponseSchema, { token, body: { email } });
}

/** Ends impersonation and returns the admin's own session. */
export async function logoutAsUser(token: string) {
  return call("GET", "/api/logout_as_user", LoginResponseSchema, { token });
}
