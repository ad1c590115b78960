import { parseUsDate } from "~/domain/validation";

/**
 * The month the date picker opens at: the typed date when it is a real date within the bounds, else the
 * nearest bound (the latest allowed date first: a date of birth or of action lies in the past). `parse` reads the
 * typed text as an ISO date (a month field's: its first day).
 */
export function calendarDate(
  typed: string,
  bounds: { min?: string; max?: string },
  parse: (typed: string) => string | null = parseUsDate,
): string | undefined {
  const min = bounds.min?.slice(0, 10);
  const max = bounds.max?.slice(0, 10);
  const iso = parse(typed);
  if (iso && (!min || iso >= min) && (!max || iso <= max)) return iso;
  if (iso && min && iso < min) return min;
  return max ?? min;
}
