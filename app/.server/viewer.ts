import type { MenuState } from "~/domain/menu";
import { isBroker, type SessionUser } from "~/domain/user";
import { runtime } from "./runtime";
import type { PortalSession } from "./session";
import { documentNotifications, profile, systemNotifications } from "./upstream/profile";
import type { DocumentNotification, Profile, SystemNotification } from "./upstream/schemas";
import { me } from "./upstream/session";
import { endsSession } from "./upstream-failure";

export interface LoadedViewer {
  token: string;
  session: PortalSession;
  user: SessionUser;
  /** Agent or Agency only (spec §4 "Session"); empty for others. */
  documentNotifications: DocumentNotification[];
  /** Agent or Agency only; null for others or when the profile could not be loaded. */
  profile: Profile | null;
  /** The system notifications addressed to the user, not dismissed, showing now (issue 22: the layout's banner). */
  systemNotifications: SystemNotification[];
  betaTesterEmail: string;
}

/**
 * Spec §4 "Session: loaded on start. For Agent or Agency it also loads document notifications and the
 * profile." The three calls start together: the role remembered at sign-in says whether the last two
 * are needed, so they need not wait for /api/me. A 401 from /api/me propagates (the session is over);
 * the profile and document notifications degrade to empty ("some session failures are only logged").
 */
export async function loadViewer(session: PortalSession): Promise<LoadedViewer | null> {
  const token = session.get("token");
  if (!token) return null;
  const { logger, env } = runtime();
  const broker = isBroker({ role: session.get("role") ?? "Admin" });
  const soft = async <T>(promise: Promise<T>, fallback: T, what: string): Promise<T> =>
    promise.catch((error: unknown) => {
      if (endsSession(error)) throw error;
      logger.warn({ err: error }, `could not load ${what}`);
      return fallback;
    });

  const extras = async () =>
    Promise.all([
      soft(documentNotifications(token), [] as DocumentNotification[], "document notifications"),
      soft(profile(token), null as Profile | null, "profile"),
    ]);
  const none: [DocumentNotification[], Profile | null] = [[], null];
  const [user, loaded, notices] = await Promise.all([
    me(token),
    broker ? extras() : Promise.resolve(none),
    soft(systemNotifications(token), [] as SystemNotification[], "system notifications"),
  ]);
  // The role changed since sign-in (rare): load what the new role needs.
  const [docs, prof] = isBroker(user) ? (broker ? loaded : await extras()) : none;
  return {
    token,
    session,
    user,
    documentNotifications: docs,
    profile: prof,
    systemNotifications: notices,
    betaTesterEmail: env.BETA_TESTER_EMAIL,
  };
}

/** The viewer as the domain's rules read it: menus, access, document notifications, pending tasks. */
export function viewerState(viewer: LoadedViewer): MenuState {
  return {
    user: viewer.user,
    betaTesterEmail: viewer.betaTesterEmail,
    documentNotificationCount: viewer.documentNotifications.length,
  };
}
