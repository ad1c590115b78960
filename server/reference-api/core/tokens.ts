/**
 * The account links' tokens (app/domain/account-tokens.ts): 32 random bytes in base64url, handed out once (in
 * an e-mail) and stored only as their SHA-256 hash (hex), so the database never holds a working link.
 * account_tokens holds the verify, activate and reset tokens of a user; downline_invitations holds the
 * invitations' own (invitations.ts). Whether a token can be used is answered the same way for both:
 *   404 reason "invalid"  malformed or unknown (a withdrawn invitation is deleted, so unknown too)
 *   410 reason "used"     used, or replaced by a newer one
 *   410 reason "expired"  past its expires_at
 */
import { createHash, randomBytes } from "node:crypto";
import type { Response } from "express";
import { TOKEN_LIFETIME_MS, isAccountToken } from "../../../app/domain/account-tokens.ts";
import type { TokenReason } from "../../../app/.server/upstream/schemas/account.ts";
import type { ReferenceDb } from "./db.ts";

export type TokenPurpose = "verify" | "activate" | "reset";
export type TokenKind = TokenPurpose | "invitation";

/** A new token: 32 random bytes, base64url (43 characters). */
export function newAccountToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What is stored of a token: its SHA-256, hex. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

const LIFETIME: Record<TokenKind, number> = {
  invitation: TOKEN_LIFETIME_MS.invitation,
  verify: TOKEN_LIFETIME_MS.verify,
  activate: TOKEN_LIFETIME_MS.activate,
  reset: TOKEN_LIFETIME_MS.reset,
};

/** When a token of this kind issued at `now` stops working (ISO timestamp). */
export function tokenExpiresAt(kind: TokenKind, now = new Date()): string {
  return new Date(now.getTime() + LIFETIME[kind]).toISOString();
}

/** What each kind of link says when it cannot be used. */
const REFUSALS: Record<TokenKind, Record<TokenReason, string>> = {
  invitation: {
    invalid: "This registration link is not valid. Check that you opened the whole link from the invitation e-mail.",
    used: "This invitation link has already been used, or the invitation was sent again with a new link. Use the newest e-mail, or sign in.",
    expired: "This invitation has expired. Ask the agency that invited you to send it again.",
  },
  verify: {
    invalid: "This verification link is not valid. Check that you opened the whole link from the e-mail.",
    used: "This verification link has already been used, or a newer one was sent. Use the newest link, or sign in.",
    expired: "This verification link has expired. Ask for a new one.",
  },
  activate: {
    invalid: "This activation link is not valid. Check that you opened the whole link from the e-mail.",
    used: "This activation link has already been used, or a newer one was sent. Use the newest link, or sign in.",
    expired: "This activation link has expired. Ask for a new one.",
  },
  reset: {
    invalid: "This password reset link is not valid. Check that you opened the whole link from the e-mail.",
    used: "This password reset link has already been used, or a newer one was sent. Ask for a new one.",
    expired: "This password reset link has expired (it works for one hour). Ask for a new one.",
  },
};

export interface TokenRefusal {
  status: 404 | 410;
  reason: TokenReason;
  error: string;
}

export function tokenRefusal(kind: TokenKind, reason: TokenReason): TokenRefusal {
  return { status: reason === "invalid" ? 404 : 410, reason, error: REFUSALS[kind][reason] };
}

/** Answers the refusal: `{ error, reason }` with 404 or 410. */
export function refuseToken(res: Response, refusal: TokenRefusal): void {
  res.status(refusal.status).json({ error: refusal.error, reason: refusal.reason });
}

export interface AccountTokenRow {
  id: number;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  status: "active" | "unverified" | "pending";
}

/**
 * The user an account token of `purpose` stands for, or why it cannot be used. Not a token of the pattern, not
 * stored, stored for another purpose, or its user gone: invalid.
 */
export async function findAccountToken(
  db: ReferenceDb,
  token: unknown,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<AccountTokenRow | TokenRefusal> {
  if (typeof token !== "string" || !isAccountToken(token)) return tokenRefusal(purpose, "invalid");
  const found = await db.client.execute({
    sql: `SELECT t.id, t.user_id, t.expires_at, t.used_at, u.email, u.first_name, u.last_name, u.status
          FROM account_tokens t JOIN users u ON u.id = t.user_id
          WHERE t.token_hash = ? AND t.purpose = ?`,
    args: [tokenHash(token), purpose],
  });
  const row = found.rows[0];
  if (!row) return tokenRefusal(purpose, "invalid");
  if (row.used_at != null) return tokenRefusal(purpose, "used");
  if (String(row.expires_at) <= now.toISOString()) return tokenRefusal(purpose, "expired");
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    email: String(row.email),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    status: String(row.status) as AccountTokenRow["status"],
  };
}

export function isRefusal<T extends object>(value: T | TokenRefusal): value is TokenRefusal {
  return "reason" in value && "status" in value && "error" in value;
}

/**
 * The statements that issue a new token of `purpose` to a user: the user's unused tokens of that purpose are
 * marked used (only the newest link works), and the new one's hash stored. Run them in one batch.
 */
export function issueTokenStatements(userId: number, purpose: TokenPurpose, now = new Date()) {
  const token = newAccountToken();
  const at = now.toISOString();
  const expiresAt = tokenExpiresAt(purpose, now);
  return {
    token,
    expiresAt,
    statements: [
      {
        sql: "UPDATE account_tokens SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL",
        args: [at, userId, purpose],
      },
      {
        sql: `INSERT INTO account_tokens (user_id, purpose, token_hash, expires_at, used_at, created_at)
              VALUES (?, ?, ?, ?, NULL, ?)`,
        args: [userId, purpose, tokenHash(token), expiresAt, at],
      },
    ],
  };
}

/** Marks every unused token of `purpose` of the user used (the one just used among them). */
export function useTokensStatement(userId: number, purpose: TokenPurpose, now = new Date()) {
  return {
    sql: "UPDATE account_tokens SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL",
    args: [now.toISOString(), userId, purpose],
  };
}
