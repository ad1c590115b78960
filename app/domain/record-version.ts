/**
 * Record versions (issue 35 §2): a decision on a record another person can change (a payout entry's approval or
 * rejection, a statement's lock) carries the version of the record the page showed. The upstream counts every change
 * of such a record (`version`, 1 when created) and refuses a decision whose version is not the record's own with 409
 * `{ error: STALE_RECORD, reason: STALE_REASON }`, changing nothing: nobody approves an amount they were not shown.
 * The portal then answers the form with STALE_RECORD_NOTICE and draws the page again with the record as it is now.
 * Pure: the portal's forms and the reference API read the same words.
 */
import * as z from "zod/mini";

/** The upstream's message, verbatim (docs/upstream-api.md "Record versions"). */
export const STALE_RECORD = "This entry changed since you opened it";

/** The `reason` of the upstream's 409 for a stale version (the client reads it: app/.server/upstream/client.ts). */
export const STALE_REASON = "stale";

/** What the form says after a stale decision: the upstream's words, and what the page did. */
export const STALE_RECORD_NOTICE = `${STALE_RECORD}. The page now shows it as it is: check it, then decide again.`;

/** The upstream's 422 (`fields.version`) for a decision sent without a version. */
export const VERSION_REQUIRED = "Send the version of the record the decision was taken on.";

/** The portal's words when a form came without a usable version (a page of an older build, or a forged post). */
export const VERSION_MISSING = "This page is out of date: open it again, then decide.";

/** The form's field name (a hidden input, app/components/forms/version-field.tsx). */
export const VERSION_FIELD = "version";

/** A record's version as the form sends it: a positive whole number, as a string of at most 9 digits. */
export const isVersion = (value: unknown): boolean => typeof value === "string" && /^[1-9]\d{0,8}$/.test(value);

/** The hidden field's schema (zod mini, browser and server alike): its digits as a number. */
export const recordVersion = z.pipe(
  z.string({ error: VERSION_MISSING }).check(z.refine(isVersion, VERSION_MISSING)),
  z.transform((v: string) => Number(v)),
);
