import { NO_USER_FLAGS, type SessionUser } from "~/domain/user";

/** A session user with every flag off and every optional value null, changed by `overrides`. */
export function userFor(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    userId: 1,
    role: "Agent",
    firstName: "Test",
    lastName: "User",
    email: "someone@demo.test",
    ...NO_USER_FLAGS,
    npnCurrentMaxLevel: null,
    npnId: null,
    npnNumber: null,
    returnToUserId: null,
    ...overrides,
  };
}
