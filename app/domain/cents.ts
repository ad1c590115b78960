/**
 * Money as integer cents, end to end (issue 23): amounts are read from text into whole cents by string rules,
 * added as integers and written back as text, never through a floating-point number. A carrier statement's
 * amount cell, a payout entry's amount field and a total all go through here.
 */

/** Why an amount could not be read. */
export type CentsProblem = "blank" | "not-an-amount" | "too-many-decimals" | "too-large";

export const CENTS_PROBLEM_TEXT: Record<CentsProblem, string> = {
  blank: "The amount is blank.",
  "not-an-amount": "The amount is not a number.",
  "too-many-decimals": "The amount has more than two decimals.",
  "too-large": "The amount is too large.",
};

/**
 * An amount as text → whole cents. Spec §5's currency cleaning (everything but digits and the dot dropped: "$",
 * thousands separators, spaces), after reading the sign a statement may give: a leading "-" or a bracketed amount
 * ("(12.50)") is negative. Any other character (a letter, a second "-", "=") makes it not an amount rather than
 * dropped, so "N/A" or a formula is a problem to show, never a zero; so is a bare "." or a second dot. At most two
 * decimals.
 */
export function parseCents(text: string): { cents: number } | { problem: CentsProblem } {
  let value = text.trim();
  if (value === "") return { problem: "blank" };
  let negative = false;
  const [, bracketed] = /^\((.*)\)$/.exec(value) ?? [];
  if (bracketed !== undefined) {
    negative = true;
    value = bracketed.trim();
  }
  if (/^-/.test(value.replace(/^\$\s*/, ""))) {
    negative = !negative;
    value = value.replace(/-/, "");
  }
  const cleaned = value.replace(/[^\d.]/g, "");
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || (match[1] === "" && (match[2] ?? "") === "") || /[^\d.,$\s]/.test(value)) {
    return { problem: "not-an-amount" };
  }
  const decimals = match[2] ?? "";
  if (decimals.length > 2) return { problem: "too-many-decimals" };
  const whole = (match[1] ?? "").replace(/^0+(?=\d)/, "") || "0";
  if (whole.length > 13) return { problem: "too-large" };
  const cents = Number(whole) * 100 + Number(decimals.padEnd(2, "0"));
  return { cents: negative && cents !== 0 ? -cents : cents };
}

/** The sum of whole cents, refused (RangeError) past the range in which integers stay exact. */
export function sumCents(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
    total += value;
    if (!Number.isSafeInteger(total)) throw new RangeError("The total is past the exact range of cents");
  }
  return total;
}

/** Whole cents as a plain decimal, for a form's field or a CSV cell: "1234.50", "-12.30", "0.00". */
export function centsText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, "0");
  return `${cents < 0 ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Whole cents as spec §9's currency text: "$1,234.50", "-$12.30", "$0.00". */
export function formatCents(cents: number, symbol = "$"): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, "0");
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${cents < 0 ? "-" : ""}${symbol}${whole}.${digits.slice(-2)}`;
}

/**
 * An amount as a table cell shows it (issue 37 §2): spec §9's currency text, and whether it is negative, so the cell
 * marks it (a class beside the minus sign: not by colour alone). The column right-aligns it in tabular figures.
 */
export function moneyCellOf(cents: number): { text: string; negative: boolean } {
  return { text: formatCents(cents), negative: cents < 0 };
}
