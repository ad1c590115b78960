import { z } from "zod";

/* ---- Accounts without help desk (issue 13): registration, verification, activation, password reset ----
 *
 * Tokens travel in GET paths (/api/registration/:token, …) and in POST/PUT bodies (`token`); the portal's
 * logs redact both (app/domain/account-tokens.ts). A token that cannot be used is answered
 *   404 { error, reason: "invalid" }            unknown, malformed or withdrawn
 *   410 { error, reason: "expired" | "used" }  past its lifetime, or already used (or replaced by a newer one)
 * Refused fields are answered 422 { error, fields: { <field>: [message, …] } } (field names as in the body).
 * The "no enumeration" endpoints answer 202 { status: "accepted" } whatever the e-mail, and do their work
 * (look-up, e-mail) after answering, so neither the answer nor its timing tells whether an account exists.
 */

export { TOKEN_REASONS, type TokenReason } from "~/domain/account-tokens";

/** 202 of every endpoint that must not tell whether an account exists. */
export const AcceptedResponseSchema = z.object({ status: z.literal("accepted") });

/** GET /api/registration/:token (public): the invitation a registration link stands for. */
export const RegistrationInvitationSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  level: z.string(),
  /** Who invited: the agency's name. */
  agencyName: z.string(),
  expiresAt: z.string(),
});
export const RegistrationInvitationResponseSchema = z.object({ invitation: RegistrationInvitationSchema });
export type RegistrationInvitation = z.infer<typeof RegistrationInvitationSchema>;

/** POST /api/registration/:token body (the e-mail is the invitation's). */
export interface InvitedRegistrationBody {
  firstName: string;
  lastName: string;
  /** Digits only. */
  npn: string;
  /** Digits only (10, plus an optional extension). */
  phone: string;
  password: string;
  termsAccepted: true;
}
/** POST /api/registration body: sign-up without an invitation (an independent agent). */
export interface RegistrationBody extends InvitedRegistrationBody {
  email: string;
}

/** 201 of POST /api/registration/:token: the account exists, unverified; a verification e-mail was sent. */
export const RegisteredResponseSchema = z.object({ status: z.literal("registered"), email: z.string() });

/** POST /api/account/verify { token } → 200: the e-mail address is verified. */
export const VerifiedResponseSchema = z.object({ email: z.string() });

/** GET /api/account/activation/:token (public): the account an administrator created, waiting for its password. */
export const PendingAccountResponseSchema = z.object({
  account: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }),
});

/** GET /api/account/password_reset/:token (public): whose password the link resets. */
export const ResetAccountResponseSchema = z.object({ account: z.object({ email: z.string() }) });

/** POST /api/account/activation { token, password } and PUT /api/account/password_reset { token, password } → 200. */
export const PasswordSetResponseSchema = z.object({ email: z.string() });
