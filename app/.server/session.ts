import { type Session, type SessionStorage, createCookie, createSession } from "react-router";
import type { Role } from "~/domain/user";
import { cookieName, secureCookies } from "./cookies";
import { decrypt, encrypt } from "./crypto";
import { runtime } from "./runtime";

/** What the encrypted session cookie holds. The upstream token never leaves the server otherwise. */
export interface SessionData {
  token: string;
  role: Role;
  userId: number;
  /**
   * The user's npnId as sign-in gave it (null: none, e.g. an admin): pages whose calls name it (downlines)
   * start them without waiting for /api/me (ADR 017). Absent from sessions started before it was kept.
   */
  npnId: number | null;
  /** Spec §4: the SMS consent prompt shows while this flag is on and smsConsent is unanswered. */
  smsPrompt: boolean;
  /** Spec §4: where logout-as-user returns the admin to. */
  returnTo: string;
  /** When the user signed in (ms since epoch): the session ends 7 days later (spec §9), whatever the cookie says. */
  issuedAt: number;
  /** When the session was last used (ms, kept to the minute): idle past SESSION_IDLE_MINUTES ends it. */
  seenAt: number;
}

export type PortalSession = Session<SessionData>;

/** Spec §9: remembered state lasts 7 days. */
export const SESSION_MAX_AGE = 60 * 60 * 24 * 7;

/** How often a used session's `seenAt` is written back (each write is a Set-Cookie). */
const SEEN_RESOLUTION_MS = 60_000;

export type SessionVerdict = "signed-out" | "ended" | "fresh" | "touch";

/**
 * Sessions expire on the server (issue 8 point 8): older than 7 days since sign-in, idle longer than
 * `idleMinutes`, or carrying no sign-in time (issued before the portal recorded it) → "ended". A live
 * session whose last use is older than a minute → "touch" (write `seenAt` back).
 */
export function sessionVerdict(session: PortalSession, now: number, idleMinutes: number): SessionVerdict {
  if (!session.get("token")) return "signed-out";
  const issuedAt = session.get("issuedAt");
  const seenAt = session.get("seenAt");
  if (typeof issuedAt !== "number" || typeof seenAt !== "number") return "ended";
  if (now - issuedAt > SESSION_MAX_AGE * 1000 || now < issuedAt - SEEN_RESOLUTION_MS) return "ended";
  if (now - seenAt > idleMinutes * 60_000) return "ended";
  return now - seenAt >= SEEN_RESOLUTION_MS ? "touch" : "fresh";
}

/** Marks a session as just signed in (sign-in, and a new upstream session while impersonating). */
export function markSignedIn(session: PortalSession, now: number = Date.now()): void {
  session.set("issuedAt", now);
  session.set("seenAt", now);
}

let cached: { secrets: string[]; storage: SessionStorage<SessionData> } | null = null;

export function sessionStorage(): SessionStorage<SessionData> {
  const { sessionSecrets } = runtime();
  if (cached && cached.secrets === sessionSecrets) return cached.storage;
  const cookie = createCookie(cookieName("portal_session"), {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    maxAge: SESSION_MAX_AGE,
    secrets: sessionSecrets,
  });
  const storage: SessionStorage<SessionData> = {
    async getSession(cookieHeader) {
      const sealed = await cookie.parse(cookieHeader ?? null);
      const plain = typeof sealed === "string" ? decrypt(sealed, sessionSecrets) : null;
      let data: Partial<SessionData> = {};
      if (plain) {
        try {
          data = JSON.parse(plain) as Partial<SessionData>;
        } catch {
          data = {};
        }
      }
      return createSession<SessionData>(data as SessionData);
    },
    async commitSession(session, options) {
      return cookie.serialize(encrypt(JSON.stringify(session.data), sessionSecrets), options);
    },
    async destroySession(_session, options) {
      return cookie.serialize("", { ...options, maxAge: undefined, expires: new Date(0) });
    },
  };
  cached = { secrets: sessionSecrets, storage };
  return storage;
}

export async function getSession(request: Request): Promise<PortalSession> {
  return sessionStorage().getSession(request.headers.get("cookie"));
}

export async function commitSession(session: PortalSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

export async function destroySession(session: PortalSession): Promise<string> {
  return sessionStorage().destroySession(session);
}
