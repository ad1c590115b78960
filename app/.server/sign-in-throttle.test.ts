import { describe, expect, it } from "vitest";
import {
  SIGN_IN_LIMITS,
  recordSignInFailure,
  recordSignInSuccess,
  signInWait,
  tooManyAttempts,
} from "./sign-in-throttle";

describe("sign-in throttle (issue 8 point 3)", () => {
  it("refuses an account after its failures, from any address, whether or not it exists", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAccount; i++) {
      expect(await signInWait("Someone@Example.test", `10.0.0.${i}`)).toBe(0);
      await recordSignInFailure("someone@example.test ", `10.0.0.${i}`);
    }
    const wait = await signInWait("SOMEONE@example.test", "10.9.9.9");
    expect(wait).toBeGreaterThan(SIGN_IN_LIMITS.windowSeconds * 1000 - 5_000);
    expect(tooManyAttempts(wait)).toBe("Too many attempts. Try again in 15 minutes.");
    expect(await signInWait("other@example.test", "10.9.9.9")).toBe(0);
  });

  it("refuses an address after its failures, for any account", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAddress; i++)
      await recordSignInFailure(`user${i}@example.test`, "192.0.2.7");
    expect(await signInWait("fresh@example.test", "192.0.2.7")).toBeGreaterThan(0);
    expect(await signInWait("fresh@example.test", "192.0.2.8")).toBe(0);
  });

  it("a success clears the account's count", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAccount - 1; i++)
      await recordSignInFailure("nearly@example.test", "198.51.100.1");
    await recordSignInSuccess("nearly@example.test");
    await recordSignInFailure("nearly@example.test", "198.51.100.1");
    expect(await signInWait("nearly@example.test", "198.51.100.2")).toBe(0);
  });

  it("says minutes, one or more", () => {
    expect(tooManyAttempts(1)).toBe("Too many attempts. Try again in 1 minute.");
    expect(tooManyAttempts(61_000)).toBe("Too many attempts. Try again in 2 minutes.");
  });
});

describe("the account forms' limiter", () => {
  it("allows 5 attempts per key and form, then says how long to wait, per form kind", async () => {
    const { accountFormAttempt, ACCOUNT_FORM_LIMITS } = await import("./sign-in-throttle");
    const key = `limited-${Math.random()}@example.com`;
    for (let i = 0; i < ACCOUNT_FORM_LIMITS.attemptsPerAccount; i++) {
      expect(await accountFormAttempt("password-reset", key, "10.9.9.1")).toBe(0);
    }
    const wait = await accountFormAttempt("password-reset", ` ${key.toUpperCase()} `, "10.9.9.2");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(ACCOUNT_FORM_LIMITS.windowSeconds * 1000);
    // Another form has its own count.
    expect(await accountFormAttempt("verification", key, "10.9.9.1")).toBe(0);
  });

  it("counts the address across keys", async () => {
    const { accountFormAttempt, ACCOUNT_FORM_LIMITS } = await import("./sign-in-throttle");
    const address = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < ACCOUNT_FORM_LIMITS.attemptsPerAddress; i++) {
      expect(await accountFormAttempt("registration", `person${i}@example.com`, address)).toBe(0);
    }
    expect(await accountFormAttempt("registration", "one-more@example.com", address)).toBeGreaterThan(0);
  });
});
