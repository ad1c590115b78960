import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { runtime } from "./runtime";
import { commitSession, markSignedIn, type PortalSession } from "./session";
import type { LoginResponse } from "./upstream/schemas";
import { login, logout } from "./upstream/session";
import { upstreamErrorOf, upstreamStatus } from "./upstream-failure";

/** remix-auth v4 keeps no session: startSession stores the result in ours (app/.server/session.ts). */
export const authenticator = new Authenticator<LoginResponse>();

authenticator.use(
  // The sign-in action has validated the form with SignInSchema before authenticating.
  new FormStrategy(async ({ form }) => login(String(form.get("email")).trim(), String(form.get("password")))),
  "form",
);

export type SignInOutcome =
  | { signedIn: LoginResponse; refused?: undefined; unverified?: undefined }
  | { refused: string[]; signedIn?: undefined; unverified?: boolean };

/**
 * Signs in with the posted e-mail and password. Wrong credentials (the upstream's 401 or 422) are an
 * outcome carrying the upstream's messages, not an error; an upstream fault propagates (formFailure).
 */
export async function signIn(request: Request): Promise<SignInOutcome> {
  try {
    return { signedIn: await authenticator.authenticate("form", request) };
  } catch (error) {
    const status = upstreamStatus(error);
    if (status === 401 || status === 422) return { refused: upstreamErrorOf(error)?.messages ?? [] };
    // The right password for an account whose e-mail address is not verified yet (issue 13).
    if (status === 403 && upstreamErrorOf(error)?.reason === "unverified") {
      return { refused: upstreamErrorOf(error)?.messages ?? [], unverified: true };
    }
    throw error;
  }
}

/** How a session starts from an upstream sign-in answer. */
export type SessionStart =
  /** The user signed in: the 7-day clock starts, and the SMS consent prompt may ask (spec §4). */
  | { kind: "sign-in" }
  /** An admin signed in as a user (spec §6): logout-as-user returns to `returnTo`; the user's own
   *  questions (the SMS consent prompt) are not the admin's to answer. */
  | { kind: "impersonation"; returnTo: string }
  /** Logout-as-user gave the admin's own session back (spec §4). */
  | { kind: "end-impersonation" };

/**
 * The one place a session's token, role, user id and npnId are written: from a sign-in, an impersonation or
 * its end. A sign-in or impersonation ends the session's previous upstream session (a copied cookie is
 * then worth nothing); logout-as-user ends it upstream itself. Returns the Set-Cookie value.
 */
export async function startSession(
  session: PortalSession,
  answer: LoginResponse,
  start: SessionStart,
): Promise<string> {
  const previous = session.get("token");
  if (start.kind !== "end-impersonation" && previous && previous !== answer.token) {
    await logout(previous).catch((error: unknown) =>
      runtime().logger.warn({ err: error }, "upstream logout of the previous session failed"),
    );
  }
  session.set("token", answer.token);
  session.set("role", answer.user.role);
  session.set("userId", answer.user.userId);
  session.set("npnId", answer.user.npnId);
  session.set("smsPrompt", start.kind !== "impersonation");
  if (start.kind === "impersonation") session.set("returnTo", start.returnTo);
  else session.unset("returnTo");
  if (start.kind === "sign-in") markSignedIn(session);
  return commitSession(session);
}
