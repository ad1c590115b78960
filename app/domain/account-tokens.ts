/**
 * The account links' secrets (issue 13): invitation, verification, activation and password-reset tokens.
 * Each is 32 random bytes in base64url (43 characters, 256 bits), stored by the upstream only as its
 * SHA-256 hash, used once and valid for a limited time. A URL carrying one never reaches a log (redactTokens)
 * and its page is sent with `Referrer-Policy: no-referrer` (isTokenUrl).
 */
/** Why a link cannot be used: unknown or withdrawn, past its lifetime, or used (or replaced by a newer link). */
export const TOKEN_REASONS = ["invalid", "expired", "used"] as const;
export type TokenReason = (typeof TOKEN_REASONS)[number];

export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MS = {
  invitation: 14 * 24 * 60 * 60 * 1000,
  verify: 24 * 60 * 60 * 1000,
  activate: 7 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
} as const;

export function isAccountToken(value: string | undefined | null): value is string {
  return typeof value === "string" && ACCOUNT_TOKEN_PATTERN.test(value);
}

/**
 * The paths whose next segment is a token: the portal's pages (and their `.data` requests) and the
 * upstream's endpoints that name one.
 */
const TOKEN_PATH =
  /(\/(?:registration|account\/verify|account\/activate|account\/update_password|api\/registration|api\/account\/activation|api\/account\/password_reset)\/)([^/?#.]+)/g;

/** The URL or path with every token segment replaced, for logs. */
export function redactTokens(url: string): string {
  return url.replace(TOKEN_PATH, (_match, prefix: string) => `${prefix}[redacted]`);
}

/** True when the path names a token (its page must not leak the URL through the Referer header). */
export function isTokenUrl(pathname: string): boolean {
  TOKEN_PATH.lastIndex = 0;
  const found = TOKEN_PATH.test(pathname);
  TOKEN_PATH.lastIndex = 0;
  return found;
}
