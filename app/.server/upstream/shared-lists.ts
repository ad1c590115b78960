import { runtime } from "../runtime";
import { UpstreamError } from "./client";

/**
 * Shared, rarely-changing upstream lists (products, a product's carriers, carrier resources, legal questions,
 * ticket categories, the downline carriers): the same answer for every caller, so one process asks for each
 * at most once per SHARED_LIST_TTL_SECONDS (default 60 s) per upstream base URL. The freshness rule is
 * docs/decisions/017-upstream-call-depth-and-shared-list-cache.md:
 *
 * - only lists the upstream contract says are the same for every signed-in caller; never per-user data;
 * - an answer is reused for at most the TTL after it arrived, then asked for again;
 * - a failure is never kept: the next page load asks again;
 * - a call on its way is shared by the page loads that want it meanwhile; when the upstream
 *   refuses the caller who asked (401, 403), each of them asks with its own token, so one user's ended
 *   session is never another user's (a fault, an upstream down, is everyone's and is shared);
 * - answers are frozen: a caller that tried to change one would change every user's page.
 */

interface Entry {
  value: Promise<unknown>;
  /** When the answer stops being fresh (ms since epoch); null while the call is on its way. */
  freshUntil: number | null;
}

/** More distinct lists than the contract has is a sign of odd URLs (unknown product ids fail and are not kept). */
const MAX_ENTRIES = 200;

const entries = new Map<string, Entry>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The upstream refused the token the call carried, not the list. */
function refusedCaller(error: unknown): boolean {
  return error instanceof UpstreamError && (error.kind === "unauthorized" || error.status === 403);
}

function makeRoom(now: number): void {
  for (const [key, entry] of entries) {
    if (entry.freshUntil !== null && entry.freshUntil <= now) entries.delete(key);
  }
  // Still full: the oldest go first (a Map keeps insertion order).
  for (const key of entries.keys()) {
    if (entries.size < MAX_ENTRIES) break;
    entries.delete(key);
  }
}

async function start<T>(key: string, load: () => Promise<T>, ttlMs: number): Promise<T> {
  const value = load().then(deepFreeze);
  const entry: Entry = { value, freshUntil: null };
  if (entries.size >= MAX_ENTRIES) makeRoom(Date.now());
  entries.set(key, entry);
  value.then(
    () => {
      if (entries.get(key) === entry) entry.freshUntil = Date.now() + ttlMs;
    },
    () => {
      if (entries.get(key) === entry) entries.delete(key);
    },
  );
  return value;
}

/**
 * The shared list `path` names (the upstream path with its query): from this process's copy while it is
 * fresh, otherwise from `load` (which calls the upstream with the caller's token).
 */
export async function sharedList<T>(path: string, load: () => Promise<T>): Promise<T> {
  const { env, upstreamUrl } = runtime();
  const ttlMs = env.SHARED_LIST_TTL_SECONDS * 1000;
  if (ttlMs <= 0) return load();
  const key = `${upstreamUrl} ${path}`;
  const entry = entries.get(key);
  if (entry?.freshUntil === null) {
    // On its way for another page load. A refusal of that caller's token (its session ended, its role may
    // not read the list) is not this one's: then this load asks with its own token. A fault is shared.
    return (entry.value as Promise<T>).catch(async (error: unknown) => {
      if (refusedCaller(error)) return load().then(deepFreeze);
      throw error;
    });
  }
  if (entry && entry.freshUntil > Date.now()) return entry.value as Promise<T>;
  if (entry) entries.delete(key);
  return start(key, load, ttlMs);
}

/** Forgets every kept list (tests, whose fake upstream answers differently from one test to the next). */
export function clearSharedLists(): void {
  entries.clear();
}

/** How many lists are kept (tests). */
export function sharedListsKept(): number {
  return entries.size;
}
