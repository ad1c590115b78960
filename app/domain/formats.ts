import dayjs from "dayjs";

/** Spec §9: date formats MM/DD/YYYY and MM/DD/YY. Unparseable input shows as "—" rather than "Invalid Date". */
export function formatDate(value: string | null | undefined, format: "MM/DD/YYYY" | "MM/DD/YY" = "MM/DD/YYYY"): string {
  if (!value) return "—";
  const date = dayjs(value);
  return date.isValid() ? date.format(format) : "—";
}

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

/** A moment as MM/DD/YYYY HH:mm UTC: the same text on the server and in any browser (audit history, issue 14). */
export function formatDateTimeUtc(value: string | null | undefined): string {
  if (!value) return "—";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "—";
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

/** A duration in seconds as whole days, hours or minutes: "3 days", "5 hours", "12 minutes", "under a minute". */
export function formatDuration(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (seconds >= 86_400) return plural(Math.floor(seconds / 86_400), "day");
  if (seconds >= 3_600) return plural(Math.floor(seconds / 3_600), "hour");
  if (seconds >= 60) return plural(Math.floor(seconds / 60), "minute");
  return "under a minute";
}
