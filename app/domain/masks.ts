/**
 * Spec §5 input masks: phone (10 digits plus optional extension), ssn ###-##-####, last4ssn 4 digits,
 * ein ##-#######. Masked display forms: XXX-XX-XXXX and XX-XXXXXXX.
 *
 * The format* functions are progressive (safe to call on every keystroke with partial input) and
 * idempotent (formatting an already formatted value returns it unchanged). Extra digits beyond a mask's
 * length are dropped.
 */

export const MASKED_SSN = "XXX-XX-XXXX";
export const MASKED_EIN = "XX-XXXXXXX";

/** The longest phone extension accepted. */
export const MAX_PHONE_EXTENSION_DIGITS = 6;

export function digitsOf(v: string | null | undefined): string {
  return (v ?? "").replace(/\D/g, "");
}

/** Only digits and mask punctuation (spaces, dashes, parentheses, dots, x for extension). */
function onlyMaskCharacters(v: string, allowed: RegExp): boolean {
  return allowed.test(v.trim());
}

/** "(555) 123-4567", or "(555) 123-4567 x89" with an extension; progressive while typing. */
export function formatPhone(v: string | null | undefined): string {
  const d = digitsOf(v).slice(0, 10 + MAX_PHONE_EXTENSION_DIGITS);
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  const main = `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 10)}`;
  return d.length > 10 ? `${main} x${d.slice(10)}` : main;
}

export function isValidPhone(v: string | null | undefined): boolean {
  const value = v ?? "";
  const n = digitsOf(value).length;
  return (
    onlyMaskCharacters(value, /^[\d\s().+-]*(?:\s*(?:x|ext\.?)\s*\d+)?$/i) &&
    n >= 10 &&
    n <= 10 + MAX_PHONE_EXTENSION_DIGITS
  );
}

/** ###-##-#### */
export function formatSsn(v: string | null | undefined): string {
  const d = digitsOf(v).slice(0, 9);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

export function isValidSsn(v: string | null | undefined): boolean {
  return /^\d{3}-?\d{2}-?\d{4}$/.test((v ?? "").trim());
}

/** The last 4 digits of an SSN. */
export function formatLast4Ssn(v: string | null | undefined): string {
  return digitsOf(v).slice(0, 4);
}

export function isValidLast4Ssn(v: string | null | undefined): boolean {
  return /^\d{4}$/.test((v ?? "").trim());
}

/** ##-####### */
export function formatEin(v: string | null | undefined): string {
  const d = digitsOf(v).slice(0, 9);
  if (d.length <= 2) return d;
  return `${d.slice(0, 2)}-${d.slice(2)}`;
}

export function isValidEin(v: string | null | undefined): boolean {
  return /^\d{2}-?\d{7}$/.test((v ?? "").trim());
}
