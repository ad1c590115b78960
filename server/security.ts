import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Mantine sets CSS variables in style attributes; its <style> tags carry the nonce.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Security headers on every response, with a fresh CSP nonce per request (res.locals.nonce). */
export function securityHeaders(options: { hsts: boolean }) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (options.hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Cross-site form posts are refused: a state-changing request must come from this site. */
export function isCrossSiteWrite(method: string, headers: Record<string, string | string[] | undefined>): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const fetchSite = headers["sec-fetch-site"];
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  // The browser vouches for the origin: no need to compare hosts (a proxy may rewrite Host).
  if (fetchSite === "same-origin") return false;
  const origin = headers.origin;
  if (typeof origin !== "string" || origin === "") return false;
  if (origin === "null") return true;
  const host = (headers["x-forwarded-host"] as string | undefined)?.split(",")[0]?.trim() || headers.host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export function refuseCrossSiteWrites(req: Request, res: Response, next: NextFunction) {
  if (isCrossSiteWrite(req.method, req.headers)) {
    res.status(403).type("text/plain").send("Cross-site form submissions are refused.");
    return;
  }
  next();
}
