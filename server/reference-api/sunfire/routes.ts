/**
 * The quote tool's sign-on (issue 12, spec §7 "GET /partners/sunfire | reads url; opened in a new window",
 * docs/upstream-api.md). GET /partners/sunfire hands the signed-in caller a single-use sign-on link with a
 * random 256-bit token; GET /partners/sunfire/sign_on?token= is the page it opens: a plain demo quote
 * provider served by the reference API itself, so the demo needs no external service. A link works once
 * and for SIGN_ON_TTL_MS; a second visit (or a late one) says the link was used or has expired.
 *
 * The tokens are kept in memory, hashed (a sign-on link is worth nothing after a restart, as with a real
 * provider's), and never logged: the request log of app.ts writes the path without its query.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Express, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { SessionUser } from "../../../app/domain/user.ts";
import type { SessionRecord } from "../core/db.ts";

/** How long a sign-on link may wait for its first visit. */
export const SIGN_ON_TTL_MS = 2 * 60 * 1000;
/** Unvisited links kept at most (the oldest go first): a caller cannot fill the memory. */
const MAX_PENDING = 10_000;

export const NO_QUOTE_TOOL = "Your account does not have access to the quote tool";
export const TEST_SITE_ADMINS_ONLY = "Only administrators may open the quote tool's test site";
export const UNKNOWN_SITE = "site must be test, or left out";
export const SIGN_ON_PATH = "/partners/sunfire/sign_on";

type Site = "production" | "test";
interface PendingSignOn {
  userId: number;
  name: string;
  npnNumber: string | null;
  site: Site;
  expiresAt: number;
}

type Authed = Response<unknown, { session: SessionRecord }>;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Spec §6 as the upstream sees it: sunfireAccess (and active contracts), or an administrator. */
function mayQuote(user: SessionUser): boolean {
  return user.role === "Admin" || (user.sunfireAccess && user.existingActiveContracts && user.role !== "Carrier");
}

/** The origin the caller addressed (the link must lead back to this service); a bad Host falls back to loopback. */
function originOf(req: Request): string {
  const host = req.get("host") ?? "";
  const safe = /^[A-Za-z0-9.\-[\]:]{1,255}$/.test(host) ? host : `127.0.0.1:${req.socket.localPort ?? 80}`;
  return `${req.protocol}://${safe}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
};

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1f2933;line-height:1.5}
main{max-width:40rem;margin:0 auto;padding:2rem 1rem}header{background:#0b4f6c;color:#fff;padding:1rem}
header p{margin:0;max-width:40rem;margin:0 auto;font-weight:600}h1{font-size:1.5rem;margin:0 0 1rem}
.card{background:#fff;border:1px solid #d9e2ec;border-radius:8px;padding:1rem 1.25rem;margin-bottom:1rem}
.test{background:#fff4e5;border-color:#f0b429}dt{font-weight:600}dd{margin:0 0 .5rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header><p>Demo quote provider</p></header><main>${body}</main></body></html>`;
}

function providerPage(signOn: PendingSignOn): string {
  const heading = `Demo quote provider${signOn.site === "test" ? " (test site)" : ""} — signed in as ${signOn.name}`;
  const testNote =
    signOn.site === "test"
      ? `<div class="card test"><p><strong>Test site.</strong> Quotes and enrollments made here are never sent to a carrier.</p></div>`
      : "";
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1>${testNote}
<div class="card"><p>This page stands in for the quote and enrollment provider in the portal's demo. It is served by the
reference API, and the portal opened it with a single-use sign-on link: that link has now been used and cannot be opened again.</p>
<p>A real provider would show plan quotes for your clients here and send the enrollments you submit back to the
portal, where they appear under Submitted Enrollments.</p></div>
<div class="card"><dl><dt>Agent</dt><dd>${escapeHtml(signOn.name)}</dd>
<dt>NPN</dt><dd>${escapeHtml(signOn.npnNumber ?? "None on file")}</dd>
<dt>Site</dt><dd>${signOn.site === "test" ? "Test site" : "Quote provider"}</dd></dl></div>
<p>To quote again, go back to the portal and open the quote tool once more: each visit gets a new link.</p>`,
  );
}

const USED_OR_EXPIRED = "This sign-on link has already been used or has expired";

function usedPage(): string {
  return page(
    USED_OR_EXPIRED,
    `<h1>${USED_OR_EXPIRED}</h1><div class="card"><p>Sign-on links work once, within a few minutes. Go back to the
portal and open the quote tool again to get a new one.</p></div>`,
  );
}

export function registerSunfireRoutes(
  app: Express,
  { logger, requireSession }: { logger: Logger; requireSession: RequestHandler },
): void {
  const pending = new Map<string, PendingSignOn>();

  const prune = (now: number) => {
    for (const [hash, signOn] of pending) if (signOn.expiresAt <= now) pending.delete(hash);
    // Insertion order is age order: drop the oldest beyond the cap.
    for (const hash of pending.keys()) {
      if (pending.size < MAX_PENDING) break;
      pending.delete(hash);
    }
  };

  app.get("/partners/sunfire", requireSession, (req, res: Authed) => {
    const { user } = res.locals.session;
    const raw = req.query.site;
    if (raw !== undefined && raw !== "test" && raw !== "production") {
      return res.status(422).json({ error: UNKNOWN_SITE });
    }
    const site: Site = raw === "test" ? "test" : "production";
    if (!mayQuote(user)) return res.status(403).json({ error: NO_QUOTE_TOOL });
    if (site === "test" && user.role !== "Admin") return res.status(403).json({ error: TEST_SITE_ADMINS_ONLY });
    const now = Date.now();
    prune(now);
    const token = randomBytes(32).toString("base64url");
    pending.set(hashOf(token), {
      userId: user.userId,
      name: `${user.firstName} ${user.lastName}`,
      npnNumber: user.npnNumber,
      site,
      expiresAt: now + SIGN_ON_TTL_MS,
    });
    logger.info({ userId: user.userId, site }, "quote tool sign-on link issued");
    res.set("Cache-Control", "no-store").json({ url: `${originOf(req)}${SIGN_ON_PATH}?token=${token}` });
  });

  app.get(SIGN_ON_PATH, (req, res) => {
    res.set(PAGE_HEADERS);
    const token = typeof req.query.token === "string" ? req.query.token : "";
    const hash = token ? hashOf(token) : "";
    const signOn = hash ? pending.get(hash) : undefined;
    // Used once: gone, whatever happens next.
    if (hash) pending.delete(hash);
    if (!signOn || signOn.expiresAt <= Date.now()) {
      return res.status(410).type("html").send(usedPage());
    }
    logger.info({ userId: signOn.userId, site: signOn.site }, "quote tool sign-on link used");
    res.type("html").send(providerPage(signOn));
  });
}
