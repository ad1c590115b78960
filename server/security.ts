import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { isTokenUrl, redactTokens } from "../app/domain/account-tokens.ts";

/**
 * `connectSources`: more connect-src sources (development only: the Vite HMR websocket). `formActions`: the
 * origins a form post may lead to besides this site: the quote tool's, whose action redirects there
 * (Chromium applies form-action to a form post's redirects; docs/decisions/021-quote-tool-sign-on.md).
 */
export function contentSecurityPolicy(
  nonce: string,
  connectSources: string[] = [],
  formActions: string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Mantine sets CSS variables in style attributes; its <style> tags carry the nonce.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectSources].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formActions].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Security headers on every response, with a fresh CSP nonce per request (res.locals.nonce). HSTS (when
 * `hsts`, i.e. in production) only on answers to requests that arrived over https: directly, or through
 * a proxy TRUST_PROXY believes (X-Forwarded-Proto). Over plain http a browser ignores it anyway.
 */
export function securityHeaders(options: { hsts: boolean; connectSources?: string[]; formActions?: string[] }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, options.connectSources, options.formActions));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    // An account link's page (and its data) never sends its URL, token and all, to another site (issue 13).
    res.setHeader("Referrer-Policy", isTokenUrl(req.path) ? "no-referrer" : "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (options.hsts && req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const FORWARDED_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-forwarded-prefix",
  "x-real-ip",
];

/**
 * Forwarded headers count only from a peer that the `trust proxy` setting (TRUST_PROXY) believes: from
 * anyone else they are removed, so no later code (React Router's adapter, the app) can be misled. From a
 * trusted proxy, X-Forwarded-Host becomes the Host header: React Router's Express adapter takes the
 * hostname from X-Forwarded-Host but the port from Host when X-Forwarded-Host has none, which would
 * make `request.url` (and its action origin check) disagree with the browser's Origin.
 */
export function forwardedHeaders(req: Request, _res: Response, next: NextFunction) {
  const trust = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  const address = req.socket.remoteAddress;
  if (!address || !trust(address, 0)) {
    for (const name of FORWARDED_HEADERS) Reflect.deleteProperty(req.headers, name);
  } else {
    const forwardedHost = req.get("x-forwarded-host")?.split(",")[0]?.trim();
    if (forwardedHost) {
      req.headers["x-forwarded-host"] = forwardedHost;
      req.headers.host = forwardedHost;
    }
  }
  next();
}

/**
 * The origin the browser addressed (scheme and host, from trusted forwarded headers): what React Router
 * builds `request.url` from. Null when the Host header is not a valid host.
 */
export function requestOrigin(req: Request): string | null {
  const host = req.get("host");
  if (!host || /[\s/\\?#@]/.test(host)) return null;
  try {
    return new URL(`${req.protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site form posts are refused: a state-changing request must come from this site. With `selfOrigin`
 * (the origin the request was addressed to, see requestOrigin) a browser's Origin must equal it exactly,
 * scheme included, which is also what React Router's action origin check demands; without it, only the
 * host is compared.
 */
export function isCrossSiteWrite(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  selfOrigin?: string | null,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const fetchSite = headers["sec-fetch-site"];
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  if (selfOrigin !== undefined) {
    const origin = headers.origin;
    if (typeof origin !== "string" || origin === "") return false;
    // A page sent with Referrer-Policy: no-referrer (an account link's, issue 13) posts its forms with
    // `Origin: null`; the browser's Sec-Fetch-Site still says where the post came from.
    if (origin === "null") return fetchSite !== "same-origin";
    if (selfOrigin === null) return true;
    try {
      return new URL(origin).origin !== selfOrigin;
    } catch {
      return true;
    }
  }
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

/**
 * Refuses cross-site writes with 403. A refusal is the system working, not a fault: it is logged at warn
 * (with a hint when the browser itself said same-origin, which means a proxy the server does not trust).
 */
export function refuseCrossSiteWrites(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const selfOrigin = requestOrigin(req);
    if (isCrossSiteWrite(req.method, req.headers, selfOrigin)) {
      const fetchSite = req.get("sec-fetch-site");
      logger.warn(
        {
          requestId: res.locals.requestId,
          method: req.method,
          url: redactTokens(req.originalUrl),
          origin: req.get("origin"),
          secFetchSite: fetchSite,
          expectedOrigin: selfOrigin,
          ...(fetchSite === "same-origin" && {
            hint: "the browser says same-origin: is the portal behind a proxy that TRUST_PROXY does not cover?",
          }),
        },
        "cross-site write refused",
      );
      res.status(403).type("text/plain").send("Cross-site form submissions are refused.");
      return;
    }
    // Vouched for by the browser (above): React Router's own origin check must not refuse the opaque origin.
    if (req.headers.origin === "null") delete req.headers.origin;
    next();
  };
}

/**
 * Pages and data answers (HTML, `.data`, redirects, resource routes) are per user and carry a per-request
 * CSP nonce: no cache may keep them, least of all a shared one. A route that sets its own Cache-Control
 * keeps it. Applied just before the headers are written, so it sees what the handler set.
 */
export function noStoreByDefault(_req: Request, res: Response, next: NextFunction) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", "private, no-store");
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
  next();
}
