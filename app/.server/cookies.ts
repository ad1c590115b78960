import { runtime } from "./runtime";

/**
 * Cookies are Secure (and the session cookie __Host- prefixed) in production. The one exception is the
 * bundled demo (no UPSTREAM_API_URL), which runs over plain http on localhost: see
 * docs/decisions/003-session-cookie.md.
 */
export function secureCookies(): boolean {
  const { env } = runtime();
  return env.NODE_ENV === "production" && Boolean(env.UPSTREAM_API_URL);
}

export function cookieName(base: string): string {
  return secureCookies() ? `__Host-${base}` : base;
}

/** Combines Set-Cookie (and other) headers from several helpers into one Headers. */
export function combineHeaders(...all: Array<HeadersInit | null | undefined>): Headers {
  const combined = new Headers();
  for (const headers of all) {
    if (!headers) continue;
    for (const [key, value] of new Headers(headers).entries()) combined.append(key, value);
  }
  return combined;
}
