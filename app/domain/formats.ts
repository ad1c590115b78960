import dayjs from "dayjs";

/** Spec §9: date formats MM/DD/YYYY and MM/DD/YY. Unparseable input shows as "—" rather than "Invalid Date". */
export function formatDate(value: string | null | undefined, format: "MM/DD/YYYY" | "MM/DD/YY" = "MM/DD/YYYY"): string {
  if (!value) return "—";
  const date = dayjs(value);
  return date.isValid() ? date.format(format) : "—";
}

/** A period (a month, "YYYY-MM") as every page shows it: "November 2026" (the month picker's text too). Anything else as it is. */
export function formatPeriod(period: string | null | undefined): string {
  if (!period) return "—";
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) return period;
  return dayjs(`${period}-01`).format(PERIOD_FORMAT);
}

/** The one way a period reads (dayjs tokens; Mantine's month picker shows the same). */
export const PERIOD_FORMAT = "MMMM YYYY";

/** Spec §5: currency cleaning strips everything except digits and the dot. */
export function cleanCurrency(v: string): string {
  return (v ?? "").replace(/[^\d.]/g, "");
}

/** Spec §9: currency default symbol $ with 2 decimals. Negative amounts read "-$1.00"; non-finite numbers "—". */
export function formatCurrency(n: number, symbol = "$", decimals = 2): string {
  if (!Number.isFinite(n)) return "—";
  const body = new Intl.NumberFormat("en-US", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Math.abs(n));
  const negative = n < 0 && Number(body.replace(/,/g, "")) !== 0;
  return `${negative ? "-" : ""}${symbol}${body}`;
}

/** Spec §9: percent formats. `n` is a ratio: 0.125 → "12.5%" with 1 decimal, "13%" with 0. Non-finite numbers "—". */
export function formatPercent(n: number, decimals = 0): string {
  if (!Number.isFinite(n)) return "—";
  return new Intl.NumberFormat("en-US", {
    style: "percent",
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(n);
}

/** Spec §9: the ordinal suffix helper: 1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 101st 111th. */
export function ordinal(n: number): string {
  const abs = Math.abs(Math.trunc(n));
  const lastTwo = abs % 100;
  const last = abs % 10;
  const suffix =
    lastTwo >= 11 && lastTwo <= 13 ? "th" : last === 1 ? "st" : last === 2 ? "nd" : last === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}
