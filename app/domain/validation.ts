import * as z from "zod/mini";
import { isEmptyFile, uploadProblem } from "./uploads";

/**
 * Spec §5 validation rules, as zod schemas shared by the client (conform) and the server:
 * "A required value that is blank raises the supplied error message. A number must be numeric and
 * greater than zero, otherwise an error message."
 *
 * The schemas of the forms are written with zod mini (`zod/mini`): the browser validates a form with
 * them, and mini's functions leave what a form does not use out of the page's JavaScript (zod classic's
 * methods carry all of zod with them, issue 10). The server parses with the same schemas.
 */

/**
 * Reports `message` from inside a transform (mini's transforms have no `ctx.addIssue`; this is what
 * classic's does: a custom issue on the value being transformed) and returns zod's NEVER.
 */
export function invalid(ctx: z.core.ParsePayload, message: string): never {
  ctx.issues.push({ code: "custom", message, input: ctx.value });
  return z.NEVER;
}

/** What a field says when its value holds control characters (hasControlCharacters). */
export const CONTROL_CHARACTERS_TEXT = "Remove the invisible control characters from this field.";

/**
 * Characters no text field takes (issue 20): the C0 controls (a NUL cut the stored value short), DEL, the C1
 * controls, and the bidirectional formatting characters (a right-to-left override makes a name read backwards in
 * lists and exports): LRM, RLM, ALM, the embeddings and overrides (U+202A–U+202E), the isolates (U+2066–U+2069).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL = /[\0-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * Whether `value` holds characters its field does not take: control and bidirectional formatting characters;
 * with `multiline` (a message, a description, a note), tab and line breaks are text. One rule for the forms
 * (noControlCharacters) and the reference API.
 */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return CONTROL.test(options.multiline ? value.replace(/[\t\n\r]/g, "") : value);
}

/** The check of a text field: CONTROL_CHARACTERS_TEXT when it holds control characters (hasControlCharacters). */
export function noControlCharacters(options: { multiline?: boolean } = {}) {
  return z.refine<string>((value) => !hasControlCharacters(value, options), CONTROL_CHARACTERS_TEXT);
}

const text = (message: string, multiline: boolean) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }), noControlCharacters({ multiline }));

/**
 * A trimmed string that raises `message` when blank or absent, and CONTROL_CHARACTERS_TEXT when it holds control
 * characters (tab and line breaks are allowed: a message may have several lines; a field meant for one line is
 * singleLine). Output: the trimmed string.
 */
export function required(message: string) {
  return text(message, true);
}

/** A required field meant for one line (a name, a subject): as `required`, without tabs or line breaks. */
export function singleLine(message: string) {
  return text(message, false);
}

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** A number, or a numeric string ("12", "0.5"), greater than zero; otherwise `message`. Output: the number. */
export function positiveNumber(message: string) {
  return z.pipe(
    z.union([z.number(), z.string()], { error: message }),
    z.transform((value: number | string, ctx) => {
      const n = typeof value === "number" ? value : NUMERIC.test(value.trim()) ? Number(value.trim()) : Number.NaN;
      if (!Number.isFinite(n) || n <= 0) return invalid(ctx, message);
      return n;
    }),
  );
}

/** Spec §9/§5: dates are entered as month/day/year. */
export const DATE_FORMAT = "MM/DD/YYYY";

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this month (UTC: no DST surprises).
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/**
 * "MM/DD/YYYY" (single-digit month and day accepted: "1/5/2024") → ISO "YYYY-MM-DD" for a real calendar
 * date; anything else (02/30/2024, 13/01/2024, two-digit years) → null.
 */
export function parseUsDate(v: string): string | null {
  const match = US_DATE.exec((v ?? "").trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isCalendarDate(year, month, day)) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** ISO "YYYY-MM-DD" (a timestamp's date part is used) → "MM/DD/YYYY"; missing or invalid → "". */
export function toUsDate(iso: string | null): string {
  const match = ISO_DATE.exec((iso ?? "").trim());
  if (!match) return "";
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isCalendarDate(year, month, day)) return "";
  return `${match[2]}/${match[3]}/${match[1]}`;
}

/**
 * A MM/DD/YYYY string, transformed to ISO "YYYY-MM-DD". Blank, absent or not a real date raises
 * `message`; outside the ISO bounds raises "Enter a date on or after MM/DD/YYYY" / "… on or before …".
 */
export function usDate(message: string, bounds: { min?: string; max?: string } = {}) {
  return z.pipe(
    z.string({ error: message }).check(z.trim()),
    z.transform((value: string, ctx) => {
      const iso = parseUsDate(value);
      if (iso === null) return invalid(ctx, message);
      if (bounds.min && iso < bounds.min.slice(0, 10)) {
        return invalid(ctx, `Enter a date on or after ${toUsDate(bounds.min)}`);
      }
      if (bounds.max && iso > bounds.max.slice(0, 10)) {
        return invalid(ctx, `Enter a date on or before ${toUsDate(bounds.max)}`);
      }
      return iso;
    }),
  );
}

/** A period (a month) is entered as month/year, like a date without its day. */
export const MONTH_FORMAT = "MM/YYYY";

const US_MONTH = /^(\d{1,2})\/(\d{4})$/;

/** "MM/YYYY" ("1/2026" accepted) → "YYYY-MM"; anything else → null. */
export function parseUsMonth(v: string): string | null {
  const match = US_MONTH.exec((v ?? "").trim());
  if (!match) return null;
  const [month, year] = [Number(match[1]), Number(match[2])];
  if (year < 1 || month < 1 || month > 12) return null;
  return `${pad(year, 4)}-${pad(month)}`;
}

/** "YYYY-MM" (or a date: its month) → "MM/YYYY"; missing or invalid → "". */
export function toUsMonth(period: string | null | undefined): string {
  const match = /^(\d{4})-(0[1-9]|1[0-2])/.exec((period ?? "").trim());
  return match ? `${match[2]}/${match[1]}` : "";
}

/**
 * A MM/YYYY string, transformed to "YYYY-MM". Blank, absent or not a month raises `message`; outside the
 * bounds ("YYYY-MM") raises "Enter a month on or after MM/YYYY" / "… on or before …".
 */
export function usMonth(message: string, bounds: { min?: string; max?: string } = {}) {
  return z.pipe(
    z.string({ error: message }).check(z.trim()),
    z.transform((value: string, ctx) => {
      const period = parseUsMonth(value);
      if (period === null) return invalid(ctx, message);
      if (bounds.min && period < bounds.min.slice(0, 7)) {
        return invalid(ctx, `Enter a month on or after ${toUsMonth(bounds.min)}`);
      }
      if (bounds.max && period > bounds.max.slice(0, 7)) {
        return invalid(ctx, `Enter a month on or before ${toUsMonth(bounds.max)}`);
      }
      return period;
    }),
  );
}

/**
 * Spec §5 "File upload is required only where flagged required": an optional file, checked against the
 * upload rules (app/domain/uploads.ts) when one was chosen. "No file chosen" passes as an empty file.
 */
export const optionalUpload = z.optional(z.instanceof(File)).check(
  z.superRefine((file: File | undefined, ctx) => {
    if (!file || isEmptyFile(file)) return;
    const problem = uploadProblem(file);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
);
