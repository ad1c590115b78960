import { createSession } from "react-router";
import { describe, expect, it } from "vitest";
import { type SessionData, SESSION_MAX_AGE, markSignedIn, sessionVerdict } from "./session";

const MINUTE = 60_000;

function sessionAt(issuedAt: number | null, seenAt: number | null = issuedAt) {
  const session = createSession<SessionData>({ token: "t" } as SessionData);
  if (issuedAt !== null) session.set("issuedAt", issuedAt);
  if (seenAt !== null) session.set("seenAt", seenAt);
  return session;
}

describe("sessions expire on the server (issue 8 point 8, spec §9: 7 days)", () => {
  const now = Date.UTC(2026, 10, 23, 12);

  it("a signed-out visitor has no verdict to act on", () => {
    expect(sessionVerdict(createSession<SessionData>(), now, 120)).toBe("signed-out");
  });

  it("ends a session older than 7 days however recently used", () => {
    expect(sessionVerdict(sessionAt(now - SESSION_MAX_AGE * 1000 - 1, now - MINUTE), now, 120)).toBe("ended");
    expect(sessionVerdict(sessionAt(now - SESSION_MAX_AGE * 1000 + MINUTE, now - MINUTE), now, 120)).toBe("touch");
  });

  it("ends a session idle past the idle time", () => {
    expect(sessionVerdict(sessionAt(now - 200 * MINUTE, now - 121 * MINUTE), now, 120)).toBe("ended");
    expect(sessionVerdict(sessionAt(now - 200 * MINUTE, now - 119 * MINUTE), now, 120)).toBe("touch");
  });

  it("ends a session that carries no sign-in time, or one from the future", () => {
    expect(sessionVerdict(sessionAt(null), now, 120)).toBe("ended");
    expect(sessionVerdict(sessionAt(now + 10 * MINUTE), now, 120)).toBe("ended");
  });

  it("writes the last use back at most once a minute", () => {
    const session = sessionAt(null);
    markSignedIn(session, now);
    expect(sessionVerdict(session, now + 30_000, 120)).toBe("fresh");
    expect(sessionVerdict(session, now + MINUTE, 120)).toBe("touch");
  });
});
