/** The admin area's times (issue 14): audit moments and time spent in a state. Pure. */
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
