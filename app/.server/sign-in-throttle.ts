import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { createLimiter } from "./limiter-store";

/**
 * Sign-in abuse is throttled (docs/decisions/013-sign-in-throttle.md): failed sign-ins are counted per
 * account (the e-mail as typed, whether or not it has an account, so nothing tells which do) and per
 * client address. Past either limit, sign-in is refused without asking the upstream until the window
 * has passed. Where the counts live (this process, the cluster's primary, Redis) is limiter-store.ts' choice
 * (docs/decisions/025-many-cores-many-hosts.md).
 */
export const SIGN_IN_LIMITS = {
  failuresPerAccount: 10,
  /** Higher: a whole office may sign in from one address. */
  failuresPerAddress: 50,
  windowSeconds: 15 * 60,
} as const;

let created: { account: RateLimiterAbstract; address: RateLimiterAbstract } | null = null;

function limiters() {
  created ??= {
    account: createLimiter({
      keyPrefix: "sign-in-account",
      points: SIGN_IN_LIMITS.failuresPerAccount,
      duration: SIGN_IN_LIMITS.windowSeconds,
    }),
    address: createLimiter({
      keyPrefix: "sign-in-address",
      points: SIGN_IN_LIMITS.failuresPerAddress,
      duration: SIGN_IN_LIMITS.windowSeconds,
    }),
  };
  return created;
}

/** One key per mailbox however it is typed; bounded so a key never grows with the request. */
function accountKey(email: string): string {
  return email.trim().toLowerCase().slice(0, 254);
}

/** Milliseconds until this account may try again from this address; 0 when it may now. */
export async function signInWait(email: string, address: string): Promise<number> {
  const { account, address: byAddress } = limiters();
  const [a, b] = await Promise.all([account.get(accountKey(email)), byAddress.get(address)]);
  const wait = (res: RateLimiterRes | null, points: number) =>
    res && res.consumedPoints >= points ? res.msBeforeNext : 0;
  return Math.max(wait(a, SIGN_IN_LIMITS.failuresPerAccount), wait(b, SIGN_IN_LIMITS.failuresPerAddress));
}

/** Counts a wrong e-mail or password against the account and the address. */
export async function recordSignInFailure(email: string, address: string): Promise<void> {
  const { account, address: byAddress } = limiters();
  // consume() rejects with the limiter's state once the points are gone: that is not an error here.
  const count = async (promise: Promise<unknown>) =>
    promise.catch((reason: unknown) => {
      if (!(reason instanceof RateLimiterRes)) throw reason;
    });
  await Promise.all([count(account.consume(accountKey(email))), count(byAddress.consume(address))]);
}

/** A successful sign-in clears the account's failures (the address keeps its count). */
export async function recordSignInSuccess(email: string): Promise<void> {
  await limiters().account.delete(accountKey(email));
}

export function tooManyAttempts(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/**
 * The public account forms (issue 13: registration, the e-mailed links, forgotten passwords) and the profile's
 * password change use the same limiter, counting every attempt (these forms send e-mails and set passwords):
 * per mailbox, token or user (`key`) and per client address, each form kind on its own count.
 */
export const ACCOUNT_FORM_LIMITS = {
  attemptsPerAccount: 5,
  attemptsPerAddress: SIGN_IN_LIMITS.failuresPerAddress,
  windowSeconds: SIGN_IN_LIMITS.windowSeconds,
} as const;

export type AccountFormKind =
  "registration" | "verification" | "activation" | "password-reset" | "set-password" | "password-change";

const accountFormLimiters = new Map<AccountFormKind, { account: RateLimiterAbstract; address: RateLimiterAbstract }>();

function accountFormLimiter(kind: AccountFormKind) {
  let found = accountFormLimiters.get(kind);
  if (!found) {
    const options = { duration: ACCOUNT_FORM_LIMITS.windowSeconds };
    found = {
      account: createLimiter({
        ...options,
        keyPrefix: `${kind}-account`,
        points: ACCOUNT_FORM_LIMITS.attemptsPerAccount,
      }),
      address: createLimiter({
        ...options,
        keyPrefix: `${kind}-address`,
        points: ACCOUNT_FORM_LIMITS.attemptsPerAddress,
      }),
    };
    accountFormLimiters.set(kind, found);
  }
  return found;
}

/**
 * Counts one attempt of an account form; returns 0 when it may go on, else the milliseconds to wait (the
 * attempt is then refused without asking the upstream, with the same answer whatever the account).
 */
export async function accountFormAttempt(kind: AccountFormKind, key: string, address: string): Promise<number> {
  const { account, address: byAddress } = accountFormLimiter(kind);
  const consume = async (limiter: RateLimiterAbstract, k: string) =>
    limiter.consume(k).then(
      () => 0,
      (reason: unknown) => {
        if (reason instanceof RateLimiterRes) return reason.msBeforeNext;
        throw reason;
      },
    );
  const waits = await Promise.all([consume(account, accountKey(key)), consume(byAddress, address)]);
  return Math.max(...waits);
}
