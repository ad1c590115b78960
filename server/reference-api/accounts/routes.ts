/**
 * Accounts without the help desk (issue 13, docs/upstream-api.md "Accounts"): registration with an
 * invitation's link or without one, e-mail verification, activation of an account an administrator created,
 * password reset by e-mail, and the password change of a signed-in user. All public but the last.
 *
 * Tokens (tokens.ts) are single-use, stored hashed and answered 404 invalid / 410 used / 410 expired; refused
 * fields are 422 `{ error, fields }`. The endpoints that take only an e-mail address (and the sign-up once its
 * fields pass) answer 202 at once and do their look-up and e-mail afterwards (AfterAnswer), so neither the
 * answer nor its timing tells whether an account exists. Storage: users (status), account_tokens,
 * downline_invitations, npn_registry; e-mails through the Mailer.
 */
import type { Express, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { formatPhone } from "../../../app/domain/masks.ts";
import { newPasswordProblems } from "../../../app/domain/common-passwords.ts";
import { CONTROL_CHARACTERS_TEXT, hasControlCharacters } from "../../../app/domain/validation.ts";
import type {
  AcceptedResponseSchema,
  InvitedRegistrationBody,
  PasswordSetResponseSchema,
  PendingAccountResponseSchema,
  RegisteredResponseSchema,
  RegistrationBody,
  RegistrationInvitationResponseSchema,
  ResetAccountResponseSchema,
  VerifiedResponseSchema,
} from "../../../app/.server/upstream/schemas/account.ts";
import { isAccountToken } from "../../../app/domain/account-tokens.ts";
import type { SessionUser } from "../../../app/domain/user.ts";
import type { AfterAnswer } from "../core/after-answer.ts";
import { ReferenceDb, type SessionRecord } from "../core/db.ts";
import { agencyNameOf } from "../invitations/routes.ts";
import {
  alreadyRegisteredEmail,
  activationEmail,
  type DeliveryMeta,
  type Mailer,
  passwordChangedEmail,
  resetEmail,
  verifyEmail,
} from "../mail/mailer.ts";
import { hashPassword, verifyPassword } from "../core/passwords.ts";
import {
  type AccountTokenRow,
  type TokenPurpose,
  type TokenRefusal,
  findAccountToken,
  isRefusal,
  issueTokenStatements,
  refuseToken,
  tokenHash,
  tokenRefusal,
  useTokensStatement,
} from "../core/tokens.ts";

export const FIRST_NAME_BLANK = "Enter your first name.";
export const LAST_NAME_BLANK = "Enter your last name.";
export const nameTooLong = (label: string) => `Your ${label} can have at most ${MAX_NAME} characters.`;
export const PHONE_INVALID = "Enter a phone number of 10 to 15 digits.";
export const NPN_INVALID = "Enter your NPN: 1 to 10 digits.";
export const NPN_UNKNOWN = "We could not find this NPN in the national producer registry. Check the number.";
export const NPN_TAKEN = "An account already exists for this NPN. Sign in, or reset your password.";
export const TERMS_NOT_ACCEPTED = "Accept the terms and conditions to register.";
export const EMAIL_INVALID = "Enter a valid e-mail address.";
export const CURRENT_PASSWORD_BLANK = "Enter your current password.";
export const CURRENT_PASSWORD_WRONG = "Your current password is not correct.";

const MAX_NAME = 100;
/** An e-mail address as the invitations take it. */
const EmailSchema = z.email().max(254);

type Accepted = z.infer<typeof AcceptedResponseSchema>;
type Authed = Response<unknown, { session: SessionRecord }>;

/** The messages per body field of a refused request. */
type Fields = Record<string, string[]>;

class FieldProblems {
  readonly fields: Fields = {};
  add(field: string, ...messages: string[]): void {
    if (messages.length > 0) (this.fields[field] ??= []).push(...messages);
  }
  get any(): boolean {
    return Object.keys(this.fields).length > 0;
  }
}

/** 422 `{ error: every message, fields }`. */
function refuseFields(res: Response, fields: Fields): void {
  res.status(422).json({ error: Object.values(fields).flat().join(" "), fields });
}

function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

const str = (value: unknown): string => (typeof value === "string" ? value : "");

/** A trimmed e-mail address, or null. */
function emailOf(value: unknown): string | null {
  const email = str(value).trim();
  return EmailSchema.safeParse(email).success ? email : null;
}

type RegistrationFields = Omit<InvitedRegistrationBody, "termsAccepted">;

/**
 * The fields of a registration body (`email`: the invitation's, or the body's for a sign-up). Names trimmed,
 * 1–100 characters; phone 10–15 digits; NPN 1–10 digits; the password by the password rules; terms accepted.
 */
function registrationFields(
  body: Record<string, unknown>,
  email: string | null,
  problems: FieldProblems,
): RegistrationFields {
  const name = (field: "firstName" | "lastName", blank: string, label: string) => {
    const value = str(body[field]).trim();
    if (value === "") problems.add(field, blank);
    else if (value.length > MAX_NAME) problems.add(field, nameTooLong(label));
    else if (hasControlCharacters(value)) problems.add(field, CONTROL_CHARACTERS_TEXT);
    return value;
  };
  const firstName = name("firstName", FIRST_NAME_BLANK, "first name");
  const lastName = name("lastName", LAST_NAME_BLANK, "last name");
  const phone = str(body.phone);
  if (!/^\d{10,15}$/.test(phone)) problems.add("phone", PHONE_INVALID);
  const npn = str(body.npn);
  if (!/^\d{1,10}$/.test(npn)) problems.add("npn", NPN_INVALID);
  const password = str(body.password);
  problems.add("password", ...newPasswordProblems(password, email));
  if (body.termsAccepted !== true) problems.add("termsAccepted", TERMS_NOT_ACCEPTED);
  return { firstName, lastName, phone, npn, password };
}

/** The NPN is in the registry and no account has it; else its problem. */
async function npnProblem(db: ReferenceDb, npn: string): Promise<string | null> {
  const known = await db.client.execute({ sql: "SELECT 1 FROM npn_registry WHERE npn = ?", args: [npn] });
  if (known.rows.length === 0) return NPN_UNKNOWN;
  const taken = await db.client.execute({ sql: "SELECT 1 FROM users WHERE npn_number = ? LIMIT 1", args: [npn] });
  return taken.rows.length > 0 ? NPN_TAKEN : null;
}

/** Adds the NPN's problem with the registry, when it is well-formed. */
async function checkNpn(db: ReferenceDb, npn: string, problems: FieldProblems): Promise<void> {
  if (problems.fields.npn) return;
  const problem = await npnProblem(db, npn);
  if (problem) problems.add("npn", problem);
}

interface InvitationRow {
  id: number;
  agencyId: number;
  email: string;
  firstName: string;
  lastName: string;
  level: string;
  agencyName: string;
  expiresAt: string;
}

/**
 * The invitation a registration link stands for, or why it cannot be used: unknown or malformed (a withdrawn
 * one is deleted) → invalid; Accepted, replaced by sending the invitation again, or its e-mail has an account
 * by now → used; Expired or past expires_at → expired.
 */
async function findInvitation(
  db: ReferenceDb,
  token: unknown,
  now = new Date(),
): Promise<InvitationRow | TokenRefusal> {
  if (typeof token !== "string" || !isAccountToken(token)) return tokenRefusal("invitation", "invalid");
  const found = await db.client.execute({
    sql: `SELECT i.*, a.first_name AS agency_first_name, a.last_name AS agency_last_name,
                 (SELECT 1 FROM users u WHERE u.email = i.email COLLATE NOCASE) AS has_account
          FROM downline_invitations i JOIN users a ON a.id = i.user_id
          WHERE i.token_hash = ?`,
    args: [tokenHash(token)],
  });
  const r = found.rows[0];
  if (!r) {
    // A link the invitation had before it was sent again: used up (the newest e-mail has the working one).
    const replaced = await db.client.execute({
      sql: "SELECT 1 FROM replaced_invitation_tokens WHERE token_hash = ?",
      args: [tokenHash(token)],
    });
    return tokenRefusal("invitation", replaced.rows.length > 0 ? "used" : "invalid");
  }
  if (String(r.status) === "Accepted" || r.has_account != null) return tokenRefusal("invitation", "used");
  if (String(r.status) === "Expired" || String(r.expires_at) <= now.toISOString())
    return tokenRefusal("invitation", "expired");
  const agencyId = Number(r.user_id);
  return {
    id: Number(r.id),
    agencyId,
    email: String(r.email),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    level: String(r.level),
    agencyName: agencyNameOf(agencyId, String(r.agency_first_name), String(r.agency_last_name)),
    expiresAt: String(r.expires_at),
  };
}

/** A new unverified account's row. */
function insertUserStatement(
  f: RegistrationFields,
  email: string,
  passwordHash: string,
  role: "Agent" | "Agency",
  level: string | null,
  uplineUserId: number | null,
) {
  return {
    // The role a registration gives: the first of its kind (schema.ts roles).
    sql: `INSERT INTO users (email, password_hash, status, upline_user_id, role, role_id, first_name, last_name, npn_id,
            npn_number, npn_current_max_level, phone, sms_consent, flags)
          VALUES (?, ?, 'unverified', ?, ?, (SELECT id FROM roles WHERE kind = ? ORDER BY id LIMIT 1), ?, ?, NULL, ?, ?,
            ?, NULL, '{}') RETURNING id`,
    args: [email, passwordHash, uplineUserId, role, role, f.firstName, f.lastName, f.npn, level, formatPhone(f.phone)],
  };
}

/** The e-mail carrying each kind of account link. */
const ACCOUNT_LINK_EMAILS: Record<TokenPurpose, typeof verifyEmail> = {
  verify: verifyEmail,
  activate: activationEmail,
  reset: resetEmail,
};

export interface AccountLinkUser {
  userId: number;
  email: string;
  firstName: string;
}

/**
 * Issues a new account link of `purpose` to a user (their older links of that purpose stop working) and e-mails
 * it now: the verification (24 hours), activation (7 days) or password reset (1 hour) e-mail. Run it after the
 * answer (AfterAnswer.run), as the account endpoints and the admin users' endpoints do.
 */
export async function sendAccountLink(
  { db, mailer, logger }: { db: ReferenceDb; mailer: Mailer; logger: Logger },
  user: AccountLinkUser,
  purpose: TokenPurpose,
  meta: DeliveryMeta = {},
): Promise<void> {
  const issued = issueTokenStatements(user.userId, purpose);
  await db.exclusive(async () => db.client.batch(issued.statements, "write"));
  await mailer.deliver(
    ACCOUNT_LINK_EMAILS[purpose](mailer.portalUrl, { to: user.email, firstName: user.firstName, token: issued.token }),
    { userId: user.userId, ...meta },
  );
  logger.info({ userId: user.userId, purpose }, "account link sent");
}

export interface AccountRoutesOptions {
  db: ReferenceDb;
  logger: Logger;
  requireSession: RequestHandler;
  mailer: Mailer;
  after: AfterAnswer;
}

export function registerAccountRoutes(
  app: Express,
  { db, logger, requireSession, mailer, after }: AccountRoutesOptions,
): void {
  const accepted = (res: Response) => {
    const body: Accepted = { status: "accepted" };
    res.status(202).json(body);
  };

  const issueAndSend = async (user: AccountLinkUser, purpose: TokenPurpose) =>
    sendAccountLink({ db, mailer, logger }, user, purpose);

  /** `{ email }` of the no-enumeration endpoints; null after answering 422. */
  const emailBody = (req: Request, res: Response): string | null => {
    const email = emailOf(bodyOf(req).email);
    if (!email) refuseFields(res, { email: [EMAIL_INVALID] });
    return email;
  };

  /* ---- Registration with an invitation's link ---- */

  app.get("/api/registration/:token", async (req: Request, res: Response) => {
    const found = await findInvitation(db, req.params.token);
    if (isRefusal(found)) return refuseToken(res, found);
    const body: z.infer<typeof RegistrationInvitationResponseSchema> = {
      invitation: {
        email: found.email,
        firstName: found.firstName,
        lastName: found.lastName,
        level: found.level,
        agencyName: found.agencyName,
        expiresAt: found.expiresAt,
      },
    };
    res.json(body);
  });

  app.post("/api/registration/:token", async (req: Request, res: Response) => {
    const token = req.params.token;
    const invitation = await findInvitation(db, token);
    if (isRefusal(invitation)) return refuseToken(res, invitation);
    const problems = new FieldProblems();
    const f = registrationFields(bodyOf(req), invitation.email, problems);
    await checkNpn(db, f.npn, problems);
    if (problems.any) return refuseFields(res, problems.fields);
    const passwordHash = await hashPassword(f.password);

    // Checked again and written one request at a time: a double submit makes one account (the second: used).
    type Outcome = { refusal: TokenRefusal } | { fields: Fields } | { userId: number; verify: string };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const again = await findInvitation(db, token);
      if (isRefusal(again)) return { refusal: again };
      const npn = await npnProblem(db, f.npn);
      if (npn) return { fields: { npn: [npn] } };
      const agency = invitation.level !== "Agent";
      const created = await db.client.execute(
        insertUserStatement(
          f,
          invitation.email,
          passwordHash,
          agency ? "Agency" : "Agent",
          agency ? invitation.level : null,
          invitation.agencyId,
        ),
      );
      const userId = Number(created.rows[0]!.id);
      const issued = issueTokenStatements(userId, "verify");
      await db.client.batch(
        [
          {
            sql: "UPDATE downline_invitations SET status = 'Accepted', accepted_user_id = ? WHERE id = ?",
            args: [userId, invitation.id],
          },
          ...issued.statements,
        ],
        "write",
      );
      return { userId, verify: issued.token };
    });
    if ("refusal" in outcome) return refuseToken(res, outcome.refusal);
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    mailer.send(verifyEmail(mailer.portalUrl, { to: invitation.email, firstName: f.firstName, token: outcome.verify }));
    logger.info({ userId: outcome.userId, invitationId: invitation.id }, "registered with an invitation");
    const body: z.infer<typeof RegisteredResponseSchema> = { status: "registered", email: invitation.email };
    res.status(201).json(body);
  });

  /* ---- Sign-up without an invitation (an independent agent) ---- */

  app.post("/api/registration", async (req: Request, res: Response) => {
    const body = bodyOf(req);
    const problems = new FieldProblems();
    const email = emailOf(body.email);
    if (!email) problems.add("email", EMAIL_INVALID);
    const f = registrationFields(body, email, problems);
    await checkNpn(db, f.npn, problems);
    if (problems.any || !email) return refuseFields(res, problems.fields);
    // Whether the address has an account is looked at only after answering (RegistrationBody: a sign-up).
    const registration: RegistrationBody = { ...f, email, termsAccepted: true };
    accepted(res);
    after.run("sign-up", async () => {
      // The same work in both cases: the hash is made before looking.
      const passwordHash = await hashPassword(registration.password);
      type Outcome = { existing: SessionUser } | { npnTaken: true } | { userId: number; verify: string };
      const outcome = await db.exclusive(async (): Promise<Outcome> => {
        const existing = await db.findUserByEmail(registration.email);
        if (existing) return { existing: existing.user };
        if (await npnProblem(db, registration.npn)) return { npnTaken: true };
        const created = await db.client.execute(
          insertUserStatement(registration, registration.email, passwordHash, "Agent", null, null),
        );
        const userId = Number(created.rows[0]!.id);
        const issued = issueTokenStatements(userId, "verify");
        await db.client.batch(issued.statements, "write");
        return { userId, verify: issued.token };
      });
      if ("existing" in outcome) {
        await mailer.deliver(
          alreadyRegisteredEmail(mailer.portalUrl, {
            to: outcome.existing.email,
            firstName: outcome.existing.firstName,
          }),
        );
        logger.info({ userId: outcome.existing.userId }, "sign-up with the address of an account");
      } else if ("npnTaken" in outcome) {
        // Another sign-up took the NPN between the check and now: nothing to send.
        logger.info("sign-up dropped: its NPN was registered meanwhile");
      } else {
        await mailer.deliver(
          verifyEmail(mailer.portalUrl, {
            to: registration.email,
            firstName: registration.firstName,
            token: outcome.verify,
          }),
        );
        logger.info({ userId: outcome.userId }, "signed up");
      }
    });
  });

  /* ---- E-mail verification ---- */

  app.post("/api/account/verification", (req: Request, res: Response) => {
    const email = emailBody(req, res);
    if (!email) return;
    accepted(res);
    after.run("verification e-mail", async () => {
      const record = await db.findUserByEmail(email);
      if (record?.status === "unverified") await issueAndSend(record.user, "verify");
    });
  });

  app.post("/api/account/verify", async (req: Request, res: Response) => {
    const outcome = await db.exclusive(async () => {
      const found = await findAccountToken(db, bodyOf(req).token, "verify");
      if (isRefusal(found)) return found;
      await db.client.batch(
        [
          { sql: "UPDATE users SET status = 'active' WHERE id = ? AND status = 'unverified'", args: [found.userId] },
          useTokensStatement(found.userId, "verify"),
        ],
        "write",
      );
      return found;
    });
    if (isRefusal(outcome)) return refuseToken(res, outcome);
    logger.info({ userId: outcome.userId }, "e-mail address verified");
    const body: z.infer<typeof VerifiedResponseSchema> = { email: outcome.email };
    res.json(body);
  });

  /* ---- Activation of an account an administrator created ---- */

  /** An activation token whose account still waits for its password (one activated since: used). */
  const pendingAccount = async (token: unknown): Promise<AccountTokenRow | TokenRefusal> => {
    const found = await findAccountToken(db, token, "activate");
    if (isRefusal(found)) return found;
    return found.status === "pending" ? found : tokenRefusal("activate", "used");
  };

  app.get("/api/account/activation/:token", async (req: Request, res: Response) => {
    const found = await pendingAccount(req.params.token);
    if (isRefusal(found)) return refuseToken(res, found);
    const body: z.infer<typeof PendingAccountResponseSchema> = {
      account: { email: found.email, firstName: found.firstName, lastName: found.lastName },
    };
    res.json(body);
  });

  app.post("/api/account/activation", async (req: Request, res: Response) => {
    const { token, password } = bodyOf(req);
    const found = await pendingAccount(token);
    if (isRefusal(found)) return refuseToken(res, found);
    const problems = newPasswordProblems(str(password), found.email);
    if (problems.length > 0) return refuseFields(res, { password: problems });
    const passwordHash = await hashPassword(str(password));
    const outcome = await db.exclusive(async () => {
      const again = await pendingAccount(token);
      if (isRefusal(again)) return again;
      await db.client.batch(
        [
          {
            sql: "UPDATE users SET password_hash = ?, status = 'active' WHERE id = ? AND status = 'pending'",
            args: [passwordHash, again.userId],
          },
          useTokensStatement(again.userId, "activate"),
        ],
        "write",
      );
      return again;
    });
    if (isRefusal(outcome)) return refuseToken(res, outcome);
    logger.info({ userId: outcome.userId }, "account activated");
    const body: z.infer<typeof PasswordSetResponseSchema> = { email: outcome.email };
    res.json(body);
  });

  app.post("/api/account/activation_request", (req: Request, res: Response) => {
    const email = emailBody(req, res);
    if (!email) return;
    accepted(res);
    after.run("activation e-mail", async () => {
      const record = await db.findUserByEmail(email);
      if (record?.status === "pending") await issueAndSend(record.user, "activate");
    });
  });

  /* ---- Password reset by e-mail ---- */

  app.post("/api/account/password_reset", (req: Request, res: Response) => {
    const email = emailBody(req, res);
    if (!email) return;
    accepted(res);
    after.run("password reset e-mail", async () => {
      const record = await db.findUserByEmail(email);
      // A pending account has no password to reset: its owner asks for a new activation link instead.
      if (record && record.status !== "pending") await issueAndSend(record.user, "reset");
    });
  });

  /** A reset token of an account that has a password. */
  const resettable = async (token: unknown): Promise<AccountTokenRow | TokenRefusal> => {
    const found = await findAccountToken(db, token, "reset");
    if (isRefusal(found)) return found;
    return found.status === "pending" ? tokenRefusal("reset", "invalid") : found;
  };

  app.get("/api/account/password_reset/:token", async (req: Request, res: Response) => {
    const found = await resettable(req.params.token);
    if (isRefusal(found)) return refuseToken(res, found);
    const body: z.infer<typeof ResetAccountResponseSchema> = { account: { email: found.email } };
    res.json(body);
  });

  app.put("/api/account/password_reset", async (req: Request, res: Response) => {
    const { token, password } = bodyOf(req);
    const found = await resettable(token);
    if (isRefusal(found)) return refuseToken(res, found);
    const problems = newPasswordProblems(str(password), found.email);
    if (problems.length > 0) return refuseFields(res, { password: problems });
    const passwordHash = await hashPassword(str(password));
    const outcome = await db.exclusive(async () => {
      const again = await resettable(token);
      if (isRefusal(again)) return again;
      // The reset proves the mailbox: an unverified account is verified by it. Every session ends.
      await db.client.batch(
        [
          {
            sql: `UPDATE users SET password_hash = ?, status = CASE status WHEN 'unverified' THEN 'active' ELSE status END
                  WHERE id = ?`,
            args: [passwordHash, again.userId],
          },
          useTokensStatement(again.userId, "reset"),
          ReferenceDb.endSessionsStatement(again.userId),
        ],
        "write",
      );
      return again;
    });
    if (isRefusal(outcome)) return refuseToken(res, outcome);
    mailer.send(passwordChangedEmail(mailer.portalUrl, { to: outcome.email, firstName: outcome.firstName }));
    logger.info({ userId: outcome.userId }, "password reset");
    const body: z.infer<typeof PasswordSetResponseSchema> = { email: outcome.email };
    res.json(body);
  });

  /* ---- Password change of a signed-in user ---- */

  app.put("/api/profile/password", requireSession, async (req: Request, res: Authed) => {
    const { session } = res.locals;
    const { currentPassword, password } = bodyOf(req);
    const record = await db.findUserByEmail(session.user.email);
    if (!record) throw new Error(`user ${session.user.userId} vanished`);
    const problems = new FieldProblems();
    if (str(currentPassword) === "") problems.add("currentPassword", CURRENT_PASSWORD_BLANK);
    else if (!(await verifyPassword(str(currentPassword), record.passwordHash)))
      problems.add("currentPassword", CURRENT_PASSWORD_WRONG);
    problems.add("password", ...newPasswordProblems(str(password), session.user.email));
    if (problems.any) return refuseFields(res, problems.fields);
    const passwordHash = await hashPassword(str(password));
    // The caller's session stays; every other one (other browsers, a thief's) ends.
    await db.exclusive(async () =>
      db.client.batch(
        [
          { sql: "UPDATE users SET password_hash = ? WHERE id = ?", args: [passwordHash, session.user.userId] },
          ReferenceDb.endSessionsStatement(session.user.userId, session.token),
        ],
        "write",
      ),
    );
    mailer.send(passwordChangedEmail(mailer.portalUrl, { to: session.user.email, firstName: session.user.firstName }));
    logger.info({ userId: session.user.userId }, "password changed");
    res.status(204).end();
  });
}
