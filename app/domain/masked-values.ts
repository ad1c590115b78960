/**
 * Checks of masked values (spec §5), without the masks themselves (./masks, which carries imask and is loaded
 * in the browser only with the first masked field): any formatting of the digits is accepted. Masked display
 * forms of a tax id on file: XXX-XX-XXXX and XX-XXXXXXX.
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

export function isValidPhone(v: string | null | undefined): boolean {
  const value = v ?? "";
  const n = digitsOf(value).length;
  return (
    onlyMaskCharacters(value, /^[\d\s().+-]*(?:\s*(?:x|ext\.?)\s*\d+)?$/i) &&
    n >= 10 &&
    n <= 10 + MAX_PHONE_EXTENSION_DIGITS
  );
}

export function isValidSsn(v: string | null | undefined): boolean {
  return /^\d{3}-?\d{2}-?\d{4}$/.test((v ?? "").trim());
}

export function isValidLast4Ssn(v: string | null | undefined): boolean {
  return /^\d{4}$/.test((v ?? "").trim());
}

export function isValidEin(v: string | null | undefined): boolean {
  return /^\d{2}-?\d{7}$/.test((v ?? "").trim());
}
