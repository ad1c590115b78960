import { describe, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "../../app/.server/sign-in-throttle";
import { PASSWORD, type Answer, expectSmallAndQuick, form, nextAddress, send } from "./support";

function signInAttempt(email: string, password: string, address = nextAddress()): Promise<Answer> {
  return send(
    "/?index",
    form(new URLSearchParams({ email, password }).toString(), { headers: { "x-forwarded-for": address } }),
  );
}

/** The form-level message of a sign-in answer (the alert above the form). */
function alertOf(answer: Answer): string {
  return /role="alert"[^>]*>(?:<[^>]+>)*([^<]+)/.exec(answer.body)?.[1] ?? "";
}

describe("sign-in abuse is throttled (issue 8 point 3)", () => {
  it("after 10 failures an account is refused for 15 minutes, from any address, even with the right password", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAccount; i++) {
      const answer = await signInAttempt("loa@demo.test", "wrong-password");
      expect(answer.status).toBe(400);
    }
    const refused = await signInAttempt("loa@demo.test", PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toContain("Too many attempts. Try again in 15 minutes.");
    expect(refused.headers.getSetCookie().join()).not.toContain("portal_session=");
    expectSmallAndQuick(refused);
  });

  it("answers an unknown address exactly as a known one: same statuses, same messages", async () => {
    const known: Answer[] = [];
    const unknown: Answer[] = [];
    for (let i = 0; i <= SIGN_IN_LIMITS.failuresPerAccount; i++) {
      known.push(await signInAttempt("docs@demo.test", "wrong-password"));
      unknown.push(await signInAttempt("nobody-here@demo.test", "wrong-password"));
    }
    expect(unknown.map((a) => a.status)).toEqual(known.map((a) => a.status));
    expect(unknown.map(alertOf)).toEqual(known.map(alertOf));
    expect(known.at(-1)?.status).toBe(429);
    expect(alertOf(known[0]!)).not.toBe("");
  });

  it("after 50 failures from one address, every account is refused from it; other addresses are not", async () => {
    const address = "203.0.113.77";
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAddress; i++) {
      expect((await signInAttempt(`spray-${i}@demo.test`, "wrong-password", address)).status).toBe(400);
    }
    expect((await signInAttempt("agency@demo.test", PASSWORD, address)).status).toBe(429);
    expect((await signInAttempt("agency@demo.test", PASSWORD)).status).toBe(302);
  });
});
