import IMask, { type FactoryOpts } from "imask";
import { MAX_PHONE_EXTENSION_DIGITS } from "./masked-values";

/**
 * Spec §5 input masks: phone (10 digits plus optional extension), ssn ###-##-####, last4ssn 4 digits,
 * ein ##-#######, and currency (spec §9: $ with 2 decimals).
 *
 * The masks are imask definitions: the browser's masked field (app/components/forms/masked-field.tsx) applies
 * them as the user types, keeping the caret where it is; `formatMasked` applies the same definition to a
 * whole value (a form formats the value on file it starts from, so a page without JavaScript shows it so).
 * The server never relies on the mask: the checks in ./masked-values accept any formatting of the digits.
 * This module carries imask: the browser loads it with the first masked field, never up front.
 */

export type MaskKind = "phone" | "ssn" | "last4Ssn" | "ein" | "currency";

/** The imask definition of each mask (`0` is any digit; `[…]` an optional part). */
export const MASKS = {
  /** "(555) 123-4567", or "(555) 123-4567 x89" with an extension. */
  phone: { mask: `(000) 000-0000[ x${"0".repeat(MAX_PHONE_EXTENSION_DIGITS)}]` },
  ssn: { mask: "000-00-0000" },
  last4Ssn: { mask: "0000" },
  ein: { mask: "00-0000000" },
  /** "$1,234.56": digits and one dot, at most 2 decimals, never negative. */
  currency: {
    mask: "$amount",
    blocks: { amount: { mask: Number, scale: 2, thousandsSeparator: ",", radix: ".", mapToRadix: ["."], min: 0 } },
  },
} as const satisfies Record<MaskKind, FactoryOpts>;

/** The keyboard a phone shows for each mask. */
export const MASK_INPUT_MODE: Record<MaskKind, "numeric" | "decimal" | "tel"> = {
  phone: "tel",
  ssn: "numeric",
  last4Ssn: "numeric",
  ein: "numeric",
  currency: "decimal",
};

/**
 * A whole value put through a mask, as if it had been typed: extra digits are dropped, an already formatted
 * value comes back unchanged, and a value with no digit at all is "".
 */
export function formatMasked(kind: MaskKind, value: string | null | undefined): string {
  const formatted = IMask.pipe(value ?? "", MASKS[kind] as FactoryOpts);
  return /\d/.test(formatted) ? formatted : "";
}

/** The phone mask over a whole value (the reference API stores phones so). */
export function formatPhone(v: string | null | undefined): string {
  return formatMasked("phone", v);
}
