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
  /** Spec §4: the SMS consent prompt shows while this flag is on and smsConsent is unanswered. */
  smsPrompt: boolean;
  /** Spec §4: where logout-as-user returns the admin to. */
  returnTo: string;
}

export type PortalSession = Session<SessionData>;

/** Spec §9: remembered state lasts 7 days. */
export const SESSION_MAX_AGE = 60 * 60 * 24 * 7;

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

export function getSession(request: Request): Promise<PortalSession> {
  return sessionStorage().getSession(request.headers.get("cookie"));
}

export function commitSession(session: PortalSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: PortalSession): Promise<string> {
  return sessionStorage().destroySession(session);
}
